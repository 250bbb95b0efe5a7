package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.gate.Baseline;
import dev.chronoscope.internal.gate.BaselineEntry;
import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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

    private static final String LABEL = BaselineWorkflowMain.LABEL;
    private static final Class<?> FIXTURE = BaselineWorkflowMain.RegionTestCase.class;
    private static final String TEST = "RegionTestCase.chain()";

    @TempDir
    Path dir;

    /** This run's medians a hundredth: this run regressed against it. */
    private Path fasterBaseline;
    /** This run's medians a hundredfold: this run improved on it. */
    private Path slowerBaseline;

    /** Saves a run's baseline, then the two made from it: its medians a hundredth, and a hundredfold. */
    @BeforeEach
    void baselines() throws IOException {
        Path saved = dir.resolve("saved.json");
        KitRun save = ChronoscopeKit.in(dir.resolve("save")).with(ChronoscopeConfig.BASELINE_SAVE_KEY, saved.toString())
                .with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms").run(FIXTURE);
        save.tests().assertStatistics(s -> s.succeeded(1));
        assertThat(save.record(TEST).timing(LABEL).string("verdict")).as(save.stdout()).isEqualTo("RESOLVED");
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
        JsonRecord record = run.record(TEST);
        assertThat(record.string("outcome")).isEqualTo("failed");
        assertThat(record.string("gate.testOutcome")).isEqualTo("passed");
        assertThat(record.string("gate.message")).isEqualTo(failure);
        assertThat(record.timing(LABEL).string("baseline.verdict")).isEqualTo("regressed");
        assertThat(run.section(TEST))
                .contains("\noutcome      failed | failed by the regression gate (the test itself passed): " + failure + "\n");
        String html = Files.readString(run.reportDir().resolve(RunReport.HTML), StandardCharsets.UTF_8);
        assertThat(html).contains("outcome <span class=\"o-failed\">failed</span>")
                .contains("<p class=\"gate\">failed by the regression gate (the test itself passed): ")
                .doesNotContain("<span class=\"o-passed\">");
    }

    @Test
    void theCompactSectionSaysFailedInItsHeaderAndWhy() {
        KitRun run = gated(fasterBaseline, true, "compact");

        assertThat(run.stdout()).containsPattern("-- chronoscope: .*RegionTestCase\\.chain\\(Probe\\) -+ failed\n")
                .contains("\noutcome      failed by the regression gate (the test itself passed): regressed against the baseline");
    }

    /**
     * A section read in 5 seconds: a failing test's compact section in at most 14 lines, a passing one's
     * in at most 8 and a line per warning (the run's facts, printed once with its first section, one line each, aside), no
     * sentence twice, the invocation's verdict, which the gate does not apply to, a clause of its line.
     * The gate's failure said the baseline's sentence a third time, after the baseline line and in
     * JUnit's message, and the gate's power and the invocation's block took 10 lines: 31 lines in all.
     */
    @Test
    void theCompactSectionsOfAFailingAndAPassingTestAreShortAndSayNothingTwice() {
        List<String> failed = testLines(gated(fasterBaseline, true, "compact", "failing").stdout());
        List<String> passed = testLines(gated(slowerBaseline, true, "compact", "passing").stdout());

        assertThat(failed).as(String.join("\n", failed)).hasSizeLessThanOrEqualTo(14)
                .anyMatch(l -> l.startsWith("baseline     regressed | ratio "));
        // a warning the host's load may cause (a warm-up that did not settle) is one line more
        assertThat(passed.stream().filter(l -> !l.startsWith("warning ")).toList()).as(String.join("\n", passed))
                .hasSizeLessThanOrEqualTo(8).anyMatch(l -> l.startsWith("baseline     improved | ratio "));
        for (List<String> section : List.of(failed, passed)) {
            assertThat(section).as(String.join("\n", section))
                    .anyMatch(l -> l.startsWith("invocation ") && l.contains(" | baseline not gated: "))
                    .noneMatch(l -> l.startsWith("gate power"))
                    .allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(120));
            List<String> sentences = java.util.Arrays.stream(String.join(" ", section.stream().map(String::strip).toList())
                    .split("; | \\| |: ")).map(String::strip).filter(p -> p.length() >= 30).toList();
            assertThat(sentences).as("sentences of\n" + String.join("\n", section)).doesNotHaveDuplicates();
        }
    }

    /** The compact section's lines in {@code stdout} but the run's facts (the lines of the empty key): the test's own. */
    private static List<String> testLines(String stdout) {
        int start = stdout.indexOf("-- chronoscope: ");
        int end = stdout.indexOf("\n" + "-".repeat(120) + "\n", start);
        return stdout.substring(start, end + 121).lines().filter(l -> !l.matches(" {13}\\S.*")).toList();
    }

    @Test
    void aRegressionIsReportedButPassesWithoutTheGate() throws IOException {
        KitRun run = gated(fasterBaseline, false, "full");

        assertPassedWithoutTheGate(run, "regressed");
        assertThat(run.section(TEST)).contains("\noutcome      passed\n");
        assertThat(Files.readString(run.reportDir().resolve(RunReport.HTML), StandardCharsets.UTF_8))
                .contains("outcome <span class=\"o-passed\">passed</span>").doesNotContain("class=\"gate\"");
    }

    @Test
    void theGateLeavesATestThatDidNotRegressAsItWas() {
        KitRun run = gated(slowerBaseline, true, "full");

        assertPassedWithoutTheGate(run, "improved");
    }

    /** The test passed, and its record says so, with no gate failure and the region's baseline verdict {@code verdict}. */
    private static void assertPassedWithoutTheGate(KitRun run, String verdict) {
        run.tests().assertThatEvents().haveExactly(1, event(test("chain"), finishedSuccessfully()));
        JsonRecord record = run.record(TEST);
        assertThat(record.string("outcome")).isEqualTo("passed");
        assertThat(record.isNull("gate")).isTrue();
        assertThat(record.timing(LABEL).string("baseline.verdict")).isEqualTo(verdict);
    }

    private KitRun gated(Path baseline, boolean failOnRegression, String detail) {
        return gated(baseline, failOnRegression, detail, "compare");
    }

    /** As {@link #gated(Path, boolean, String)}, the run's report directory under {@code name}. */
    private KitRun gated(Path baseline, boolean failOnRegression, String detail, String name) {
        // the documented region warm-up: with the kit's 20 ms the region's code was sometimes compiled
        // during its samples, and the self-check refused the figure, which the gate then does not judge
        KitRun run = ChronoscopeKit.in(dir.resolve(name)).with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms")
                .with(ChronoscopeConfig.BASELINE_COMPARE_KEY, baseline.toString())
                .with(ChronoscopeConfig.BASELINE_FAIL_ON_REGRESSION_KEY, Boolean.toString(failOnRegression))
                .with(ChronoscopeConfig.REPORT_DETAIL_KEY, detail).run(FIXTURE);
        // a figure a self-check refused (Surefire's output flusher working beside the samples, say) is rightly
        // not judged by the gate: nothing here to test then
        String verdict = run.record(TEST).timing(LABEL).string("verdict");
        org.junit.jupiter.api.Assumptions.assumeFalse("REFUSED".equals(verdict), () -> "the compared run's figure was refused: "
                + run.record(TEST).timing(LABEL).string("verdictReason"));
        return run;
    }

    /** {@code saved} with every median times {@code factor} and no floor, written to {@code name}. */
    private Path scaled(Path saved, double factor, String name) throws IOException {
        Baseline b = Baseline.read(saved);
        Baseline out = new Baseline(b.runs().stream().map(r -> new Baseline.Run(r.run(), r.savedAt(), r.host(), r.timings().stream()
                .map(e -> BaselineEntry.builder(e.key(), e.test(), e.label()).clock(e.clock()).measure(e.measure())
                        .medianNs(e.medianNs() * factor).floorP50Ns(Double.NaN).kept(e.kept()).resolved(e.resolved())
                        .quantilesNs(e.quantilesNs()).build()).toList())).toList());
        Path file = dir.resolve(name);
        Files.writeString(file, out.toJson(), StandardCharsets.UTF_8);
        return file;
    }
}
