package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.gate.Baseline;
import dev.chronoscope.internal.gate.BaselineEntry;
import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A failing test that Surefire reruns ({@code -Dsurefire.rerunFailingTestsCount}) is executed again
 * in the same JVM, so in the same run: each attempt writes its record. Only the attempt that decided
 * the outcome, the last, may enter the baseline and the report, which counts the test as Surefire
 * does: passed, and flaky.
 */
class RerunTests {

    @TempDir
    Path dir;

    static class FlakyTestCase {
        static final AtomicInteger ATTEMPTS = new AtomicInteger();
        /** Not final: the JIT must not fold the chain. */
        private long multiplier = 6364136223846793005L;

        @Test
        @SubtractProbeFloor
        void flaky(Probe probe) {
            int attempt = ATTEMPTS.incrementAndGet();
            // the failing attempt times a region a tenth as long: what a warm-up effect or a fault can do to a first attempt
            int steps = attempt == 1 ? 40 : 400;
            probe.repeat("region", 2_000, () -> {
                long x = 7;
                for (int i = 0; i < steps; i++) {
                    x = x * multiplier + 1442695040888963407L;
                }
                return x;
            });
            if (attempt == 1) {
                throw new AssertionError("the first attempt fails");
            }
        }
    }

    @Test
    void onlyTheAttemptThatDecidedTheOutcomeEntersTheBaselineAndTheReportCountsAFlake() throws Exception {
        FlakyTestCase.ATTEMPTS.set(0);
        Path saved = dir.resolve("baseline.json");
        ChronoscopeKit kit = ChronoscopeKit.in(dir).with(ChronoscopeConfig.BASELINE_SAVE_KEY, saved.toString());

        KitRun first = kit.run(FlakyTestCase.class);
        KitRun rerun = kit.run(FlakyTestCase.class);

        first.tests().assertStatistics(s -> s.failed(1));
        rerun.tests().assertStatistics(s -> s.succeeded(1));
        // in the order they began: each run's records are a file of its own, named to the second
        List<JsonRecord> attempts = rerun.records().stream()
                .sorted(java.util.Comparator.comparing(r -> java.time.Instant.parse(r.string("startedAt")))).toList();
        assertThat(attempts).as("both attempts wrote their record").hasSize(2);
        double decided = attempts.getLast().timing("region").number("netNs.p50");
        assertThat(decided).as("the rerun's region is ten times longer").isGreaterThan(3 * attempts.getFirst().timing("region").number("netNs.p50"));

        List<Baseline.Run> runs = Baseline.read(saved).runs();
        assertThat(runs).hasSize(1);
        List<BaselineEntry> region = runs.getFirst().timings().stream().filter(e -> e.label().equals("region")).toList();
        assertThat(region).as("one entry per timing, the deciding attempt's").hasSize(1);
        assertThat(region.getFirst().medianNs()).isEqualTo(decided);

        String summary = Files.readString(rerun.reportDir().resolve(RunReport.SUMMARY), StandardCharsets.UTF_8);
        assertThat(summary).contains("1 timed tests").contains("1 flaky \\(passed on a rerun; the report shows the last attempt\\)")
                .doesNotContain("failed");
        String html = Files.readString(rerun.reportDir().resolve(RunReport.HTML), StandardCharsets.UTF_8);
        assertThat(html).contains("attempt 2 of 2 (the test was rerun; earlier attempts: failed)");
    }
}
