package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.ffm.Libc;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A number that moves while the JIT compiles: the CPU time of the JVM's compiler threads, which
 * moves as soon as a compilation is under way. Read from each thread's CPU-time clock
 * ({@code clock_gettime}) where libc is bound: no garbage. Else from
 * {@code /proc/self/task/<tid>/schedstat}, whose reads took an 8 KB buffer per thread and round
 * (most of a warm-up round's garbage). Elsewhere: the accumulated compilation time of the
 * {@link CompilationMXBean}, which moves only when a compilation finishes (a long compilation in
 * progress is invisible to it: seen here, a warm-up judged the JIT quiet and settled at 1.65x the
 * floor while the timing loop was still being compiled).
 *
 * <p>One per JVM, kept by its {@link CompilerWatch}: the list of compiler threads is the JVM's.
 */
final class JitActivity {

    private static final Path TASKS = Path.of("/proc/self/task");
    /**
     * The compiler threads are listed again at most this often (HotSpot starts and stops them as
     * load changes), and at once when a listed thread has ended. Listing takes ~40 file reads: once
     * per warm-up round it was most of a timed test's garbage (~25 MB) and much of its time.
     */
    static final long RESCAN_NANOS = 200_000_000L;

    private volatile Scan scan;

    /** The compiler threads: their ids and {@code schedstat} files. */
    private record Scan(int[] tids, List<Path> schedstats, long atNanos) {
    }

    /** The current reading, {@code timespec} being a native buffer of the caller's; compare two readings for equality, nothing else. */
    long now(MemorySegment timespec) {
        long fromThreads = compilerThreadCpuNanos(timespec);
        if (fromThreads >= 0) {
            return fromThreads;
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0L;
    }

    /** Sum of the compiler threads' CPU time, or -1 when it cannot be read. */
    private long compilerThreadCpuNanos(MemorySegment timespec) {
        Scan current = scan;
        if (current == null || System.nanoTime() - current.atNanos() > RESCAN_NANOS) {
            current = rescan();
            if (current == null) {
                return -1;
            }
        }
        long sum = sum(current, timespec);
        if (sum == -2) {
            current = rescan(); // a compiler thread ended: list them again
            sum = current == null ? -1 : sum(current, timespec);
        }
        return sum < 0 ? -1 : sum;
    }

    /** The threads' summed CPU time; -1 when there are none, -2 when one could not be read (it ended). */
    private static long sum(Scan threads, MemorySegment timespec) {
        if (threads.tids().length == 0) {
            return -1;
        }
        long sum = 0;
        if (Libc.isAvailable() && timespec != null) {
            for (int tid : threads.tids()) {
                long nanos = Libc.clockGettimeNanos(CompilerWatch.threadCpuClock(tid), timespec);
                if (nanos == Long.MIN_VALUE) {
                    return -2;
                }
                sum += nanos;
            }
            return sum;
        }
        for (Path file : threads.schedstats()) {
            byte[] schedstat;
            try {
                schedstat = Files.readAllBytes(file);
            } catch (IOException e) {
                return -2;
            }
            // the first field, parsed in place
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

    private Scan rescan() {
        if (!Files.isDirectory(TASKS)) {
            return null;
        }
        List<Integer> tids = new ArrayList<>();
        List<Path> schedstats = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    if (Files.readString(task.resolve("comm")).contains("CompilerThre")) {
                        tids.add(Integer.parseInt(task.getFileName().toString()));
                        schedstats.add(task.resolve("schedstat"));
                    }
                } catch (IOException | NumberFormatException e) {
                    // the thread ended while we looked
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        Scan s = new Scan(tids.stream().mapToInt(Integer::intValue).toArray(), List.copyOf(schedstats), System.nanoTime());
        scan = s;
        return s;
    }
}
