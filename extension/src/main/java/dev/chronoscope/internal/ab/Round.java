package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.format.Text;
import dev.chronoscope.internal.gate.CoreSpeed;
import dev.chronoscope.internal.json.JsonParser;
import dev.chronoscope.internal.report.ReportedTest;
import dev.chronoscope.internal.report.RunRecords;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One completed round of an A/B comparison: both sides ran, in the order drawn for it, and each left records.
 *
 * @param number    from 1, counting failed rounds too (a failed round's number is not reused)
 * @param baseFirst whether the base ran first in this round
 * @param wallNanos both sides together
 */
record Round(int number, boolean baseFirst, List<ReportedTest> base, List<ReportedTest> head, long wallNanos,
             int baseExit, int headExit) {

    Round {
        base = List.copyOf(base);
        head = List.copyOf(head);
    }

    List<ReportedTest> tests(String side) {
        return side.equals(Side.BASE) ? base : head;
    }

    /** {@code base, head} or {@code head, base}. */
    String order() {
        return baseFirst ? "base, head" : "head, base";
    }

    /**
     * The core's speed while a side's tests ran, in ns per multiply-add: the median over its tests of each test's
     * slower reading (the core ran at least that slowly then); NaN where no test read it.
     */
    static double coreSpeed(List<ReportedTest> tests) {
        List<Double> slower = new ArrayList<>();
        for (ReportedTest t : tests) {
            CoreSpeed s = t.coreSpeed();
            if (s.known()) {
                slower.add(Math.max(s.beforeNsPerStep(), s.afterNsPerStep()));
            }
        }
        if (slower.isEmpty()) {
            return Double.NaN;
        }
        slower.sort(null);
        int n = slower.size();
        return n % 2 == 1 ? slower.get(n / 2) : (slower.get(n / 2 - 1) + slower.get(n / 2)) / 2;
    }

    /** A round dropped because a side failed: which side, and why. */
    record Failed(int number, String side, String reason) {
    }

    /**
     * Every record in {@code directory}, whatever run wrote it (the directory is the round's own): each run read as
     * the run report reads one, so a rerun test keeps its last attempt.
     */
    static List<ReportedTest> records(Path directory) throws IOException {
        Set<String> runs = new LinkedHashSet<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "chronoscope-*.jsonl")) {
            for (Path f : files) {
                for (String line : Text.split(new String(Files.readAllBytes(f), StandardCharsets.UTF_8), '\n')) {
                    try {
                        Map<String, Object> fields = JsonParser.parseObject(line);
                        if (fields.get("run") instanceof String run) {
                            runs.add(run);
                        }
                    } catch (IllegalArgumentException e) {
                        // a line cut short: RunRecords counts it below
                    }
                }
            }
        }
        List<ReportedTest> tests = new ArrayList<>();
        for (String run : runs) {
            tests.addAll(RunRecords.read(directory, run).tests());
        }
        return tests;
    }
}
