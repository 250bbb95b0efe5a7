package dev.chronoscope.internal.report;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads back the records of one run from the report directory: every line of every
 * {@code chronoscope-*.jsonl} file whose record belongs to the run, whichever JVM wrote it. A line
 * that does not parse (a file another JVM is appending to right now, a line cut inside a UTF-8
 * character, a damaged or hostile line) is skipped and counted.
 */
public final class RunRecords {

    private final List<ReportedTest> tests;
    private final int files;
    private final int unreadable;

    private RunRecords(List<ReportedTest> tests, int files, int unreadable) {
        this.tests = List.copyOf(tests);
        this.files = files;
        this.unreadable = unreadable;
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

    /** Lines that did not parse as a record. */
    public int unreadable() {
        return unreadable;
    }

    public int timingCount() {
        return tests.stream().mapToInt(t -> t.timings().size()).sum();
    }
}
