package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.format.Format;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static dev.chronoscope.ClockId.NANO_TIME;
import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/** The default section: short lines, the figures that matter, run-wide facts once per run. */
class CompactSectionTests {

    @TempDir
    Path dir;

    static int seed = 17;

    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    @MeasureWith(NANO_TIME)
    @SubtractProbeFloor
    static class OneRegionTestCase {
        @Test
        @Order(1)
        void first(Probe probe) {
            probe.repeat("a short loop", 2_000, OneRegionTestCase::work);
        }

        @Test
        @Order(2)
        void second(Probe probe) {
            probe.repeat("the same loop again, under a label long enough to wrap the line it is printed on", 2_000,
                    OneRegionTestCase::work);
        }

        static long work() {
            long x = seed;
            for (int i = 0; i < 200; i++) {
                x = x * 31 + i;
            }
            return x;
        }
    }

    @Test
    void aOneRegionSectionIsShortAndNarrowAndItsFiguresAreTheRecords() {
        // region warm-up off: a first warm-up cannot settle within the kit's 20 ms (it waits for 20 ms of
        // JIT quiet), and its warning, a line of this test's own, would be counted as a repeated fact
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REPORT_DETAIL_KEY, "compact")
                .with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "0ms").run(OneRegionTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(2));

        List<String> first = section(run, "OneRegionTestCase.first()");
        List<String> second = section(run, "OneRegionTestCase.second()");
        assertThat(first).allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(120));
        assertThat(second).allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(120));
        assertThat(second).as("after the first section, the run-wide facts are not repeated").hasSizeLessThanOrEqualTo(8);
        assertThat(first).as("the run-wide facts, one line each").hasSizeLessThanOrEqualTo(second.size() + 8);
        assertThat(String.join("\n", first)).contains("host: invariant TSC");
        assertThat(String.join("\n", second)).doesNotContain("host: ");
        assertThat(first.get(0)).startsWith("-- chronoscope: CompactSectionTests.OneRegionTestCase.first(Probe) ").endsWith(" passed");

        JsonRecord record = run.record("OneRegionTestCase.second()");
        String p50 = Format.duration(record.number("timings.1.netNs.p50"));
        assertThat(String.join("\n", second)).contains("p50 " + p50).contains("2,000 kept");
    }

    @MeasureWith(NANO_TIME)
    static class AbortedTestCase {
        @Test
        void aborted(Probe probe) {
            // 10 samples are too few to decide a median: the claim is inconclusive and aborts the test
            assertThat(probe.repeat("few", 10, OneRegionTestCase::work)).median().isGreaterThan(Duration.ofNanos(1));
        }
    }

    @Test
    void anAbortedTestsSectionSaysWhyAndTheRunsFactsArePrintedOnceEach() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REPORT_DETAIL_KEY, "compact")
                .with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "0ms").run(OneRegionTestCase.class, AbortedTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(2).aborted(1));

        List<String> aborted = section(run, "AbortedTestCase.aborted()");
        assertThat(aborted.get(0)).endsWith(" aborted");
        // Surefire's console shows an aborted test only as skipped: the section is where its reason reaches the console
        assertThat(aborted).anyMatch(line -> line.startsWith("aborted      Inconclusive: "));
        String message = run.tests().aborted().list().getFirst().getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .orElseThrow().getThrowable().orElseThrow().getMessage().lines().findFirst().orElseThrow();
        assertThat(String.join(" ", aborted.stream().map(String::strip).toList())).contains(message.substring(0, 60));
        for (String fact : List.of("host: ", "NANO_TIME resolution: ", "NANO_TIME probe-path warm-up: ")) {
            assertThat(run.stdout().split(fact, -1)).as(fact + " once per run").hasSize(2);
        }
    }

    private static List<String> section(KitRun run, String test) {
        String all = run.stdout();
        String wanted = "-- chronoscope: CompactSectionTests." + test.replace("()", "(Probe)") + " ";
        int start = all.indexOf(wanted);
        assertThat(start).as("section of " + test + " in\n" + all).isNotNegative();
        int end = all.indexOf("\n" + "-".repeat(120) + "\n", start);
        return all.substring(start, end + 121).lines().toList();
    }
}
