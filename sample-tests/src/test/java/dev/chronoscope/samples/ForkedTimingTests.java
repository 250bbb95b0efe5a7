package dev.chronoscope.samples;

import dev.chronoscope.Fork;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;

/**
 * A figure that must not depend on the suite around it: {@code @Fork} times the test in a fresh JVM
 * of its own, as JMH forks one per benchmark, so the JIT compiles this region from its own profile,
 * not from whatever other tests passed through the same code first. The section printed above the
 * {@code forked:} line is the fresh JVM's; that line says what the fork cost.
 */
@SubtractProbeFloor
class ForkedTimingTests {

    // not final: the JIT must not fold the chain of a constant
    private long multiplier = 6364136223846793005L;
    private long increment = 1442695040888963407L;

    /** 64 dependent multiply-adds. */
    long chain64() {
        long x = increment;
        for (int i = 0; i < 64; i++) {
            x = x * multiplier + increment;
        }
        return x;
    }

    @Test
    @Fork
    void aChainTimedInAFreshJvm(Probe probe) {
        Timing t = probe.repeatBackToBack("64 multiply-adds, fresh JVM", 2_000, this::chain64);

        assertThat(t).isResolved();
        // 64 dependent multiply-adds take tens of nanoseconds on any x86-64 or aarch64 core: 2 µs is a wide margin
        assertThat(t).median().isLessThan(Duration.ofNanos(2_000));
    }
}
