package dev.chronoscope.internal.junit;

import dev.chronoscope.internal.gate.Baseline;
import dev.chronoscope.internal.report.BaselineSave;
import dev.chronoscope.internal.report.BaselineListing;
import dev.chronoscope.internal.report.ReportBaseline;
import dev.chronoscope.internal.report.RunPresence;
import dev.chronoscope.internal.report.RunRecords;
import dev.chronoscope.internal.report.RunReport;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What happens when a JVM's run ends: if it is the last of the run's JVMs still running
 * ({@link RunPresence}), the run report is rewritten from all of the run's records in the report
 * directory (this JVM's and those of the run's other JVMs), the baseline is saved if asked, and
 * the paths, with the baseline's vanished and new timings, are printed once; one JVM at a time. Nothing
 * here fails a test (they have all finished): what goes wrong is said on stderr.
 */
final class RunEnd {

    private static final String PREFIX = "[chronoscope] ";

    private RunEnd() {
    }

    /** GitHub Actions names the file of a step's summary in this variable. */
    static final String STEP_SUMMARY_VARIABLE = "GITHUB_STEP_SUMMARY";

    static void finish(Settings settings, String run, RunBaseline baseline, Optional<RunPresence> presence,
                       PrintStream out, PrintStream err) {
        finish(settings, run, baseline, presence, out, err, System.getenv(STEP_SUMMARY_VARIABLE));
    }

    /** @param stepSummary the value of {@value #STEP_SUMMARY_VARIABLE}, null where unset */
    static void finish(Settings settings, String run, RunBaseline baseline, Optional<RunPresence> presence,
                       PrintStream out, PrintStream err, String stepSummary) {
        if (presence.isEmpty()) {
            write(settings, run, baseline, out, err, stepSummary);
            return;
        }
        try (RunPresence.Turn turn = presence.get().leave()) {
            if (turn.last()) {
                write(settings, run, baseline, out, err, stepSummary);
            } else {
                out.println(PREFIX + "run report and baseline: left to the JVM of this run still running (" + run
                        + "), which writes them from all of the run's records when it ends");
                out.flush();
            }
        } catch (IOException | RuntimeException e) {
            err.println(PREFIX + "could not take the run's write lock in " + settings.reportDir().toAbsolutePath()
                    + " (" + e + "); writing the run report without it");
            write(settings, run, baseline, out, err, stepSummary);
        }
    }

    private static void write(Settings settings, String run, RunBaseline baseline, PrintStream out, PrintStream err,
                              String stepSummary) {
        RunRecords records;
        try {
            records = RunRecords.read(settings.reportDir(), run);
        } catch (IOException | RuntimeException e) {
            List<Path> removed = RunReport.removeStale(settings.reportDir());
            err.println(PREFIX + "could not read the run's records in " + settings.reportDir().toAbsolutePath() + ": "
                    + e + (removed.isEmpty() ? "" : "; removed the earlier run report " + removed
                    + ", which would pass for this run's"));
            return;
        }
        Optional<BaselineListing> listing = baseline.settings().compare().map(file -> baseline.compared()
                .map(b -> BaselineListing.of(file.toString(), b, baseline.fingerprint(), records))
                .orElseGet(() -> new BaselineListing(file + " (does not exist yet)", List.of(), List.of())));
        Optional<ReportBaseline> drawn = baseline.compared()
                .map(b -> new ReportBaseline(b, baseline.fingerprint(), baseline.settings().threshold()));
        try {
            RunReport.Written written = RunReport.write(settings.reportDir(), records, listing, drawn);
            out.println(PREFIX + written.describe(records.tests().size() + " tests, " + records.timingCount()
                    + " timings, from " + records.files() + (records.files() == 1 ? " record file" : " record files")));
            written.console().forEach(line -> out.println(PREFIX + line));
            appendToStepSummary(stepSummary, written.summary(), out, err);
        } catch (IOException | RuntimeException e) {
            err.println(PREFIX + "could not write the run report in " + settings.reportDir().toAbsolutePath() + ": "
                    + e);
        }
        listing.ifPresent(l -> l.lines().forEach(line -> out.println(PREFIX + "baseline " + l.file() + ": " + line)));
        baseline.settings().save().ifPresent(file -> {
            try {
                Baseline saved = BaselineSave.save(file, run, baseline.fingerprint(), baseline.container(), records,
                        baseline.settings().keep());
                out.println(PREFIX + "baseline saved: " + file.toAbsolutePath() + " (" + records.timingCount()
                        + " timings; the file holds " + saved.runs().size()
                        + (saved.runs().size() == 1 ? " run" : " runs") + ")");
            } catch (IOException | RuntimeException e) {
                err.println(PREFIX + "could not save the baseline " + file.toAbsolutePath() + ": " + e);
            }
        });
        out.flush();
    }

    /** Appends the summary to the step summary's file, if one is named; a failure names that file, not the report's. */
    private static void appendToStepSummary(String stepSummary, Path summary, PrintStream out, PrintStream err) {
        try {
            RunReport.appendToStepSummary(stepSummary, summary)
                    .ifPresent(file -> out.println(PREFIX + "summary appended to " + file + " ("
                    + STEP_SUMMARY_VARIABLE + ")"));
        } catch (IOException | RuntimeException e) {
            err.println(PREFIX + "could not append the Markdown summary to " + stepSummary + ", the file "
                    + STEP_SUMMARY_VARIABLE + " names: " + e + "; the summary is in " + summary);
        }
    }
}
