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

    /**
     * True when {@code recorded} (a section header's test name: {@code Outer.Inner.method(Types) [display]})
     * names {@code wanted}, given as {@code Inner.method()}: enclosing classes and parameter types may be left out.
     */
    static boolean sameTest(String recorded, String wanted) {
        return shortName(recorded).equals(shortName(wanted));
    }

    /** {@code Outer.Inner.method(Probe) [1] x} -> {@code Inner.method() [1] x}: the innermost class, no parameter types. */
    static String shortName(String full) {
        int open = full.indexOf('(');
        int close = full.indexOf(')', open);
        if (open < 0 || close < 0) {
            return full;
        }
        String head = full.substring(0, open);
        int last = head.lastIndexOf('.');
        int previous = head.lastIndexOf('.', last - 1);
        return head.substring(previous + 1) + "()" + full.substring(close + 1);
    }

    /** The one record of the test named {@code testName} ({@code Class.method()} as in the section header). */
    JsonRecord record(String testName) {
        List<JsonRecord> found = records().stream().filter(r -> sameTest(r.test(), testName)).toList();
        if (found.size() != 1) {
            throw new AssertionError(found.size() + " records for " + testName + "; tests recorded: "
                    + records().stream().map(JsonRecord::test).toList() + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
        }
        return found.get(0);
    }

    /** The printed section of {@code test}: from its header to the closing rule, both included. */
    String section(String test) {
        String rule = "\n" + "-".repeat(100) + "\n";
        int start = -1;
        for (int at = stdout.indexOf(TimingSection.BEGIN); at >= 0; at = stdout.indexOf(TimingSection.BEGIN, at + 1)) {
            String header = stdout.substring(at + TimingSection.BEGIN.length(), stdout.indexOf('\n', at));
            String name = header.replaceAll(" -+$", "");
            if (sameTest(name, test)) {
                start = at;
                break;
            }
        }
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
