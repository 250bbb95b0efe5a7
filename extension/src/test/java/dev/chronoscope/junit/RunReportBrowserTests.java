package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.report.GfmTables;
import dev.chronoscope.internal.report.HeadlessChromium;
import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The run report as a team reads it: a run of 25 tests (126 timings) saved as a baseline, then run
 * again against it, and the second run's report rendered by headless Chromium ({@link HeadlessChromium}).
 * Its DOM must hold one overview row per timing, each linking to an element of the page, the
 * timings the user wrote first (none of the first 20 rows an invocation) and the invocations in
 * their own collapsed group; each row
 * the mode, k and bytes per call of its record and the outcome of every claim made on it; one entry
 * or invocation line per timing; the baseline runs' medians, the ratio against the baseline and the
 * history drawn where the baseline holds the timing; the labels' {@code <&>} as text; no console
 * message. The Markdown summary is checked, parsed as GitHub-flavoured Markdown, against the records.
 */
class RunReportBrowserTests {

    @TempDir
    Path dir;

    static class SuiteTestCase {
        private long seed = 3;

        /** A dependent multiply-add chain of {@code steps}: about 1 ns a step, never folded (the seed is a field). */
        static long chain(long x, int steps) {
            for (int i = 0; i < steps; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            return x;
        }

        @RepeatedTest(25)
        @SubtractProbeFloor
        void suite(Probe probe, RepetitionInfo info) {
            int n = info.getCurrentRepetition();
            // regions of a few hundred ns, which the clock resolves here, so that the baseline compares them
            Timing sum = probe.repeat("sum <&> \"quoted\"", 1_000, () -> chain(seed, 300));
            Timing allocates = probe.repeat("allocate", 1_000, () -> {
                long[] a = new long[4 + n];
                a[0] = chain(seed, 300);
                return a;
            });
            probe.repeat("<b>not bold</b>", 1_000, () -> chain(seed ^ n, 400));
            probe.repeatBackToBack("chain, back to back", 200, () -> chain(seed, 300));
            assertThat(sum).median().isLessThan(Duration.ofSeconds(1));
            assertThat(allocates).allocatesAtLeastPerCall(1);
            if (n == 2) {
                assertThat(allocates).as("a claim that fails").allocatesNothing();
            }
            if (n == 3) {
                // 10 samples are too few to decide a median: inconclusive, the test aborted
                assertThat(probe.repeat("few", 10, () -> seed + 1)).median().isGreaterThan(Duration.ofNanos(1));
            }
        }
    }

    @Test
    void chromiumRendersTheOverviewCardsClaimsBaselineAndHistoryOfARunOfMoreThan100Timings() throws Exception {
        Path chromium = HeadlessChromium.require();
        Path baseline = dir.resolve("baseline.json");
        KitRun first = ChronoscopeKit.in(dir.resolve("first")).with(ChronoscopeConfig.BASELINE_SAVE_KEY, baseline.toString())
                .run(SuiteTestCase.class);
        assertThat(first.tests().started().count()).as(first.stdout()).isEqualTo(25);
        KitRun run = ChronoscopeKit.in(dir.resolve("second")).with(ChronoscopeConfig.BASELINE_COMPARE_KEY, baseline.toString())
                .run(SuiteTestCase.class);
        assertThat(run.tests().failed().count()).as("the repetition whose claim fails: %s", failures(run)).isEqualTo(1);
        // one repetition's claim is inconclusive by design; another may be too where its allocation changed
        // between the halves of its calls (code compiled meanwhile), which its claim rightly cannot decide
        List<String> abortedOtherwise = run.tests().aborted().stream().map(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable).map(Throwable::getMessage).orElse(""))
                .filter(m -> !m.contains("'few'") && !m.contains("its allocation changed during the run")).toList();
        assertThat(abortedOtherwise).as("aborted for another reason than the inconclusive claim on 'few' or a changed allocation").isEmpty();
        assertThat(run.tests().aborted().count()).as("the repetition whose claim is inconclusive: %s",
                run.records().stream().flatMap(r -> r.list("claims").stream()).filter(c -> !String.valueOf(c).contains("outcome=passed")).toList())
                .isBetween(1L, 2L);
        List<JsonRecord> records = run.records();
        int timings = records.stream().mapToInt(r -> r.timings().size()).sum();
        assertThat(timings).as("25 invocations, 100 regions, one more").isEqualTo(126);
        Path report = run.reportDir().resolve(RunReport.HTML).toAbsolutePath();
        assertThat(run.stdout()).containsOnlyOnce("[chronoscope] run report: " + report)
                .contains("[chronoscope] run summary: 25 timed tests, 126 timings: ");
        assertThat(Files.getPosixFilePermissions(report)).as("readable by others, under the usual umask 022")
                .contains(PosixFilePermission.OTHERS_READ, PosixFilePermission.GROUP_READ);

        Path screenshot = dir.resolve("report.png");
        HeadlessChromium.Result dumped;
        Path work = dir.resolve("chromium");
        try {
            dumped = HeadlessChromium.run(chromium, work, "--dump-dom", "file://" + report);
            HeadlessChromium.chromium(chromium, work, "--screenshot=" + screenshot, "--window-size=1280,2400", "file://" + report);
        } finally {
            HeadlessChromium.deleteOnceChromiumIsGone(work);
        }
        String dom = dumped.stdout();
        assertThat(dumped.consoleMessages()).as("the page's console").isEmpty();
        assertThat(dom).doesNotContain("<script").contains("sum &lt;&amp;&gt; \"quoted\"").contains("&lt;b&gt;not bold&lt;/b&gt;")
                .doesNotContain("<b>not bold</b>");

        // the overview: a row per timing the user wrote, then the 25 invocations in their own collapsed group; each row links
        String overview = table(dom, "<table class=\"overview\">");
        String invocations = table(dom, "<table class=\"overview invocations\">");
        assertThat(dom.indexOf("<details class=\"invocations\">")).as("the invocations' group, collapsed, after the user's timings")
                .isGreaterThan(dom.indexOf(overview) + overview.length());
        List<String> users = texts(overview, "(?s)<tr class=\"row num\">(.*?)</tr>");
        assertThat(users).as("the user's timings: every region").hasSize(timings - 25);
        assertThat(users.subList(0, 20)).as("the first screen: the user's timings, no invocation row")
                .noneMatch(r -> r.contains("<td>invocation, 1 sample</td>"));
        assertThat(texts(invocations, "(?s)<tr class=\"row num\">(.*?)</tr>")).hasSize(25)
                .allMatch(r -> r.contains("<td>invocation, 1 sample</td>"));
        List<String> rows = new ArrayList<>(users);
        rows.addAll(texts(invocations, "(?s)<tr class=\"row num\">(.*?)</tr>"));
        Set<String> ids = new HashSet<>(texts(dom, " id=\"([^\"]+)\""));
        List<String> links = texts(overview + invocations, "href=\"#([^\"]+)\"");
        assertThat(links).hasSize(timings).doesNotHaveDuplicates();
        assertThat(ids).as("every row's link resolves to an element").containsAll(links);
        assertThat(rows.getFirst()).as("worst first: the failed claim").contains("s-failed").contains("c-failed");

        // each row shows its record's mode, k and bytes per call, and the outcome of each claim on it
        int claims = 0;
        for (JsonRecord r : records) {
            for (int i = 0; i < r.timings().size(); i++) {
                JsonRecord t = r.timings().get(i);
                String row = rowOf(rows, r.fullTest(), t.string("label"));
                String mode = t.string("mode").equals("throughput") ? "throughput k=" + t.whole("callsPerSample")
                        : i == 0 ? "invocation, 1 sample" : "latency";
                assertThat(row).as(r.test() + " :: " + t.string("label")).contains("<td>" + mode + "</td>")
                        .contains("<td>" + bytes(t) + "</td>");
                for (Object c : r.list("claims")) {
                    JsonRecord claim = new JsonRecord(cast(c));
                    int index = i;
                    if (claim.list("timings").stream().anyMatch(x -> ((Number) x).intValue() == index)) {
                        assertThat(row).contains("<span class=\"badge c-" + claim.string("outcome") + "\">");
                        claims++;
                    }
                }
            }
        }
        assertThat(claims).as("25 + 25 claims that pass or are decided, a failed one, an inconclusive one").isEqualTo(52);
        assertThat(count(dom, "<li><span class=\"badge c-")).as("every claim in its card, with its message").isEqualTo(52);
        assertThat(dom).contains("Aborted, not failed").contains("a claim that fails");

        // cards: an entry per region, a line per invocation; a plot per region
        assertThat(count(dom, "<div class=\"timing\" id=\"timing-")).isEqualTo(timings - 25);
        assertThat(count(dom, "<p class=\"invocation num\" id=\"timing-")).isEqualTo(25);
        assertThat(count(dom, "<path class=\"bar\"")).isEqualTo(timings - 25);
        assertThat(dom).contains("class=\"tick\"");

        // the baseline drawn: its run's median on each region's plot, the ratio against it where one was formed, the history
        Set<String> saved = new HashSet<>();
        for (Object run0 : TestJson.parseObject(Files.readString(baseline, StandardCharsets.UTF_8)).get("runs") instanceof List<?> l ? l : List.of()) {
            for (Object e : (List<?>) cast(run0).get("timings")) {
                saved.add((String) cast(e).get("key"));
            }
        }
        int inBaseline = 0;
        int withRatio = 0;
        for (JsonRecord r : records) {
            for (JsonRecord t : r.timings().subList(1, r.timings().size())) {
                if (saved.contains(r.string("uniqueId") + " :: " + t.string("label"))) {
                    inBaseline++;
                }
                if (!t.isNull("baseline.ratio")) {
                    withRatio++;
                }
            }
        }
        assertThat(inBaseline).as("regions the baseline holds").isGreaterThanOrEqualTo(100);
        assertThat(count(dom, "class=\"baseline-median\"")).as("the baseline run's median on each region's plot").isEqualTo(inBaseline);
        assertThat(count(dom, "<circle class=\"current\"")).as("a history per region the baseline holds").isEqualTo(inBaseline);
        assertThat(count(dom, "the ratio of this run's median to the baseline's")).as("a ratio strip (its label and title) per ratio formed")
                .isEqualTo(2 * withRatio);

        assertThat(screenshot).exists();
        assertThat(Files.size(screenshot)).as("a screenshot with content").isGreaterThan(10_000);

        summaryMatchesTheRecords(run.reportDir().resolve(RunReport.SUMMARY), records, timings);
    }

    /** The Markdown summary, parsed with GFM tables: its rows are timings of the records, with their figures. */
    private static void summaryMatchesTheRecords(Path summary, List<JsonRecord> records, int timings) throws Exception {
        String markdown = Files.readString(summary, StandardCharsets.UTF_8);
        assertThat(markdown).contains(timings + " timings: **1 failed").doesNotContain("](").doesNotContain("http");
        List<List<String>> rows = GfmTables.rows(markdown);
        assertThat(rows).as("the worst rows: at least 20").hasSizeGreaterThanOrEqualTo(20);
        assertThat(rows.getFirst().getFirst()).isEqualTo("failed");
        assertThat(rows.subList(0, 20)).as("the user's timings first").noneMatch(r -> r.get(3).equals("invocation, 1 sample"));
        for (List<String> row : rows) {
            assertThat(row).hasSize(9);
            JsonRecord r = records.stream().filter(x -> x.fullTest().equals(row.get(1))).findFirst()
                    .orElseThrow(() -> new AssertionError("no record of the summary's test " + row.get(1)));
            JsonRecord t = r.timing(row.get(2));
            assertThat(row.get(3)).isIn("latency", "invocation, 1 sample", "throughput k=" + t.whole("callsPerSample"));
            assertThat(row.get(3).startsWith("throughput")).isEqualTo(t.string("mode").equals("throughput"));
            assertThat(row.get(5)).isEqualTo(bytes(t));
            assertThat(row.get(6)).isEqualTo(t.string("verdict"));
            assertThat(row.get(8)).startsWith((t.isNull("baseline.gated") || Boolean.TRUE.equals(t.get("baseline.gated")) ? ""
                    : "not gated: ") + t.string("baseline.verdict"));
        }
    }

    private static List<String> failures(KitRun run) {
        return run.tests().failed().stream().map(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow()
                .getThrowable().map(Throwable::toString).orElse("?")).limit(3).toList();
    }

    /** The report's bytes per call as the record holds them: {@code 32 B}, {@code 1,024 B}, {@code 0.5 B}, or {@code —} where not counted. */
    private static String bytes(JsonRecord t) {
        if (t.isNull("allocatedBytesPerCall")) {
            return "—";
        }
        return Format.bytes(t.number("allocatedBytesPerCall")) + " B"; // as the section's alloc line prints it
    }

    /** The HTML of the table that {@code start} opens. */
    private static String table(String dom, String start) {
        int at = dom.indexOf(start);
        assertThat(at).as(start).isNotNegative();
        return dom.substring(at, dom.indexOf("</table>", at));
    }

    private static String rowOf(List<String> rows, String test, String label) {
        List<String> found = rows.stream().filter(r -> testCell(r).equals(test) && r.contains("\">" + escape(label) + "</a>")).toList();
        assertThat(found).as("the overview row of %s :: %s, among rows like %s", test, label, rows.getFirst()).hasSize(1);
        return found.getFirst();
    }

    /** The text of a row's test cell, as a reader sees it: its tags (the class's span, the line-break hints) gone. */
    private static String testCell(String row) {
        return texts(row, "<td class=\"test-cell\">(.*?)</td>").getFirst().replaceAll("<[^>]+>", "").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&amp;", "&");
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    @SuppressWarnings("unchecked")
    private static java.util.Map<String, Object> cast(Object o) {
        return (java.util.Map<String, Object>) o;
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + what.length())) {
            n++;
        }
        return n;
    }

    private static List<String> texts(String dom, String regex) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile(regex).matcher(dom);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
