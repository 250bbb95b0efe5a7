package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;

import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JIT self-check refuses a figure whose samples ran under a compilation that changed what they
 * read, and lets stand one whose samples read the same before and after it.
 */
class SamplingJitTests {

    /** {@code before} samples of {@code a}, then {@code after} samples of {@code b}. */
    private static Samples split(int before, long a, int after, long b) {
        return Samples.of(LongStream.concat(LongStream.generate(() -> a).limit(before), LongStream.generate(() -> b).limit(after)).toArray());
    }

    @Test
    void aCompilationAfterWhichTheSamplesReadTheSameLeavesTheFigure() {
        assertThat(SamplingJit.unchangedAcross(split(512, 1000, 1536, 1100), 1, 512, 768)).isTrue();
    }

    @Test
    void aCompilationThatMovedTheSamplesBeyondNoiseRefusesIt() {
        assertThat(SamplingJit.unchangedAcross(split(1024, 3000, 1024, 1000), 1, 768, 1024)).isFalse();
    }

    @Test
    void tooFewSamplesAfterTheCompilationOrSeveralCompilationsRefuseIt() {
        assertThat(SamplingJit.unchangedAcross(split(1792, 1000, 256, 1000), 1, 1536, 1792)).as("a quarter after").isFalse();
        assertThat(SamplingJit.unchangedAcross(split(512, 1000, 1536, 1000), 2, 512, 768)).as("two compilations").isFalse();
    }

    @Test
    void aCompilationInTheFirstTenthCannotMoveTheMedian() {
        assertThat(SamplingJit.unchangedAcross(split(100, 50_000, 1948, 1000), 1, 0, 256)).isTrue();
    }
}
