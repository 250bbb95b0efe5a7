package dev.chronoscope.internal.stats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The Mann–Whitney U test against published results. */
class MannWhitneyTests {

    @Test
    void scipyDocumentationExampleExactAndAsymptotic() {
        // SciPy reference, scipy.stats.mannwhitneyu, Examples (after LaMorte, "Mann Whitney U Test",
        // Boston University School of Public Health): ages at diagnosis, males vs females.
        // U1 = 17, exact two-sided p = 0.1111111111111111; method="asymptotic" (continuity
        // correction) p = 0.11134688653314041.
        double[] males = {19, 22, 16, 29, 24};
        double[] females = {20, 11, 17, 12};
        MannWhitney exact = MannWhitney.test(males, females, true, true);
        assertThat(exact.u1()).isEqualTo(17.0);
        assertThat(exact.u2()).isEqualTo(3.0);
        assertThat(exact.exact()).isTrue();
        assertThat(exact.pTwoSided()).isCloseTo(0.1111111111111111, within(1e-12));
        MannWhitney normal = MannWhitney.test(males, females, true, false);
        assertThat(normal.exact()).isFalse();
        assertThat(normal.z()).isCloseTo(6.5 / Math.sqrt(200.0 / 12), within(1e-12));
        assertThat(normal.pTwoSided()).isCloseTo(0.11134688653314041, within(1e-12));
        // without the continuity correction SciPy gives 0.0864107329737
        assertThat(MannWhitney.test(males, females, false, false).pTwoSided()).isCloseTo(0.0864107329737, within(1e-10));
    }

    @Test
    void rWilcoxTestExampleHollanderAndWolfe() {
        // R, ?wilcox.test: Hollander & Wolfe (1973), p. 69: permeability constants of the human
        // chorioamnion at term (x) and at 12-26 weeks (y). wilcox.test(x, y, alternative = "g"):
        // W = 35, p-value = 0.1272 (exact); with exact = FALSE, correct = FALSE: p-value = 0.1103.
        double[] x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
        double[] y = {1.15, 0.88, 0.90, 0.74, 1.21};
        MannWhitney exact = MannWhitney.test(x, y, true, true);
        assertThat(exact.u1()).isEqualTo(35.0);
        assertThat(exact.exact()).isTrue();
        assertThat(exact.pFirstGreater()).isCloseTo(0.1272, within(0.00005));
        MannWhitney large = MannWhitney.test(x, y, false, false);
        assertThat(large.pFirstGreater()).isCloseTo(0.1103, within(0.00005));
    }

    @Test
    void rSleepDataWithTiesUsesTheTieCorrectedNormalApproximation() {
        // R: wilcox.test(extra ~ group, data = sleep) -> W = 25.5, p-value = 0.06933, with the
        // warning "cannot compute exact p-value with ties" (Student 1908, Cushny & Peebles data).
        double[] group1 = {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
        double[] group2 = {1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};
        MannWhitney r = MannWhitney.test(group1, group2, true, true);
        assertThat(r.u1()).isEqualTo(25.5);
        assertThat(r.exact()).isFalse();
        assertThat(r.pTwoSided()).isCloseTo(0.06933, within(0.000005));
    }

    @Test
    void tortoiseAndHareFromWikipedia() {
        // Wikipedia, "Mann-Whitney U test", illustration of the direct method: finishing order
        // T H H H H H T T T T T H. "Take each tortoise in turn, and count the number of hares it
        // beats, getting 6, 1, 1, 1, 1, 1, which means that U_T = 11"; each hare beats 5, 5, 5, 5, 5,
        // 0 tortoises: U_H = 25. With finishing positions as the values, a tortoise beats a hare when
        // the hare's position is larger, so U_T is the number of pairs (hare, tortoise) with
        // hare > tortoise: the u1 of test(hare, tortoise).
        String order = "THHHHHTTTTTH";
        long[] tortoise = new long[6];
        long[] hare = new long[6];
        int t = 0;
        int h = 0;
        for (int i = 0; i < order.length(); i++) {
            if (order.charAt(i) == 'T') {
                tortoise[t++] = i;
            } else {
                hare[h++] = i;
            }
        }
        MannWhitney hareFirst = MannWhitney.test(hare, tortoise);
        assertThat(hareFirst.u1()).as("U_T: hares finishing behind a tortoise").isEqualTo(11.0);
        assertThat(hareFirst.u2()).as("U_H: tortoises finishing behind a hare").isEqualTo(25.0);
        // the hares are mostly ahead (smaller positions): the first sample tends smaller
        assertThat(hareFirst.probabilityFirstSmaller()).isEqualTo(25.0 / 36);
        MannWhitney tortoiseFirst = MannWhitney.test(tortoise, hare);
        assertThat(tortoiseFirst.u1()).as("swapping the samples swaps the Us").isEqualTo(25.0);
        assertThat(tortoiseFirst.u2()).isEqualTo(11.0);
    }

    @Test
    void u1CountsThePairsWhereTheFirstIsLargerTiesCountingOneHalf() {
        // the definition, counted pair by pair: an independent reference for u1 and u2, with ties
        Random random = new Random(17);
        for (int trial = 0; trial < 200; trial++) {
            long[] first = new long[1 + random.nextInt(12)];
            long[] second = new long[1 + random.nextInt(12)];
            for (int i = 0; i < first.length; i++) {
                first[i] = random.nextInt(6);
            }
            for (int j = 0; j < second.length; j++) {
                second[j] = random.nextInt(6);
            }
            double firstLarger = 0;
            double secondLarger = 0;
            for (long x : first) {
                for (long y : second) {
                    firstLarger += x > y ? 1 : x == y ? 0.5 : 0;
                    secondLarger += y > x ? 1 : x == y ? 0.5 : 0;
                }
            }
            MannWhitney r = MannWhitney.test(first, second);
            assertThat(r.u1()).as("trial %d: u1", trial).isEqualTo(firstLarger);
            assertThat(r.u2()).as("trial %d: u2", trial).isEqualTo(secondLarger);
        }
    }

    @Test
    void exactDistributionMatchesBruteForceEnumeration() {
        // every way to place 4 firsts among 4 + 5 positions, counting pairs first > second
        int n1 = 4;
        int n2 = 5;
        double[] dist = MannWhitney.exactDistribution(n1, n2);
        int[] counts = new int[n1 * n2 + 1];
        int total = 0;
        for (int mask = 0; mask < 1 << (n1 + n2); mask++) {
            if (Integer.bitCount(mask) != n1) {
                continue;
            }
            int u = 0;
            int secondsBelow = 0;
            for (int pos = 0; pos < n1 + n2; pos++) {
                if ((mask & (1 << pos)) != 0) {
                    u += secondsBelow;
                } else {
                    secondsBelow++;
                }
            }
            counts[u]++;
            total++;
        }
        for (int u = 0; u <= n1 * n2; u++) {
            assertThat(dist[u]).as("P(U = %d)", u).isCloseTo(counts[u] / (double) total, within(1e-15));
        }
    }

    @Test
    void effectSizeCountsWhoIsFaster() {
        MannWhitney r = MannWhitney.test(new long[]{1, 2, 3}, new long[]{4, 5, 6});
        assertThat(r.u1()).isZero();
        assertThat(r.probabilityFirstSmaller()).isEqualTo(1.0);
        assertThat(r.rankBiserial()).isEqualTo(1.0);
        // R: wilcox.test(c(1,2,3), c(4,5,6)) exact two-sided p = 0.1 (2 / C(6,3))
        assertThat(r.pTwoSided()).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void allTiedSamplesGivePOne() {
        MannWhitney r = MannWhitney.test(new long[]{5, 5, 5}, new long[]{5, 5});
        assertThat(r.pTwoSided()).isEqualTo(1.0);
        assertThat(r.z()).isZero();
        assertThat(r.probabilityFirstSmaller()).isEqualTo(0.5);
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang guard, not a time bound: counting pairs would take hours
    void aMillionQuantisedSamplesEachAreRankedWithTies() {
        long[] a = quantised(new Random(3), 1_000_000);
        long[] b = quantised(new Random(4), 1_000_000);
        MannWhitney r = MannWhitney.ofSorted(a, b, true, true);
        assertThat(r.exact()).as("ties and a million values: the normal approximation").isFalse();
        assertThat(r.u1() + r.u2()).as("every pair counted once").isEqualTo(1e12);
        assertThat(r.pTwoSided()).isBetween(0.0, 1.0);
    }

    @Test
    void theCostGrowsWithTheSamplesNotWithTheirPairs() {
        // One merge of the two sorted samples: 16x the samples cost about 16x the time (somewhat
        // more once they outgrow the CPU's caches); comparing pairs would cost 256x. Measured as a
        // ratio of the same test on both sizes (CostRatio), never as an absolute time: the bound,
        // 64x, leaves a factor of four for noise either way.
        long[] smallA = quantised(new Random(5), 4_096);
        long[] smallB = quantised(new Random(6), 4_096);
        long[] largeA = quantised(new Random(7), 65_536);
        long[] largeB = quantised(new Random(8), 65_536);
        CostRatio cost = CostRatio.of(() -> assertThat(MannWhitney.ofSorted(smallA, smallB, true, true).exact()).isFalse(),
                () -> assertThat(MannWhitney.ofSorted(largeA, largeB, true, true).exact()).isFalse(), 9);
        assertThat(cost.ratio()).as("16x the samples cost %s", cost).isLessThan(64);
    }

    /** {@code n} sorted values in steps of 24 (a clock's quantum), five distinct ones: ties everywhere. */
    private static long[] quantised(Random random, int n) {
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = 24L * (10 + random.nextInt(5));
        }
        java.util.Arrays.sort(values);
        return values;
    }

    @Test
    void normalCdfMatchesTabulatedValues() {
        // Abramowitz & Stegun, Table 26.1
        assertThat(Normal.cdf(0)).isEqualTo(0.5);
        assertThat(Normal.cdf(1.959963984540054)).isCloseTo(0.975, within(1e-15));
        assertThat(Normal.cdf(-3)).isCloseTo(0.0013498980316301, within(1e-15));
        assertThat(Normal.upperTail(8)).isCloseTo(6.22096057427178e-16, within(1e-22)); // relative 1e-7 so far out
    }
}
