package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Comparison;
import dev.chronoscope.PerformanceTest;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.report.TimingSection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's output samples are the code's: the only output a guide page shows is a timing section;
 * the quick start's is the shape of the section its own test class prints here (figures masked:
 * they are this host's), and no section sample has a line longer than the section's width. A sample
 * cannot go on showing a layout the code no longer prints. (Record and doctor JSON are described by
 * member lists that other tests hold to the code.)
 */
class GuideSamplesTests {

    static final Path DOCS = Path.of("..", "docs");
    static final Path QUICK_START = DOCS.resolve("tutorial/quick-start.md");
    static final int WIDTH = 120;

    @TempDir
    Path dir;

    /** The quick start's test class, as printed there (its package aside). */
    static class SearchPerformanceTestCase {
        private final int[] sorted = new int[4_096];
        private final int[] keys = new int[16];

        SearchPerformanceTestCase() {
            for (int i = 0; i < sorted.length; i++) {
                sorted[i] = 3 * i;
            }
            for (int i = 0; i < keys.length; i++) {
                keys[i] = sorted[(i * 997) % sorted.length];
            }
        }

        private int binary() {
            int found = 0;
            for (int key : keys) {
                found += Arrays.binarySearch(sorted, key) >= 0 ? 1 : 0;
            }
            return found;
        }

        private int linear() {
            int found = 0;
            for (int key : keys) {
                for (int value : sorted) {
                    if (value == key) {
                        found++;
                        break;
                    }
                }
            }
            return found;
        }

        @PerformanceTest
        void sixteenBinaryLookupsTakeWellUnderTenMicroseconds(Probe probe) {
            Timing t = probe.repeat("16 binary lookups", 20_000, this::binary);
            assertThat(t).isResolved();
            assertThat(t).median().isLessThan(Duration.ofNanos(10_000));
            assertThat(t).allocatesNothing();
        }

        @PerformanceTest
        void binarySearchBeatsLinearSearch(Probe probe) {
            Comparison c = probe.compare("binary", "linear", 2_000, this::binary, this::linear);
            assertThat(c).firstIsFasterThanSecond().byAtLeast(3);
        }
    }

    @Test
    void theQuickStartsSectionIsTheShapeOfTheOneItsTestPrints() throws IOException {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REPORT_DETAIL_KEY, "compact").run(SearchPerformanceTestCase.class);
        String printed = compactSection(run.stdout(), "sixteenBinaryLookupsTakeWellUnderTenMicroseconds(Probe)")
                .replace("GuideSamplesTests.SearchPerformanceTestCase", "SearchPerformanceTests");
        List<String> sample = sections(QUICK_START).get(0);

        assertThat(shape(sample)).as("the quick start's section sample against the section printed here:\n%s", printed)
                .isEqualTo(shape(printed.strip().lines().toList()));
    }

    @Test
    void noSectionSampleInTheGuideRunsPastTheSectionsWidth() throws IOException {
        List<String> over = new ArrayList<>();
        try (Stream<Path> pages = Files.walk(DOCS)) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".md") && !p.startsWith(DOCS.resolve("evidence"))).toList()) {
                for (List<String> section : sections(page)) {
                    section.stream().filter(l -> l.length() > WIDTH).forEach(l -> over.add(page + ": " + l.length() + " chars: " + l));
                }
            }
        }
        assertThat(sections(QUICK_START)).as("section samples in the quick start").isNotEmpty();
        assertThat(over).as("lines of section samples longer than the section's %d characters", WIDTH).isEmpty();
    }

    /** Languages of what a reader writes or types: inputs, not output a test has to check. */
    static final List<String> INPUTS = List.of("java", "xml", "sh", "yaml", "groovy", "properties");

    @Test
    void everyOutputSampleInTheGuideIsASectionTheseTestsCheck() throws IOException {
        List<String> unchecked = new ArrayList<>();
        List<Path> pages = new ArrayList<>(List.of(DOCS.resolveSibling("README.md")));
        try (Stream<Path> all = Files.walk(DOCS)) {
            pages.addAll(all.filter(p -> p.toString().endsWith(".md") && !p.startsWith(DOCS.resolve("evidence"))).toList());
        }
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            boolean inside = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (!line.startsWith("```")) {
                    continue;
                }
                if (!inside && !INPUTS.contains(line.substring(3).strip())
                        && (i + 1 >= lines.size() || !lines.get(i + 1).startsWith(TimingSection.BEGIN))) {
                    unchecked.add(page + ":" + (i + 1) + " " + line);
                }
                inside = !inside;
            }
        }
        assertThat(unchecked).as("fenced blocks that are neither an input (%s) nor a timing section: console, record or"
                + " JSON output in the guide must be produced or checked by a test", INPUTS).isEmpty();
    }

    /** The compact section of the test whose header names {@code method}: its header to its closing rule. */
    static String compactSection(String stdout, String method) {
        int start = stdout.indexOf(TimingSection.BEGIN + "GuideSamplesTests.SearchPerformanceTestCase." + method + " ");
        assertThat(start).as("a section of %s in:%n%s", method, stdout).isNotNegative();
        int end = stdout.indexOf("\n" + "-".repeat(WIDTH), start);
        assertThat(end).as("the closing rule of %s's section", method).isPositive();
        return stdout.substring(start, end + 1 + WIDTH);
    }

    /** The fenced blocks of {@code page} that hold a timing section, from its header to its closing rule. */
    static List<List<String>> sections(Path page) throws IOException {
        List<List<String>> sections = new ArrayList<>();
        List<String> block = null;
        for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) {
                if (block != null && !block.isEmpty() && block.get(0).startsWith(TimingSection.BEGIN)) {
                    sections.add(block);
                }
                block = block == null ? new ArrayList<>() : null;
            } else if (block != null) {
                block.add(line);
            }
        }
        return sections;
    }

    /** Lines a section prints only on some hosts or runs: the host's load, warnings, the host's state. */
    static final List<String> OPTIONAL_LINES = List.of("host load", "warning", "host state", "noise", "stalls");

    /**
     * Each line's key and words, its figures masked and its wrapped parts joined: what stays the same
     * from one host to another. The run-wide facts (printed once, indented) and what a section says
     * only where it happened (preemptions, dropped samples, stalls, optional lines) are left out.
     */
    static List<String> shape(List<String> lines) {
        List<String> joined = new ArrayList<>();
        boolean dropping = false;
        for (String line : lines) {
            if (line.startsWith(" ".repeat(15))) {
                if (!dropping && !joined.isEmpty()) {
                    joined.set(joined.size() - 1, joined.get(joined.size() - 1) + " " + line.strip());
                }
            } else {
                dropping = line.startsWith(" ") || OPTIONAL_LINES.stream().anyMatch(line::startsWith);
                if (!dropping) {
                    joined.add(line);
                }
            }
        }
        return joined.stream().map(l -> l.replaceAll("\\d[\\d.,]*", "#")
                        .replaceAll("# ticks = ", "").replaceAll("# (ns|us|ms|s)\\b", "# t")
                        .replaceAll(" \\| preempted #x", "").replaceAll(", # dropped", "")
                        .replaceAll(" \\| mean #x the median \\(stalls\\)", "")
                        .replaceAll("-{3,}", "---").replaceAll("\\s+", " ").strip())
                .toList();
    }
}
