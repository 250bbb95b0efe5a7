package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class RoundFiguresTests {

    /**
     * The figures a sort gives of the samples the round's figures are read from (every stride-th):
     * what the histogram must reproduce exactly; all of them when the round is sorted instead.
     */
    private static long[] sortedFigures(Samples samples, boolean all) {
        int stride = all ? 1 : RoundFigures.stride(samples.size());
        Samples read = new Samples(samples.size());
        for (int i = 0; i < samples.size(); i += stride) {
            read.add(samples.get(i));
        }
        Samples.Sorted sorted = read.sorted();
        return new long[] {Statistics.percentile(sorted, 50), RoundFigures.quantum(sorted)};
    }

    private static long[] sortedFigures(Samples samples) {
        return sortedFigures(samples, false);
    }

    private static long[] countedFigures(RoundFigures figures, Samples samples) {
        figures.read(samples);
        return new long[] {figures.median(), figures.quantum()};
    }

    @Test
    void givesTheSortsMedianAndStepForRoundsNarrowWideAndFullOfOutliers() {
        SplittableRandom random = new SplittableRandom(7);
        RoundFigures figures = new RoundFigures(); // reused, as a warm-up reuses it
        for (int round = 0; round < 400; round++) {
            int n = 1 + random.nextInt(5_000);
            long base = random.nextLong(1_000_000);
            long spread = switch (round % 4) {
                case 0 -> 50;           // a floor: a few hundred ticks
                case 1 -> 3_000;        // a batch of calls
                case 2 -> 20_000;       // wider than the histogram: the sort's path
                default -> 1;           // every value equal, or one apart
            };
            long step = 1 + random.nextInt(26);
            int outlierEvery = round % 3 == 0 ? 40 : 1_000_000;
            Samples samples = new Samples(n);
            for (int i = 0; i < n; i++) {
                long v = base + step * random.nextLong(spread);
                if (i % outlierEvery == 7) {
                    v += MAX_OUTLIER_DISTANCE + random.nextLong(100_000); // an interrupt in the sample
                }
                samples.add(v);
            }
            long[] counted = countedFigures(figures, samples);
            // a round too wide for the histogram is sorted, all of it
            assertThat(counted).as("round %d: n %d, spread %d, step %d", round, n, spread, step)
                    .satisfiesAnyOf(c -> assertThat(c).containsExactly(sortedFigures(samples)),
                            c -> assertThat(c).containsExactly(sortedFigures(samples, true)));
            if (spread * step < RoundFigures.MAX_RANGE && outlierEvery > 1_000) {
                assertThat(counted).as("round %d: within the histogram", round).containsExactly(sortedFigures(samples));
            }
        }
    }

    private static final long MAX_OUTLIER_DISTANCE = RoundFigures.MAX_RANGE;

    @Test
    void aMedianAmongTheOutliersIsTheSortsToo() {
        Samples samples = Samples.of(10, 12, 50_000, 60_000, 70_000);
        assertThat(countedFigures(new RoundFigures(), samples)).containsExactly(50_000, 2);
    }

    @Test
    void aLongRoundIsReadFromAtMost256EvenlySpacedSamples() {
        Samples samples = new Samples(10_000);
        for (int i = 0; i < 10_000; i++) {
            samples.add(i % 2 == 0 ? 100 : 102); // every 40th sample (the stride) is even-indexed: 100
        }
        assertThat(RoundFigures.stride(10_000)).isEqualTo(40);
        assertThat(RoundFigures.stride(256)).isEqualTo(1);
        assertThat(RoundFigures.stride(257)).isEqualTo(2);
        assertThat(countedFigures(new RoundFigures(), samples)).containsExactly(100, 0);
    }

    @Test
    void oneValueHasNoStep() {
        assertThat(countedFigures(new RoundFigures(), Samples.of(88))).containsExactly(88, 0);
        assertThat(countedFigures(new RoundFigures(), Samples.of(88, 88, 88))).containsExactly(88, 0);
    }

    @Test
    void theStepBetweenTheLastCountedValueAndTheFirstOutlierCounts() {
        // 0..8191 counted; 8_192 lies just beyond the histogram, one above the last counted value
        Samples samples = Samples.of(0, 4_000, 8_191, 8_192, 8_192, 9_000);
        assertThat(countedFigures(new RoundFigures(), samples)).containsExactly(8_191, 1);
    }
}
