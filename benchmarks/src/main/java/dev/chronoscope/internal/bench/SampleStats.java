package dev.chronoscope.internal.bench;

import java.util.Arrays;

/**
 * The statistics the benchmark reports, on tick samples sorted ascending.
 *
 * <p>Percentiles are nearest-rank: the p-th percentile of n sorted samples is the sample at
 * 1-based rank ceil(p/100 * n). The trimmed mean drops floor(f * n) samples at each end and
 * averages the rest; the benchmark uses f = {@value #TRIM_FRACTION} (10 % each side, the central
 * 80 %).
 */
final class SampleStats {

    /** The fraction of samples the trimmed mean drops at each end. */
    static final double TRIM_FRACTION = 0.10;

    private SampleStats() {
    }

    /**
     * min, p50, p99 and trimmed mean of a sample series.
     *
     * @param count               number of samples
     * @param minTicks            smallest sample
     * @param p50Ticks            median (nearest rank)
     * @param p99Ticks            99th percentile (nearest rank)
     * @param trimmedMeanTicks    mean of the samples left after dropping {@value #TRIM_FRACTION} of them at each end
     */
    record Summary(int count, long minTicks, long p50Ticks, long p99Ticks, double trimmedMeanTicks) {
    }

    /** Summarises {@code samples}, sorting the array in place. */
    static Summary summarizeInPlace(long[] samples) {
        Arrays.sort(samples);
        return summarizeSorted(samples);
    }

    static Summary summarizeSorted(long[] sorted) {
        if (sorted.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        return new Summary(sorted.length, sorted[0], percentile(sorted, 50), percentile(sorted, 99),
                trimmedMean(sorted, TRIM_FRACTION));
    }

    /** Nearest-rank percentile of sorted samples, {@code 0 < p <= 100}. */
    static long percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile " + p + " outside (0, 100]");
        }
        long rank = (long) Math.ceil(p / 100.0 * sorted.length);
        int index = (int) Math.max(0, Math.min(sorted.length - 1, rank - 1));
        return sorted[index];
    }

    /** Mean of sorted samples after dropping {@code floor(fraction * n)} at each end, {@code 0 <= fraction < 0.5}. */
    static double trimmedMean(long[] sorted, double fraction) {
        if (sorted.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        if (!(fraction >= 0 && fraction < 0.5)) {
            throw new IllegalArgumentException("trim fraction " + fraction + " outside [0, 0.5)");
        }
        int drop = (int) Math.floor(fraction * sorted.length);
        long sum = 0;
        for (int i = drop; i < sorted.length - drop; i++) {
            sum = Math.addExact(sum, sorted[i]);
        }
        return (double) sum / (sorted.length - 2 * drop);
    }

    /** Median of values (the mean of the two middle values for an even count); sorts a copy. */
    static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] copy = values.clone();
        Arrays.sort(copy);
        int mid = copy.length / 2;
        return copy.length % 2 == 1 ? copy[mid] : (copy[mid - 1] + copy[mid]) / 2;
    }
}
