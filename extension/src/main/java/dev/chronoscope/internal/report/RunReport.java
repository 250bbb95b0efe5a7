package dev.chronoscope.internal.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes the run's report files into the report directory: {@value #HTML} ({@link HtmlReport}),
 * {@value #JMH} ({@link JmhJson}) and {@value #SUMMARY} ({@link MarkdownSummary}), from all of the
 * run's records there, whichever JVM wrote them. Each file is written to a temporary file and
 * renamed over the old one atomically, so forks that finish together never leave a torn file, and
 * the last JVM to finish leaves the complete report. The files get the permissions the user's umask
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

    /** What was written: the files, the records they cover, and the console's summary lines. */
    public record Written(Path html, Path jmh, Path summary, RunRecords records, List<String> console) {
        public Written {
            console = List.copyOf(console);
        }
    }

    public static Written write(Path directory, RunRecords records, Optional<BaselineListing> listing) throws IOException {
        return write(directory, records, listing, Optional.empty());
    }

    /** @param baseline the baseline compared with, to draw; empty when none was read */
    public static Written write(Path directory, RunRecords records, Optional<BaselineListing> listing, Optional<ReportBaseline> baseline)
            throws IOException {
        Path dir = directory.toAbsolutePath().normalize();
        Files.createDirectories(dir);
        Path html = dir.resolve(HTML);
        Path jmh = dir.resolve(JMH);
        Path summary = dir.resolve(SUMMARY);
        String generated = "generated " + Instant.now();
        replace(html, HtmlReport.render(records, generated, listing, baseline));
        replace(jmh, JmhJson.render(records, JmhJson.Jvm.current()));
        replace(summary, MarkdownSummary.render(records, generated));
        return new Written(html, jmh, summary, records, console(records));
    }

    /**
     * Removes an earlier run's report files from {@code directory}, for a run whose records could not
     * be read: left in place, they would pass for this run's.
     *
     * @return the files removed
     */
    public static java.util.List<Path> removeStale(Path directory) {
        java.util.List<Path> removed = new java.util.ArrayList<>();
        for (String name : java.util.List.of(HTML, JMH)) {
            Path file = directory.toAbsolutePath().normalize().resolve(name);
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
     * The run in a few lines for the console: the counts, then the worst rows (up to
     * {@value #CONSOLE_ROWS}) that are not ok, each with its test, timing, median and what made it so.
     */
    static List<String> console(RunRecords records) {
        List<Overview.Row> rows = Overview.rows(records);
        List<String> out = new ArrayList<>();
        out.add("run summary: " + records.tests().size() + " timed tests, " + rows.size() + " timings: " + Overview.counts(rows) + "; "
                + HtmlReport.claimCounts(records) + records.flakyNote());
        GatePower.outOfReach(rows).forEach(line -> out.add("  out of the gate's reach: " + line));
        List<Overview.Row> bad = rows.stream().filter(r -> r.status() != Overview.Status.OK).toList();
        for (Overview.Row r : bad.subList(0, Math.min(CONSOLE_ROWS, bad.size()))) {
            out.add("  " + r.status().key() + ": " + r.record().test() + " :: " + r.timing().label() + " (" + Overview.mode(r) + ") median "
                    + Overview.median(r.timing()) + " — " + r.why());
        }
        if (bad.size() > CONSOLE_ROWS) {
            out.add("  … and " + (bad.size() - CONSOLE_ROWS) + " more not ok, worst first in the report's overview");
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

    /**
     * Writes {@code content} to a new temporary file beside {@code file} and renames it over
     * {@code file}. The temporary file is created as any new file is (not with
     * {@link Files#createTempFile}, which makes it 0600), so the report gets the umask's permissions.
     */
    private static void replace(Path file, String content) throws IOException {
        Path temp = file.resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + "."
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                out.write(content.getBytes(StandardCharsets.UTF_8));
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
