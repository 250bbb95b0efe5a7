package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.Verdict;
import org.junit.jupiter.api.Test;

import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The re-sizing self-check decides on the median of up to three pilots at twice the batch: one
 * pilot that differs is not enough to refuse a figure, a difference the pilots confirm is.
 */
class ResizedPilotsTests {

    /** A throughput timing of 1,000 calls per sample whose raw p50 per call is {@code perCall} ns. */
    private static Timing throughputAt(double perCall) {
        Summary raw = new Summary(ClockUnit.NANOSECONDS, 3, perCall, perCall, perCall, perCall, perCall, perCall, 0);
        Summary floorRaw = new Summary(ClockUnit.NANOSECONDS, 3, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0);
        return Timing.builder().label("region").clock(ClockId.CLOCK_MONOTONIC).readMethod("test").sortedSamples(new long[]{1, 2, 3})
                .floor(new ProbeFloor(ClockId.CLOCK_MONOTONIC, floorRaw, floorRaw, 1)).step(1, "test").raw(raw)
                .verdict(Verdict.RESOLVED, "resolved").mode(TimingMode.THROUGHPUT, 1_000).build();
    }

    private static Optional<String> check(double perCall, AtomicInteger taken, Double... pilots) {
        Iterator<Double> next = List.of(pilots).iterator();
        return SelfChecks.resizedDiffers(throughputAt(perCall), () -> {
            taken.incrementAndGet();
            return next.next();
        }, "ns");
    }

    @Test
    void aFirstPilotThatAgreesIsTheOnlyOneTaken() {
        AtomicInteger taken = new AtomicInteger();
        assertThat(check(2.6, taken, 2.5)).isEmpty();
        assertThat(taken).hasValue(1);
    }

    @Test
    void oneStrayPilotIsOutvotedByTheTwoAfterIt() {
        AtomicInteger taken = new AtomicInteger();
        assertThat(check(2.6, taken, 4.0, 2.5, 2.6)).isEmpty();
        assertThat(taken).hasValue(SelfChecks.RESIZE_PILOTS);
    }

    @Test
    void aDifferenceThePilotsConfirmRefusesTheFigure() {
        AtomicInteger taken = new AtomicInteger();
        assertThat(check(2.6, taken, 4.0, 4.1, 2.6)).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("self-check re-sized: 2.6 ns per call at 1000 calls per sample (p50, raw) and 4 ns at 2000")
                .contains("(median of 3 pilots of " + BatchSizing.PILOT_SAMPLES + " samples right after) differ by 1.54x"));
        assertThat(taken).hasValue(SelfChecks.RESIZE_PILOTS);
    }

    @Test
    void aLatencyTimingIsNotChecked() {
        Summary raw = new Summary(ClockUnit.NANOSECONDS, 3, 2, 2, 2, 2, 2, 2, 0);
        Timing latency = Timing.builder().label("region").clock(ClockId.CLOCK_MONOTONIC).readMethod("test").sortedSamples(new long[]{1, 2, 3})
                .floor(new ProbeFloor(ClockId.CLOCK_MONOTONIC, raw, raw, 1)).step(1, "test").raw(raw)
                .verdict(Verdict.RESOLVED, "resolved").build();
        assertThat(SelfChecks.resizedDiffers(latency, () -> 9.0, "ns")).isEmpty();
    }
}
