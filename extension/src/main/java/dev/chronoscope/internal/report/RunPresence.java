package dev.chronoscope.internal.report;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;

/**
 * Which JVMs of a run are still running, so that the run's report and baseline are written by the
 * last of them to end rather than rewritten by every one: each JVM of the run holds a shared OS
 * lock on the run's presence file in the report directory from its first timed test to its end.
 * At its end it lets go, then takes the run's write lock (so that two JVMs ending together write
 * one after the other, never over each other) and tries the presence file exclusively: it gets it
 * only when no other JVM of the run holds it, and is then the one to write. The OS releases a
 * dead process's locks, so a JVM that was killed leaves no stale presence. JVMs of a run that run
 * one after another (Surefire's {@code reuseForks=false} with one fork at a time) each find
 * themselves last, and each writes the run so far: the last one's write is the whole run.
 */
public final class RunPresence {

    private final FileChannel presence;
    private final FileLock shared;
    private final Path writeLock;

    private RunPresence(FileChannel presence, FileLock shared, Path writeLock) {
        this.presence = presence;
        this.shared = shared;
        this.writeLock = writeLock;
    }

    /**
     * Joins run {@code run} in {@code directory}; empty (and so "write as if last") when the
     * directory cannot hold the lock files: its records could not be written either, which fails
     * the tests with the reason.
     */
    public static java.util.Optional<RunPresence> join(Path directory, String run) {
        try {
            Path dir = directory.toAbsolutePath().normalize();
            Files.createDirectories(dir);
            String id = HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(run.getBytes(java.nio.charset.StandardCharsets.UTF_8)), 0, 8);
            FileChannel channel = FileChannel.open(dir.resolve(".chronoscope-run-" + id + ".present"),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.READ, StandardOpenOption.WRITE);
            try {
                return java.util.Optional.of(new RunPresence(channel, channel.lock(0, Long.MAX_VALUE, true),
                        dir.resolve(".chronoscope-run-" + id + ".write")));
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
        } catch (IOException | RuntimeException | java.security.NoSuchAlgorithmException e) {
            return java.util.Optional.empty();
        }
    }

    /** This JVM's turn to write, held until closed: whether it is the run's last JVM still running. */
    public interface Turn extends AutoCloseable {
        boolean last();

        @Override
        void close();
    }

    /**
     * Leaves the run: releases this JVM's presence, waits for the run's write lock, and says whether
     * any other JVM of the run is still running. Close the turn once written.
     */
    public Turn leave() throws IOException {
        shared.release();
        FileChannel write = FileChannel.open(writeLock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock writing = write.lock();
        FileLock tried;
        boolean last;
        try {
            tried = presence.tryLock(0, Long.MAX_VALUE, false);
            last = tried != null;
        } catch (java.nio.channels.OverlappingFileLockException e) {
            // another run of this JVM shares the directory and the run: it cannot tell, so write
            tried = null;
            last = true;
        }
        FileLock alone = tried;
        boolean isLast = last;
        return new Turn() {
            @Override
            public boolean last() {
                return isLast;
            }

            @Override
            public void close() {
                try (write; presence) {
                    if (alone != null) {
                        alone.release();
                    }
                    writing.release();
                } catch (IOException e) {
                    // the OS releases both locks when the channels close, which the try does
                }
            }
        };
    }
}
