package dev.chronoscope.internal.stats;

import java.util.Locale;

/**
 * How an operation's cost grows with its input, without an absolute time: the same operation on a
 * small and on a large input, alternately, each side's quickest run kept. A cold JVM on a busy shared
 * machine can take any time for one run, but it slows both sides alike or only some runs, and the
 * quickest of several runs is the one the machine disturbed least; so the ratio of the two quickest
 * runs tells a cost that grows like the documented one from one that grows faster, where an
 * absolute bound would fail on a slow day.
 *
 * @param smallNanos the quickest run on the small input
 * @param largeNanos the quickest run on the large input
 */
record CostRatio(long smallNanos, long largeNanos) {

    /** Runs {@code small} and {@code large} alternately {@code runs} times each after one warm-up run of each. */
    static CostRatio of(Runnable small, Runnable large, int runs) {
        small.run();
        large.run();
        long quickestSmall = Long.MAX_VALUE;
        long quickestLarge = Long.MAX_VALUE;
        for (int run = 0; run < runs; run++) {
            quickestSmall = Math.min(quickestSmall, timed(small));
            quickestLarge = Math.min(quickestLarge, timed(large));
        }
        return new CostRatio(quickestSmall, quickestLarge);
    }

    private static long timed(Runnable operation) {
        long start = System.nanoTime();
        operation.run();
        return System.nanoTime() - start;
    }

    /** The large input's quickest run over the small input's. */
    double ratio() {
        return (double) largeNanos / Math.max(1, smallNanos);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.1fx (quickest runs: %.1f us on the large input, %.1f us on the small one)",
                ratio(), largeNanos / 1e3, smallNanos / 1e3);
    }
}
