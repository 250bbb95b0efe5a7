package forks;

import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.Test;

/** Two timed tests, inherited by the four test classes, so that Surefire has classes to spread over forks. */
abstract class TwoTimedTests {

    static long seed = 1;

    @Test
    @MeasureWith(ClockId.CLOCK_MONOTONIC)
    void region(Probe probe) {
        probe.repeat("multiply-add", 2_000, () -> seed = seed * 6364136223846793005L + 1442695040888963407L);
    }

    @Test
    @MeasureWith(ClockId.CLOCK_MONOTONIC)
    void invocation() {
        seed += System.nanoTime() & 7;
    }
}
