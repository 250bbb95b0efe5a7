package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/** What each timed test prints: its timing section, laid out key by key. */
class TimingSectionTests {

    private static final String RULE = "-".repeat(100);

    @TempDir
    Path dir;

    static class SectionTestCase {
        long seed = 3;

        long mix() {
            long x = seed;
            for (int i = 0; i < 100; i++) {
                x = x * 31 + (x >>> 7);
            }
            return x;
        }

        @Test
        @SubtractProbeFloor
        void withRegions(Probe probe) {
            probe.repeat("mix", 2_000, this::mix);
            long t0 = probe.begin();
            seed += mix() & 1;
            probe.end(t0);
        }
    }

    static class OutcomesTestCase {
        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void fails() {
            fail("boom");
        }

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void aborts() {
            assumeTrue(false, "not here");
        }
    }

    private static List<String> keys(String section) {
        List<String> keys = new ArrayList<>();
        List<String> lines = section.lines().toList();
        for (String line : lines.subList(1, lines.size() - 1)) {
            keys.add(line.substring(0, 13).trim());
        }
        return keys;
    }

    @Test
    void aTimedTestPrintsItsSectionKeyByKey() {
        KitRun run = ChronoscopeKit.in(dir).run(SectionTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(1));
        JsonRecord record = run.record("SectionTestCase.withRegions()");
        boolean ticks = record.string("clock.unit").equals("ticks");

        String section = run.section("SectionTestCase.withRegions()");
        List<String> lines = section.lines().toList();
        assertThat(lines.get(0)).startsWith("-- chronoscope: TimingSectionTests.SectionTestCase.withRegions(Probe) ---").hasSize(100).endsWith("---");
        assertThat(lines.get(lines.size() - 1)).isEqualTo(RULE);
        assertThat(lines.subList(1, lines.size() - 1)).allSatisfy(line ->
                assertThat(line).matches("[a-z][a-z ]{11} \\S.*"));

        List<String> expected = new ArrayList<>(ticks ? List.of("clock", "frequency") : List.of("clock"));
        expected.addAll(List.of("host", "container", "resolution", "floor", "core speed", "host load", "warmup", "pinned", "outcome"));
        for (JsonRecord timing : record.timings()) {
            expected.addAll(List.of("timing", "mode", "samples"));
            if (timing.whole("kept") > 0) {
                expected.addAll(ticks ? List.of("raw ticks", "raw ns", "net ticks", "net ns") : List.of("raw ns", "net ns"));
            }
            expected.add("verdict");
            expected.add("noise");
            if (!timing.isNull("noise.stalls")) {
                expected.add("stalls"); // a busy host may stall a few samples: said where it did
            }
            if (!timing.isNull("allocatedBytesPerCall")) {
                expected.add("alloc");
            }
        }
        // one warning line per warning of the record (a CPU migration during the invocation is one the host may add)
        List<String> keys = keys(section);
        assertThat(keys.stream().filter("warning"::equals).count()).isEqualTo(((List<?>) record.get("warnings")).size());
        assertThat(keys.stream().filter(k -> !k.equals("warning")).toList()).containsExactlyElementsOf(expected);
        // the host's load over the test: told from /proc/stat where the test lasted long enough, else why not
        assertThat(section).containsPattern("\nhost load    (other processes used \\d+\\.\\d\\d of \\d+ CPUs, this JVM \\d+\\.\\d\\d"
                + "|not told: the test lasted \\d+ clock ticks?|unknown: )");
        assertThat(record.get("hostLoad")).isNotNull();
        assertThat(section)
                .contains("\nclock        " + record.string("clock.id") + " | ")
                .contains("\nhost         invariant TSC ")
                .contains("\nfloor        min ")
                .contains("\noutcome      passed\n")
                .contains("\ntiming       invocation\n")
                .contains("\ntiming       mix\n")
                .containsPattern("\ntiming       mix\nmode         latency: one call alone(, between fenced reads)?\nsamples      \\d+ kept \\| \\d+ dropped \\(\\d+ CPU migration, \\d+ negative delta\\)\n")
                .contains("\ntiming       explicit begin/end\n")
                .containsPattern("\nverdict      (RESOLVED|NOT_RESOLVED) \\| ");
        assertThat(run.stdout()).as("nothing but the section, then the run report's paths and summary at the end of the run")
                .startsWith(section);
        runEndOnly(run.stdout().substring(section.length()));
        JsonRecord mix = record.timing("mix");
        assertThat(mix.whole("kept") + mix.whole("dropped.cpuMigration") + mix.whole("dropped.negativeDelta")).isEqualTo(2000);
        assertThat(section).contains("\nsamples      " + mix.whole("kept") + " kept | ");
    }

    @Test
    void withPrintingOffNoSectionIsPrintedButTheRecordIsWritten() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.PRINT_SECTIONS_KEY, "false").run(SectionTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        runEndOnly(run.stdout());
        assertThat(run.records()).hasSize(1);
    }

    /** What the run's end prints: the report's paths once, then the run summary, each line Chronoscope's. */
    private static void runEndOnly(String out) {
        assertThat(out).as("only the run's end").startsWith("[chronoscope] run report: ");
        assertThat(out.lines()).allMatch(l -> l.startsWith("[chronoscope] "));
        assertThat(out.lines().filter(l -> l.startsWith("[chronoscope] run report: "))).hasSize(1);
        assertThat(out.lines().filter(l -> l.startsWith("[chronoscope] run summary: "))).hasSize(1);
    }

    @Test
    void failedAndAbortedTestsAreTimedAndSaySo() {
        KitRun run = ChronoscopeKit.in(dir).run(OutcomesTestCase.class);

        run.tests().assertThatEvents()
                .haveExactly(1, event(test("fails"), finishedWithFailure(instanceOf(AssertionFailedError.class), message("boom"))))
                .haveExactly(1, event(test("aborts"), abortedWithReason(instanceOf(TestAbortedException.class))));
        assertThat(run.section("OutcomesTestCase.fails()")).contains("\noutcome      failed\n");
        assertThat(run.section("OutcomesTestCase.aborts()")).contains("\noutcome      aborted\n");
        assertThat(run.record("OutcomesTestCase.fails()").string("outcome")).isEqualTo("failed");
        assertThat(run.record("OutcomesTestCase.aborts()").string("outcome")).isEqualTo("aborted");
        assertThat(run.record("OutcomesTestCase.fails()").timing("invocation").whole("kept"))
                .as("a failing invocation is timed too").isEqualTo(1);
    }
}
