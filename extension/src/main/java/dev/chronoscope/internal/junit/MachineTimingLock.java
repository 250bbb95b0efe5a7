package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps the timed tests of different JVMs of this user apart (Surefire's forks, {@code mvn -T}
 * module builds, two builds at once): a timed test holds an exclusive OS file lock from before its
 * floor to the end of its method, so the JVMs' timings never overlap. The OS releases a dead
 * process's lock, so a JVM killed with {@code kill -9} leaves no stale lock. The file lives in a
 * directory only this user can write ({@code $XDG_RUNTIME_DIR/chronoscope}, else
 * {@code ~/.cache/chronoscope}, created {@code rwx------}); a directory others can write, or not
 * owned by this user, is refused and the lock is off, saying why. The wait is bounded
 * ({@link #MAX_WAIT_NANOS}); each timed test's record says how long it waited, or that it timed
 * without the lock. Untimed tests are never held. Within one JVM, Jupiter's parallel execution is
 * ordered by {@link Exclusivity}: a JVM whose timed tests overlap (parallel, not exclusive) holds
 * the file lock while any of them times.
 */
final class MachineTimingLock {

    /** The longest a timed test waits for other JVMs' timed tests: then it times anyway, and says so. */
    static final long MAX_WAIT_NANOS = 120_000_000_000L;
    /** How often a waiting JVM tries the lock again. */
    private static final long POLL_NANOS = 2_000_000L;

    private final Path file;
    private final String off;
    private FileChannel channel;
    private FileLock lock;
    private int holders;

    private MachineTimingLock(Path file, String off) {
        this.file = file;
        this.off = off;
    }

    /** The lock for the user this JVM runs as; the JVM keeps one ({@link JvmScope#timingLock}). */
    static MachineTimingLock forThisUser() {
        return forUser(System.getenv(), System.getProperty("user.home"));
    }

    /** The lock for this user ({@code env}, {@code userHome}), or one that is off because no private directory exists. */
    static MachineTimingLock forUser(Map<String, String> env, String userHome) {
        StringBuilder refused = new StringBuilder();
        Path dir = userDirectory(env, userHome, refused);
        return dir != null ? new MachineTimingLock(dir.resolve("timing.lock"), null)
                : new MachineTimingLock(null, NO_USER_DIRECTORY + refused);
    }

    /** How a message begins where {@link #userDirectory} found none; the reasons follow. */
    static final String NO_USER_DIRECTORY = "no directory only this user can write: ";

    /**
     * This user's Chronoscope directory, which only this user can write: the first candidate that is
     * (or was made) one; null where none is, {@code refused} then saying why of each.
     */
    static Path userDirectory(Map<String, String> env, String userHome, StringBuilder refused) {
        for (Path dir : candidates(env, userHome)) {
            Optional<String> why = privateDirectory(dir);
            if (why.isEmpty()) {
                return dir;
            }
            refused.append(refused.isEmpty() ? "" : "; ").append(why.get());
        }
        return null;
    }

    private static List<Path> candidates(Map<String, String> env, String userHome) {
        List<Path> out = new ArrayList<>();
        String runtime = env.get("XDG_RUNTIME_DIR");
        if (runtime != null && !runtime.isBlank() && Files.isDirectory(Path.of(runtime))) {
            out.add(Path.of(runtime, "chronoscope"));
        }
        if (userHome != null && !userHome.isBlank()) {
            out.add(Path.of(userHome, ".cache", "chronoscope"));
        }
        return out;
    }

    /** Empty when {@code dir} is (or was made) a directory of this user that nobody else can write; else why not. */
    static Optional<String> privateDirectory(Path dir) {
        try {
            if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(dir.getParent());
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.of(dir + " is not a directory");
            }
            String owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName();
            if (!owner.equals(System.getProperty("user.name"))) {
                return Optional.of(dir + " is owned by " + owner + ", not " + System.getProperty("user.name"));
            }
            Set<PosixFilePermission> p = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
            if (p.contains(PosixFilePermission.GROUP_WRITE) || p.contains(PosixFilePermission.OTHERS_WRITE)) {
                return Optional.of(dir + " is writable by others (" + PosixFilePermissions.toString(p) + ")");
            }
            return Optional.empty();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.of(dir + ": " + e);
        }
    }

    /** Whether the lock is on; else {@link #off()} says why not. */
    boolean on() {
        return file != null;
    }

    String off() {
        return off;
    }

    /**
     * Waits (at most {@link #MAX_WAIT_NANOS}) until no other JVM of this user times, then holds the
     * lock until {@link #release()}; what the test's record says about it.
     */
    String acquire(boolean enabled) {
        return acquire(enabled, MAX_WAIT_NANOS);
    }

    /** {@link #acquire(boolean)} waiting at most {@code maxWaitNanos}. */
    synchronized String acquire(boolean enabled, long maxWaitNanos) {
        if (!enabled) {
            return "timed without the cross-JVM timing lock (" + ChronoscopeConfig.TIMING_LOCK_KEY
                    + " = false): timed tests of other JVMs may have run alongside";
        }
        if (!on()) {
            return "timed without the cross-JVM timing lock (" + off + "): timed tests of other JVMs may have run alongside";
        }
        if (holders > 0) {
            holders++;
            return "another timed test of this JVM held the cross-JVM timing lock " + file + " meanwhile";
        }
        long start = System.nanoTime();
        try {
            if (channel == null || !channel.isOpen()) {
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            }
            while ((lock = channel.tryLock()) == null) {
                if (System.nanoTime() - start > maxWaitNanos) {
                    return String.format(Locale.ROOT, "timed without the cross-JVM timing lock %s: another JVM held it for more than "
                            + "the %.1f s this test waits; its timed tests may have run alongside", file, maxWaitNanos / 1e9);
                }
                LockSupport.parkNanos(POLL_NANOS);
            }
        } catch (IOException | OverlappingFileLockException e) {
            return "timed without the cross-JVM timing lock " + file + ": " + e;
        }
        holders = 1;
        return String.format(Locale.ROOT, "held the cross-JVM timing lock %s (waited %.1f ms for other JVMs' timed tests)", file,
                (System.nanoTime() - start) / 1e6);
    }

    /** Lets other JVMs time, once the last of this JVM's timed tests that hold the lock is done. */
    synchronized void release() {
        if (holders == 0) {
            return;
        }
        if (--holders == 0 && lock != null) {
            try {
                lock.release();
            } catch (IOException e) {
                // the OS releases it with the channel at the latest
            }
            lock = null;
        }
    }
}
