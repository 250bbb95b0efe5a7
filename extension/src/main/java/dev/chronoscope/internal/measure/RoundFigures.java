package dev.chronoscope.internal.measure;

import java.util.Arrays;

/**
 * A warm-up round's nearest-rank median and visible step (the smallest positive difference between
 * its distinct values), counted in a histogram instead of sorted. A warm-up waits for C2 to compile
 * the timed loop; sorting every round made the JIT compile the JDK's sort (six methods, each twice)
 * in that same window, on the JVM's one C2 thread, ahead of the loop or beside it. Counting needs
 * one small method. Values spread wider than the histogram (more than {@link #MAX_OUTLIERS} beyond
 * it, or a median beyond it) are sorted as before: same figures either way.
 *
 * <p>One per warm-up, reused round after round; not for concurrent use.
 */
final class RoundFigures {

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
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
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
            outlierCount = count(samples, min, range);
            if (outlierCount >= 0) {
                break;
            }
            if (counts.length == MAX_RANGE) {
                readSorted(samples.sortedInPlace());
                return;
            }
            counts = new int[counts.length * 2];
        }
        int rank = Math.max(1, (int) Math.ceil(n / 2.0));
        if (n - outlierCount < rank) {
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
    private int count(Samples samples, long min, int range) {
        Arrays.fill(counts, 0, range, 0);
        int outlierCount = 0;
        for (int i = 0, n = samples.size(); i < n; i++) {
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
        quantum = ProbeWarmup.quantum(sorted);
    }

    /** The last round's nearest-rank median, as {@link Statistics#percentile(Samples, double)} gives it. */
    long median() {
        return median;
    }

    /** The last round's smallest positive difference between distinct values, 0 when all were equal. */
    long quantum() {
        return quantum;
    }
}
