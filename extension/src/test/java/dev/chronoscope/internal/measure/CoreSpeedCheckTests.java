package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.Comparison;
import dev.chronoscope.CoreSpeedState;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The core's speed around a batched sampling is a fact recorded beside the figure, never a refusal:
 * a throughput figure or a comparison sampled while the core ran slower than the JVM's reference
 * state keeps its verdict and carries the slowdown. The core's speed cannot be changed from a test
 * on every host, so the reference's readings are scripted here (two speeds one host ran at, 0.72
 * and 1.04 ns per multiply-add); the regions, their sampling and every check are real. What a
 * claim makes of the slowdown is in {@code CoreSpeedClaimTests}.
 */
class CoreSpeedCheckTests {

    private static final double FAST = 0.72;
    private static final double SLOW = 1.04;

    /** A multiply-add chain of {@code steps} steps, each call fed the last one's result. */
    private static final class Chain implements LongSupplier {
        private final int steps;
        private long mul = 2862933555777941757L;
        private long add = 3037000493L;
        private long x = 1;

        Chain(int steps) {
            this.steps = steps;
        }

        @Override
        public long getAsLong() {
            return x = MultiplyAddChain.run(x, mul, add, steps);
        }
    }

    private static MeasuringProbe probe(CoreSpeedReference reference) throws Exception {
        // the real floor of System.nanoTime, and a 10 ns quantum (the coarsest step seen of it): a call
        // of a few steps is not resolved alone against it, so a comparison of two takes them in batches
        ClockReader reader = ClockReaders.open(ClockId.NANO_TIME);
        Timings.Context context = Timings.Context.of(reader, Timings.measureFloor(reader, 2_000, 50_000_000L, null).floor())
                .step(10, "test").build();
        // regions warmed as a test's are (200 ms at most), so that their code is compiled before it is sampled
        return new MeasuringProbe(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(200_000_000L)
                .withFloorSamples(1_000).withCoreSpeed(reference));
    }

    /** A reference read twice at the faster speed, as timed tests read it before and after, and at the slower one from then on. */
    private static CoreSpeedReference slowedAfterTwoReadings() {
        AtomicBoolean slow = new AtomicBoolean();
        CoreSpeedReference reference = new CoreSpeedReference(() -> slow.get() ? SLOW : FAST);
        reference.nanosPerStep();
        reference.nanosPerStep();
        slow.set(true);
        return reference;
    }

    @Test
    void aThroughputFigureSampledOnASlowerCoreKeepsItsVerdictAndCarriesTheSlowdown() throws Exception {
        CoreSpeedReference reference = slowedAfterTwoReadings();

        Timing t = probe(reference).repeatBackToBack("chain", 1_000, new Chain(64));

        assertThat(String.valueOf(t.verdictReason())).doesNotContain("core speed");
        assertThat(t.coreSpeed().beforeNsPerStep()).isEqualTo(SLOW);
        assertThat(t.coreSpeed().afterNsPerStep()).isEqualTo(SLOW);
        assertThat(t.coreSpeed().referenceNsPerStep()).isEqualTo(FAST);
        assertThat(t.coreSpeed().slower()).isTrue();
        assertThat(t.coreSpeed().describe()).isEqualTo("core x1.44 slower than this JVM's reference state around these samples"
                + " (1.040 before, 1.040 after, against 0.720 ns per multiply-add)");
    }

    @Test
    void aThroughputFigureSampledAtTheReferenceSpeedIsNotSlower() throws Exception {
        CoreSpeedReference reference = new CoreSpeedReference(() -> FAST);
        reference.nanosPerStep();

        Timing t = probe(reference).repeatBackToBack("chain", 1_000, new Chain(64));

        assertThat(t.coreSpeed().known()).isTrue();
        assertThat(t.coreSpeed().slowdown()).isEqualTo(1.0);
        assertThat(t.coreSpeed().slower()).isFalse();
    }

    @Test
    void bothSidesOfAComparisonInBatchesCarryTheSameStateAndAreNotRefusedForIt() throws Exception {
        CoreSpeedReference reference = slowedAfterTwoReadings();

        // 8 and 12 steps, a few nanoseconds: not resolved one call alone, so per call in batches
        Comparison c = probe(reference).compare("a", new Chain(8), "b", new Chain(12), 1_000);

        assertThat(c.first().callsPerSample()).as("batched").isGreaterThan(1);
        assertThat(c.first().coreSpeed()).isEqualTo(c.second().coreSpeed());
        assertThat(c.first().coreSpeed().slower()).isTrue();
        assertThat(String.valueOf(c.first().verdictReason())).doesNotContain("core speed");
        assertThat(String.valueOf(c.second().verdictReason())).doesNotContain("core speed");
    }

    @Test
    void aComparisonOfOneCallAloneIsLatencyAndNotRead() throws Exception {
        CoreSpeedReference reference = slowedAfterTwoReadings();

        // 2,000 steps, over a microsecond: resolved one call alone
        Comparison c = probe(reference).compare("a", new Chain(2_000), "b", new Chain(2_000), 1_000);

        assertThat(c.first().callsPerSample()).as("one call alone").isEqualTo(1);
        assertThat(c.first().coreSpeed()).isEqualTo(CoreSpeedState.UNREAD);
    }

    @Test
    void oneOutlyingFastReadingCannotSetTheReferenceStateAndTwoThatAgreeCan() {
        double[] script = {1.00, 0.50, 1.02, 0.98, 0.72, 0.73};
        int[] at = {0};
        CoreSpeedReference reference = new CoreSpeedReference(() -> script[at[0]++]);

        assertThat(reference.referenceState()).as("before two readings").isNaN();
        reference.nanosPerStep();
        reference.nanosPerStep(); // 0.50: one fast moment
        assertThat(reference.referenceState()).isEqualTo(1.00);
        reference.nanosPerStep();
        reference.nanosPerStep();
        assertThat(reference.referenceState()).as("the usual speed, not the fast moment").isEqualTo(0.98);
        reference.nanosPerStep();
        reference.nanosPerStep();
        assertThat(reference.referenceState()).as("a fast state read twice").isEqualTo(0.72);
    }

    @Test
    void aSlowdownWithinTheSpreadOfOneSpeedIsNotSlower() {
        assertThat(new CoreSpeedState(0.74, 0.76, 0.72).slower()).isFalse();
        assertThat(new CoreSpeedState(0.72, 0.89, 0.72).slower()).as("x1.24").isFalse();
        assertThat(new CoreSpeedState(0.72, 0.91, 0.72).slower()).as("x1.26").isTrue();
        assertThat(CoreSpeedState.UNREAD.slower()).isFalse();
        assertThat(new CoreSpeedState(1.0, 1.0, Double.NaN).known()).as("no reference state yet").isFalse();
    }
}
