package dev.chronoscope.internal.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Writes the run's report files ({@link #OUTPUTS}) into the report directory: {@value #HTML} ({@link HtmlReport}),
 * {@value #JMH} ({@link JmhJson}) and {@value #SUMMARY} ({@link MarkdownSummary}), from all of the
 * run's records there, whichever JVM wrote them: one run's set or none ({@link ReportSet}), so that
 * no file of the report passes for this run's when it is not, and the last JVM to finish leaves the
 * complete report. The files get the permissions the user's umask
 * gives any new file (0644 under the usual 022): a web server, an artifact viewer running as
 * another user or a teammate can read them. A directory the user made private keeps them private.
 */
public final class RunReport {

    public static final String HTML = "chronoscope-report.html";
    public static final String JMH = "chronoscope-jmh.json";
    public static final String SUMMARY = "chronoscope-summary.md";
    /** How many of the overview's worst rows the console summary prints. */
    static final int CONSOLE_ROWS = 10;

    private RunReport() {
    }

    /** The run report's files, in the order they are written and named on the console. */
    public static final List<ReportOutput> OUTPUTS = List.of(
            ReportOutput.of(HTML, "run report", run -> HtmlReport.render(run.records(), run.generated(), run.listing(),
                    run.baseline())),
            ReportOutput.of(JMH, "JMH-format JSON", run -> JmhJson.render(run.records(), JmhJson.Jvm.current())),
            ReportOutput.of(SUMMARY, "Markdown summary", run -> MarkdownSummary.render(run.records(),
                    run.generated())));

    /**
     * What was written: the files (one per output, in {@link #OUTPUTS}' order), the records they cover, the console's
     * lines.
     */
    public record Written(List<Path> files, RunRecords records, List<String> console) {
        public Written {
            files = List.copyOf(files);
            console = List.copyOf(console);
        }

        public Path html() {
            return file(HTML);
        }

        public Path jmh() {
            return file(JMH);
        }

        public Path summary() {
            return file(SUMMARY);
        }

        private Path file(String name) {
            return files.stream().filter(f -> f.getFileName().toString().equals(name)).findFirst().orElseThrow();
        }

        /**
         * The files for the console: {@code run report: <file> (<about>); JMH-format JSON: <file>; …}, each output's
         * title
         * and file, {@code about} said of the first.
         */
        public String describe(String about) {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < files.size(); i++) {
                out.append(i == 0 ? "" : "; ").append(OUTPUTS.get(i).title()).append(": ").append(files.get(i))
                        .append(i == 0 ? " (" + about + ")" : "");
            }
            return out.toString();
        }
    }

    public static Written write(Path directory, RunRecords records,
            Optional<BaselineListing> listing) throws IOException {
        return write(directory, records, listing, Optional.empty());
    }

    /** @param baseline the baseline compared with, to draw; empty when none was read */
    public static Written write(Path directory, RunRecords records, Optional<BaselineListing> listing,
            Optional<ReportBaseline> baseline)
            throws IOException {
        return write(directory, records, listing, baseline, ChannelOpener.CREATE_NEW);
    }

    /**
     * Writes the outputs' files as one run's set or none ({@link ReportSet}): the earlier run's set is
     * removed first, and a file that cannot be written leaves none of this run's either.
     *
     * @param opener creates each temporary file
     * @throws IOException naming the file that could not be written, why, and what the directory holds
     */
    static Written write(Path directory, RunRecords records, Optional<BaselineListing> listing,
            Optional<ReportBaseline> baseline,
                         ChannelOpener opener) throws IOException {
        return write(directory, records, listing, baseline, opener, ReportSet.Pause.NONE);
    }

    /**
     * {@link #write(Path, RunRecords, Optional, Optional, ChannelOpener)}, pausing as {@code pause} says between
     * renames.
     */
    static Written write(Path directory, RunRecords records, Optional<BaselineListing> listing,
            Optional<ReportBaseline> baseline,
                         ChannelOpener opener, ReportSet.Pause pause) throws IOException {
        Path dir = directory.toAbsolutePath().normalize();
        String generated = "generated " + Instant.now();
        ReportOutput.Run run = new ReportOutput.Run(records, generated, listing, baseline);
        ReportSet set = new ReportSet(dir);
        OUTPUTS.forEach(output -> set.add(output.fileName(), () -> output.render(run)));
        set.write(opener, pause, System.err);
        return new Written(OUTPUTS.stream().map(output -> dir.resolve(output.fileName())).toList(), records,
                console(records));
    }

    /**
     * Removes an earlier run's report files from {@code directory}, for a run whose records could not
     * be read: left in place, they would pass for this run's.
     *
     * @return the files removed
     */
    public static List<Path> removeStale(Path directory) {
        List<Path> removed = new ArrayList<>();
        for (ReportOutput output : OUTPUTS) {
            Path file = directory.toAbsolutePath().normalize().resolve(output.fileName());
            try {
                if (Files.deleteIfExists(file)) {
                    removed.add(file);
                }
            } catch (IOException e) {
                // what cannot be removed stays; the message says which were
            }
        }
        return removed;
    }

    /**
     * How many of {@code tests} a JVM timed after other timed tests (each JVM's first test in record order has no such
     * history; a forked test's JVM times that test alone), where any: their figures can depend on what ran before.
     */
    static Optional<String> afterOthers(List<ReportedTest> tests) {
        Set<String> jvms = new HashSet<>();
        long after = tests.stream().filter(t -> !jvms.add(t.run() + " " + t.pid())).count();
        return after == 0 ? Optional.empty() : Optional.of("history: " + after + " of " + tests.size()
                + " timed tests ran in a JVM after other timed tests, whose compiled code and profiles can move their"
                + " figures; chronoscope.fork = per-test (or @Fork) times each in a fresh JVM");
    }

    /**
     * How many tests a fresh JVM decided again after the suite's JVM read them ({@code chronoscope.fork.confirm}), and
     * how that ended: what the run's forks for confirmation cost and changed, said once; empty where none was.
     */
    static Optional<String> decidedAgain(List<ReportedTest> tests) {
        List<ReportedTest> failures = tests.stream()
                .filter(t -> t.decidedAgain() == ReportedTest.DecidedAgain.FAILURE).toList();
        List<ReportedTest> passes = tests.stream()
                .filter(t -> t.decidedAgain() == ReportedTest.DecidedAgain.PASS).toList();
        if (failures.isEmpty() && passes.isEmpty()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        if (!failures.isEmpty()) {
            parts.add(failures.size() + " failure" + (failures.size() == 1 ? "" : "s") + " of the suite's JVM ("
                    + endedThere(failures, "failed", "confirmed") + ")");
        }
        if (!passes.isEmpty()) {
            parts.add(passes.size() + " pass" + (passes.size() == 1 ? "" : "es") + " a slowed figure could have made ("
                    + endedThere(passes, "passed", "held") + ")");
        }
        return Optional.of("decided again in a fresh JVM: " + String.join(", ", parts));
    }

    /** How many of {@code tests} ended {@code kept} there ({@code keptWord}), and how many otherwise. */
    private static String endedThere(List<ReportedTest> tests, String kept, String keptWord) {
        long same = tests.stream().filter(t -> kept.equals(t.outcome())).count();
        return same + " " + keptWord + ", " + (tests.size() - same) + " not";
    }

    /**
     * The run in a few lines for the console: the counts, then the worst rows (up to
     * {@value #CONSOLE_ROWS}) that are not ok, each with its test, timing, median and what made it so,
     * then the timings whose baseline verdict is {@code regressed} but not gated, with their ratios:
     * reported, never counted as the run's regressions.
     */
    static List<String> console(RunRecords records) {
        List<Overview.Row> rows = Overview.rows(records);
        List<String> out = new ArrayList<>();
        out.add("run summary: " + records.tests().size() + " timed tests, " + rows.size() + " timings: "
                + Overview.counts(rows) + "; "
                + HtmlReport.claimCounts(records) + records.flakyNote());
        records.skippedNote().ifPresent(note -> out.add("  " + note));
        afterOthers(records.tests()).ifPresent(line -> out.add("  " + line));
        decidedAgain(records.tests()).ifPresent(line -> out.add("  " + line));
        Overview.outOfReach(rows).forEach(line -> out.add("  out of the gate's reach: " + line));
        List<Overview.Row> bad = rows.stream().filter(r -> r.status() != Overview.Status.OK).toList();
        for (Overview.Row r : bad.subList(0, Math.min(CONSOLE_ROWS, bad.size()))) {
            out.add("  " + r.status().key() + ": " + r.record().test() + " :: " + r.timing().label() + " ("
                    + Overview.mode(r) + ") median "
                    + Overview.median(r.timing()) + " — " + r.why());
        }
        if (bad.size() > CONSOLE_ROWS) {
            out.add("  … and " + (bad.size() - CONSOLE_ROWS) + " more not ok, worst first in the report's overview");
        }
        List<Overview.Row> ungated = rows.stream().filter(Overview.Row::regressedNotGated).toList();
        for (Overview.Row r : ungated.subList(0, Math.min(CONSOLE_ROWS, ungated.size()))) {
            out.add("  " + Overview.NOT_GATED + ": " + r.record().test() + " :: " + r.timing().label() + " ("
                    + Overview.mode(r) + ") "
                    + Overview.baseline(r.timing()).substring(Overview.NOT_GATED.length() + 2)
                    + " against the baseline");
        }
        if (ungated.size() > CONSOLE_ROWS) {
            out.add("  … and " + (ungated.size() - CONSOLE_ROWS) + " more " + Overview.NOT_GATED
                    + ", in the report's overview");
        }
        return out;
    }

    /**
     * Appends {@code markdown} to the file GitHub's step summary reads, when {@code variable}'s value
     * ({@code GITHUB_STEP_SUMMARY}) names one; does nothing when it is unset or empty.
     *
     * @return the file appended to, if any
     */
    public static Optional<Path> appendToStepSummary(String variable, Path summary) throws IOException {
        if (variable == null || variable.isBlank()) {
            return Optional.empty();
        }
        Path target = Path.of(variable);
        Files.writeString(target, Files.readString(summary, StandardCharsets.UTF_8) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        return Optional.of(target);
    }
}
