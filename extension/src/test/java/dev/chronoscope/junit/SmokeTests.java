package dev.chronoscope.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SmokeTests {
    long seed = 7;

    @Test
    @SubtractProbeFloor
    void hashesWithTheDefaultClock(Probe probe) {
        Timing t = probe.repeat("mix 64", 100_000, () -> {
            long x = seed;
            for (int i = 0; i < 64; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            return x;
        });
        assertThat(t.kept()).isPositive();
    }

    @Test
    @MeasureWith(ClockId.CLOCK_MONOTONIC)
    void buildsAString() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            b.append(i);
        }
        assertThat(b.length()).isPositive();
    }
}
