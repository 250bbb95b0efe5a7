package dev.chronoscope.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.SteppedReader;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SteppedReaderTests {

    @Test
    void roundsBothEndsDownToTheStepKeepingTheCpus() {
        ScriptedClockReader tsc = new ScriptedClockReader(ClockId.TSC_FENCED).region(1_000_003, 1, 1_000_051, 0);
        SteppedReader stepped = new SteppedReader(tsc, 26);

        // 1,000,003 = 38,461 x 26 + 17; 1,000,051 = 38,463 x 26 + 13: a real 48 ticks read as 52
        assertThat(stepped.begin()).isEqualTo(999_986);
        assertThat(stepped.beginCpu()).isEqualTo(1);
        assertThat(stepped.end()).isEqualTo(1_000_038);
        assertThat(stepped.endCpu()).isZero();
        assertThat(stepped.clock()).isEqualTo(ClockId.TSC_FENCED);
        assertThat(stepped.readMethod()).endsWith(", rounded down to 26-tick steps (chronoscope.host.tscStepTicks)");
    }

    @Test
    void onlyACounterIsStepped() {
        assertThatThrownBy(() -> new SteppedReader(new ScriptedClockReader(ClockId.CLOCK_MONOTONIC), 26))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("CLOCK_MONOTONIC does not count ticks: only a counter's readings have a step to describe");
        assertThatThrownBy(() -> new SteppedReader(new ScriptedClockReader(ClockId.TSC), 0))
                .hasMessage("step must be at least 1 tick, was 0");
    }
}
