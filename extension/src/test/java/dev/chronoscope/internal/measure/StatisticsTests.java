package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.clock.ClockReader;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class StatisticsTests {

    @Test
    void nearestRankPercentilesAreObservedValues() {
        // 1..10: p50 = rank ceil(5) = 5; p90 = rank 9 = 9; p99 = rank ceil(9.9) = 10
        Statistics s = Statistics.of(7, 3, 10, 1, 5, 2, 9, 4, 8, 6);
        assertThat(s.count()).isEqualTo(10);
        assertThat(s.min()).isEqualTo(1);
        assertThat(s.p50()).isEqualTo(5);
        assertThat(s.p90()).isEqualTo(9);
        assertThat(s.p99()).isEqualTo(10);
        assertThat(s.max()).isEqualTo(10);
        assertThat(s.mean()).isCloseTo(5.5, within(1e-12));
    }

    @Test
    void medianOfAnOddCountIsTheMiddleValue() {
        assertThat(Statistics.of(5, 1, 3).p50()).isEqualTo(3);
    }

    @Test
    void quantisedSamplesGiveQuantisedPercentiles() {
        // a clock stepping by 24: no percentile may fall between the steps
        Statistics s = Statistics.of(48, 72, 72, 72, 96, 96, 120, 48, 72, 72);
        assertThat(java.util.List.of(s.p50(), s.p90(), s.p99())).allMatch(v -> v % 24 == 0);
    }

    @Test
    void medianAbsoluteDeviationMatchesTheDefinition() {
        // data 1,1,2,2,4,6,9: median 2; |x-2| = 1,1,0,0,2,4,7 -> sorted 0,0,1,1,2,4,7 -> median 1
        assertThat(Statistics.of(1, 1, 2, 2, 4, 6, 9).mad()).isEqualTo(1.0);
    }

    @Test
    void medianAbsoluteDeviationAgreesWithABruteForceComputation() {
        Random random = new Random(42);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + random.nextInt(60);
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                values[i] = random.nextInt(50);
            }
            Statistics s = Statistics.of(values);
            long[] deviations = new long[n];
            for (int i = 0; i < n; i++) {
                deviations[i] = Math.abs(values[i] - s.p50());
            }
            assertThat(s.mad()).as("trial %d", trial).isEqualTo((double) Statistics.percentile(Samples.of(deviations), 50));
        }
    }

    @Test
    void samplesSwitchToLongStorageWhenAValueNeedsIt() {
        Samples samples = Samples.of(1, 2, 3L + Integer.MAX_VALUE, 4);
        assertThat(samples.toArray()).containsExactly(1, 2, 3L + Integer.MAX_VALUE, 4);
        assertThat(Statistics.of(samples).max()).isEqualTo(3L + Integer.MAX_VALUE);
    }

    @Test
    void refusesAnEmptySampleAndAPercentileOutOfRange() {
        assertThatThrownBy(() -> Statistics.of(new Samples(0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no samples");
        assertThatThrownBy(() -> Statistics.percentile(Samples.of(1), 0)).hasMessageContaining("(0, 100]");
    }

    @Test
    void aListReusedRoundAfterRoundGivesTheSameMedianAndStepAsASortedCopy() {
        SampleRecorder recorder = new SampleRecorder(4);
        long[][] rounds = {{90, 84, 86, 120, 84}, {7, 3, 5}, {70_000_000_000L, 24, 48}};
        for (long[] round : rounds) {
            recorder.clear();
            for (long value : round) {
                recorder.record(0, value, ClockReader.CPU_UNKNOWN, ClockReader.CPU_UNKNOWN);
            }
            Samples copy = Samples.of(round);
            long expectedMedian = Statistics.percentile(copy, 50);
            long expectedStep = RoundFigures.quantum(copy);
            Samples.Sorted inPlace = recorder.samples().sortedInPlace();
            assertThat(inPlace.size()).as("only this round's values").isEqualTo(round.length);
            assertThat(Statistics.percentile(inPlace, 50)).isEqualTo(expectedMedian);
            assertThat(RoundFigures.quantum(inPlace)).isEqualTo(expectedStep);
        }
    }
}
