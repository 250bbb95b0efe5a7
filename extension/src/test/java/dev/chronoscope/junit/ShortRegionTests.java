package dev.chronoscope.junit;

import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.clock.ClockSurvey;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.clock.StepObservation;
import dev.chronoscope.internal.measure.ClockStep;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.ProbeSettings;
import dev.chronoscope.internal.measure.Timings;
import dev.chronoscope.junit.QuantizedClockComparisonTests.QuantizedClock;
import org.junit.jupiter.api.Test;

import java.util.function.Supplier;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Regions shorter than the clock resolves alone, on a simulated clock of 10 ns quanta whose reads
 * cost 25-35 ns (CLOCK_MONOTONIC on an AMD EPYC guest, where the sample
 * {@code hashMapLooksUpFasterThanTreeMap} aborted): {@code throughput} batches them until the clock
 * resolves them, and {@code compare} batches both regions alike and decides.
 */
class ShortRegionTests {

    private static MeasuringProbe probe(QuantizedClock clock) {
        StepObservation reads = ClockSurvey.observe(clock, 100_000, 0, Long.MAX_VALUE);
        Timings.Floor floor = Timings.measureFloor(clock, 10_000, Long.MAX_VALUE, null);
        EffectiveResolution resolution = new ClockStep(reads, reads.smallestStep()).resolution(floor);
        Timings.Context context = Timings.Context.of(clock, floor.floor()).step(resolution).build();
        return new MeasuringProbe(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(0));
    }

    @Test
    void aThreeNanosecondRegionIsResolvedPerCallInBatches() {
        QuantizedClock clock = new QuantizedClock(1);
        MeasuringProbe probe = probe(clock);

        Timing alone = probe.repeat("alone", 2_000, clock.work(3));
        Timing t = probe.repeatBackToBack("batched", 2_000, clock.work(3));

        assertThat(alone.verdict()).isEqualTo(Verdict.NOT_RESOLVED);
        assertThat(t.mode()).isEqualTo(TimingMode.THROUGHPUT);
        assertThat(t.verdict()).as(t.verdictReason()).isEqualTo(Verdict.RESOLVED);
        assertThat(t.callsPerSample()).as("a sample spans at least a microsecond").isGreaterThanOrEqualTo(1_000 / 5);
        assertThat(t.percentileValue(50)).as("per call, net of the batch floor").isCloseTo(3, within(0.5));
        assertThat(t.clockStep()).as("a batch's quantum shared among its calls").isEqualTo(10.0 / t.callsPerSample());
    }

    @Test
    void aComparisonOfRegionsTheClockDoesNotResolveAloneIsBatchedAndDecides() {
        for (long seed = 1; seed <= 5; seed++) {
            QuantizedClock clock = new QuantizedClock(seed);
            MeasuringProbe probe = probe(clock);
            // like 8 HashMap lookups against 8 TreeMap lookups: the first alone is below 4 quanta
            Comparison c = probe.compare("HashMap.get x8", clock.work(15), "TreeMap.get x8", clock.work(45), 2_000);

            assertThat(c.batching()).get().asString().startsWith("throughput: both regions per call, ")
                    .contains("because the clock does not resolve one call of 'HashMap.get x8' alone");
            assertThat(c.first().callsPerSample()).isEqualTo(c.second().callsPerSample()).isGreaterThan(1);
            assertThat(c.first().mode()).isEqualTo(TimingMode.THROUGHPUT);
            assertThat(c.first().verdict()).isEqualTo(Verdict.RESOLVED);
            assertThat(c.secondOverFirst()).as("seed %d", seed).isCloseTo(3.0, within(0.3));
            assertThat(c.toString()).contains("calls back to back in each sample");
            assertThat(c).firstIsFasterThanSecond().byAtLeast(1.5);
        }
    }

    /**
     * Code that settles faster after the comparison looked at one call of it alone: the look read it
     * resolved (a 2.6 ns map lookup not yet at its fastest read so in 3-5 of 8 JVMs), its samples of
     * one call each then below four quanta. The comparison is taken again per call in batches.
     */
    @Test
    void aComparisonWhoseRegionsSettleBelowTheClockAfterTheLookAloneIsTakenAgainInBatches() {
        QuantizedClock clock = new QuantizedClock(1);
        Supplier<Object> a = settling(clock.work(100), clock.work(3));
        Supplier<Object> b = settling(clock.work(100), clock.work(9));

        Comparison c = probe(clock).compare("a", a, "b", b, 2_000);

        assertThat(c.batching()).get().asString().startsWith("throughput: both regions per call, ")
                .contains("because the clock does not resolve one call of 'a' alone (its samples of one call each were"
                        + " not resolved: ");
        assertThat(c.first().callsPerSample()).isEqualTo(c.second().callsPerSample()).isGreaterThan(1);
        assertThat(c.first().verdict()).as(c.first().verdictReason()).isEqualTo(Verdict.RESOLVED);
        assertThat(c.second().verdict()).as(c.second().verdictReason()).isEqualTo(Verdict.RESOLVED);
        assertThat(c.secondOverFirst()).isCloseTo(3.0, within(0.3));
    }

    /** {@code before} until the region is first called while a comparison samples it, {@code after} from then on. */
    private static Supplier<Object> settling(Supplier<Object> before, Supplier<Object> after) {
        boolean[] settled = new boolean[1];
        return () -> {
            if (!settled[0]) {
                settled[0] = StackWalker.getInstance().walk(frames -> frames.anyMatch(f ->
                        f.getClassName().endsWith(".InterleavedComparison") && f.getMethodName().equals("sample")));
            }
            return settled[0] ? after.get() : before.get();
        };
    }

    @Test
    void regionsTheClockResolvesAloneAreComparedOneCallPerSample() {
        QuantizedClock clock = new QuantizedClock(1);
        Comparison c = probe(clock).compare("a", clock.work(100), "b", clock.work(300), 2_000);

        assertThat(c.batching()).isEmpty();
        assertThat(c.first().mode()).isEqualTo(TimingMode.LATENCY);
        assertThat(c.second().callsPerSample()).isEqualTo(1);
    }

    @Test
    void moreCallsThanTheBoundAreRefusedNamingTheBatchAndTheSamplesAllowed() {
        QuantizedClock clock = new QuantizedClock(1);
        Supplier<Object> nothing = () -> null; // costs nothing on the simulated clock: the largest batch
        MeasuringProbe probe = probe(clock);

        assertThatThrownBy(() -> probe.repeatBackToBack("free", Probe.MAX_SAMPLES, nothing))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Probe.throughput(\"free\"): 10000000 samples of 1048576 calls each (the batch the clock needs"
                        + " for this region) would run 10485760000000 calls, more than the bound of 2000000000; ask for at"
                        + " most 1907 samples")
                .satisfies(e -> assertThat(e.getSuppressed()).as("not reported as the region's failure").isEmpty());
        assertThat(probe.timings()).isEmpty();
    }
}
