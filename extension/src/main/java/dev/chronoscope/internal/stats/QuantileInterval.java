package dev.chronoscope.internal.stats;

/**
 * A distribution-free confidence interval for a population quantile, from two order statistics.
 *
 * <p>If the n samples are independent draws from one distribution with q-quantile ξ, the number B
 * of samples below ξ is Binomial(n, q). The interval between the {@code lower}-th and
 * {@code upper}-th smallest samples therefore covers ξ with probability
 * P(lower &le; B &le; upper − 1), whatever the distribution (for a distribution with atoms, such
 * as a clock that reads in steps, the closed interval covers at least that often). The ranks are
 * chosen from the exact binomial distribution, at most (1 − level)/2 of probability in each tail:
 * the classical order-statistic interval (Thompson 1936; e.g. Conover, <i>Practical Nonparametric
 * Statistics</i>, 3rd ed., §3.2; Campbell &amp; Gardner, BMJ 296:1454, 1988, whose worked example
 * for the median of n = 100 is ranks 40 and 61).
 *
 * <p>Once the samples are sorted this costs O(√n): the binomial probabilities are summed over a
 * window of ±12 standard deviations around the mean (the mass outside is below 1e-30), each from its
 * neighbour, so neither factorials nor their logarithms are needed, for ten million samples too.
 * A percentile bootstrap of the same quantile converges to about these ranks; this interval needs
 * no resampling and no seed, and its coverage is exact rather than approximate.
 *
 * @param n        number of samples
 * @param q        the quantile, in (0, 1]
 * @param lower    1-based rank of the lower bound; 0 when n is too small for one (the bound is −∞)
 * @param upper    1-based rank of the upper bound; n + 1 when n is too small for one (the bound is +∞)
 * @param coverage the exact probability that the interval covers the quantile
 */
public record QuantileInterval(int n, double q, int lower, int upper, double coverage) {

    /** The interval of ranks for the q-quantile of n samples at confidence {@code level} (e.g. 0.95). */
    public static QuantileInterval ranks(int n, double q, double level) {
        if (n < 1) {
            throw new IllegalArgumentException("need at least one sample, was " + n);
        }
        if (!(q > 0 && q <= 1)) {
            throw new IllegalArgumentException("quantile must be in (0, 1], was " + q);
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("confidence level must be in (0, 1), was " + level);
        }
        double tail = (1 - level) / 2;
        if (q == 1) {
            // B = n always: no sample exceeds the maximum of the distribution
            return new QuantileInterval(n, q, n, n + 1, 1.0);
        }
        Window w = Window.of(n, q);
        // lower: the largest l with P(B <= l - 1) <= tail; 0 when even P(B <= 0) > tail
        int lower = 0;
        for (int l = Math.min(n, w.to + 1); l >= 1; l--) { // above the window the CDF is 1
            if (w.cdf(l - 1) <= tail) {
                lower = l;
                break;
            }
        }
        // upper: the smallest u with P(B >= u) <= tail, i.e. 1 - P(B <= u - 1) <= tail; n + 1 when none
        int upper = n + 1;
        for (int u = Math.max(1, w.from); u <= n; u++) {
            if (1 - w.cdf(u - 1) <= tail) {
                upper = u;
                break;
            }
        }
        double coverage = w.cdf(upper - 1) - w.cdf(lower - 1);
        return new QuantileInterval(n, q, lower, upper, coverage);
    }

    /** True when the interval has a finite lower bound. */
    public boolean hasLower() {
        return lower >= 1;
    }

    /** True when the interval has a finite upper bound. */
    public boolean hasUpper() {
        return upper <= n;
    }

    /** The fewest samples for which the q-quantile's interval has both bounds at {@code level}. */
    public static int samplesForBothBounds(double q, double level) {
        if (q == 1) {
            return Integer.MAX_VALUE;
        }
        double tail = (1 - level) / 2;
        // an upper bound needs P(B = n) = q^n <= tail, a lower bound (1 - q)^n <= tail
        double worst = Math.max(q, 1 - q);
        return (int) Math.ceil(Math.log(tail) / Math.log(worst));
    }

    /** Binomial(n, q) probabilities over the window holding all but ~1e-30 of the mass, and their prefix sums. */
    private static final class Window {
        final int from;
        final int to;
        final double[] cumulative; // cumulative[k - from] = P(B <= k)

        private Window(int from, int to, double[] cumulative) {
            this.from = from;
            this.to = to;
            this.cumulative = cumulative;
        }

        static Window of(int n, double q) {
            double mean = n * q;
            double sd = Math.sqrt(n * q * (1 - q));
            int from = (int) Math.max(0, Math.floor(mean - 12 * sd - 10));
            int to = (int) Math.min(n, Math.ceil(mean + 12 * sd + 10));
            int mode = (int) Math.min(to, Math.max(from, Math.floor((n + 1) * q)));
            double[] p = new double[to - from + 1];
            double odds = q / (1 - q);
            p[mode - from] = 1.0;
            for (int k = mode; k < to; k++) {           // P(k+1)/P(k) = (n-k)/(k+1) * q/(1-q)
                p[k + 1 - from] = p[k - from] * (n - k) / (k + 1) * odds;
            }
            for (int k = mode; k > from; k--) {         // P(k-1)/P(k) = k/(n-k+1) * (1-q)/q
                p[k - 1 - from] = p[k - from] * k / (n - k + 1) / odds;
            }
            double total = 0;
            for (double v : p) {
                total += v;
            }
            double[] cumulative = new double[p.length];
            double sum = 0;
            for (int i = 0; i < p.length; i++) {
                sum += p[i] / total;
                cumulative[i] = sum;
            }
            cumulative[cumulative.length - 1] = to == n ? 1.0 : cumulative[cumulative.length - 1];
            return new Window(from, to, cumulative);
        }

        /** P(B &le; k). */
        double cdf(int k) {
            if (k < from) {
                return 0;
            }
            int i = k - from;
            return i >= cumulative.length ? 1.0 : cumulative[i];
        }
    }
}
