package dev.chronoscope.junit;

import dev.chronoscope.internal.report.TimingSection;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.Events;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What one engine-test-kit run of fixtures produced: the events, the captured output, and the
 * JSON Lines records in its report directory.
 */
record KitRun(EngineExecutionResults results, String stdout, String stderr, Path reportDir) {

    Events tests() {
        return results.testEvents();
    }

    Events containers() {
        return results.containerEvents();
    }

    /** The JSON Lines files in the report directory (none when nothing was timed). */
    List<Path> reportFiles() {
        if (!Files.isDirectory(reportDir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(reportDir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jsonl")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every line of every report file, in file order; each must be one JSON object. */
    List<String> recordLines() {
        List<String> lines = new ArrayList<>();
        for (Path file : reportFiles()) {
            try {
                String content = Files.readString(file, StandardCharsets.UTF_8);
                if (!content.isEmpty() && !content.endsWith("\n")) {
                    throw new AssertionError(file + " does not end with a newline: the last record is cut");
                }
                content.lines().forEach(lines::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return lines;
    }

    List<JsonRecord> records() {
        return recordLines().stream().map(JsonRecord::parse).toList();
    }

    /** The one record of the test named {@code testName} ({@code Class.method()} as in the section header). */
    JsonRecord record(String testName) {
        List<JsonRecord> found = records().stream().filter(r -> r.test().equals(testName)).toList();
        if (found.size() != 1) {
            throw new AssertionError(found.size() + " records for " + testName + "; tests recorded: "
                    + records().stream().map(JsonRecord::test).toList() + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
        }
        return found.get(0);
    }

    /** The printed section of {@code test}: from its header to the closing rule, both included. */
    String section(String test) {
        String rule = "\n" + "-".repeat(100) + "\n";
        int start = stdout.indexOf(TimingSection.BEGIN + test + " ");
        if (start < 0) {
            throw new AssertionError("no section of " + test + " in:\n" + stdout);
        }
        int end = stdout.indexOf(rule, start);
        if (end < 0) {
            throw new AssertionError("the section of " + test + " has no closing rule:\n" + stdout.substring(start));
        }
        return stdout.substring(start, end + rule.length());
    }
}
