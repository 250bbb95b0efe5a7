package dev.chronoscope.internal.stats;

import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The order-statistic interval of a quantile, and the percentile definition, against published values.
 */
class QuantileIntervalTests {

    @Test
    void medianOfOneHundredIsBetweenThe40thAnd61stValues() {
        // Campbell MJ, Gardner MJ. "Calculating confidence intervals for some non-parametric analyses."
        // BMJ 1988;296:1454-6: for n = 100 the 95 % interval of the median is the 40th to the 61st
        // observation. Exact binomial: P(B <= 39) = 0.0176 <= 0.025 < P(B <= 40) = 0.0284.
        QuantileInterval r = QuantileInterval.ranks(100, 0.5, 0.95);
        assertThat(r.lower()).isEqualTo(40);
        assertThat(r.upper()).isEqualTo(61);
        assertThat(r.coverage()).isCloseTo(1 - 2 * 0.017600, within(1e-5));
    }

    @Test
    void medianOfTenIsBetweenThe2ndAnd9thValuesWithCoverage97Point9Percent() {
        // Campbell & Gardner's table for small samples: n = 10 -> ranks 2 and 9, exact level 97.9 %.
        // Exactly: 1 - 2 * P(B <= 1) = 1 - 2 * 11/1024.
        QuantileInterval r = QuantileInterval.ranks(10, 0.5, 0.95);
        assertThat(r.lower()).isEqualTo(2);
        assertThat(r.upper()).isEqualTo(9);
        assertThat(r.coverage()).isCloseTo(1 - 22.0 / 1024, within(1e-12));
    }

    @Test
    void agreesWithTheNormalApproximationForLargeSamples() {
        // for large n the ranks are n q -/+ 1.96 sqrt(n q (1-q)) (Conover, 3rd ed., eq. 3.2.3)
        for (double q : new double[]{0.5, 0.9, 0.99}) {
            int n = 1_000_000;
            QuantileInterval r = QuantileInterval.ranks(n, q, 0.95);
            double half = 1.959964 * Math.sqrt(n * q * (1 - q));
            assertThat((double) r.lower()).as("q %s", q).isCloseTo(n * q - half, within(2.0));
            assertThat((double) r.upper()).as("q %s", q).isCloseTo(n * q + half + 1, within(2.0));
            assertThat(r.coverage()).isBetween(0.95, 0.951);
        }
    }

    @Test
    void coverageIsNeverBelowTheLevelAndEachTailAtMostHalfTheRest() {
        // The tails are recomputed here from the binomial probabilities summed from k = 0 in log space,
        // independently of the implementation's window around the mode. Each tail may hold at most
        // (1 - level) / 2, and the ranks are the tightest that do: one rank further in, the tail
        // would hold more than that.
        double tail = (1 - 0.95) / 2;
        for (int n = 1; n <= 400; n += 3) {
            for (double q : new double[]{0.05, 0.25, 0.5, 0.9, 0.99}) {
                QuantileInterval r = QuantileInterval.ranks(n, q, 0.95);
                double[] cdf = binomialCdf(n, q);
                String where = "n " + n + " q " + q + " ranks " + r.lower() + ".." + r.upper();
                double below = r.lower() >= 1 ? cdf[r.lower() - 1] : 0;  // P(B <= lower - 1)
                double above = r.upper() <= n ? 1 - cdf[r.upper() - 1] : 0; // P(B >= upper)
                assertThat(below).as("lower tail, " + where).isLessThanOrEqualTo(tail + 1e-12);
                assertThat(above).as("upper tail, " + where).isLessThanOrEqualTo(tail + 1e-12);
                if (r.lower() < n) {
                    assertThat(cdf[r.lower()]).as("the lower rank is the highest allowed, " + where).isGreaterThan(tail - 1e-12);
                }
                if (r.upper() >= 2) {
                    assertThat(1 - cdf[r.upper() - 2]).as("the upper rank is the lowest allowed, " + where)
                            .isGreaterThan(tail - 1e-12);
                }
                assertThat(r.coverage()).as("coverage is what the tails leave, " + where)
                        .isCloseTo(1 - below - above, within(1e-9));
                if (r.hasLower() && r.hasUpper()) {
                    assertThat(r.coverage()).as(where).isGreaterThanOrEqualTo(0.95 - 1e-12);
                }
                assertThat(r.lower()).as(where).isLessThan(r.upper());
            }
        }
    }

    /** P(B <= k) for B ~ Binomial(n, q), k = 0..n: each probability from log C(n, k) built up from k = 0. */
    private static double[] binomialCdf(int n, double q) {
        double[] cdf = new double[n + 1];
        double logChoose = 0;
        double sum = 0;
        for (int k = 0; k <= n; k++) {
            if (k > 0) {
                logChoose += Math.log(n - k + 1) - Math.log(k);
            }
            sum += Math.exp(logChoose + k * Math.log(q) + (n - k) * Math.log1p(-q));
            cdf[k] = Math.min(1, sum);
        }
        return cdf;
    }

    @Test
    void aP99NeedsAtLeast368SamplesForAnUpperBound() {
        // 0.99^367 = 0.02502 > 0.025 >= 0.99^368
        assertThat(QuantileInterval.ranks(367, 0.99, 0.95).hasUpper()).isFalse();
        assertThat(QuantileInterval.ranks(368, 0.99, 0.95).hasUpper()).isTrue();
        assertThat(QuantileInterval.samplesForBothBounds(0.99, 0.95)).isEqualTo(368);
        // the maximum has a lower bound (the sample maximum) and never an upper one
        QuantileInterval max = QuantileInterval.ranks(1000, 1.0, 0.95);
        assertThat(max.lower()).isEqualTo(1000);
        assertThat(max.hasUpper()).isFalse();
    }

    @Test
    void coversTheTrueMedianAtLeast95PercentOfTheTimeInSimulation() {
        // exponential samples (skewed like timings): true median ln 2
        Random random = new Random(1);
        int trials = 4000;
        int n = 200;
        QuantileInterval r = QuantileInterval.ranks(n, 0.5, 0.95);
        int covered = 0;
        double[] x = new double[n];
        for (int t = 0; t < trials; t++) {
            for (int i = 0; i < n; i++) {
                x[i] = -Math.log(1 - random.nextDouble());
            }
            Arrays.sort(x);
            if (x[r.lower() - 1] <= Math.log(2) && Math.log(2) <= x[r.upper() - 1]) {
                covered++;
            }
        }
        // expected r.coverage() (~0.957); 4000 trials: sd 0.3 %
        assertThat(covered / (double) trials).isCloseTo(r.coverage(), within(0.015));
    }

    @Test
    void aPercentileBootstrapOfTheMedianLandsOnAboutTheSameRanks() {
        // The interval replaces a percentile bootstrap of the quantile: with enough resamples the
        // bootstrap's 2.5 % and 97.5 % points are within a rank or two of the binomial ranks.
        int n = 401;
        long[] sorted = new long[n];
        for (int i = 0; i < n; i++) {
            sorted[i] = i; // value = rank - 1, so a bootstrap median tells its rank directly
        }
        Random random = new Random(7);
        int resamples = 20_000;
        long[] medians = new long[resamples];
        long[] draw = new long[n];
        for (int b = 0; b < resamples; b++) {
            for (int i = 0; i < n; i++) {
                draw[i] = sorted[random.nextInt(n)];
            }
            Arrays.sort(draw);
            medians[b] = draw[(n + 1) / 2 - 1];
        }
        Arrays.sort(medians);
        QuantileInterval r = QuantileInterval.ranks(n, 0.5, 0.95);
        assertThat((double) medians[(int) Math.ceil(0.025 * resamples) - 1] + 1).isCloseTo(r.lower(), within(2.0));
        assertThat((double) medians[(int) Math.ceil(0.975 * resamples) - 1] + 1).isCloseTo(r.upper(), within(2.0));
    }

    @Test
    void tenMillionSamplesHaveBothBounds() {
        QuantileInterval r = QuantileInterval.ranks(10_000_000, 0.999, 0.95);
        assertThat(r.hasLower() && r.hasUpper()).isTrue();
        assertThat(r.coverage()).isGreaterThanOrEqualTo(0.95);
    }

    @Test
    void theCostGrowsWithTheSquareRootOfTheSamples() {
        // The binomial probabilities are summed over +-12 standard deviations, so the cost grows like
        // sqrt(n): 64x the samples cost about 8x the time; a sum over all n would cost 64x, one over
        // all pairs of ranks 4096x. Measured as a ratio of the same call on both sizes (CostRatio),
        // never as an absolute time: the bound, 32x, leaves a factor of four for noise either way.
        CostRatio cost = CostRatio.of(() -> assertThat(QuantileInterval.ranks(156_250, 0.5, 0.95).hasUpper()).isTrue(),
                () -> assertThat(QuantileInterval.ranks(10_000_000, 0.5, 0.95).hasUpper()).isTrue(), 25);
        assertThat(cost.ratio()).as("64x the samples cost %s", cost).isLessThan(32);
    }

    @Test
    void percentilesAreNearestRankAsOnWikipedia() {
        // Nearest-rank method (Wikipedia, "Percentile", worked examples; Hyndman & Fan 1996, type 1,
        // the inverse of the empirical distribution function): the value at rank ceil(p/100 * n).
        // Chronoscope uses it everywhere because it always reports a value the clock really read.
        Timing a = Synthetic.timing("a", 15, 20, 35, 40, 50);
        assertThat(a.percentileValue(5)).isEqualTo(15);
        assertThat(a.percentileValue(30)).isEqualTo(20);
        assertThat(a.percentileValue(40)).isEqualTo(20);
        assertThat(a.percentileValue(50)).isEqualTo(35);
        assertThat(a.percentileValue(100)).isEqualTo(50);
        Timing b = Synthetic.timing("b", 3, 6, 7, 8, 8, 10, 13, 15, 16, 20);
        assertThat(b.percentileValue(25)).isEqualTo(7);
        assertThat(b.percentileValue(50)).isEqualTo(8);
        assertThat(b.percentileValue(75)).isEqualTo(15);
        assertThat(b.percentileValue(100)).isEqualTo(20);
    }
}
