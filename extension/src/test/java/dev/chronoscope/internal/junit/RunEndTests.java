package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.measure.JvmState;
import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The end of a run: what went wrong names the file it went wrong with. */
class RunEndTests {

    @TempDir
    Path dir;

    @Test
    void aStepSummaryThatCannotBeAppendedToIsNamedNotTheReportDirectory() throws Exception {
        Path reportDir = dir.resolve("report");
        Settings settings = Settings.read(key -> key.equals(ChronoscopeConfig.REPORT_DIR_KEY) ? Optional.of(reportDir.toString())
                : Optional.empty());
        RunBaseline baseline = RunBaseline.load(settings.baseline(), HostFacts.builder().build(), new JvmState());
        Path stepSummary = Files.createDirectory(dir.resolve("step-summary"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        RunEnd.finish(settings, "run A", baseline, Optional.empty(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), stepSummary.toString());

        String stderr = err.toString(StandardCharsets.UTF_8);
        assertThat(stderr).startsWith("[chronoscope] could not append the Markdown summary to " + stepSummary
                        + ", the file GITHUB_STEP_SUMMARY names: ")
                .contains("; the summary is in " + reportDir.toAbsolutePath().resolve(RunReport.SUMMARY))
                .doesNotContain("could not write the run report");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("[chronoscope] run report: " + reportDir.toAbsolutePath().resolve(RunReport.HTML));
    }
}
