package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.report.Baseline;
import dev.chronoscope.internal.report.BaselineEntry;
import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * The regression gate ({@code chronoscope.baseline.failOnRegression}) in one JVM: a test it fails
 * says {@code failed} wherever its outcome shows — JUnit, the record (with the gate's message and
 * the test's own outcome), the section and the run report — and a test it does not fail says
 * {@code passed}. The baselines are this run's own timings with their medians moved a hundredfold
 * (and no floor, so the floor control does not apply): a regression and an improvement far beyond
 * any between-run drift, decided on any host.
 */
class BaselineGateTests {

    private static final String LABEL = "multiply-add chain";

    @TempDir
    Path dir;

    /** This run's medians a hundredth: this run regressed against it. */
    private Path fasterBaseline;
    /** This run's medians a hundredfold: this run improved on it. */
    private Path slowerBaseline;

    static class ChainTestCase {
        /** Not final: the JIT must not fold the chain into a constant. */
        private long seed = 7;
        private long multiplier = 6364136223846793005L;

        @Test
        @SubtractProbeFloor
        void chain(Probe probe) {
            probe.repeat(LABEL, 2_000, () -> {
                long x = seed;
                for (int i = 0; i < 200; i++) {
                    x = x * multiplier + 1442695040888963407L;
                }
                return x;
            });
        }
    }

    /** Saves a run's baseline, then the two made from it: its medians a hundredth, and a hundredfold. */
    @BeforeEach
    void baselines() throws IOException {
        Path saved = dir.resolve("saved.json");
        KitRun save = ChronoscopeKit.in(dir.resolve("save")).with(ChronoscopeConfig.BASELINE_SAVE_KEY, saved.toString())
                .run(ChainTestCase.class);
        save.tests().assertStatistics(s -> s.succeeded(1));
        assertThat(save.record("ChainTestCase.chain()").timing(LABEL).string("verdict")).as(save.stdout()).isEqualTo("RESOLVED");
        fasterBaseline = scaled(saved, 0.01, "faster-baseline.json");
        slowerBaseline = scaled(saved, 100, "slower-baseline.json");
    }

    @Test
    void aTestTheGateFailsIsFailedInItsRecordSectionAndReport() throws IOException {
        KitRun run = gated(fasterBaseline, true, "full");

        run.tests().assertThatEvents().haveExactly(1, event(test("chain"), finishedWithFailure(instanceOf(AssertionFailedError.class),
                message(m -> m.contains("regressed against the baseline " + fasterBaseline) && m.contains("timing '" + LABEL + "': regressed")))));
        String failure = run.tests().failed().list().getFirst().getRequiredPayload(org.junit.platform.engine.TestExecutionResult.class)
                .getThrowable().orElseThrow().getMessage();
        JsonRecord record = run.record("ChainTestCase.chain()");
        assertThat(record.string("outcome")).isEqualTo("failed");
        assertThat(record.string("gate.testOutcome")).isEqualTo("passed");
        assertThat(record.string("gate.message")).isEqualTo(failure);
        assertThat(record.timing(LABEL).string("baseline.verdict")).isEqualTo("regressed");
        assertThat(run.section("ChainTestCase.chain()"))
                .contains("\noutcome      failed | failed by the regression gate (the test itself passed): " + failure + "\n");
        String html = Files.readString(run.reportDir().resolve(RunReport.HTML), StandardCharsets.UTF_8);
        assertThat(html).contains("outcome <span class=\"o-failed\">failed</span>")
                .contains("<p class=\"gate\">failed by the regression gate (the test itself passed): ")
                .doesNotContain("o-passed");
    }

    @Test
    void theCompactSectionSaysFailedInItsHeaderAndWhy() {
        KitRun run = gated(fasterBaseline, true, "compact");

        assertThat(run.stdout()).containsPattern("-- chronoscope: .*ChainTestCase\\.chain\\(Probe\\) -+ failed\n")
                .contains("\noutcome      failed by the regression gate (the test itself passed): ");
    }

    @Test
    void aRegressionIsReportedButPassesWithoutTheGate() throws IOException {
        KitRun run = gated(fasterBaseline, false, "full");

        run.tests().assertThatEvents().haveExactly(1, event(test("chain"), finishedSuccessfully()));
        JsonRecord record = run.record("ChainTestCase.chain()");
        assertThat(record.string("outcome")).isEqualTo("passed");
        assertThat(record.isNull("gate")).isTrue();
        assertThat(record.timing(LABEL).string("baseline.verdict")).isEqualTo("regressed");
        assertThat(run.section("ChainTestCase.chain()")).contains("\noutcome      passed\n");
        assertThat(Files.readString(run.reportDir().resolve(RunReport.HTML), StandardCharsets.UTF_8))
                .contains("outcome <span class=\"o-passed\">passed</span>").doesNotContain("class=\"gate\"");
    }

    @Test
    void theGateLeavesATestThatDidNotRegressAsItWas() {
        KitRun run = gated(slowerBaseline, true, "full");

        run.tests().assertThatEvents().haveExactly(1, event(test("chain"), finishedSuccessfully()));
        JsonRecord record = run.record("ChainTestCase.chain()");
        assertThat(record.string("outcome")).isEqualTo("passed");
        assertThat(record.isNull("gate")).isTrue();
        assertThat(record.timing(LABEL).string("baseline.verdict")).isEqualTo("improved");
    }

    private KitRun gated(Path baseline, boolean failOnRegression, String detail) {
        return ChronoscopeKit.in(dir.resolve("compare")).with(ChronoscopeConfig.BASELINE_COMPARE_KEY, baseline.toString())
                .with(ChronoscopeConfig.BASELINE_FAIL_ON_REGRESSION_KEY, Boolean.toString(failOnRegression))
                .with(ChronoscopeConfig.REPORT_DETAIL_KEY, detail).run(ChainTestCase.class);
    }

    /** {@code saved} with every median times {@code factor} and no floor, written to {@code name}. */
    private Path scaled(Path saved, double factor, String name) throws IOException {
        Baseline b = Baseline.read(saved);
        Baseline out = new Baseline(b.runs().stream().map(r -> new Baseline.Run(r.run(), r.savedAt(), r.host(), r.timings().stream()
                .map(e -> new BaselineEntry(e.key(), e.test(), e.label(), e.clock(), e.measure(), e.medianNs() * factor, Double.NaN,
                        e.kept(), e.resolved(), e.quantilesNs())).toList())).toList());
        Path file = dir.resolve(name);
        Files.writeString(file, out.toJson(), StandardCharsets.UTF_8);
        return file;
    }
}
