package dev.chronoscope.internal.measure.check;

import org.junit.jupiter.api.Test;

import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JIT self-check refuses a figure whose samples ran under a compilation that changed what they
 * read, and lets stand one whose samples read the same before and after it.
 */
class JitDuringSamplingCheckTests {

    /** {@code before} samples of {@code a}, then {@code after} samples of {@code b}. */
    private static long[] split(int before, long a, int after, long b) {
        return LongStream.concat(LongStream.generate(() -> a).limit(before), LongStream.generate(() -> b).limit(after)).toArray();
    }

    /** Whether {@code compiles} compilations, the last seen between samples {@code from} and {@code to}, left the figure. */
    private static boolean unchangedAcross(long[] samples, int compiles, int from, int to) {
        return JitDuringSamplingCheck.unchangedAcross(new JitSeen(compiles, 0, () -> "Region::run", from, to, samples.length,
                i -> samples[i]));
    }

    @Test
    void aCompilationAfterWhichTheSamplesReadTheSameLeavesTheFigure() {
        assertThat(unchangedAcross(split(512, 1000, 1536, 1100), 1, 512, 768)).isTrue();
    }

    @Test
    void aCompilationThatMovedTheSamplesBeyondNoiseRefusesIt() {
        assertThat(unchangedAcross(split(1024, 3000, 1024, 1000), 1, 768, 1024)).isFalse();
    }

    @Test
    void tooFewSamplesAfterTheCompilationOrSeveralCompilationsRefuseIt() {
        assertThat(unchangedAcross(split(1792, 1000, 256, 1000), 1, 1536, 1792)).as("a quarter after").isFalse();
        assertThat(unchangedAcross(split(512, 1000, 1536, 1000), 2, 512, 768)).as("two compilations").isFalse();
    }

    @Test
    void aCompilationInTheFirstTenthCannotMoveTheMedian() {
        assertThat(unchangedAcross(split(100, 50_000, 1948, 1000), 1, 0, 256)).isTrue();
    }
}
