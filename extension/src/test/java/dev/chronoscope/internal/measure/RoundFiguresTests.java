package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class RoundFiguresTests {

    /** The figures a sort gives: what the histogram must reproduce exactly. */
    private static long[] sortedFigures(Samples samples) {
        Samples.Sorted sorted = samples.sorted();
        return new long[] {Statistics.percentile(sorted, 50), ProbeWarmup.quantum(sorted)};
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
            long[] expected = sortedFigures(samples);
            assertThat(countedFigures(figures, samples)).as("round %d: n %d, spread %d, step %d", round, n, spread, step)
                    .containsExactly(expected);
        }
    }

    private static final long MAX_OUTLIER_DISTANCE = RoundFigures.MAX_RANGE;

    @Test
    void aMedianAmongTheOutliersIsTheSortsToo() {
        Samples samples = Samples.of(10, 12, 50_000, 60_000, 70_000);
        assertThat(countedFigures(new RoundFigures(), samples)).containsExactly(50_000, 2);
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
