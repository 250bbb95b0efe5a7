package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The JVM's probe-path warm-up, kept per clock: whose budget it was done with, and when it is done again. */
class JitStateTests {

    @Test
    void aWarmUpThatDidNotSettleIsDoneAgainForALargerBudgetOnly() throws Exception {
        JitState jit = new JitState();
        ClockReader reader = ClockReaders.open(ClockId.CLOCK_MONOTONIC);

        // a first run with the warm-up off: no round, so it did not settle
        ProbeWarmup off = jit.warmup(ClockId.CLOCK_MONOTONIC, reader, 0);
        assertThat(off.settled()).isFalse();
        assertThat(jit.warmup(ClockId.CLOCK_MONOTONIC, reader, 0)).as("the same budget again").isSameAs(off);

        // a later run with a budget: its own warm-up, not the first run's
        ProbeWarmup warmed = jit.warmup(ClockId.CLOCK_MONOTONIC, reader, 20_000_000L);
        assertThat(warmed).isNotSameAs(off);
        assertThat(warmed.rounds()).isPositive();
        assertThat(jit.warmup(ClockId.CLOCK_MONOTONIC, reader, 10_000_000L)).as("a smaller budget").isSameAs(warmed);
        assertThat(jit.settledLevel(ClockId.CLOCK_MONOTONIC)).isEqualTo(warmed.settledLevel());
    }
}
