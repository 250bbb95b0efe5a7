package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.format.Text;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
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
import java.util.OptionalLong;
import java.util.Set;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

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
    /** How the holder of the lock is looked up, to name it. */
    private final LockHolder.Processes processes;
    private FileChannel channel;
    private FileLock lock;
    private int holders;

    private MachineTimingLock(Path file, String off, LockHolder.Processes processes) {
        this.file = file;
        this.off = off;
        this.processes = processes;
    }

    /** The lock for the user this JVM runs as; the JVM keeps one ({@link JvmScope#timingLock}). */
    static MachineTimingLock forThisUser() {
        return forUser(System.getenv(), System.getProperty("user.home"));
    }

    /**
     * The lock for this user ({@code env}, {@code userHome}), or one that is off because no private directory exists.
     */
    static MachineTimingLock forUser(Map<String, String> env, String userHome) {
        return forUser(env, userHome, LockHolder.Processes.SYSTEM);
    }

    /** {@link #forUser(Map, String)}, looking the lock's holder up in {@code processes}. */
    static MachineTimingLock forUser(Map<String, String> env, String userHome, LockHolder.Processes processes) {
        StringBuilder refused = new StringBuilder();
        Path dir = userDirectory(env, userHome, refused);
        return dir != null ? new MachineTimingLock(dir.resolve("timing.lock"), null, processes)
                : new MachineTimingLock(null, NO_USER_DIRECTORY + refused, processes);
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
                Files.createDirectory(dir,
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
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
     * lock until {@link #release()}; what the test's record says about it. A wait longer than
     * {@link #ANNOUNCE_AFTER_NANOS} is said on {@code say} when it begins (naming the JVM that holds
     * the lock) and when it ends: a test run that stands still must say why.
     *
     * @param test the test that waits, as the console names it
     */
    String acquire(boolean enabled, String test, Consumer<String> say) {
        return acquire(enabled, MAX_WAIT_NANOS, ANNOUNCE_AFTER_NANOS, test, say);
    }

    /** {@link #acquire(boolean, String, Consumer)} saying nothing, waiting at most {@link #MAX_WAIT_NANOS}. */
    String acquire(boolean enabled) {
        return acquire(enabled, MAX_WAIT_NANOS);
    }

    /** {@link #acquire(boolean)} waiting at most {@code maxWaitNanos}. */
    String acquire(boolean enabled, long maxWaitNanos) {
        return acquire(enabled, maxWaitNanos, Long.MAX_VALUE, "", line -> { });
    }

    /** A wait for the lock longer than this is said on the console when it begins and when it ends. */
    static final long ANNOUNCE_AFTER_NANOS = 1_000_000_000L;

    /**
     * {@link #acquire(boolean, String, Consumer)} waiting at most {@code maxWaitNanos}, saying a wait longer than
     * {@code announceAfterNanos}.
     */
    synchronized String acquire(boolean enabled, long maxWaitNanos, long announceAfterNanos, String test,
            Consumer<String> say) {
        if (!enabled) {
            return "timed without the cross-JVM timing lock (" + ChronoscopeConfig.TIMING_LOCK_KEY
                    + " = false): timed tests of other JVMs may have run alongside";
        }
        if (!on()) {
            return "timed without the cross-JVM timing lock (" + off
                    + "): timed tests of other JVMs may have run alongside";
        }
        if (holders > 0) {
            holders++;
            return "another timed test of this JVM held the cross-JVM timing lock " + file + " meanwhile";
        }
        long start = System.nanoTime();
        String holder = null;
        try {
            if (channel == null || !channel.isOpen()) {
                channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            }
            while ((lock = channel.tryLock()) == null) {
                long waited = System.nanoTime() - start;
                if (holder == null && waited > announceAfterNanos) {
                    holder = holder();
                    say.accept(String.format(Locale.ROOT,
                            "%s waits for the cross-JVM timing lock %s, held by %s: timed tests of "
                            + "this user's JVMs run one at a time (it waits at most %.0f s)", test, file, holder,
                            maxWaitNanos / 1e9));
                }
                if (waited > maxWaitNanos) {
                    if (holder != null) {
                        say.accept(String.format(Locale.ROOT,
                                "%s stopped waiting after %.1f s and times without the lock, beside %s", test,
                                waited / 1e9, holder()));
                    }
                    return String.format(Locale.ROOT,
                            "timed without the cross-JVM timing lock %s: another JVM held it for more than "
                            + "the %.1f s this test waits; its timed tests may have run alongside", file,
                            maxWaitNanos / 1e9);
                }
                LockSupport.parkNanos(POLL_NANOS);
            }
            sayHolder();
        } catch (IOException | OverlappingFileLockException e) {
            return "timed without the cross-JVM timing lock " + file + ": " + e;
        }
        holders = 1;
        double waitedMs = (System.nanoTime() - start) / 1e6;
        if (holder != null) {
            say.accept(String.format(Locale.ROOT, "%s got the cross-JVM timing lock after waiting %.1f s for %s", test,
                    waitedMs / 1e3, holder));
        }
        return String.format(Locale.ROOT,
                "held the cross-JVM timing lock %s (waited %.1f ms for other JVMs' timed tests%s)", file, waitedMs,
                holder == null ? "" : ", held by " + holder);
    }

    /**
     * Writes who holds the lock, its parent and since when into its file ({@link LockHolder.Note}), for
     * the JVMs that wait for it; a file that cannot be written only names no one.
     */
    private void sayHolder() {
        try {
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(LockHolder.Note.of(ProcessHandle.current(), Instant.now()).text()
                    .getBytes(StandardCharsets.UTF_8)), 0);
        } catch (IOException e) {
            // the lock is held all the same; waiting JVMs then say the holder is unknown
        }
    }

    /**
     * The JVM holding the lock ({@link LockHolder#describe}), or why it is unknown. The kernel's lock
     * table ({@code /proc/locks}) names the holder's pid; where it does not, the note the holder wrote
     * into the file. Read while this JVM holds no lock on the file (closing another descriptor would release it).
     */
    private String holder() {
        OptionalLong pid = lockTablePid();
        Optional<LockHolder.Note> note;
        try {
            note = LockHolder.Note.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            note = Optional.empty();
            if (pid.isEmpty()) {
                return "a JVM that cannot be named (neither /proc/locks nor " + file + " names it: " + e + ")";
            }
        }
        if (pid.isEmpty() && note.isEmpty()) {
            return "a JVM that cannot be named (neither /proc/locks nor " + file + " names it)";
        }
        return LockHolder.describe(pid.isPresent() ? pid.getAsLong() : note.get().pid(), note, processes,
                Instant.now());
    }

    /**
     * The pid that {@code /proc/locks} says holds a lock on the file's inode; empty where it cannot be read or names
     * none.
     */
    private OptionalLong lockTablePid() {
        try {
            String inode = ":" + Files.getAttribute(file, "unix:ino") + " ";
            for (String line : Files.readAllLines(Path.of("/proc/locks"), StandardCharsets.UTF_8)) {
                // "1: POSIX  ADVISORY  WRITE 4711 fd:01:1234567 0 EOF": the pid before the device and inode
                List<String> f = Text.words(line);
                if (f.size() > 5 && (f.get(5) + " ").endsWith(inode) && Text.isDigits(f.get(4))) {
                    return OptionalLong.of(Long.parseLong(f.get(4)));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or no /proc: the file's own note names the holder
        }
        return OptionalLong.empty();
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
