package dev.chronoscope.internal.stats;

import java.util.Arrays;

/**
 * The Mann–Whitney U test (Wilcoxon rank-sum test) of two independent samples: does a value drawn
 * from the first tend to be larger or smaller than one drawn from the second?
 *
 * <p>Definitions, as in R's {@code wilcox.test} and SciPy's {@code mannwhitneyu}:
 * <ul>
 *   <li>{@code u1} = R1 − n1(n1 + 1)/2, with R1 the sum of the first sample's ranks in the pooled
 *       sample (tied values get the mean of their ranks): the number of pairs (x from the first,
 *       y from the second) with x &gt; y, ties counting one half. {@code u2} = n1·n2 − u1.</li>
 *   <li>Exact p-values (the permutation distribution of U) when both samples are smaller than
 *       {@link #EXACT_BELOW} and there are no ties, as R does.</li>
 *   <li>Otherwise the normal approximation: mean n1·n2/2, variance
 *       n1·n2/12 · ((n + 1) − Σ(t³ − t)/(n(n − 1))) over the tie groups t (the tie correction), with
 *       a continuity correction of ½ towards the mean.</li>
 * </ul>
 *
 * <p>Effect size: {@code probabilityFirstSmaller} = u2/(n1·n2), the probability that a value from the
 * first sample is smaller than one from the second (ties half) — McGraw &amp; Wong's common-language
 * effect size; {@code rankBiserial} = 2·that − 1, in [−1, 1], positive when the first tends smaller
 * (Kerby 2014). For timings, "smaller" is "faster".
 *
 * <p>Both samples are ranked by one merge of the sorted samples: O(n1 + n2) after sorting.
 *
 * @param n1                      size of the first sample
 * @param n2                      size of the second sample
 * @param u1                      U of the first sample
 * @param z                       u1 standardised by the normal approximation (tie- and continuity-corrected),
 *                                reported also when the p-values are exact; positive when the first sample tends larger
 * @param pTwoSided               two-sided p-value
 * @param pFirstGreater           one-sided p-value for "the first tends larger"
 * @param pFirstLess              one-sided p-value for "the first tends smaller"
 * @param exact                   true when the p-values are exact, false for the normal approximation
 * @param probabilityFirstSmaller u2/(n1·n2)
 */
public record MannWhitney(long n1, long n2, double u1, double z, double pTwoSided, double pFirstGreater,
                          double pFirstLess, boolean exact, double probabilityFirstSmaller) {

    /** Exact p-values below this sample size (each), without ties — R's rule. */
    public static final int EXACT_BELOW = 50;

    public double u2() {
        return (double) n1 * n2 - u1;
    }

    /** 2·{@link #probabilityFirstSmaller()} − 1: +1 when every first value is below every second one. */
    public double rankBiserial() {
        return 2 * probabilityFirstSmaller - 1;
    }

    /** The test of two unsorted samples (copies are sorted), with the continuity correction. */
    public static MannWhitney test(long[] first, long[] second) {
        long[] a = first.clone();
        long[] b = second.clone();
        Arrays.sort(a);
        Arrays.sort(b);
        return ofSorted(a, b, true, true);
    }

    /** The test of two unsorted samples of real values (copies are sorted). */
    public static MannWhitney test(double[] first, double[] second, boolean continuity, boolean exactAllowed) {
        double[] a = first.clone();
        double[] b = second.clone();
        Arrays.sort(a);
        Arrays.sort(b);
        return ofSorted(a.length, b.length, i -> a[i], j -> b[j], continuity, exactAllowed);
    }

    /** The test of two samples each sorted ascending. */
    public static MannWhitney ofSorted(long[] first, long[] second, boolean continuity, boolean exactAllowed) {
        return ofSorted(first.length, second.length, i -> first[i], j -> second[j], continuity, exactAllowed);
    }

    /** Sorted values by index. */
    @FunctionalInterface
    public interface SortedValues {
        double get(int index);
    }

    /** The test of two samples each sorted ascending, read through {@code first} and {@code second}. */
    public static MannWhitney ofSorted(int n1, int n2, SortedValues first, SortedValues second, boolean continuity,
                                       boolean exactAllowed) {
        if (n1 < 1 || n2 < 1) {
            throw new IllegalArgumentException("both samples need a value: sizes " + n1 + " and " + n2);
        }
        double[] ranked = rankSumAndTies(n1, n2, first, second);
        double u1 = ranked[0] - (double) n1 * (n1 + 1) / 2;
        double tieTerm = ranked[1];
        double pairs = (double) n1 * n2;
        double n = n1 + (double) n2;
        double mean = pairs / 2;
        double variance = pairs / 12 * ((n + 1) - tieTerm / (n * (n - 1)));
        double sd = Math.sqrt(Math.max(0, variance));
        double deviation = u1 - mean;
        double correction = continuity ? 0.5 : 0;
        double z = sd == 0 ? 0 : Math.signum(deviation) * Math.max(0, Math.abs(deviation) - correction) / sd;
        boolean exact = exactAllowed && tieTerm == 0 && n1 < EXACT_BELOW && n2 < EXACT_BELOW;
        double[] p;
        if (exact) {
            p = exactPValues(n1, n2, u1);
        } else if (sd == 0) {
            p = new double[] {1, 1, 1};
        } else {
            p = new double[] {Normal.upperTail((deviation - correction) / sd),
                    Normal.cdf((deviation + correction) / sd), Math.min(1, 2 * Normal.upperTail(Math.abs(z)))};
        }
        return new MannWhitney(n1, n2, u1, z, p[2], p[0], p[1], exact, (pairs - u1) / pairs);
    }

    /**
     * One pass over both sorted samples: the first sample's rank sum (ties at their mean rank) and the tie term,
     * the sum of t³ − t over tie groups of size t.
     */
    private static double[] rankSumAndTies(int n1, int n2, SortedValues first, SortedValues second) {
        int i = 0;
        int j = 0;
        double processed = 0;     // values ranked so far
        double rankSumFirst = 0;
        double tieTerm = 0;
        while (i < n1 || j < n2) {
            double v;
            if (j >= n2 || (i < n1 && first.get(i) <= second.get(j))) {
                v = first.get(i);
            } else {
                v = second.get(j);
            }
            int c1 = 0;
            while (i < n1 && first.get(i) == v) {
                i++;
                c1++;
            }
            int c2 = 0;
            while (j < n2 && second.get(j) == v) {
                j++;
                c2++;
            }
            double t = c1 + c2;
            double meanRank = processed + (t + 1) / 2;
            rankSumFirst += c1 * meanRank;
            if (t > 1) {
                tieTerm += t * t * t - t;
            }
            processed += t;
        }
        return new double[] {rankSumFirst, tieTerm};
    }

    /** The exact one-sided (greater, less) and two-sided p-values of {@code u1}, without ties. */
    private static double[] exactPValues(int n1, int n2, double u1) {
        double[] dist = exactDistribution(n1, n2);
        int u = (int) Math.round(u1);
        double atMost = 0;
        for (int k = 0; k <= u; k++) {
            atMost += dist[k];
        }
        double atLeast = 0;
        for (int k = u; k < dist.length; k++) {
            atLeast += dist[k];
        }
        return new double[] {Math.min(1, atLeast), Math.min(1, atMost), Math.min(1, 2 * Math.min(atMost, atLeast))};
    }

    /**
     * P(U = u) for u = 0 … n1·n2 under the null hypothesis, without ties: the number of orderings of
     * n1 firsts and n2 seconds with U = u over C(n1 + n2, n1). Counts by the recursion on the largest
     * value — a first (above all n2 seconds, adding n2 to U) or a second — in doubles (exact up to
     * 2^53, relative error ~1e-16 beyond).
     */
    static double[] exactDistribution(int n1, int n2) {
        // row[j][u] = number of orderings of i firsts and j seconds with U = u, for the current i
        double[][] row = new double[n2 + 1][];
        for (int j = 0; j <= n2; j++) {
            row[j] = new double[]{1}; // i = 0: one ordering, U = 0
        }
        for (int i = 1; i <= n1; i++) {
            double[][] next = new double[n2 + 1][];
            next[0] = new double[]{1};
            for (int j = 1; j <= n2; j++) {
                double[] counts = new double[i * j + 1];
                double[] firstOnTop = row[j];       // i-1 firsts, j seconds; shift by j
                for (int u = 0; u < firstOnTop.length; u++) {
                    counts[u + j] += firstOnTop[u];
                }
                double[] secondOnTop = next[j - 1]; // i firsts, j-1 seconds
                for (int u = 0; u < secondOnTop.length; u++) {
                    counts[u] += secondOnTop[u];
                }
                next[j] = counts;
            }
            row = next;
        }
        double[] counts = row[n2];
        double total = 0;
        for (double c : counts) {
            total += c;
        }
        double[] p = new double[counts.length];
        for (int u = 0; u < counts.length; u++) {
            p[u] = counts[u] / total;
        }
        return p;
    }
}
