package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.measure.check.PilotPair;
import dev.chronoscope.internal.measure.check.Pilots;
import dev.chronoscope.internal.measure.check.Refusal;
import dev.chronoscope.internal.measure.check.ResizedCheck;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The re-sizing self-check reads pilots at k and 2k calls per sample in turn and decides on the
 * median of up to three pairs' ratios: one pair that differs is not enough to refuse a figure, a
 * difference the pairs confirm is, and a host whose speed changed since the samples is no reason.
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

    /** The check with pilots that read {@code perCallAtK[i]} at 1,000 calls and {@code perCallAtDouble[i]} at 2,000, in turn. */
    private static Optional<String> check(List<Integer> asked, double[] perCallAtK, double[] perCallAtDouble) {
        Iterator<Double> k = java.util.Arrays.stream(perCallAtK).boxed().iterator();
        Iterator<Double> twice = java.util.Arrays.stream(perCallAtDouble).boxed().iterator();
        return resized(throughputAt(2.6), calls -> {
            asked.add(calls);
            asked.add(2 * calls);
            return new PilotPair(k.next(), twice.next());
        }).map(Refusal::reason);
    }

    /** The check on {@code timing} with pilots of {@link BatchSizing#PILOT_SAMPLES} samples from {@code pairs}. */
    private static Optional<Refusal> resized(Timing timing, java.util.function.IntFunction<PilotPair> pairs) {
        return new ResizedCheck().judge(timing, SamplingEvidence.of(-1, 3, timing.callsPerSample(), Optional.empty(), List.of(),
                "ns").pilots(Optional.of(new Pilots(BatchSizing.PILOT_SAMPLES, pairs))));
    }

    @Test
    void aFirstPairThatAgreesIsTheOnlyOneTakenAtKAndTwiceKInTurn() {
        List<Integer> asked = new ArrayList<>();
        assertThat(check(asked, new double[]{2.6}, new double[]{2.5})).isEmpty();
        assertThat(asked).containsExactly(1_000, 2_000);
    }

    @Test
    void aHostThatSlowedDownSinceTheSamplesSlowsBothPilotsAndRefusesNothing() {
        List<Integer> asked = new ArrayList<>();
        // the samples read 2.6 ns; a moment later the host is 1.7x slower at both sizes alike
        assertThat(check(asked, new double[]{4.4}, new double[]{4.4})).isEmpty();
    }

    @Test
    void oneStrayPairIsOutvotedByTheTwoAfterIt() {
        List<Integer> asked = new ArrayList<>();
        assertThat(check(asked, new double[]{2.6, 2.6, 2.6}, new double[]{4.0, 2.5, 2.6})).isEmpty();
        assertThat(asked).hasSize(2 * ResizedCheck.RESIZE_PILOTS);
    }

    @Test
    void aDifferenceThePairsConfirmRefusesTheFigure() {
        List<Integer> asked = new ArrayList<>();
        assertThat(check(asked, new double[]{2.6, 2.6, 2.6}, new double[]{4.0, 4.2, 2.6})).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("self-check re-sized: 2.6 ns per call at 1000 calls per sample and 4 ns at 2000")
                .contains("(raw p50s of pilots of " + BatchSizing.PILOT_SAMPLES + " samples each, taken in turn sample by sample right"
                        + " after the samples; median of 3 pairs) differ by 1.54x"));
        assertThat(asked).containsExactly(1_000, 2_000, 1_000, 2_000, 1_000, 2_000);
    }

    @Test
    void aLatencyTimingIsNotChecked() {
        Summary raw = new Summary(ClockUnit.NANOSECONDS, 3, 2, 2, 2, 2, 2, 2, 0);
        Timing latency = Timing.builder().label("region").clock(ClockId.CLOCK_MONOTONIC).readMethod("test").sortedSamples(new long[]{1, 2, 3})
                .floor(new ProbeFloor(ClockId.CLOCK_MONOTONIC, raw, raw, 1)).step(1, "test").raw(raw)
                .verdict(Verdict.RESOLVED, "resolved").build();
        assertThat(resized(latency, calls -> new PilotPair(9.0, 9.0))).isEmpty();
    }
}
