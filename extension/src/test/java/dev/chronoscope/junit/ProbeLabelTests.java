package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.chronoscope.internal.report.RunReport;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * A region's label names it in the section, one line per fact, and in a JUnit report entry, whose
 * values must not be blank. A blank label used to fail the test only after it had passed (from
 * {@code afterTestExecution}, a {@code PreconditionViolationException}) and lose its record; a
 * label with a line break split the section. Both are refused where they are given.
 */
class ProbeLabelTests {

    @TempDir
    Path dir;

    @MeasureWith(CLOCK_MONOTONIC)
    static class LabelsTestCase {
        @Test
        void blank(Probe probe) {
            probe.repeat(" ", 10, () -> 1);
        }

        @Test
        void twoLines(Probe probe) {
            probe.repeatFor("two\nlines", Duration.ofMillis(1), () -> 1);
        }

        @Test
        void fine(Probe probe) {
            probe.repeat("a label | with a bar", 10, () -> 1);
        }
    }

    @Test
    void aBlankOrMultiLineLabelIsRefusedWhereItIsGivenAndTheRecordIsKept() {
        KitRun run = ChronoscopeKit.in(dir).run(LabelsTestCase.class);

        run.tests().assertThatEvents()
                .haveExactly(1, event(test("blank"), finishedWithFailure(instanceOf(IllegalArgumentException.class),
                        message("Probe.repeat: label must be non-blank text on one line, was \" \""))))
                .haveExactly(1, event(test("twoLines"), finishedWithFailure(instanceOf(IllegalArgumentException.class),
                        message("Probe.repeatFor: label must be non-blank text on one line, was \"two\\nlines\""))))
                .haveExactly(1, event(test("fine"), finishedSuccessfully()));
        assertThat(run.records()).extracting(JsonRecord::test).containsExactlyInAnyOrder(
                "LabelsTestCase.blank()", "LabelsTestCase.twoLines()", "LabelsTestCase.fine()");
        assertThat(run.record("LabelsTestCase.blank()").string("outcome")).isEqualTo("failed");
        assertThat(TimingSectionParser.parseAll(run.stdout())).hasSize(3);
        assertThat(run.record("LabelsTestCase.fine()").timing("a label | with a bar").whole("kept")).isEqualTo(10);
    }

    @MeasureWith(CLOCK_MONOTONIC)
    static class DuplicateLabelsTestCase {
        @Test
        void repeatsUnderOneLabel(Probe probe) {
            probe.repeat("same", 10, () -> 1);
            probe.repeatBackToBack("same", 3, () -> 1);
        }

        @Test
        void comparesUnderOneLabel(Probe probe) {
            probe.compare("same", () -> 1, "same", () -> 2, 10);
        }

        @Test
        void takesTheInvocationsLabel(Probe probe) {
            probe.repeat("invocation", 10, () -> 1);
        }

        @Test
        void controlCharacters(Probe probe) {
            probe.repeat("RED\u001b[31m\u0007", 10, () -> 1);
        }

        @Test
        void aRegionUsingTheProbe(Probe probe) {
            probe.repeat("outer", 10, () -> probe.repeat("inner", 10, () -> 1));
        }

        @Test
        void aRegionBeginningARegion(Probe probe) {
            probe.repeat("outer", 10, () -> probe.begin());
        }
    }

    @Test
    void aLabelIsUniqueWithinATestAndARefusedOneIsPrintedEscaped() {
        KitRun run = ChronoscopeKit.in(dir).run(DuplicateLabelsTestCase.class);

        String unique = "; each timing of a test needs a label of its own (the baseline and the regression gate tell a test's timings "
                + "apart by it)";
        String nested = " inside a region this Probe is timing: the region's figure would hold this call's warm-up, floor reads and "
                + "sampling as if they were the region's work. Time the inner work with a call of its own, before or after the one whose "
                + "region holds it.";
        run.tests().assertThatEvents()
                .haveExactly(1, event(test("repeatsUnderOneLabel"), finishedWithFailure(instanceOf(IllegalArgumentException.class),
                        message("Probe.throughput: label \"same\" already labels an earlier timing of this test" + unique))))
                .haveExactly(1, event(test("comparesUnderOneLabel"), finishedWithFailure(instanceOf(IllegalArgumentException.class),
                        message("Probe.compare: label \"same\" is given to both regions" + unique))))
                .haveExactly(1, event(test("takesTheInvocationsLabel"), finishedWithFailure(instanceOf(IllegalArgumentException.class),
                        message("Probe.repeat: label \"invocation\" is the label of the test's own invocation timing; give the region a "
                                + "label of its own"))))
                .haveExactly(1, event(test("controlCharacters"), finishedWithFailure(instanceOf(IllegalArgumentException.class),
                        message("Probe.repeat: label must be non-blank text on one line, was \"RED\\u001b[31m\\u0007\""))))
                .haveExactly(1, event(test("aRegionUsingTheProbe"), finishedWithFailure(instanceOf(IllegalStateException.class),
                        message("Probe.repeat" + nested))))
                .haveExactly(1, event(test("aRegionBeginningARegion"), finishedWithFailure(instanceOf(IllegalStateException.class),
                        message("Probe.begin" + nested))));
        assertThat(run.record("DuplicateLabelsTestCase.repeatsUnderOneLabel()").timings()).extracting(t -> t.string("label"))
                .as("the first timing of the label is kept").containsExactly("invocation", "same");
        assertThat(run.record("DuplicateLabelsTestCase.aRegionUsingTheProbe()").timings()).extracting(t -> t.string("label"))
                .as("neither the outer timing nor the inner").containsExactly("invocation");
    }

    /** A label of {@link Probe#MAX_LABEL_LENGTH} characters, words of 9 letters and a space. */
    static final String LONGEST = "abcdefghi ".repeat(Probe.MAX_LABEL_LENGTH / 10).strip() + "z";

    @MeasureWith(CLOCK_MONOTONIC)
    static class LongLabelsTestCase {
        @Test
        void hundredKilobytes(Probe probe) {
            probe.repeat("0123456789".repeat(10_240), 10, () -> 1);
        }

        @Test
        void longest(Probe probe) {
            probe.repeat(LONGEST, 10, () -> 1);
        }
    }

    @Test
    void aLabelPastTheLimitIsRefusedWithItsLengthAndOneAtTheLimitKeepsEveryOutputSmall() throws Exception {
        KitRun run = ChronoscopeKit.in(dir).with(dev.chronoscope.ChronoscopeConfig.REPORT_DETAIL_KEY, "compact")
                .run(LongLabelsTestCase.class);

        assertThat(LONGEST).hasSize(Probe.MAX_LABEL_LENGTH);
        run.tests().assertThatEvents()
                .haveExactly(1, event(test("hundredKilobytes"), finishedWithFailure(instanceOf(IllegalArgumentException.class),
                        message("Probe.repeat: label must be at most 200 characters (Probe.MAX_LABEL_LENGTH), was 102,400"
                                + " characters: \"0123456789012345678901234567890123456789…\""))))
                .haveExactly(1, event(test("longest"), finishedSuccessfully()));
        assertThat(run.record("LongLabelsTestCase.longest()").timing(LONGEST).whole("kept")).isEqualTo(10);
        // the label's timing line wraps over a few of the section's lines, each within its width
        List<String> section = run.stdout().lines().dropWhile(l -> !l.contains("LongLabelsTestCase.longest(")).skip(1)
                .takeWhile(l -> !l.startsWith("---")).toList();
        assertThat(section).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(120));
        List<String> timingLine = section.stream().dropWhile(l -> !l.startsWith("timing       abcdefghi")).toList();
        timingLine = timingLine.subList(0, 1 + (int) timingLine.stream().skip(1).takeWhile(l -> l.startsWith(" ")).count());
        assertThat(timingLine).as("the label's timing line").hasSizeLessThanOrEqualTo(6);
        String html = Files.readString(run.reportDir().resolve(RunReport.HTML), StandardCharsets.UTF_8);
        String summary = Files.readString(run.reportDir().resolve(RunReport.SUMMARY), StandardCharsets.UTF_8);
        // before the limit, the 100 kB label made the report ~500 kB and a summary line of 100 kB
        assertThat(html.length()).as("the run report's characters").isLessThan(100_000);
        assertThat(html).doesNotContain("0123456789".repeat(21));
        assertThat(summary.lines().mapToInt(String::length).max().orElse(0)).as("the summary's longest line").isLessThan(1_000);
    }
}
