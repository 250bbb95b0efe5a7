package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.junit.TimingSectionParser.ParsedTiming;
import dev.chronoscope.junit.TimingSectionParser.Section;
import dev.chronoscope.junit.TimingSectionParser.Stats;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.chronoscope.ClockId.CLOCK_REALTIME;
import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The printed section and the JSON record of a test say the same thing: the sections printed while
 * fixtures ran through the engine are parsed back with {@link TimingSectionParser} (no Maven, no
 * Surefire XML) and compared, figure by figure at the printed precision, with the records.
 */
class SectionRoundTripTests {

    @TempDir
    Path dir;

    static class RoundTripTestCase {
        long seed = 11; // not final: the work cannot be folded

        long mix() {
            long x = seed;
            for (int i = 0; i < 200; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
            return x;
        }

        @Test
        @SubtractProbeFloor
        void regions(Probe probe) {
            probe.repeat("mix", 3_000, this::mix);
            probe.repeat(1, this::mix); // one sample: printed as "value X"
            probe.repeatFor("budgeted", Duration.ofMillis(5), this::mix);
            for (int i = 0; i < 50; i++) {
                long t0 = probe.begin();
                seed += mix() & 1;
                probe.end(t0);
            }
        }

        @Test
        @MeasureWith(CLOCK_REALTIME)
        void wallClock(Probe probe) {
            probe.repeat("mix", 500, this::mix);
        }

        @RepeatedTest(3)
        @MeasureWith(NANO_TIME)
        @SubtractProbeFloor
        void repeated() {
            seed += mix() & 1;
        }
    }

    /** A one-sample timing prints its value; compare it with the p50 (all statistics are that value). */
    private static final Map<String, String> SUMMARIES = Map.of("raw ticks", "raw", "raw ns", "rawNs",
            "net ticks", "net", "net ns", "netNs");

    @Test
    void everyPrintedFigureIsTheRecordsAtThePrintedPrecision() {
        KitRun run = ChronoscopeKit.in(dir).run(RoundTripTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(5));

        List<Section> sections = TimingSectionParser.parseAll(run.stdout());
        List<JsonRecord> records = run.records();
        assertThat(sections).extracting(Section::testName).containsExactlyInAnyOrderElementsOf(
                records.stream().map(JsonRecord::fullTest).toList());
        assertThat(sections).hasSize(5);

        for (Section section : sections) {
            compare(section, run.record(section.testName()));
        }
        Section regions = sections.stream().filter(s -> KitRun.sameTest(s.testName(), "RoundTripTestCase.regions()")).findFirst().orElseThrow();
        assertThat(regions.timings()).extracting(ParsedTiming::label)
                .containsExactly("invocation", "mix", "region 2", "budgeted", "explicit begin/end");
        assertThat(regions.timings().get(2).stats().get("raw ns").printed()).containsOnlyKeys("value");
        Section last = sections.stream().filter(s -> KitRun.sameTest(s.testName(), "RoundTripTestCase.repeated() repetition 3 of 3"))
                .findFirst().orElseThrow();
        assertThat(last.timings()).last().extracting(ParsedTiming::label).isEqualTo("all repetitions (3 so far)");
    }

    private static void compare(Section section, JsonRecord record) {
        String test = section.testName();
        String[] clock = section.fact("clock").split(" \\| ", 3);
        assertThat(clock).as(test + " clock").containsExactly(record.string("clock.id"), record.string("clock.readMethod"),
                record.string("clock.why"));
        assertThat(section.facts().containsKey("frequency")).as(test + " frequency line").isEqualTo(!record.isNull("frequency"));
        assertThat(section.fact("host")).isEqualTo(record.string("host"));
        assertThat(section.fact("pinned")).isEqualTo(record.string("pinned"));
        assertThat(section.fact("outcome")).isEqualTo(record.string("outcome"));
        assertThat(section.warnings()).isEqualTo(record.list("warnings"));

        String unit = record.string("clock.unit");
        String[] resolution = section.fact("resolution").split(" \\| ", 2);
        assertThat(resolution[1]).isEqualTo(record.string("resolution.description"))
                .startsWith(record.string("resolution.method") + ":");
        assertSamePrinted(test + " resolution", resolution[0].split(" ")[0], record.number("resolution.quantum"));
        assertThat(resolution[0].split(" ")[1]).isEqualTo(unit).isEqualTo(record.string("resolution.unit"));

        Stats floor = TimingSectionParser.stats(section.fact("floor"));
        assertThat(floor.printed()).containsOnlyKeys("min", "p50", "p99");
        assertThat(floor.unit()).isEqualTo(unit);
        for (String stat : List.of("min", "p50", "p99")) {
            assertSamePrinted(test + " floor " + stat, floor.printed(stat), record.number("floor.raw." + stat));
        }
        assertThat(floor.rest()).startsWith("n " + record.whole("floor.raw.count") + " in ");

        List<JsonRecord> expected = new ArrayList<>(record.timings());
        if (!record.isNull("aggregate")) {
            expected.add(record.object("aggregate"));
        }
        assertThat(section.timings()).as(test + " timings").hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            compare(test, section.timings().get(i), expected.get(i), unit, record.bool("floorSubtracted"));
        }
    }

    private static void compare(String test, ParsedTiming printed, JsonRecord timing, String unit, boolean floorSubtracted) {
        String what = test + " / " + printed.label();
        assertThat(printed.label()).isEqualTo(timing.string("label"));
        assertThat(printed.kept()).as(what + " kept").isEqualTo(timing.whole("kept"));
        assertThat(printed.droppedMigration()).as(what).isEqualTo(timing.whole("dropped.cpuMigration"));
        assertThat(printed.droppedNegative()).as(what).isEqualTo(timing.whole("dropped.negativeDelta"));
        assertThat(printed.dropped()).isEqualTo(printed.droppedMigration() + printed.droppedNegative());
        assertThat(printed.mode()).startsWith(timing.string("mode") + ": ");
        assertThat(printed.verdict()).isEqualTo(timing.string("verdict"));
        assertThat(printed.verdictReason()).isEqualTo(timing.string("verdictReason"));
        if (timing.isNull("allocatedBytesPerCall")) {
            assertThat(printed.alloc()).as(what + " alloc").isNull();
        } else {
            assertThat(printed.alloc()).as(what + " alloc").startsWith(
                    dev.chronoscope.Allocation.formatBytes(timing.number("allocatedBytesPerCall")) + " B/call | "
                            + String.format(java.util.Locale.ROOT, "%,d", timing.whole("allocation.calls")) + " calls after warm-up");
        }

        List<String> lines = new ArrayList<>();
        if (printed.kept() > 0) {
            if (unit.equals("ticks")) {
                lines.add("raw ticks");
            }
            lines.add("raw ns");
            if (floorSubtracted) {
                if (unit.equals("ticks")) {
                    lines.add("net ticks");
                }
                lines.add("net ns");
            }
        }
        assertThat(printed.stats()).as(what + " statistics lines").containsOnlyKeys(lines);
        for (String line : lines) {
            Stats stats = printed.stats().get(line);
            String summary = SUMMARIES.get(line);
            if (printed.kept() == 1) {
                assertThat(stats.printed()).containsOnlyKeys("value");
                assertSamePrinted(what + " " + line, stats.printed("value"), timing.number(summary + ".p50"));
                continue;
            }
            assertThat(stats.printed()).containsKeys("min", "p50", "p90", "p99", "max", "mean");
            stats.printed().forEach((name, value) ->
                    assertSamePrinted(what + " " + line + " " + name, value, timing.number(summary + "." + name)));
        }
    }

    /** A whole number is printed as such; anything else with one decimal. */
    private static void assertSamePrinted(String what, String printed, double recorded) {
        if (printed.contains(".")) {
            assertThat(Double.parseDouble(printed)).as(what).isCloseTo(recorded, within(0.05 + 1e-9 * Math.abs(recorded)));
            assertThat(recorded).as(what + " is not whole, so it is printed with a decimal").isNotEqualTo(Math.rint(recorded));
        } else {
            assertThat(Double.parseDouble(printed)).as(what).isEqualTo(recorded);
        }
    }

    @Test
    void theParserRefusesAMisalignedLine() {
        String section = "-- chronoscope: X.y() ---------\n"
                + "clock        NANO_TIME | System.nanoTime() | why\n"
                + "host        misaligned\n"
                + "-".repeat(100) + "\n";

        assertThatThrownBy(() -> TimingSectionParser.parseAll(section)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("host        misaligned");
    }

    @Test
    void theParserRefusesASectionWithoutItsRule() {
        String section = "-- chronoscope: X.y() ---------\n" + "clock        NANO_TIME | x | why\n";

        assertThatThrownBy(() -> TimingSectionParser.parseAll(section)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no closing rule");
    }
}
