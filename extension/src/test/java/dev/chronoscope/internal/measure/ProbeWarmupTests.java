package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ProbeWarmupTests {

    @Test
    void aPlateauAboveTheLowestMedianIsNotSettled() {
        // seen in a cold JVM: optimised code at 68, then a slower plateau at 112 until recompiled
        List<Long> medians = List.of(196L, 154L, 68L, 68L, 68L, 112L, 112L, 112L, 112L, 112L);
        assertThat(ProbeWarmup.settled(medians, 2)).isFalse();
    }

    @Test
    void mediansWithinOneStepOfTheLowestAreSettled() {
        List<Long> medians = List.of(300L, 130L, 58L, 60L, 58L, 60L, 58L);
        assertThat(ProbeWarmup.settled(medians, 2)).isTrue();
    }

    @Test
    void theJitIsQuietWhenCompilationTimeDidNotMove() {
        assertThat(ProbeWarmup.jitQuiet(List.of(10L, 12L, 15L, 15L, 15L, 15L, 15L))).isTrue();
        assertThat(ProbeWarmup.jitQuiet(List.of(10L, 12L, 15L, 15L, 15L, 15L, 16L))).isFalse();
    }

    @Test
    void quantumIsTheSmallestGapBetweenDistinctValues() {
        assertThat(ProbeWarmup.quantum(Samples.of(48, 72, 72, 96, 48))).isEqualTo(24);
        assertThat(ProbeWarmup.quantum(Samples.of(5, 5, 5))).isZero();
    }

    @Test
    void warmingTheMonotonicPathEndsBelowItsFirstRound() throws Exception {
        ClockReader reader = ClockReaders.open(ClockId.CLOCK_MONOTONIC);
        ProbeWarmup warmup = ProbeWarmup.warm(reader, 2_000_000_000L);
        assertThat(warmup.rounds()).isGreaterThanOrEqualTo(ProbeWarmup.MIN_ROUNDS);
        assertThat(warmup.medians()).hasSize(warmup.rounds());
        // the settled median is never above the first (cold) round's; when the path is already warm at
        // the first round — earlier tests in this JVM (the doctor's real run), or the region shapes'
        // loops run before the rounds (RegionLoop.poisonShapes), which compiles it too — the two agree
        // within the tolerance the warm-up settles with (15 % of the lowest median or a step) rather than exactly
        long first = warmup.medians().get(0);
        assertThat(warmup.finalMedian()).isLessThanOrEqualTo(
                first + Math.max(2, (long) Math.ceil(ProbeWarmup.PLATEAU_TOLERANCE * first)));
    }
}
