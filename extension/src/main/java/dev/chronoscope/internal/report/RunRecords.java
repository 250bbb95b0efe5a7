package dev.chronoscope.internal.report;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads back the records of one run from the report directory: every line of every
 * {@code chronoscope-*.jsonl} file whose record belongs to the run, whichever JVM wrote it. A line
 * that does not parse (a file another JVM is appending to right now, a line cut inside a UTF-8
 * character, a damaged or hostile line) is skipped and counted. A test run more than once in the run
 * (a failing test Surefire reruns, {@code rerunFailingTestsCount}) keeps the record of its last
 * attempt, the one that decided its outcome, as Surefire counts it: the report, the baseline and
 * the gate see that attempt only, and its record says which attempt it is.
 */
public final class RunRecords {

    private final List<ReportedTest> tests;
    private final int files;
    private final int unreadable;
    /** Tests whose last attempt passed after an earlier one did not: Surefire's flakes. */
    private final int flaky;

    private RunRecords(List<ReportedTest> attempts, int files, int unreadable) {
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
        this.flaky = flakes;
    }

    /** {@code t}, the last of its attempts, with a warning saying which attempt it is and how the earlier ones ended. */
    private static ReportedTest lastAttempt(ReportedTest t, List<String> earlierOutcomes) {
        int n = earlierOutcomes.size() + 1;
        List<String> warnings = new ArrayList<>(t.warnings());
        warnings.add("attempt " + n + " of " + n + " (the test was rerun; earlier attempts: " + String.join(", ", earlierOutcomes)
                + "): only this attempt, which decided the test's outcome, is in the report, the baseline and the gate");
        return new ReportedTest(t.run(), t.test(), t.uniqueId(), t.displayName(), t.outcome(), t.gate(), t.pid(), t.clock(),
                t.readMethod(), t.unit(), t.frequencyHz(), t.host(), t.floorP50Ns(), t.floorSubtracted(), warnings, t.timings(),
                t.comparisons(), t.container(), t.claims(), t.coreSpeed());
    }

    /** The records of run {@code run} in {@code directory}, files in name order (their names start with the time). */
    public static RunRecords read(Path directory, String run) throws IOException {
        List<Path> paths = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory, "chronoscope-*.jsonl")) {
            stream.forEach(paths::add);
        } catch (NoSuchFileException e) {
            return new RunRecords(List.of(), 0, 0);
        }
        paths.sort(null);
        List<ReportedTest> tests = new ArrayList<>();
        int files = 0;
        int unreadable = 0;
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
                try {
                    String line = Utf8.decode(bytes, start, end);
                    if (line.isBlank()) {
                        continue;
                    }
                    t = ReportedTest.fromJson(JsonParser.parseObject(line));
                } catch (Utf8.NotUtf8 | RuntimeException e) {
                    unreadable++;
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
        return new RunRecords(tests, files, unreadable);
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
        return new RunRecords(tests, 1, 0);
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

    public int timingCount() {
        return tests.stream().mapToInt(t -> t.timings().size()).sum();
    }
}
