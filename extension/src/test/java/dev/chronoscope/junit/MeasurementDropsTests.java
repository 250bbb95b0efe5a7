package dev.chronoscope.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ReadingDifferences;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.ProbeSettings;
import dev.chronoscope.internal.measure.SampleRecorder;
import dev.chronoscope.internal.measure.Timings;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.chronoscope.internal.clock.ClockReader.CPU_UNKNOWN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Samples that cannot be trusted — the two reads on different CPUs, or a clock that went
 * backwards — are dropped and counted, each once, and nothing is lost silently: kept plus dropped is
 * what was attempted. Driven with a scripted clock, so every read is known.
 */
class MeasurementDropsTests {

    private static MeasuringProbe probe(ClockReader reader) {
        Timings.Context context = Timings.Context.of(reader,
                TimingsVerdictTests.floor(ClockId.CLOCK_MONOTONIC, ClockUnit.NANOSECONDS, 20)).step(1, "given").build();
        // no warm-up: every read is a measured one
        return new MeasuringProbe(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(0));
    }

    @Test
    void repeatDropsMigrationsAndNegativeDeltasAndCountsEachOnce() {
        ScriptedClockReader reader = new ScriptedClockReader(ClockId.CLOCK_MONOTONIC)
                .region(0, 0, 100, 0)                       // kept: 100
                .region(200, 0, 350, 1)                     // CPU 0 -> 1: migration
                .region(400, 1, 390, 1)                     // backwards: negative delta
                .region(500, 1, 620, 1)                     // kept: 120
                .region(700, CPU_UNKNOWN, 650, CPU_UNKNOWN) // backwards, CPUs unknown: negative delta
                .region(800, CPU_UNKNOWN, 900, CPU_UNKNOWN) // CPUs unknown: kept, 100
                .region(1000, 0, 900, 1);                   // both: counted once, as a migration
        AtomicInteger runs = new AtomicInteger();

        Timing t = probe(reader).repeat("scripted", 7, runs::incrementAndGet);

        assertThat(runs).hasValue(7);
        assertThat(reader.remaining()).as("every scripted read was made, none more").isZero();
        assertThat(t.label()).isEqualTo("scripted");
        assertThat(t.samples()).containsExactly(100, 100, 120);
        assertThat(t.droppedMigration()).isEqualTo(2);
        assertThat(t.droppedNegative()).isEqualTo(2);
        assertThat(t.kept() + t.dropped()).isEqualTo(7);
        assertThat(t.raw().count()).isEqualTo(3);
    }

    @Test
    void aRegionWhoseSamplesAreAllDroppedHasNoSamples() {
        ScriptedClockReader reader = new ScriptedClockReader(ClockId.CLOCK_MONOTONIC)
                .region(0, 0, 10, 1).region(20, 1, 10, 1);

        Timing t = probe(reader).repeat(2, () -> null);

        assertThat(t.label()).isEqualTo("region 1");
        assertThat(t.verdict()).isEqualTo(Verdict.NO_SAMPLES);
        assertThat(t.kept()).isZero();
        assertThat(t.dropped()).isEqualTo(2);
    }

    @Test
    void theRecorderRemembersTheCpusItSaw() {
        SampleRecorder r = new SampleRecorder(4);
        r.record(0, 5, 0, 0);
        r.record(0, 5, 1, 3);
        r.record(0, 5, CPU_UNKNOWN, CPU_UNKNOWN);

        assertThat(r.cpusSeen().stream().toArray()).containsExactly(0, 1, 3);
        assertThat(r.samples().size()).isEqualTo(2);
        assertThat(r.dropped()).isEqualTo(1);
    }

    @Test
    void explicitRegionsAreRecordedWithTheSameRules() {
        ScriptedClockReader reader = new ScriptedClockReader(ClockId.CLOCK_MONOTONIC)
                .region(1000, 0, 1250, 0)   // kept: 250
                .region(2000, 0, 2300, 1)   // migration
                .region(3000, 1, 2990, 1);  // negative delta
        MeasuringProbe probe = probe(reader);

        long t0 = probe.begin();
        assertThat(t0).isEqualTo(1000);
        assertThat(probe.end(t0)).isEqualTo(250);
        long t1 = probe.begin();
        assertThat(probe.end(t1)).as("the delta is returned even when the sample is dropped").isEqualTo(300);
        long t2 = probe.begin();
        assertThat(probe.end(t2)).isEqualTo(-10);

        Timing recorded = probe.recorded();
        assertThat(recorded.label()).isEqualTo("explicit begin/end");
        assertThat(recorded.samples()).containsExactly(250);
        assertThat(recorded.droppedMigration()).isEqualTo(1);
        assertThat(recorded.droppedNegative()).isEqualTo(1);
        assertThat(recorded.kept() + recorded.dropped()).isEqualTo(3);
        assertThat(recorded.median()).as("net of the floor's median, 20").isEqualTo(Duration.ofNanos(230));
        assertThat(probe.hasExplicitSamples()).isTrue();
        assertThat(probe.timings()).as("explicit regions are not a repeat() timing").isEmpty();
    }

    @Test
    void anExplicitRegionKeepsItsBeginCpuAcrossRegionsTimedInside() {
        ScriptedClockReader reader = new ScriptedClockReader(ClockId.CLOCK_MONOTONIC)
                .read(1000, 0)               // explicit begin on CPU 0
                .region(1100, 1, 1150, 1)    // a repeat() region inside, on CPU 1
                .read(1300, 0);              // explicit end, back on CPU 0
        MeasuringProbe probe = probe(reader);

        long t0 = probe.begin();
        Timing inner = probe.repeat("inner", 1, () -> 1);
        probe.end(t0);

        assertThat(inner.samples()).containsExactly(50);
        assertThat(probe.recorded().samples()).as("begin and end both on CPU 0: no migration").containsExactly(300);
        assertThat(probe.recorded().droppedMigration()).isZero();
    }

    @Test
    void beginTwiceIsAnErrorAndLeavesTheOpenRegionIntact() {
        ScriptedClockReader reader = new ScriptedClockReader(ClockId.CLOCK_MONOTONIC).region(10, 0, 50, 0);
        MeasuringProbe probe = probe(reader);

        long t0 = probe.begin();
        assertThatThrownBy(probe::begin).isInstanceOf(IllegalStateException.class)
                .hasMessage("Probe.begin() called again before end(): one explicit region may be open at a time");
        assertThat(reader.reads()).as("the refused begin() did not read the clock").isEqualTo(1);
        assertThat(probe.end(t0)).isEqualTo(40);
        assertThat(probe.recorded().samples()).containsExactly(40);
    }

    @Test
    void endWithoutBeginIsAnErrorAndRecordsNothing() {
        ScriptedClockReader reader = new ScriptedClockReader(ClockId.CLOCK_MONOTONIC).read(99, 0);
        MeasuringProbe probe = probe(reader);

        assertThatThrownBy(() -> probe.end(5)).isInstanceOf(IllegalStateException.class)
                .hasMessage("Probe.end() called without a matching begin()");
        assertThat(probe.hasExplicitSamples()).isFalse();
        assertThat(probe.recorded().verdict()).isEqualTo(Verdict.NO_SAMPLES);
        assertThat(probe.recorded().dropped()).isZero();
    }

    @Test
    void theFloorIsMeasuredFromTheKeptSamplesOnly() {
        ScriptedClockReader reader = new ScriptedClockReader(ClockId.CLOCK_MONOTONIC)
                .region(0, 0, 40, 0).region(100, 0, 5000, 1).region(200, 1, 100, 1).region(300, 1, 330, 1);

        Timings.Floor floor = Timings.measureFloor(reader, 4, 1_000_000_000L, null);

        assertThat(floor.floor().raw().count()).isEqualTo(2);
        assertThat(floor.floor().raw().min()).isEqualTo(30);
        assertThat(floor.floor().median()).isEqualTo(30);
        assertThat(floor.floor().raw().max()).as("the migrated sample (4900) is not in the floor").isEqualTo(40);
        assertThat(floor.differences()).as("the kept samples, as differences between readings")
                .isEqualTo(ReadingDifferences.of(40, 30));
        assertThat(reader.remaining()).isZero();
    }

    @Test
    void aFloorWhoseSamplesAreAllDroppedIsAnError() {
        ScriptedClockReader reader = new ScriptedClockReader(ClockId.CLOCK_MONOTONIC)
                .region(0, 0, 40, 1).region(200, 1, 100, 1);

        assertThatThrownBy(() -> Timings.measureFloor(reader, 2, 1_000_000_000L, null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("every floor sample was dropped (1 CPU migrations, 1 negative deltas)");
    }

    @Test
    void invalidArgumentsAreRejectedBeforeAnyRead() {
        ScriptedClockReader reader = new ScriptedClockReader(ClockId.CLOCK_MONOTONIC);
        MeasuringProbe probe = probe(reader);

        assertThatThrownBy(() -> probe.repeat(0, () -> 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Probe.repeat: times must be between 1 and " + Probe.MAX_SAMPLES + ", was 0");
        assertThatThrownBy(() -> probe.repeatFor(Duration.ZERO, () -> 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("budget must be positive");
        assertThat(reader.reads()).isZero();
    }
}
