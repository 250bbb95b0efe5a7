package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.Comparison;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The core-speed self-check: a throughput figure or a comparison sampled while the core ran slower
 * than this JVM has seen it run is refused, saying so; one sampled at the speed seen before is not.
 * The core's speed cannot be changed from a test on every host, so the reference's readings are
 * scripted here (the readings of the two speeds of a bhyve guest, 0.72 and 1.04 ns per
 * multiply-add); the regions, their sampling and every other check are real.
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
        Timings.Context context = new Timings.Context(reader, null, Timings.measureFloor(reader, 2_000, 50_000_000L, null).floor(),
                true, 10, "test");
        // regions warmed as a test's are (200 ms at most), so that their code is compiled before it is sampled
        return new MeasuringProbe(context, 200_000_000L, 1_000, 5_000_000L, "", 0, new CompiledRegions(), reference);
    }

    /** A reference read once at the faster speed, as a timed test reads it before it begins, and at the slower one from then on. */
    private static CoreSpeedReference slowedSinceFirstReading() {
        AtomicBoolean slow = new AtomicBoolean();
        CoreSpeedReference reference = new CoreSpeedReference(() -> slow.get() ? SLOW : FAST);
        reference.nanosPerStep();
        slow.set(true);
        return reference;
    }

    @Test
    void aThroughputFigureSampledOnASlowerCoreIsRefusedNamingBothSpeeds() throws Exception {
        CoreSpeedReference reference = slowedSinceFirstReading();

        Timing t = probe(reference).throughput("chain", 1_000, new Chain(64));

        assertThat(t.verdict().name()).isEqualTo("REFUSED");
        assertThat(t.verdictReason()).contains("self-check core speed: the core ran the speed reference at 1.040 ns per"
                + " multiply-add around these samples (1.040 before, 1.040 after), x1.44 the fastest this JVM has read (0.720)");
    }

    @Test
    void aThroughputFigureSampledAtTheSpeedSeenBeforeIsNotRefusedForIt() throws Exception {
        CoreSpeedReference reference = new CoreSpeedReference(() -> FAST);
        reference.nanosPerStep();

        Timing t = probe(reference).throughput("chain", 1_000, new Chain(64));

        assertThat(String.valueOf(t.verdictReason())).doesNotContain("core speed");
    }

    @Test
    void bothSidesOfAComparisonInBatchesSampledOnASlowerCoreAreRefused() throws Exception {
        CoreSpeedReference reference = slowedSinceFirstReading();

        // 8 and 12 steps, a few nanoseconds: not resolved one call alone, so per call in batches
        Comparison c = probe(reference).compare("a", new Chain(8), "b", new Chain(12), 1_000);

        assertThat(c.first().callsPerSample()).as("batched").isGreaterThan(1);
        assertThat(c.first().verdictReason()).contains("self-check core speed");
        assertThat(c.second().verdictReason()).contains("self-check core speed");
        // REFUSED where the clock resolved the side; a side a busy host left unresolved carries the check as "also: …"
        assertThat(c.first().verdict().name()).as(c.first().verdictReason()).isNotEqualTo("RESOLVED");
        assertThat(c.second().verdict().name()).as(c.second().verdictReason()).isNotEqualTo("RESOLVED");
    }

    @Test
    void aComparisonOfOneCallAloneIsLatencyAndNotChecked() throws Exception {
        CoreSpeedReference reference = slowedSinceFirstReading();

        // 2,000 steps, over a microsecond: resolved one call alone
        Comparison c = probe(reference).compare("a", new Chain(2_000), "b", new Chain(2_000), 1_000);

        assertThat(c.first().callsPerSample()).as("one call alone").isEqualTo(1);
        assertThat(String.valueOf(c.first().verdictReason())).doesNotContain("core speed");
        assertThat(String.valueOf(c.second().verdictReason())).doesNotContain("core speed");
    }

    @Test
    void aSpeedWithinTheSpreadOfOneSpeedIsNotASlowerCore() {
        assertThat(SelfChecks.coreSlower(0.74, 0.76, 0.72, CoreSpeedReference.OWN)).isEmpty();
        assertThat(SelfChecks.coreSlower(0.72, 0.89, 0.72, CoreSpeedReference.OWN)).isEmpty(); // x1.24
        assertThat(SelfChecks.coreSlower(0.72, 0.91, 0.72, CoreSpeedReference.OWN)).hasValueSatisfying(r -> assertThat(r).contains("x1.26"));
        assertThat(SelfChecks.coreSlower(Double.NaN, Double.NaN, 0.72, CoreSpeedReference.OWN)).as("not read").isEmpty();
        assertThat(SelfChecks.coreSlower(1.0, 1.0, Double.NaN, CoreSpeedReference.OWN)).as("no reading before").isEmpty();
    }

    @Test
    void aJvmThatBeganOnTheSlowerCoreIsCheckedAgainstAFasterReadingRecalledFromAnotherJvm() throws Exception {
        CoreSpeedReference reference = new CoreSpeedReference(() -> SLOW);
        reference.nanosPerStep(); // this JVM has only read the slower speed
        reference.recall(FAST, "read on this host since it booted, by a JVM of this user and kept in /x/core-speed");

        Timing t = probe(reference).throughput("chain", 1_000, new Chain(64));

        assertThat(t.verdictReason()).contains("x1.44 the fastest read on this host since it booted, by a JVM of this user"
                + " and kept in /x/core-speed (0.720)");
        assertThat(reference.ownFastest()).isEqualTo(SLOW);
    }

    @Test
    void aRecalledReadingSlowerThanTheJvmsOwnIsNotTheFastest() {
        CoreSpeedReference reference = new CoreSpeedReference(() -> FAST);
        reference.nanosPerStep();
        reference.recall(SLOW, "elsewhere");

        assertThat(reference.fastest()).isEqualTo(FAST);
        assertThat(reference.fastestFrom()).isEqualTo(CoreSpeedReference.OWN);
        reference.recall(Double.NaN, "nowhere");
        reference.recall(-1, "nowhere");
        assertThat(reference.fastest()).isEqualTo(FAST);
    }

    @Test
    void theReferenceRemembersItsFastestReading() {
        double[] script = {0.90, 0.72, 1.04};
        int[] at = {0};
        CoreSpeedReference reference = new CoreSpeedReference(() -> script[at[0]++]);

        assertThat(reference.fastest()).isNaN();
        reference.nanosPerStep();
        assertThat(reference.fastest()).isEqualTo(0.90);
        reference.nanosPerStep();
        reference.nanosPerStep();
        assertThat(reference.fastest()).isEqualTo(0.72);
    }
}
