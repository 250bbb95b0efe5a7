package dev.chronoscope.internal.report;

import dev.chronoscope.internal.format.Text;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Puts a run's report files into a directory as one run's set or none, so that a reader (a CI step
 * that uploads the summary {@code if: always()}) never takes an earlier run's file for this run's:
 * the earlier set is removed first; each new file is rendered and written whole to a hidden
 * temporary file; then all are renamed into place. Renames cannot fail for want of room, so what
 * fails (a full disk, a renderer's exception) fails before any name is taken; a failure in the
 * renames takes this run's renamed files away again. A JVM told to end (SIGTERM, {@code System.exit})
 * while it writes lets the write finish for up to {@link #SHUTDOWN_WAIT_MILLIS} and says on stderr
 * whether it did; a JVM killed outright between two renames leaves part of this run's set and no
 * file of another run. Temporary files of writers that were killed are removed by the next write.
 */
final class ReportSet {

    /** How long a JVM that is told to end waits for a report write under way to finish. */
    static final long SHUTDOWN_WAIT_MILLIS = 3_000;
    private static final String PREFIX = "[chronoscope] ";
    private static final String TEMP_SUFFIX = ".tmp";

    private final Path dir;
    private final Map<Path, Supplier<String>> files = new LinkedHashMap<>();

    /** A set to be written into {@code dir} (absolute, normalized). */
    ReportSet(Path dir) {
        this.dir = dir;
    }

    /** Adds {@code name}, whose content {@code content} renders. */
    ReportSet add(String name, Supplier<String> content) {
        files.put(dir.resolve(name), content);
        return this;
    }

    /** What a write does between steps, for tests that interrupt it there; {@link #NONE} in use. */
    @FunctionalInterface
    interface Pause {
        Pause NONE = step -> { };

        /** Called before renaming the {@code step}-th file (0-based) into place. */
        void before(int step);
    }

    /**
     * Writes the set, or leaves none of it.
     *
     * @throws IOException naming the file that failed and why, and saying that the directory holds no report set of
     * this run
     */
    void write(ChannelOpener opener, Pause pause, PrintStream err) throws IOException {
        Files.createDirectories(dir);
        removeAbandonedTemporaries();
        CountDownLatch done = new CountDownLatch(1);
        Thread guard = guard(done, err);
        try {
            commit(opener, pause);
        } finally {
            done.countDown();
            if (guard != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(guard);
                } catch (IllegalStateException e) {
                    // the JVM is ending: the guard says what became of the write
                }
            }
        }
    }

    private void commit(ChannelOpener opener, Pause pause) throws IOException {
        List<String> kept = new ArrayList<>();
        for (Path file : files.keySet()) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException | RuntimeException e) {
                kept.add(file + " (" + e + ")");
            }
        }
        Map<Path, Path> temporaries = new LinkedHashMap<>();
        List<Path> placed = new ArrayList<>();
        Path current = null;
        try {
            for (Map.Entry<Path, Supplier<String>> f : files.entrySet()) {
                current = f.getKey();
                Path temp = temporary(current);
                temporaries.put(current, temp);
                writeWhole(temp, f.getValue().get(), opener);
            }
            int step = 0;
            for (Map.Entry<Path, Path> t : temporaries.entrySet()) {
                current = t.getKey();
                pause.before(step++);
                Files.move(t.getValue(), current, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                placed.add(current);
            }
        } catch (IOException | RuntimeException e) {
            for (Path temp : temporaries.values()) {
                deleteQuietly(temp);
            }
            List<Path> left = new ArrayList<>();
            for (Path file : placed) {
                if (!deleteQuietly(file)) {
                    left.add(file);
                }
            }
            throw new IOException("could not write " + current + " (" + e + "); no report of this run is in " + dir
                    + ": the earlier run's files were removed before this run's were written"
                    + (placed.isEmpty() ? "" : left.isEmpty()
                    ? ", and this run's files written before the failure were removed again"
                    : ", and this run's " + left + " could not be removed again, so that set is incomplete")
                    + (kept.isEmpty() ? "" : "; earlier files that could not be removed, which are not this run's: "
                    + String.join(", ", kept)), e);
        }
    }

    /**
     * A shutdown hook that, if the JVM is told to end while the set is written, waits for the write
     * and says what became of it; null where the JVM is ending already (no hook can be added).
     */
    private Thread guard(CountDownLatch done, PrintStream err) {
        Thread guard = new Thread(() -> {
            err.println(PREFIX + "the JVM is ending while it writes the run report in " + dir + "; waiting up to "
                    + SHUTDOWN_WAIT_MILLIS / 1000.0 + " s for the write to finish");
            boolean finished;
            try {
                finished = done.await(SHUTDOWN_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                finished = false;
            }
            List<String> present = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            for (Path file : files.keySet()) {
                (Files.exists(file) ? present : missing).add(file.getFileName().toString());
            }
            err.println(PREFIX + (finished ? "the run report write ended before the JVM did; "
                    : "the run report was not finished "
                    + "before the JVM ended; ") + dir + " holds " + (present.isEmpty() ? "no report file" : present)
                    + (missing.isEmpty() ? "" : ", not " + missing)
                    + ": the earlier run's files were removed before this run's were "
                    + "written, so any file there is this run's");
            err.flush();
        }, "chronoscope-report-write-guard");
        try {
            Runtime.getRuntime().addShutdownHook(guard);
            return guard;
        } catch (IllegalStateException e) {
            return null;
        }
    }

    /**
     * A new hidden temporary file beside {@code file}, named for this JVM (so that a later write knows when its writer
     * is gone).
     */
    private static Path temporary(Path file) {
        return file.resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + "."
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + TEMP_SUFFIX);
    }

    /**
     * Writes {@code content} to {@code temp}, created as any new file is (not with
     * {@link Files#createTempFile}, which makes it 0600), so the report gets the umask's permissions.
     */
    private static void writeWhole(Path temp, String content, ChannelOpener opener) throws IOException {
        try (SeekableByteChannel out = opener.open(temp)) {
            ByteBuffer bytes = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                out.write(bytes);
            }
        }
    }

    /** Removes the temporary files of this set's names that a writer no longer alive left behind. */
    private void removeAbandonedTemporaries() {
        for (Path file : files.keySet()) {
            String prefix = "." + file.getFileName() + ".";
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, prefix + "*" + TEMP_SUFFIX)) {
                for (Path temp : stream) {
                    String[] parts = Text.split(temp.getFileName().toString().substring(prefix.length()), '.');
                    if (parts.length == 3 && parts[0].chars().allMatch(Character::isDigit) && !parts[0].isEmpty()
                            && ProcessHandle.of(Long.parseLong(parts[0])).isEmpty()) {
                        deleteQuietly(temp);
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a temporary file left behind is hidden and named as one; the next write tries again
            }
        }
    }

    private static boolean deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
