package dev.chronoscope.internal.stats;

import dev.chronoscope.Comparison;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class BlockBootstrapTests {

    @Test
    void weightedMedianIsTheNearestRankMedianOfThePooledResample() {
        Random random = new Random(11);
        for (int trial = 0; trial < 500; trial++) {
            int m = 1 + random.nextInt(8);
            long[][] blocks = new long[m][];
            int[] weights = new int[m];
            int total = 0;
            for (int j = 0; j < m; j++) {
                blocks[j] = new long[random.nextInt(6)];
                for (int i = 0; i < blocks[j].length; i++) {
                    blocks[j][i] = 24L * random.nextInt(6) + random.nextInt(3);
                }
                Arrays.sort(blocks[j]);
                weights[j] = random.nextInt(3);
                total += weights[j] * blocks[j].length;
            }
            long[] pooled = new long[total];
            int k = 0;
            for (int j = 0; j < m; j++) {
                for (int w = 0; w < weights[j]; w++) {
                    for (long v : blocks[j]) {
                        pooled[k++] = v;
                    }
                }
            }
            Arrays.sort(pooled);
            long expected = total == 0 ? -1 : pooled[(int) Math.ceil(total / 2.0) - 1];
            assertThat(BlockBootstrap.weightedMedian(blocks, weights)).as("trial %d", trial).isEqualTo(expected);
        }
    }

    @Test
    void theSameSeedGivesTheSameInterval() {
        long[][] a = blocks(new Random(1), 50, 100, 1000, 50);
        long[][] b = blocks(new Random(2), 50, 100, 1100, 50);
        BlockBootstrap.Ratio r1 = BlockBootstrap.ratioOfMedians(a, b, 0, 0, 2000, 0.95, 5);
        BlockBootstrap.Ratio r2 = BlockBootstrap.ratioOfMedians(a, b, 0, 0, 2000, 0.95, 5);
        assertThat(r1).isEqualTo(r2);
        assertThat(r1.low()).isLessThanOrEqualTo(r1.ratio());
        assertThat(r1.high()).isGreaterThanOrEqualTo(r1.ratio());
    }

    @Test
    void coversTheTrueRatioAboutAsOftenAsClaimedWhenBlocksShareTheMachinesState() {
        // A machine whose speed wanders from block pair to block pair (shared by both blocks of a
        // pair, as interleaving makes it), plus independent block noise and skewed per-run noise.
        // The true ratio of medians is 2. The paired block bootstrap must cover it ~95 % of the time.
        Random random = new Random(99);
        int trials = 200;
        int covered = 0;
        double blockWidth = 0;
        double naiveWidth = 0;
        for (int t = 0; t < trials; t++) {
            long[][] a = new long[100][];
            long[][] b = new long[100][];
            wanderingMachine(random, a, b, 50);
            BlockBootstrap.Ratio r = BlockBootstrap.ratioOfMedians(a, b, 0, 0, 500, 0.95, t);
            if (r.low() <= 2 && 2 <= r.high()) {
                covered++;
            }
            if (t < 5) {
                // the same data resampled run by run (each run its own block) ignores the machine's
                // block-to-block wandering: a much narrower, overconfident interval
                BlockBootstrap.Ratio naive = BlockBootstrap.ratioOfMedians(single(a), single(b), 0, 0, 200, 0.95, t);
                blockWidth += r.high() - r.low();
                naiveWidth += naive.high() - naive.low();
            }
        }
        assertThat(covered / (double) trials).isBetween(0.90, 0.99);
        assertThat(naiveWidth).isLessThan(0.7 * blockWidth);
    }

    /** Pairs whose two blocks share a machine factor; true median ratio second/first = 2. */
    private static void wanderingMachine(Random random, long[][] a, long[][] b, int size) {
        for (int j = 0; j < a.length; j++) {
            double machine = Math.exp(0.05 * random.nextGaussian());
            double blockA = Math.exp(0.02 * random.nextGaussian());
            double blockB = Math.exp(0.02 * random.nextGaussian());
            a[j] = new long[size];
            b[j] = new long[size];
            for (int i = 0; i < size; i++) {
                a[j][i] = Math.round(1000 * machine * blockA * Math.exp(0.1 * random.nextGaussian()));
                b[j][i] = Math.round(2000 * machine * blockB * Math.exp(0.1 * random.nextGaussian()));
            }
            Arrays.sort(a[j]);
            Arrays.sort(b[j]);
        }
    }

    @Test
    void aMillionSamplesASideGiveTheRatioOfTheMedians() {
        Random random = new Random(5);
        long[] first = new long[1_000_000];
        long[] second = new long[1_000_000];
        for (int i = 0; i < first.length; i++) {
            first[i] = 24L * (10 + random.nextInt(8));
            second[i] = 24L * (20 + random.nextInt(8));
        }
        Comparison c = Synthetic.comparison(Synthetic.context(30, 24, false), first, second, 100);
        assertThat(c.secondOverFirst()).isEqualTo(c.second().percentileValue(50) / c.first().percentileValue(50));
        assertThat(c.bootstrapLow()).isLessThanOrEqualTo(c.secondOverFirst());
        assertThat(c.bootstrapHigh()).isGreaterThanOrEqualTo(c.secondOverFirst());
    }

    @Test
    void aResampleCostsTheLogarithmOfTheBlockSizeNotTheBlockSize() {
        // The documented cost of a resample is O(m log(block) log(range)): the pooled median is found
        // by binary searches in the sorted blocks, never by pooling the samples. Compare the same
        // bootstrap over blocks 100x larger (CostRatio: no absolute time): by the documented cost
        // about 2x the time (log 10,000 / log 100; measured 1.4x), by pooling 100x or more. The bound
        // is 6x: a resample that merely reads every sample once, the least any pooling does, measured
        // 14.5x, which a bound of 20x let pass; 6x still leaves a factor of three for noise.
        long[][] smallA = blocks(new Random(1), 100, 100, 1_000, 1_000);
        long[][] smallB = blocks(new Random(2), 100, 100, 2_000, 1_000);
        long[][] largeA = blocks(new Random(3), 100, 10_000, 1_000, 1_000);
        long[][] largeB = blocks(new Random(4), 100, 10_000, 2_000, 1_000);
        CostRatio cost = CostRatio.of(() -> bootstrap(smallA, smallB), () -> bootstrap(largeA, largeB), 5);
        assertThat(cost.ratio()).as("a 100x larger block costs %s", cost).isLessThan(6);
    }

    private static void bootstrap(long[][] a, long[][] b) {
        BlockBootstrap.Ratio r = BlockBootstrap.ratioOfMedians(a, b, 0, 0, BlockBootstrap.RESAMPLES, 0.95, 42);
        assertThat(r.low()).isLessThanOrEqualTo(r.high());
    }

    @Test
    void widensTheIntervalByOneClockStepOnEachMedian() {
        // identical constant samples: the bootstrap interval is [1, 1]; a step of 24 on medians of
        // 240 widens it to [216/264, 264/216]
        long[] samples = new long[1000];
        Arrays.fill(samples, 240);
        Comparison c = Synthetic.comparison(Synthetic.context(30, 24, false), samples, samples.clone(), 10);
        assertThat(c.bootstrapLow()).isEqualTo(1.0);
        assertThat(c.bootstrapHigh()).isEqualTo(1.0);
        assertThat(c.secondOverFirstLow()).isCloseTo(216.0 / 264, within(1e-12));
        assertThat(c.secondOverFirstHigh()).isCloseTo(264.0 / 216, within(1e-12));
    }

    private static long[][] blocks(Random random, int pairs, int size, int center, int spread) {
        long[][] out = new long[pairs][size];
        for (int j = 0; j < pairs; j++) {
            for (int i = 0; i < size; i++) {
                out[j][i] = center + random.nextInt(spread);
            }
            Arrays.sort(out[j]);
        }
        return out;
    }

    private static long[][] single(long[][] blocks) {
        return Arrays.stream(blocks).flatMapToLong(Arrays::stream).mapToObj(v -> new long[]{v}).toArray(long[][]::new);
    }
}
