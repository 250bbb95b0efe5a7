package dev.chronoscope.internal.bench;

import org.junit.jupiter.api.Test;

import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SampleStatsTests {

    @Test
    void trimmedMeanDropsTenPercentAtEachEnd() {
        // 1..20 with two wild outliers at the top: 10 % of 20 = 2 dropped each side (1, 2 and the outliers)
        long[] sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 1_000, 1_000_000};
        assertThat(SampleStats.trimmedMean(sorted, 0.10)).isEqualTo((3 + 18) * 16 / 2.0 / 16, within(1e-12));
    }

    @Test
    void trimmedMeanRoundsTheDroppedCountDown() {
        // 10 % of 15 = 1.5: one sample dropped each side, the mean of 2..14
        long[] sorted = LongStream.rangeClosed(1, 15).toArray();
        sorted[14] = 1_000;
        assertThat(SampleStats.trimmedMean(sorted, 0.10)).isEqualTo(8.0, within(1e-12));
    }

    @Test
    void zeroTrimIsThePlainMean() {
        assertThat(SampleStats.trimmedMean(new long[] {1, 2, 6}, 0)).isEqualTo(3.0, within(1e-12));
    }

    @Test
    void rejectsTrimmingEverything() {
        assertThatThrownBy(() -> SampleStats.trimmedMean(new long[] {1, 2}, 0.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0.5");
    }

    @Test
    void percentilesAreNearestRank() {
        long[] sorted = LongStream.rangeClosed(1, 100).toArray();
        assertThat(SampleStats.percentile(sorted, 50)).isEqualTo(50);
        assertThat(SampleStats.percentile(sorted, 99)).isEqualTo(99);
        assertThat(SampleStats.percentile(sorted, 100)).isEqualTo(100);
        assertThat(SampleStats.percentile(new long[] {7}, 50)).isEqualTo(7);
        assertThat(SampleStats.percentile(new long[] {1, 2, 3, 4}, 50)).isEqualTo(2);
        assertThat(SampleStats.percentile(new long[] {1, 2, 3, 4, 5}, 50)).isEqualTo(3);
    }

    @Test
    void summarizesAndSortsInPlace() {
        long[] samples = {40, 38, 42, 1_000, 40, 36, 40, 44, 40, 38};
        SampleStats.Summary s = SampleStats.summarizeInPlace(samples);
        assertThat(samples).isSorted();
        assertThat(s.count()).isEqualTo(10);
        assertThat(s.minTicks()).isEqualTo(36);
        assertThat(s.p50Ticks()).isEqualTo(40);
        assertThat(s.p99Ticks()).isEqualTo(1_000);
        // sorted: 36 38 38 40 40 40 40 42 44 1000; one dropped each side -> 38..44, 322 / 8
        assertThat(s.trimmedMeanTicks()).isEqualTo(40.25, within(1e-12));
    }

    @Test
    void medianOfRatios() {
        assertThat(SampleStats.median(new double[] {1.2, 0.9, 1.0})).isEqualTo(1.0);
        assertThat(SampleStats.median(new double[] {1.0, 1.2, 0.9, 1.1})).isEqualTo(1.05, within(1e-12));
    }

    @Test
    void rejectsEmptyInput() {
        assertThatThrownBy(() -> SampleStats.summarizeSorted(new long[0])).hasMessageContaining("no samples");
    }
}
