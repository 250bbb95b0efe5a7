package dev.chronoscope.internal.measure;

import java.lang.foreign.MemorySegment;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * A number that moves while the JIT compiles: the CPU time of the JVM's compiler threads, which
 * moves as soon as a compilation is under way. Read from each thread's CPU-time clock
 * ({@code clock_gettime}) where libc is bound: no garbage. Else from
 * {@code /proc/self/task/<tid>/schedstat}, whose reads take an 8 KB buffer per thread and round.
 * Elsewhere: the accumulated compilation time of the {@link CompilationMXBean}, which moves only
 * when a compilation finishes (a long compilation in progress is invisible to it, so a warm-up can
 * judge the JIT quiet while the timing loop is still being compiled).
 *
 * <p>One per JVM, kept by its {@link CompilerWatch}, which lists the compiler threads.
 */
final class JitActivity {

    private final CompilerWatch watch;

    JitActivity(CompilerWatch watch) {
        this.watch = watch;
    }

    /**
     * The current reading, {@code timespec} being a native buffer of the caller's; compare two readings for equality,
     * nothing else.
     */
    long now(MemorySegment timespec) {
        int[] tids = watch.currentThreads().all();
        long fromThreads = CompilerWatch.cpuNanos(tids, timespec);
        if (tids.length > 0 && fromThreads < 0) {
            tids = watch.rescanThreads().all(); // a compiler thread ended: list them again
            fromThreads = CompilerWatch.cpuNanos(tids, timespec);
        }
        if (tids.length > 0 && fromThreads >= 0) {
            return fromThreads;
        }
        if (!RuntimeModules.has(RuntimeModules.MANAGEMENT)) {
            return 0L; // nothing to read it through: the JIT looks quiet, and every record says why it was not read
        }
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0L;
    }
}
