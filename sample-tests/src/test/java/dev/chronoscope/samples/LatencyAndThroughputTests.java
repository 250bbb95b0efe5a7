package dev.chronoscope.samples;

import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two questions a timing can answer, on the same code (see docs/explanation/latency-and-throughput.md):
 * <em>latency</em>, one call alone between two fenced reads ({@code repeat}), and
 * <em>throughput</em>, per call of k calls back to back ({@code repeatBackToBack}), which is what JMH's
 * average time reports. Back to back, the CPU overlaps consecutive independent calls, so a short
 * region's throughput figure is lower than its latency; a long region's are about the same. Both
 * figures of each region are in the test's section, each line saying which question it answers.
 */
@SubtractProbeFloor
class LatencyAndThroughputTests {

    // not final: the JIT must not fold the hash of a constant key
    private byte[] key64 = "session:4f1c2b9e-8a7d-4c3b-9e2f-1a0b3c4d5e6f:tenant:acme:region".getBytes(StandardCharsets.US_ASCII);
    private long multiplier = 6364136223846793005L;
    private long increment = 1442695040888963407L;

    /** Four dependent multiply-adds: about as short as a region gets. */
    long chain4() {
        long x = increment;
        x = x * multiplier + increment;
        x = x * multiplier + increment;
        x = x * multiplier + increment;
        return x * multiplier + increment;
    }

    @Test
    void aShortRegionIsFasterBackToBackThanAlone(Probe probe) {
        // () -> Fnv1aHashPerformanceTests.fnv1a(key64) returns a long: the LongSupplier overloads take it, with no boxing
        Timing alone = probe.repeat("fnv1a 64 B, latency", 20_000, () -> Fnv1aHashPerformanceTests.fnv1a(key64));
        Timing backToBack = probe.repeatBackToBack("fnv1a 64 B, back to back", 5_000, () -> Fnv1aHashPerformanceTests.fnv1a(key64));

        assertThat(backToBack.mode()).isEqualTo(TimingMode.THROUGHPUT);
        assertThat(backToBack).isResolved();
        // back to back is never slower than alone; the margin leaves room for a busy machine
        assertThat(backToBack.median()).isLessThanOrEqualTo(alone.median().multipliedBy(3).dividedBy(2).plusNanos(10));
    }

    @Test
    void aRegionShorterThanTheClockResolvesIsTimedInBatches(Probe probe) {
        Timing t = probe.repeatBackToBack("4 multiply-adds", 5_000, this::chain4);

        assertThat(t.callsPerSample()).as("calls per sample, chosen for the clock").isGreaterThan(1);
        assertThat(t.median()).isLessThan(Duration.ofNanos(1_000));
    }
}
