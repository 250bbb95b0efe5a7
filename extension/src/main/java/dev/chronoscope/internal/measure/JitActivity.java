package dev.chronoscope.internal.measure;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A number that moves while the JIT compiles. On Linux: the CPU time of the JVM's compiler threads
 * ({@code /proc/self/task/<tid>/schedstat}, nanoseconds), which moves as soon as a compilation is
 * under way. Elsewhere: the accumulated compilation time of the {@link CompilationMXBean}, which
 * moves only when a compilation finishes (a long compilation in progress is invisible to it: seen
 * here, a warm-up judged the JIT quiet and settled at 1.65x the floor while the timing loop was
 * still being compiled).
 */
final class JitActivity {

    private static final Path TASKS = Path.of("/proc/self/task");

    private JitActivity() {
    }

    /** The current reading; compare two readings for equality, nothing else. */
    static long now() {
        long fromThreads = compilerThreadCpuNanos();
        if (fromThreads >= 0) {
            return fromThreads;
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0L;
    }

    /**
     * The compiler threads' {@code schedstat} files, found by listing every thread's {@code comm}.
     * Listing took ~40 file reads per call, and the warm-ups call this once per round: most of a
     * timed test's garbage (~25 MB) and much of its time. The list is kept for
     * {@link #RESCAN_NANOS} (the JVM starts and stops compiler threads as load changes) and
     * rescanned at once when a listed thread has ended.
     */
    private static volatile Scan scan;
    static final long RESCAN_NANOS = 200_000_000L;

    private record Scan(java.util.List<Path> schedstats, long atNanos) {
    }

    /** Sum of the compiler threads' CPU time, or -1 when it cannot be read. */
    static long compilerThreadCpuNanos() {
        Scan current = scan;
        if (current == null || System.nanoTime() - current.atNanos() > RESCAN_NANOS) {
            current = rescan();
            if (current == null) {
                return -1;
            }
        }
        long sum = sum(current.schedstats());
        if (sum == -2) {
            current = rescan(); // a compiler thread ended: list them again
            sum = current == null ? -1 : sum(current.schedstats());
        }
        return sum < 0 ? -1 : sum;
    }

    /** The sum of the files' first fields; -1 when there are none, -2 when one could not be read. */
    private static long sum(java.util.List<Path> schedstats) {
        if (schedstats.isEmpty()) {
            return -1;
        }
        long sum = 0;
        for (Path file : schedstats) {
            byte[] schedstat;
            try {
                schedstat = Files.readAllBytes(file);
            } catch (IOException e) {
                return -2;
            }
            // the first field, parsed in place: this runs once per warm-up round
            long value = 0;
            int i = 0;
            for (; i < schedstat.length && schedstat[i] >= '0' && schedstat[i] <= '9' && i < 19; i++) {
                value = value * 10 + (schedstat[i] - '0');
            }
            if (i == 0) {
                return -2;
            }
            sum += value;
        }
        return sum;
    }

    private static Scan rescan() {
        if (!Files.isDirectory(TASKS)) {
            return null;
        }
        java.util.List<Path> found = new java.util.ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    if (Files.readString(task.resolve("comm")).contains("CompilerThre")) {
                        found.add(task.resolve("schedstat"));
                    }
                } catch (IOException e) {
                    // the thread ended while we looked
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        Scan s = new Scan(java.util.List.copyOf(found), System.nanoTime());
        scan = s;
        return s;
    }
}
