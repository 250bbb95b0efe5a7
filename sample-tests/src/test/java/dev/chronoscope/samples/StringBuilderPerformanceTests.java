package dev.chronoscope.samples;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;

import java.time.Duration;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC_COARSE;
import static dev.chronoscope.ClockId.CLOCK_THREAD_CPUTIME_ID;
import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Times string building with the team's composed {@link TscPerformanceTest} annotation, for a time
 * budget; and shows what Chronoscope says about clocks that cannot time short regions well.
 */
class StringBuilderPerformanceTests {

    private int parts = 32;
    private String part = "chronoscope";

    private String build(int capacity) {
        StringBuilder b = new StringBuilder(capacity);
        for (int i = 0; i < parts; i++) {
            b.append(part).append(i);
        }
        return b.toString();
    }

    // 32 appends of a part and a number, ~300 chars: a few hundred ns; each claim allows 20 us

    @TscPerformanceTest
    void buildsWithAGrowingBuffer(Probe probe) {
        Timing t = probe.repeatFor("growing", Duration.ofMillis(200), () -> build(16));
        assertThat(t).hasAtLeastSamples(1_000);
        assertThat(t).median().isLessThan(Duration.ofNanos(20_000));
    }

    @TscPerformanceTest
    void buildsWithAPresizedBuffer(Probe probe) {
        Timing t = probe.repeatFor("presized", Duration.ofMillis(200), () -> build(512));
        assertThat(t).hasAtLeastSamples(1_000);
        assertThat(t).median().isLessThan(Duration.ofNanos(20_000));
    }

    /**
     * A CPU-time clock works, but every read is a system call: the section warns. The reads cost
     * about a microsecond, so each region builds eight strings (several microseconds) to stand
     * clear of that floor.
     */
    @org.junit.jupiter.api.Test
    @MeasureWith(CLOCK_THREAD_CPUTIME_ID)
    void buildsTimedWithThreadCpuTime(Probe probe) {
        Timing t = probe.repeat("growing x8, CPU time", 20_000, () -> {
            int length = 0;
            for (int i = 0; i < 8; i++) {
                length += build(16).length();
            }
            return length;
        });
        assertThat(t.clock()).isEqualTo(CLOCK_THREAD_CPUTIME_ID);
        assertThat(t).isResolved();
        assertThat(t).median().isLessThan(Duration.ofNanos(200_000));
    }

    /** A coarse clock steps at the kernel tick: a sub-microsecond region is not resolved. */
    @org.junit.jupiter.api.Test
    @MeasureWith(CLOCK_MONOTONIC_COARSE)
    void buildsTimedWithACoarseClock(Probe probe) {
        Timing t = probe.repeat("growing, coarse clock", 20_000, () -> build(16));
        assertThat(t.isResolved()).isFalse();
    }
}
