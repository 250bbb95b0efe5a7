package dev.chronoscope.internal.bench;

import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.ffm.ProbeLibrary;

/**
 * The Java side of the benchmark: the same loops as {@code chronoscope_bench.c}, with the counter
 * read through Chronoscope's critical downcalls instead of inline assembly.
 *
 * <p>The chain's multiplier and increment live in non-final static fields. The JIT folds constant
 * arithmetic (with constants, a 64-step chain ran 2x faster in Java than in C: unrolled and
 * merged), so the values must reach the loop as data, as they reach the C loop as arguments.
 * Results escape through {@link #sink}.
 */
final class JavaWorkloads {

    /** The chain's multiplier (Knuth's MMIX LCG). Not final on purpose: see the class comment. */
    static long chainMul = 6364136223846793005L;
    /** The chain's increment (Knuth's MMIX LCG). Not final on purpose: see the class comment. */
    static long chainAdd = 1442695040888963407L;

    /** Where chain results go, so that no chain is dead code. */
    static volatile long sink;

    private JavaWorkloads() {
    }

    /**
     * {@code n} empty regions with the plain fenced pair, closed by {@code rdtscp;lfence} where
     * {@code rdtscp} (only where CPUID advertises it), else by {@code lfence;rdtsc;lfence}. One loop per
     * end read, so that each calls a constant handle, as a timed region does.
     */
    static void fencedPairs(long[] out, int n, boolean rdtscp) {
        try {
            if (rdtscp) {
                for (int i = 0; i < n; i++) {
                    long a = (long) ProbeLibrary.COUNTER_BEGIN.invokeExact();
                    out[i] = (long) ProbeLibrary.COUNTER_END.invokeExact() - a;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long a = (long) ProbeLibrary.COUNTER_BEGIN.invokeExact();
                    out[i] = (long) ProbeLibrary.COUNTER_END_LFENCE.invokeExact() - a;
                }
            }
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** {@code n} empty regions with a clock reader, e.g. TSC_FENCED's CPU-reporting pair. */
    static void readerPairs(ClockReader reader, long[] out, int n) {
        for (int i = 0; i < n; i++) {
            long a = reader.begin();
            long b = reader.end();
            out[i] = b - a;
        }
    }

    /**
     * {@code n} regions, each a chain of 64 dependent {@code x = x * mul + add}, timed with the
     * plain fenced pair. Returns the wrapping sum of the chains' results (also written to {@link #sink}).
     */
    static long chain64(long[] out, int n, boolean rdtscp) {
        long mul = chainMul;
        long add = chainAdd;
        long s = 0;
        try {
            for (int i = 0; i < n; i++) {
                long x = (long) i | 1L;
                long a = (long) ProbeLibrary.COUNTER_BEGIN.invokeExact();
                for (int k = 0; k < 64; k++) {
                    x = x * mul + add;
                }
                // a branch on a loop-invariant flag, taken after the end read's own fences have ordered it
                long b = rdtscp ? (long) ProbeLibrary.COUNTER_END.invokeExact() : (long) ProbeLibrary.COUNTER_END_LFENCE.invokeExact();
                s += x;
                out[i] = b - a;
            }
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        sink = s;
        return s;
    }
}
