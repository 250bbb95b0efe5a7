package dev.chronoscope.internal.measure;

/**
 * Summary statistics of a distribution of samples, in the samples' own unit.
 *
 * <p>Percentiles use the <em>nearest-rank</em> definition: the p-th percentile of n sorted values
 * is the value at rank ⌈p/100 · n⌉ (1-based). It is always a value that was actually observed,
 * which matters for clocks that step in quanta (a TSC here moves in steps of ~24 ticks): an
 * interpolated percentile would report readings the clock can never produce. The median (p50) is
 * the same nearest-rank value, i.e. the lower middle for an even count.
 *
 * @param count number of samples
 * @param mad   median absolute deviation from the median (unscaled)
 */
public record Statistics(int count, long min, long p50, long p90, long p99, long max, double mean, double mad) {

    public static Statistics of(Samples samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no samples to summarise");
        }
        return ofSorted(samples.sorted());
    }

    /** Statistics of values already sorted ascending; at least one. */
    static Statistics ofSorted(Samples.Sorted sorted) {
        int n = sorted.size();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += sorted.get(i);
        }
        long median = percentile(sorted, 50);
        return new Statistics(n, sorted.get(0), median, percentile(sorted, 90), percentile(sorted, 99),
                sorted.get(n - 1), sum / n, medianAbsoluteDeviation(sorted, median));
    }

    public static Statistics of(long... values) {
        return of(Samples.of(values));
    }

    /** The nearest-rank percentile, {@code 0 < p <= 100}. */
    static long percentile(Samples.Sorted sorted, double p) {
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], was " + p);
        }
        int n = sorted.size();
        int rank = (int) Math.ceil(p / 100.0 * n);
        return sorted.get(Math.max(1, Math.min(n, rank)) - 1);
    }

    /** Nearest-rank percentile of unsorted samples. */
    public static long percentile(Samples samples, double p) {
        return percentile(samples.sorted(), p);
    }

    /**
     * The nearest-rank median of |x − median|, found without a second array: the deviations left
     * of the median and right of it are each already sorted, so merging them finds the k-th.
     */
    private static double medianAbsoluteDeviation(Samples.Sorted sorted, long median) {
        int n = sorted.size();
        int k = Math.max(1, (int) Math.ceil(n / 2.0)); // rank of the median deviation
        // split: left = indices with value < median (descending deviation as index rises),
        // right = indices with value >= median
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted.get(mid) < median) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int left = lo - 1;
        int right = lo;
        long current = 0;
        for (int taken = 0; taken < k; taken++) {
            long dl = left >= 0 ? median - sorted.get(left) : Long.MAX_VALUE;
            long dr = right < n ? sorted.get(right) - median : Long.MAX_VALUE;
            if (dl <= dr) {
                current = dl;
                left--;
            } else {
                current = dr;
                right++;
            }
        }
        return current;
    }

    /** The statistic by percentile, for the percentiles this record holds. */
    public long percentileValue(int p) {
        return switch (p) {
            case 50 -> p50;
            case 90 -> p90;
            case 99 -> p99;
            case 100 -> max;
            default -> throw new IllegalArgumentException("held percentiles: 50, 90, 99, 100; asked " + p);
        };
    }
}
