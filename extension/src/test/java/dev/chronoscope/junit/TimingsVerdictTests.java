package dev.chronoscope.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.measure.SampleRecorder;
import dev.chronoscope.internal.measure.Timings;
import dev.chronoscope.internal.report.RecordJson;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The verdict and floor arithmetic of {@link Timings#build}, from hand-made samples and floors:
 * pure and deterministic. The rules: resolved when the net median is at least
 * {@value Timings#MIN_NET_OVER_FLOOR} of the floor's median and at least
 * {@value Timings#MIN_NET_STEPS} quanta of the clock's effective resolution.
 */
class TimingsVerdictTests {

    private static final ClockReader NANOS = new ScriptedClockReader(ClockId.CLOCK_MONOTONIC);

    static ProbeFloor floor(ClockId clock, ClockUnit unit, double p50) {
        Summary s = new Summary(unit, 1000, p50 - 5, p50, p50 + 5, p50 + 10, p50 + 100, p50 + 1, 1);
        return new ProbeFloor(clock, s, s, 1_000_000);
    }

    static SampleRecorder recorder(long... deltas) {
        SampleRecorder r = new SampleRecorder(deltas.length);
        for (long d : deltas) {
            r.record(0, d, ClockReader.CPU_UNKNOWN, ClockReader.CPU_UNKNOWN);
        }
        return r;
    }

    static Timing timing(double floorP50, double step, boolean subtract, long... deltas) {
        Timings.Context context = Timings.Context.of(NANOS, floor(ClockId.CLOCK_MONOTONIC, ClockUnit.NANOSECONDS, floorP50))
                .subtractFloor(subtract).step(step, "given").build();
        return Timings.build("region", recorder(deltas), context);
    }

    @Test
    void exactlyHalfTheFloorIsResolved() {
        // net 50 of a floor of 100, with a step far below it (5 steps)
        Timing t = timing(100, 10, true, 150, 150, 150);

        assertThat(t.verdict()).isEqualTo(Verdict.RESOLVED);
        assertThat(t.isResolved()).isTrue();
        assertThat(t.verdictReason()).isEqualTo("resolved (0.50x floor, 5.00x quantum)");
    }

    @Test
    void justBelowHalfTheFloorIsNotResolved() {
        Timing t = timing(100, 10, true, 149);

        assertThat(t.verdict()).isEqualTo(Verdict.NOT_RESOLVED);
        assertThat(t.verdictReason()).startsWith("not resolved: net p50 49 ns is ")
                .endsWith(" floor (needs >= 0.5x the floor p50 of 100 ns)")
                .doesNotContain("quant");
    }

    @Test
    void exactlyFourStepsIsResolved() {
        // net 80 = 4 steps of 20, and 0.8x the floor: only the step rule is at its edge
        Timing t = timing(100, 20, true, 180);

        assertThat(t.verdict()).as(t.verdictReason()).isEqualTo(Verdict.RESOLVED);
        assertThat(t.verdictReason()).isEqualTo("resolved (0.80x floor, 4.00x quantum)");
    }

    @Test
    void justBelowFourStepsIsNotResolved() {
        // net 79 = 3.95 steps of 20, still 0.79x the floor
        Timing t = timing(100, 20, true, 179);

        assertThat(t.verdict()).isEqualTo(Verdict.NOT_RESOLVED);
        assertThat(t.verdictReason()).isEqualTo("not resolved: net p50 79 ns is 3.95x quantum (needs >= 4 quanta of the clock's effective resolution, 20 ns)");
    }

    @Test
    void clearOfTheFloorButWithinFourStepsIsNotResolved() {
        Timing t = timing(100, 20, true, 170);

        assertThat(t.verdict()).isEqualTo(Verdict.NOT_RESOLVED);
        assertThat(t.verdictReason()).isEqualTo("not resolved: net p50 70 ns is 3.50x quantum (needs >= 4 quanta of the clock's effective resolution, 20 ns)");
    }

    @Test
    void failingBothRulesNamesBoth() {
        Timing t = timing(100, 10, true, 110);

        assertThat(t.verdictReason()).isEqualTo("not resolved: net p50 10 ns is 0.10x floor (needs >= 0.5x the floor p50 of 100 ns)"
                + " and 1.00x quantum (needs >= 4 quanta of the clock's effective resolution, 10 ns)");
    }

    @Test
    void aRegionCheaperThanTheFloorNetsZeroAndIsNotResolved() {
        Timing t = timing(100, 10, true, 80, 90, 95);

        assertThat(t.verdict()).isEqualTo(Verdict.NOT_RESOLVED);
        assertThat(t.net().p50()).isZero();
        assertThat(t.net().max()).isZero();
        assertThat(t.median()).isEqualTo(Duration.ZERO);
        assertThat(t.raw().p50()).isEqualTo(90);
    }

    @Test
    void theVerdictIsTheSameWhetherOrNotTheFloorIsSubtracted() {
        assertThat(timing(100, 10, false, 149).verdict()).isEqualTo(Verdict.NOT_RESOLVED);
        assertThat(timing(100, 10, false, 150).verdict()).isEqualTo(Verdict.RESOLVED);
        assertThat(timing(100, 20, false, 179).verdict()).isEqualTo(Verdict.NOT_RESOLVED);
        assertThat(timing(100, 20, false, 180).verdict()).isEqualTo(Verdict.RESOLVED);
    }

    @Test
    void withoutAFloorOrAStepAnyPositiveMedianIsResolved() {
        assertThat(timing(0, 0, true, 5).verdictReason()).isEqualTo("resolved (floor p50 0, quantum unknown)");
        assertThat(timing(0, 0, true, 0).verdict()).isEqualTo(Verdict.NOT_RESOLVED);
    }

    @Test
    void netStatisticsAreTheRawOnesLessTheFloorMedianClampedAtZero() {
        Timing t = timing(30, 1, true, 100, 90, 80, 70, 60, 50, 40, 30, 20, 10);

        // nearest rank: p50 = 5th of 10, p90 = 9th, p99 = 10th
        assertThat(t.raw()).isEqualTo(new Summary(ClockUnit.NANOSECONDS, 10, 10, 50, 90, 100, 100, 55, 20));
        assertThat(t.net()).isEqualTo(new Summary(ClockUnit.NANOSECONDS, 10, 0, 20, 60, 70, 70, 25, 20));
        assertThat(t.percentileValue(50)).isEqualTo(20);
        assertThat(t.percentileValue(10)).as("clamped").isZero();
        assertThat(t.median()).isEqualTo(Duration.ofNanos(20));
        assertThat(t.samples()).containsExactly(10, 20, 30, 40, 50, 60, 70, 80, 90, 100);
    }

    @Test
    void withoutSubtractionTheReportedFiguresAreRaw() {
        Timing t = timing(30, 1, false, 100, 90, 80);

        assertThat(t.floorSubtracted()).isFalse();
        assertThat(t.percentileValue(50)).isEqualTo(90);
        assertThat(t.median()).isEqualTo(Duration.ofNanos(90));
        assertThat(t.net().p50()).as("still available").isEqualTo(60);
    }

    @Test
    void ticksAreConvertedWithTheFrequencyAfterSubtraction() {
        ClockReader ticks = new ScriptedClockReader(ClockId.TSC_FENCED);
        TscFrequency twoAndAHalfGhz = new TscFrequency(2.5e9, 1, "given");
        Timings.Context context = Timings.Context.of(ticks, floor(ClockId.TSC_FENCED, ClockUnit.TICKS, 100))
                .frequency(twoAndAHalfGhz).step(10, "given").build();

        Timing t = Timings.build("ticks", recorder(350, 350, 1350), context);

        assertThat(t.unit()).isEqualTo(ClockUnit.TICKS);
        assertThat(t.nanosPerUnit()).isEqualTo(0.4);
        assertThat(t.net().p50()).isEqualTo(250);
        assertThat(t.median()).isEqualTo(Duration.ofNanos(100));
        assertThat(t.rawNanos().p50()).isCloseTo(140, within(1e-9));
        assertThat(t.netNanos().max()).isCloseTo(500, within(1e-9));
        assertThat(t.verdictReason()).isEqualTo("resolved (2.50x floor, 25.0x quantum)");
    }

    @Test
    void samplesBeyondTheIntRangeKeepTheirValue() {
        Timing t = timing(0, 0, true, 1, 5_000_000_000L, 3);

        assertThat(t.samples()).containsExactly(1, 3, 5_000_000_000L);
        assertThat(t.raw().max()).isEqualTo(5e9);
        assertThat(t.raw().p50()).isEqualTo(3);
    }

    @Test
    void whenEverySampleWasDroppedThereIsNoVerdictAndNoMedian() {
        SampleRecorder r = new SampleRecorder(4);
        r.record(0, 10, 0, 1);
        r.record(0, 10, 1, 0);
        r.record(10, 0, 1, 1);
        Timings.Context context = Timings.Context.of(NANOS, floor(ClockId.CLOCK_MONOTONIC, ClockUnit.NANOSECONDS, 20))
                .step(1, "given").build();

        Timing t = Timings.build("dropped", r, context);

        assertThat(t.verdict()).isEqualTo(Verdict.NO_SAMPLES);
        assertThat(t.verdictReason()).isEqualTo("no samples kept: 2 dropped for CPU migration, 1 for a negative delta");
        assertThat(t.kept()).isZero();
        assertThat(t.dropped()).isEqualTo(3);
        assertThatThrownBy(t::median).isInstanceOf(IllegalStateException.class).hasMessageContaining("'dropped'");
        JsonRecord json = JsonRecord.parse(RecordJson.timing(t).toString());
        assertThat(json.isNull("raw")).isTrue();
        assertThat(json.isNull("net")).isTrue();
        assertThat(json.whole("dropped.cpuMigration")).isEqualTo(2);
        assertThat(json.whole("dropped.negativeDelta")).isEqualTo(1);
        assertThat(json.string("verdict")).isEqualTo("NO_SAMPLES");
    }

    @Test
    void percentilesOutsideTheRangeAreRejected() {
        Timing t = timing(0, 0, true, 1);

        assertThatThrownBy(() -> t.percentile(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> t.percentile(100.5)).isInstanceOf(IllegalArgumentException.class);
    }
}
