package dev.chronoscope.internal.measure;

import java.util.Arrays;

/**
 * A warm-up round's nearest-rank median and visible step (the smallest positive difference between
 * distinct values), of an evenly spaced subset of at most {@link #MAX_EXAMINED} of its samples,
 * counted in a histogram instead of sorted.
 *
 * <p>Both choices keep the warm-up's own work away from the JIT it is waiting for. A warm-up ends when
 * C2 has compiled the timed loop, and the JVM has one C2 thread: whatever else turns hot in that
 * window is compiled first or beside it. Sorting every round's 10,000 samples made the JDK's sort
 * (six methods, each twice) such code; counting all 10,000 made this class's loops such code (seen:
 * their C2 compilations took ~45 ms, just before the loop's). At most 256 values a round stay below
 * the JIT's thresholds for the first ~100 rounds, and the per-JVM warm-up then settled in 65-134 ms
 * in 8 of 8 runs, against 133-346 ms counting every sample (alternated, same host). The median of
 * 256 evenly spaced samples of a round is that round's level within a quantum here; the rule compares
 * rounds with each other, all read alike. Values spread wider than the histogram (more than
 * {@link #MAX_OUTLIERS} beyond it, or a median beyond it) are sorted instead, all of them.
 *
 * <p>One per warm-up, reused round after round; not for concurrent use.
 */
final class RoundFigures {

    /** Samples a round's figures are read from at most, evenly spaced across the round. */
    static final int MAX_EXAMINED = 256;
    /** Distinct values the histogram spans at most above a round's lowest (32 kB), doubled from 256 as rounds need. */
    static final int MAX_RANGE = 8_192;
    /** Values above the histogram kept (sorted by insertion) before the round is sorted instead. */
    static final int MAX_OUTLIERS = 64;

    private int[] counts = new int[256];
    private final long[] outliers = new long[MAX_OUTLIERS];
    private long median;
    private long quantum;

    /** Reads a round's samples (sorting them in place only when the histogram cannot hold them). */
    void read(Samples samples) {
        int n = samples.size();
        int stride = stride(n);
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < n; i += stride) {
            long v = samples.get(i);
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        // the histogram spans the round's bulk above its lowest value, not its highest: one interrupted
        // sample far above would otherwise make every round walk (and allocate) the widest histogram
        int range;
        int outlierCount;
        while (true) {
            range = (int) Math.min(counts.length, max - min + 1);
            outlierCount = count(samples, stride, min, range);
            if (outlierCount >= 0) {
                break;
            }
            if (counts.length == MAX_RANGE) {
                readSorted(samples.sortedInPlace());
                return;
            }
            counts = new int[counts.length * 2];
        }
        int examined = (n + stride - 1) / stride;
        int rank = Math.max(1, (int) Math.ceil(examined / 2.0));
        if (examined - outlierCount < rank) {
            readSorted(samples.sortedInPlace());
            return;
        }
        int seen = 0;
        long step = Long.MAX_VALUE;
        long previous = -1;
        median = -1;
        for (int offset = 0; offset < range; offset++) {
            if (counts[offset] == 0) {
                continue;
            }
            seen += counts[offset];
            if (median < 0 && seen >= rank) {
                median = min + offset;
            }
            if (previous >= 0) {
                step = Math.min(step, offset - previous);
            }
            previous = offset;
        }
        long last = min + previous;
        for (int i = 0; i < outlierCount; i++) {
            if (outliers[i] > last) {
                step = Math.min(step, outliers[i] - last);
                last = outliers[i];
            }
        }
        quantum = step == Long.MAX_VALUE ? 0 : step;
    }

    /**
     * Counts the values within {@code range} of {@code min} and keeps those above it, sorted; the number
     * kept, or -1 when there were more than {@link #MAX_OUTLIERS}.
     */
    private int count(Samples samples, int stride, long min, int range) {
        Arrays.fill(counts, 0, range, 0);
        int outlierCount = 0;
        for (int i = 0, n = samples.size(); i < n; i += stride) {
            long offset = samples.get(i) - min;
            if (offset < range) {
                counts[(int) offset]++;
            } else if (outlierCount < MAX_OUTLIERS) {
                outlierCount = insert(outliers, outlierCount, samples.get(i));
            } else {
                return -1;
            }
        }
        return outlierCount;
    }

    /** Every how many samples one is read: at most {@link #MAX_EXAMINED} of {@code n}, evenly spaced. */
    static int stride(int n) {
        return Math.max(1, (n + MAX_EXAMINED - 1) / MAX_EXAMINED);
    }

    /** Inserts {@code value} into the first {@code count} of {@code sorted}, ascending; the new count. */
    private static int insert(long[] sorted, int count, long value) {
        int i = count;
        while (i > 0 && sorted[i - 1] > value) {
            sorted[i] = sorted[i - 1];
            i--;
        }
        sorted[i] = value;
        return count + 1;
    }

    private void readSorted(Samples.Sorted sorted) {
        median = Statistics.percentile(sorted, 50);
        quantum = quantum(sorted);
    }

    /**
     * The last round's nearest-rank median (of the samples read), as {@link Statistics#percentile(Samples, double)}
     * gives it.
     */
    long median() {
        return median;
    }

    /** The last round's smallest positive difference between distinct values, 0 when all were equal. */
    long quantum() {
        return quantum;
    }

    /** The smallest positive difference between distinct sample values: the clock's visible step. */
    static long quantum(Samples samples) {
        return quantum(samples.sorted());
    }

    /** As {@link #quantum(Samples)}, of samples already sorted. */
    static long quantum(Samples.Sorted sorted) {
        long q = Long.MAX_VALUE;
        for (int i = 1; i < sorted.size(); i++) {
            long d = sorted.get(i) - sorted.get(i - 1);
            if (d > 0 && d < q) {
                q = d;
            }
        }
        return q == Long.MAX_VALUE ? 0 : q;
    }
}
