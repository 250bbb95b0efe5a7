package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintStream;
import java.nio.file.Path;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;

/** A test that leaves {@code System.out} null keeps its record; its section goes to stderr, saying why. */
class NullSystemOutTests {

    @TempDir
    Path dir;

    static class NullOutTestCase {
        private static PrintStream out;

        @Test
        @MeasureWith(NANO_TIME)
        void setsSystemOutToNull(Probe probe) {
            probe.repeat("sum", 200, () -> 1 + 1);
            out = System.out;
            System.setOut(null);
        }

        /** After Chronoscope's afterEach, which records the test; before the run ends. */
        @AfterAll
        static void restore() {
            System.setOut(out);
        }
    }

    @Test
    void theRecordIsWrittenAndTheSectionPrintedToStderr() {
        KitRun run = ChronoscopeKit.in(dir).run(NullOutTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        assertThat(run.record("NullOutTestCase.setsSystemOutToNull()").string("outcome")).isEqualTo("passed");
        assertThat(run.stderr()).contains("[chronoscope] System.out is null (set so by the test or the code it ran): the timing section of "
                + "NullSystemOutTests.NullOutTestCase.setsSystemOutToNull(Probe) goes to stderr").contains("sum");
    }

    static class NeverRestoredTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void setsSystemOutToNullForGood(Probe probe) {
            probe.repeat("sum", 200, () -> 1 + 1);
            System.setOut(null);
        }
    }

    @Test
    void aRunWhoseSystemOutStaysNullStillWritesItsReport() {
        KitRun run = ChronoscopeKit.in(dir).run(NeverRestoredTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        assertThat(run.record("NeverRestoredTestCase.setsSystemOutToNullForGood()").string("outcome")).isEqualTo("passed");
        assertThat(run.stderr()).contains("[chronoscope] run report: " + run.reportDir().toAbsolutePath().resolve(RunReport.HTML));
        assertThat(run.reportDir().resolve(RunReport.HTML)).exists();
    }
}
