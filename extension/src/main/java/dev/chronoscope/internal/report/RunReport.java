package dev.chronoscope.internal.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * Writes the run's report files into the report directory: {@value #HTML} ({@link HtmlReport}),
 * {@value #JMH} ({@link JmhJson}) and {@value #SUMMARY} ({@link MarkdownSummary}), from all of the
 * run's records there, whichever JVM wrote them. Each file is written to a temporary file and
 * renamed over the old one atomically, so forks that finish together never leave a torn file, and
 * the last JVM to finish leaves the complete report. A file that cannot be written (a full disk)
 * takes the earlier run's file by its name away with it, so no file of the report passes for this
 * run's when it is not. The files get the permissions the user's umask
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
        return write(directory, records, listing, baseline, ChannelOpener.CREATE_NEW);
    }

    /**
     * Writes the three files, each whole or not at all; a file that cannot be written leaves no
     * earlier run's file by its name.
     *
     * @param opener creates each temporary file
     * @throws IOException naming each file that could not be written, why, and what became of the earlier run's file
     */
    static Written write(Path directory, RunRecords records, Optional<BaselineListing> listing, Optional<ReportBaseline> baseline,
                         ChannelOpener opener) throws IOException {
        Path dir = directory.toAbsolutePath().normalize();
        Files.createDirectories(dir);
        Path html = dir.resolve(HTML);
        Path jmh = dir.resolve(JMH);
        Path summary = dir.resolve(SUMMARY);
        String generated = "generated " + Instant.now();
        Map<Path, Supplier<String>> files = new LinkedHashMap<>();
        files.put(html, () -> HtmlReport.render(records, generated, listing, baseline));
        files.put(jmh, () -> JmhJson.render(records, JmhJson.Jvm.current()));
        files.put(summary, () -> MarkdownSummary.render(records, generated));
        List<String> failed = new ArrayList<>();
        files.forEach((file, content) -> {
            try {
                replace(file, content.get(), opener);
            } catch (IOException | RuntimeException e) {
                failed.add(file + " (" + e + "; " + removeEarlier(file) + ")");
            }
        });
        if (!failed.isEmpty()) {
            throw new IOException("could not write " + String.join(", nor ", failed));
        }
        return new Written(html, jmh, summary, records, console(records));
    }

    /** Removes the earlier run's {@code file}, which this run could not replace: what became of it, in words. */
    private static String removeEarlier(Path file) {
        try {
            return Files.deleteIfExists(file) ? "the earlier run's file was removed" : "no earlier run's file was there";
        } catch (IOException | RuntimeException e) {
            return "the earlier run's file could not be removed either (" + e + "): it is not this run's";
        }
    }

    /**
     * Removes an earlier run's report files from {@code directory}, for a run whose records could not
     * be read: left in place, they would pass for this run's.
     *
     * @return the files removed
     */
    public static List<Path> removeStale(Path directory) {
        List<Path> removed = new ArrayList<>();
        for (String name : List.of(HTML, JMH, SUMMARY)) {
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
     * {@value #CONSOLE_ROWS}) that are not ok, each with its test, timing, median and what made it so,
     * then the timings whose baseline verdict is {@code regressed} but not gated, with their ratios:
     * reported, never counted as the run's regressions.
     */
    static List<String> console(RunRecords records) {
        List<Overview.Row> rows = Overview.rows(records);
        List<String> out = new ArrayList<>();
        out.add("run summary: " + records.tests().size() + " timed tests, " + rows.size() + " timings: " + Overview.counts(rows) + "; "
                + HtmlReport.claimCounts(records) + records.flakyNote());
        records.skippedNote().ifPresent(note -> out.add("  " + note));
        GatePower.outOfReach(rows).forEach(line -> out.add("  out of the gate's reach: " + line));
        List<Overview.Row> bad = rows.stream().filter(r -> r.status() != Overview.Status.OK).toList();
        for (Overview.Row r : bad.subList(0, Math.min(CONSOLE_ROWS, bad.size()))) {
            out.add("  " + r.status().key() + ": " + r.record().test() + " :: " + r.timing().label() + " (" + Overview.mode(r) + ") median "
                    + Overview.median(r.timing()) + " — " + r.why());
        }
        if (bad.size() > CONSOLE_ROWS) {
            out.add("  … and " + (bad.size() - CONSOLE_ROWS) + " more not ok, worst first in the report's overview");
        }
        List<Overview.Row> ungated = rows.stream().filter(Overview.Row::regressedNotGated).toList();
        for (Overview.Row r : ungated.subList(0, Math.min(CONSOLE_ROWS, ungated.size()))) {
            out.add("  " + Overview.NOT_GATED + ": " + r.record().test() + " :: " + r.timing().label() + " (" + Overview.mode(r) + ") "
                    + Overview.baseline(r.timing()).substring(Overview.NOT_GATED.length() + 2) + " against the baseline");
        }
        if (ungated.size() > CONSOLE_ROWS) {
            out.add("  … and " + (ungated.size() - CONSOLE_ROWS) + " more " + Overview.NOT_GATED + ", in the report's overview");
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
    private static void replace(Path file, String content, ChannelOpener opener) throws IOException {
        Path temp = file.resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + "."
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
        try {
            try (SeekableByteChannel out = opener.open(temp)) {
                ByteBuffer bytes = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
