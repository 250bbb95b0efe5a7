package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.ffm.Libc;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A number that moves while the JIT compiles: the CPU time of the JVM's compiler threads, which
 * moves as soon as a compilation is under way. Read from each thread's CPU-time clock
 * ({@code clock_gettime}) where libc is bound: no garbage. Else from
 * {@code /proc/self/task/<tid>/schedstat}, whose reads take an 8 KB buffer per thread and round.
 * Elsewhere: the accumulated compilation time of the {@link CompilationMXBean}, which moves only
 * when a compilation finishes (a long compilation in progress is invisible to it: seen here, a
 * warm-up judged the JIT quiet and settled at 1.65x the floor while the timing loop was still being
 * compiled).
 *
 * <p>One per JVM, kept by its {@link CompilerWatch}, which lists the compiler threads.
 */
final class JitActivity {

    private final CompilerWatch watch;

    JitActivity(CompilerWatch watch) {
        this.watch = watch;
    }

    /** The current reading, {@code timespec} being a native buffer of the caller's; compare two readings for equality, nothing else. */
    long now(MemorySegment timespec) {
        long fromThreads = sum(watch.currentThreads().all(), timespec);
        if (fromThreads == -2) {
            fromThreads = sum(watch.rescanThreads().all(), timespec); // a compiler thread ended: list them again
        }
        if (fromThreads >= 0) {
            return fromThreads;
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0L;
    }

    /** The threads' summed CPU time; -1 when there are none, -2 when one could not be read (it ended). */
    private static long sum(int[] tids, MemorySegment timespec) {
        if (tids.length == 0) {
            return -1;
        }
        long sum = 0;
        for (int tid : tids) {
            long nanos = Libc.isAvailable() ? Libc.clockGettimeNanos(CompilerWatch.threadCpuClock(tid), timespec) : schedstat(tid);
            if (nanos == Long.MIN_VALUE || nanos < 0) {
                return -2;
            }
            sum += nanos;
        }
        return sum;
    }

    /** The first field of the thread's {@code schedstat} (its CPU time in nanoseconds), parsed in place; -1 when unreadable. */
    private static long schedstat(int tid) {
        byte[] schedstat;
        try {
            schedstat = Files.readAllBytes(Path.of("/proc/self/task", Integer.toString(tid), "schedstat"));
        } catch (IOException e) {
            return -1;
        }
        long value = 0;
        int i = 0;
        for (; i < schedstat.length && schedstat[i] >= '0' && schedstat[i] <= '9' && i < 19; i++) {
            value = value * 10 + (schedstat[i] - '0');
        }
        return i == 0 ? -1 : value;
    }
}
