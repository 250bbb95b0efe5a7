package dev.chronoscope.samples;

import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;

/**
 * How much garbage a call makes, next to how long it takes: a parser that reuses its buffer
 * allocates nothing per call, one that builds a String per call does. The claims are on the
 * warmed region alone — not on JUnit's work around it — and decide exactly.
 */
class AllocationPerformanceTests {

    private final char[] buffer = new char[20];
    private long value = 9_876_543_210L;

    /** Writes {@code v}'s decimal digits into the reused buffer; returns how many. */
    private int formatInto(long v) {
        int at = buffer.length;
        do {
            buffer[--at] = (char) ('0' + v % 10);
            v /= 10;
        } while (v > 0);
        return buffer.length - at;
    }

    @Test
    @SubtractProbeFloor
    void formattingIntoAReusedBufferAllocatesNothing(Probe probe) {
        Timing reused = probe.repeat("format into a reused buffer", 50_000, () -> formatInto(value++));
        Timing string = probe.repeat("Long.toString", 50_000, () -> Long.toString(value++));

        assertThat(reused).allocatesNothing();
        // a String and the byte[] of its ten digits: 56 B per call on JDK 25 (24 + 32), measured, not assumed
        assertThat(string).allocatesAtMostPerCall(64);
        // and that it allocates at all: the JIT did not scalar-replace the String this test is about
        assertThat(string).allocatesAtLeastPerCall(1);
    }
}
