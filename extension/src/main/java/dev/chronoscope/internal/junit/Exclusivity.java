package dev.chronoscope.internal.junit;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Keeps each timed test alone under Jupiter's parallel execution: while a timed test runs, no
 * other test of the JVM runs; untimed tests still run in parallel with each other. A fair
 * read-write lock: every untimed test holds it shared, every timed test exclusively, from its
 * start event to its finish event — which the launcher fires on the thread that runs the test, so
 * each test locks and unlocks on one thread, and a thread runs one test at a time.
 *
 * <p>JUnit's own exclusive resources ({@code @ResourceLock(Resources.GLOBAL)}, {@code @Isolated})
 * do the same, but only where the user writes them on the test: on JUnit 5.12 neither can be
 * carried by Chronoscope's annotations, nor switched by a configuration key. One per JVM
 * ({@link JvmScope}), like the tests it orders: every launcher in it orders its tests through that
 * one; {@link #waited} tells a timed test's record that it ran alone.
 */
final class Exclusivity {

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock(true);
    /** Timed tests that hold (or held) the lock exclusively, by unique id: how long each waited for it. */
    private final Map<String, Long> waitedNanos = new ConcurrentHashMap<>();

    /** Blocks until no other test runs; the timed test {@code uniqueId} then runs alone. */
    void enterTimed(String uniqueId) {
        long start = System.nanoTime();
        lock.writeLock().lock();
        waitedNanos.put(uniqueId, System.nanoTime() - start);
    }

    void exitTimed(String uniqueId) {
        lock.writeLock().unlock();
    }

    /** Blocks while a timed test runs or waits to run. */
    void enterUntimed() {
        lock.readLock().lock();
    }

    void exitUntimed() {
        lock.readLock().unlock();
    }

    /** How long the timed test {@code uniqueId} waited to run alone; empty when it was not kept alone. Once. */
    Optional<Long> waited(String uniqueId) {
        return Optional.ofNullable(waitedNanos.remove(uniqueId));
    }
}
