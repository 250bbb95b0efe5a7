package dev.chronoscope.internal.clock;

import dev.chronoscope.internal.ffm.Libc;

import java.util.BitSet;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Runs a step on each CPU the calling thread may use, pinned there in turn, and gives the thread
 * its affinity back: how the start-up checks see what each CPU reports (its TSC_AUX, the CPU
 * numbers a reader gives there).
 */
final class EachCpu {

    /** One CPU's step; it runs with the thread pinned to {@code cpu}. */
    @FunctionalInterface
    interface Step<T> {
        T on(int cpu) throws Libc.LibcException;
    }

    private EachCpu() {
    }

    /**
     * {@code step}'s result per CPU of the thread's affinity (its OS number), in order.
     *
     * @throws Libc.LibcException when the affinity cannot be read or set; it is restored whatever happened
     */
    static <T> SortedMap<Integer, T> visit(BitSet affinity, Step<T> step) throws Libc.LibcException {
        SortedMap<Integer, T> results = new TreeMap<>();
        try {
            for (int cpu = affinity.nextSetBit(0); cpu >= 0; cpu = affinity.nextSetBit(cpu + 1)) {
                BitSet only = new BitSet();
                only.set(cpu);
                Libc.setThreadAffinity(only);
                results.put(cpu, step.on(cpu));
            }
        } finally {
            Libc.setThreadAffinity(affinity);
        }
        return results;
    }
}
