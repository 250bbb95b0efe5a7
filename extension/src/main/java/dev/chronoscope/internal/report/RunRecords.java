package dev.chronoscope.internal.report;

import dev.chronoscope.internal.json.JsonParser;
import dev.chronoscope.internal.json.Utf8;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;

/**
 * Reads back the records of one run from the report directory: every line of every
 * {@code chronoscope-*.jsonl} file whose record belongs to the run, whichever JVM wrote it. A line
 * that does not parse (a file another JVM is appending to right now, a line cut inside a UTF-8
 * character, a damaged or hostile line, what a full disk left of a record) is skipped and counted,
 * with the test it names where the line holds the record's {@code "test"} field whole. A test run
 * more than once in the run (a failing test Surefire reruns, {@code rerunFailingTestsCount}) keeps
 * the record of its last attempt, the one that decided its outcome, as Surefire counts it: the
 * report, the baseline and the gate see that attempt only, and its record says which attempt it is.
 */
public final class RunRecords {

    private final List<ReportedTest> tests;
    private final int files;
    private final int unreadable;
    private final List<String> unreadableTests;
    /** Tests whose last attempt passed after an earlier one did not: Surefire's flakes. */
    private final int flaky;
    /** Timed tests whose JVM was told to end while they ran, and that have no record of their own. */
    private final List<UnendedTest> unended;

    private RunRecords(List<ReportedTest> attempts, int files, int unreadable, List<String> unreadableTests,
            List<UnendedTest> unended) {
        Map<String, ReportedTest> last = new LinkedHashMap<>();
        Map<String, List<String>> earlier = new HashMap<>();
        for (ReportedTest t : attempts) {
            ReportedTest before = last.put(t.uniqueId(), t);
            if (before != null) {
                earlier.computeIfAbsent(t.uniqueId(), k -> new ArrayList<>()).add(before.outcome());
            }
        }
        List<ReportedTest> kept = new ArrayList<>();
        int flakes = 0;
        for (ReportedTest t : last.values()) {
            List<String> outcomes = earlier.getOrDefault(t.uniqueId(), List.of());
            if (!outcomes.isEmpty() && "passed".equals(t.outcome())) {
                flakes++;
            }
            kept.add(outcomes.isEmpty() ? t : lastAttempt(t, outcomes));
        }
        this.tests = List.copyOf(kept);
        this.files = files;
        this.unreadable = unreadable;
        this.unreadableTests = List.copyOf(unreadableTests);
        this.flaky = flakes;
        // a test that ended after all while its JVM was ending has its record, which says how it ended
        this.unended = unended.stream().filter(u -> attempts.stream().noneMatch(t -> t.uniqueId().equals(u.uniqueId())
                && t.pid() == u.pid()))
                .toList();
    }

    /**
     * {@code t}, the last of its attempts, with a warning saying which attempt it is and how the earlier ones ended.
     */
    private static ReportedTest lastAttempt(ReportedTest t, List<String> earlierOutcomes) {
        int n = earlierOutcomes.size() + 1;
        List<String> warnings = new ArrayList<>(t.warnings());
        warnings.add("attempt " + n + " of " + n + " (the test was rerun; earlier attempts: " + String.join(", ",
                earlierOutcomes)
                + "): only this attempt, which decided the test's outcome, is in the report, the baseline and the "
                + "gate");
        return t.toBuilder().warnings(warnings).build();
    }

    /** The records of run {@code run} in {@code directory}, files in name order (their names start with the time). */
    public static RunRecords read(Path directory, String run) throws IOException {
        List<Path> paths = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, "chronoscope-*.jsonl")) {
            stream.forEach(paths::add);
        } catch (NoSuchFileException e) {
            return new RunRecords(List.of(), 0, 0, List.of(), List.of());
        }
        paths.sort(null);
        List<ReportedTest> tests = new ArrayList<>();
        int files = 0;
        int unreadable = 0;
        List<String> unreadableTests = new ArrayList<>();
        List<UnendedTest> unended = new ArrayList<>();
        java.util.Map<ReportedTest, java.time.Instant> started = new java.util.IdentityHashMap<>();
        for (Path p : paths) {
            boolean counted = false;
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(p);
            } catch (IOException e) {
                throw new IOException("could not read " + p + ": " + e, e);
            }
            for (int start = 0, end; start < bytes.length; start = end + 1) {
                end = indexOf(bytes, (byte) '\n', start);
                ReportedTest t;
                String line = null;
                try {
                    line = Utf8.decode(bytes, start, end);
                    if (line.isBlank()) {
                        continue;
                    }
                    java.util.Map<String, Object> fields = JsonParser.parseObject(line);
                    Optional<UnendedTest> notEnded = UnendedTest.fromJson(fields);
                    if (notEnded.isPresent()) {
                        notEnded.filter(u -> u.run().equals(run)).ifPresent(unended::add);
                        continue;
                    }
                    t = ReportedTest.fromJson(fields);
                    started.put(t, startedAt(fields.get("startedAt")));
                } catch (Utf8.NotUtf8 | RuntimeException e) {
                    unreadable++;
                    testNamedIn(line, run).ifPresent(unreadableTests::add);
                    continue;
                }
                if (t.run().equals(run)) {
                    tests.add(t);
                    if (!counted) {
                        files++;
                        counted = true;
                    }
                }
            }
        }
        // attempts in the order they began, whichever file holds them: files of one second sort by a random part
        tests.sort(java.util.Comparator.comparing(started::get,
                java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder())));
        return new RunRecords(tests, files, unreadable, unreadableTests, unended);
    }

    /** A record's {@code startedAt} instant; null where it has none or it is not one. */
    private static java.time.Instant startedAt(Object value) {
        try {
            return value instanceof String text ? java.time.Instant.parse(text) : null;
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    /**
     * The test an unreadable line of run {@code run} names: its {@code "run"} and {@code "test"}
     * fields, the first a record writes, read where they are whole. Empty for any other line.
     */
    static Optional<String> testNamedIn(String line, String run) {
        if (line == null) {
            return Optional.empty();
        }
        return stringField(line, "run").filter(run::equals).flatMap(r -> stringField(line, "test"));
    }

    /** The string value of the first {@code "name":"…"} in {@code line}, if the line holds it whole. */
    private static Optional<String> stringField(String line, String name) {
        String key = "\"" + name + "\":\"";
        int from = line.indexOf(key);
        if (from < 0) {
            return Optional.empty();
        }
        from += key.length() - 1;
        for (int i = from + 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                try {
                    return Optional.of((String) JsonParser.parse(line.substring(from, i + 1)));
                } catch (RuntimeException e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    /** The index of the first {@code b} in {@code bytes} from {@code from}, or {@code bytes.length}. */
    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return bytes.length;
    }

    public static RunRecords of(List<ReportedTest> tests) {
        return new RunRecords(tests, 1, 0, List.of(), List.of());
    }

    public List<ReportedTest> tests() {
        return tests;
    }

    /** How many files (one per JVM) held the run's records. */
    public int files() {
        return files;
    }

    /** Tests that passed on a rerun after an attempt that did not pass (Surefire's flakes). */
    public int flaky() {
        return flaky;
    }

    /** {@code  · 1 flaky (passed on a rerun)}, for a run summary; empty without flakes. */
    public String flakyNote() {
        return flaky == 0 ? "" : " · " + flaky + " flaky (passed on a rerun; the report shows the last attempt)";
    }

    /** Lines that did not parse as a record. */
    public int unreadable() {
        return unreadable;
    }

    /** The tests named in unreadable lines of this run (a record a failed write left part of), in file order. */
    public List<String> unreadableTests() {
        return unreadableTests;
    }

    /**
     * Timed tests whose JVM was told to end while they ran: they have no record, and this report no timings of theirs.
     */
    public List<UnendedTest> unended() {
        return unended;
    }

    /**
     * What this report lacks, in sentences: the timed tests that did not end (their JVM was told to
     * end while they ran), and the record lines that were skipped, with whose records they were
     * where a line names its test; empty when nothing is missing.
     */
    public Optional<String> skippedNote() {
        List<String> notes = new ArrayList<>();
        if (!unended.isEmpty()) {
            notes.add(unended.size() + (unended.size() == 1 ? " timed test" : " timed tests") + " did not end: "
                    + String.join(", ", unended.stream().map(UnendedTest::describe).toList()) + "; "
                    + (unended.size() == 1 ? "it has" : "they have") + " no record and no timings in this report");
        }
        if (unreadable > 0) {
            notes.add(unreadable + (unreadable == 1 ? " record line" : " record lines") + " could not be read and "
                    + (unreadable == 1 ? "was" : "were") + " skipped" + (unreadableTests.isEmpty() ? ""
                    : " (part of the record of " + String.join(", ", unreadableTests.stream()
                    .map(TimingSection::printable).toList())
                    + ", which this report therefore lacks)"));
        }
        return notes.isEmpty() ? Optional.empty() : Optional.of(String.join(". ", notes));
    }

    public int timingCount() {
        return tests.stream().mapToInt(t -> t.timings().size()).sum();
    }
}
