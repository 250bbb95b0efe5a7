package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * Faults and misuse are said out loud, naming what was found and what was expected; nothing a test
 * measured is lost silently.
 */
class FaultsTests {

    @TempDir
    Path dir;

    static class TimedTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void timed(Probe probe) {
            probe.repeat("sum", 200, () -> 1 + 1);
        }
    }

    @Test
    void aZeroWarmUpBudgetTurnsTheWarmUpOffAndSaysSo() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.WARMUP_BUDGET_KEY, "0ms").run(TimedTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1).failed(0));
        assertThat(run.record("TimedTestCase.timed()").string("warmup"))
                .startsWith("off (chronoscope.warmup.budget = 0)");
    }

    @Test
    void anEmptyReportDirectoryIsRefusedNamingTheKey() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REPORT_DIR_KEY, "  ").run(TimedTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("timed"), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message("Configuration parameter chronoscope.report.dir = '' is invalid: expected a directory "
                        + "(empty would write into the working directory)"))));
    }

    @Test
    void aReportDirectoryWithANulIsRefusedNamingTheKey() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REPORT_DIR_KEY, "target/a\0b").run(TimedTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("timed"), finishedWithFailure(
                instanceOf(ExtensionConfigurationException.class),
                message(m -> m.startsWith("Configuration parameter chronoscope.report.dir = 'target/a\\0b' is invalid: "
                        + "expected a directory path this file system accepts")))));
    }

    @Test
    void aRecordThatCannotBeWrittenFailsItsTestNamingThePathAndTheCause() throws Exception {
        Path aFile = Files.writeString(dir.resolve("not-a-directory"), "in the way");
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REPORT_DIR_KEY, aFile.toString()).run(TimedTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("timed"), finishedWithFailure(
                message(m -> m.startsWith("Chronoscope could not write the record of FaultsTests.TimedTestCase.timed(Probe) to "
                        + aFile.toAbsolutePath() + "/chronoscope-")
                        && m.contains("FileAlreadyExistsException")
                        && m.contains("set chronoscope.report.dir to a directory this test run can write")))));
        assertThat(run.stdout()).as("the section is still printed").contains("FaultsTests.TimedTestCase.timed(Probe)");
    }

    static class FailingAfterEachTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void timed() {
        }

        @AfterEach
        void tearDown() {
            throw new IllegalStateException("tear-down failed");
        }
    }

    @Test
    void aTestWhoseAfterEachFailsIsRecordedAsFailed() {
        KitRun run = ChronoscopeKit.in(dir).run(FailingAfterEachTestCase.class);

        run.tests().assertStatistics(s -> s.failed(1));
        assertThat(run.record("FailingAfterEachTestCase.timed()").string("outcome")).isEqualTo("failed");
        assertThat(run.section("FailingAfterEachTestCase.timed()")).contains("failed");
    }

    /** Misuse of the probe; each test records what it caught, for the assertions below. */
    static class MisuseTestCase {
        static Probe kept;
        static final List<Throwable> CAUGHT = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Test
        @MeasureWith(NANO_TIME)
        void endWithABogusValue(Probe probe) {
            long begin = probe.begin();
            try {
                probe.end(begin + 385_000_000L);
            } catch (IllegalArgumentException e) {
                CAUGHT.add(e);
            }
            probe.end(begin);
        }

        @Test
        @MeasureWith(NANO_TIME)
        void beginNeverEnded(Probe probe) {
            probe.begin();
        }

        @Test
        @MeasureWith(NANO_TIME)
        void keepsItsProbe(Probe probe) {
            kept = probe;
        }

        @AfterEach
        void useAKeptProbe() {
            if (kept != null) {
                try {
                    kept.repeat("after the test", 10, () -> 1);
                } catch (IllegalStateException e) {
                    CAUGHT.add(e);
                }
                kept = null;
            }
        }

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void repeatForAnEndlessBudget(Probe probe) {
            try {
                probe.repeatFor("forever", Duration.ofSeconds(Long.MAX_VALUE), () -> 1);
            } catch (IllegalArgumentException e) {
                CAUGHT.add(e);
            }
        }
    }

    @Test
    void probeMisuseIsRefusedOrNotedNeverRecordedAsData() {
        MisuseTestCase.CAUGHT.clear();
        KitRun run = ChronoscopeKit.in(dir).run(MisuseTestCase.class);

        run.tests().assertThatEvents().haveExactly(4, event(test(), finishedSuccessfully()));
        assertThat(MisuseTestCase.CAUGHT).extracting(Throwable::getMessage).anySatisfy(m -> assertThat(m)
                        .matches("Probe\\.end\\(\\d+\\): expected the value the matching begin\\(\\) returned \\(\\d+\\); the region stays open"))
                .anySatisfy(m -> assertThat(m).startsWith("Probe.repeat: this Probe belonged to FaultsTests.MisuseTestCase.keepsItsProbe(Probe), "
                        + "which has ended; a region timed now would be in no record."))
                .anySatisfy(m -> assertThat(m).isEqualTo("Probe.repeatFor: budget must be positive and at most PT1H "
                        + "(it stops at 10000000 samples anyway), was PT2562047788015215H30M7S"))
                .hasSize(3);
        JsonRecord bogus = run.record("MisuseTestCase.endWithABogusValue()");
        assertThat(bogus.whole("timings.1.kept")).as("only the correctly ended region is recorded").isEqualTo(1);
        assertThat(run.record("MisuseTestCase.beginNeverEnded()").get("warnings").toString())
                .contains("Probe.begin() was called and never ended with end(): that region is not in the record");
    }
}
