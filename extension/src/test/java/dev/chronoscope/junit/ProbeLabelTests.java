package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

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
}
