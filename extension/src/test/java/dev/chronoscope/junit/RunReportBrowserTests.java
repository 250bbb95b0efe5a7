package dev.chronoscope.junit;

import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The run report as a person sees it: rendered by headless Chromium, whose DOM must hold one entry
 * per timing and one plot per timing outside comparisons plus one per {@code Probe.compare} (whose
 * two timings share a plot), the labels' {@code <&>} as text (escaped in the file, so no element was
 * made of them), and no blank entry; and a screenshot that is not empty. Where Chromium is missing
 * the test is skipped with the reason, except on CI ({@code CI=true}), where the build installs it
 * and a missing browser is a failure.
 *
 * <p>Chromium runs with everything it writes inside the test's temporary directory: its profile
 * ({@code --user-data-dir}), and {@code HOME}, {@code XDG_CONFIG_HOME}, {@code XDG_CACHE_HOME} and
 * {@code TMPDIR}, where it otherwise keeps crash-report settings, a dconf cache and temporary files.
 * The test deletes that directory once no Chromium process of it is left.
 */
class RunReportBrowserTests {

    @TempDir
    Path dir;

    static class ReportTestCase {
        private long seed = 3;

        @Test
        @SubtractProbeFloor
        void twoRegions(Probe probe) {
            probe.repeat("sum <&> \"quoted\"", 2_000, () -> seed * 3 + 1);
            probe.repeat("<b>not bold</b>", 2_000, () -> seed ^ 5);
        }

        @Test
        @SubtractProbeFloor
        void comparison(Probe probe) {
            probe.compare("shift <<", () -> seed << 2, "multiply &", () -> seed * 4, 2_000);
        }
    }

    @Test
    void chromiumRendersOneEntryAndOnePlotPerTimingWithLabelsEscaped() throws Exception {
        Optional<Path> chromium = chromium();
        if (chromium.isEmpty()) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI=true but no chromium on PATH: the build installs it (.ci/run: apt-get install chromium)");
            }
            assumeTrue(false, "no chromium or chromium-browser on PATH (and CI is not set): install it with "
                    + "'apt-get install -y chromium' to run this test");
        }
        KitRun run = ChronoscopeKit.in(dir).run(ReportTestCase.class);
        assertThat(run.tests().failed().count()).as(run.stdout()).isZero();
        Path report = run.reportDir().resolve(RunReport.HTML).toAbsolutePath();
        assertThat(report).exists();
        int timings = run.records().stream().mapToInt(r -> r.timings().size()).sum();
        assertThat(timings).as("2 invocations, 2 regions, 2 compared timings").isEqualTo(6);
        int comparisons = run.records().stream().mapToInt(r -> r.list("comparisons").size()).sum();
        assertThat(comparisons).isEqualTo(1);
        assertThat(run.stdout()).containsOnlyOnce("[chronoscope] run report: " + report);

        Path screenshot = dir.resolve("report.png");
        String dom;
        Path work = dir.resolve("chromium");
        try {
            dom = chromium(chromium.get(), work, "--dump-dom", "file://" + report);
            chromium(chromium.get(), work, "--screenshot=" + screenshot, "--window-size=1200,1600", "file://" + report);
            assertThat(work.resolve("profile")).as("Chromium's profile, in the test's directory").isNotEmptyDirectory();
        } finally {
            deleteOnceChromiumIsGone(work);
        }

        assertThat(count(dom, "<div class=\"timing\">")).as("an entry per timing").isEqualTo(timings);
        assertThat(count(dom, "<div class=\"comparison\">")).isEqualTo(comparisons);
        // a plot per timing, except that a comparison's two timings share one
        assertThat(count(dom, "<svg ")).isEqualTo(timings - comparisons);
        assertThat(count(dom, "<section class=\"test\" id=\"test-")).isEqualTo(2);
        assertThat(dom).contains("sum &lt;&amp;&gt; \"quoted\"").contains("&lt;b&gt;not bold&lt;/b&gt;")
                .contains("shift &lt;&lt;").contains("multiply &amp;").doesNotContain("<b>not bold</b>");
        assertThat(dom).doesNotContain("<script");
        for (String label : texts(dom, "<h3 class=\"label\">(.*?)</h3>")) {
            assertThat(label).as("a timing's label").isNotBlank();
        }
        for (String figures : texts(dom, "(?s)<tr class=\"num\">(.*?)</tr>")) {
            assertThat(figures.replaceAll("<[^>]+>", "").trim()).as("a timing's figures").isNotBlank().doesNotContain("null");
        }
        assertThat(count(dom, "class=\"bar\"")).as("every plot has bars").isGreaterThanOrEqualTo(timings);
        assertThat(dom).contains("ratio of medians second/first ×").contains(">first: shift &lt;&lt;<")
                .contains(">second: multiply &amp;<");

        assertThat(screenshot).exists();
        assertThat(Files.size(screenshot)).as("a screenshot with content").isGreaterThan(10_000);
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

    static Optional<Path> chromium() {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        return Stream.of(path.split(":")).flatMap(d -> Stream.of(Path.of(d, "chromium"), Path.of(d, "chromium-browser")))
                .filter(Files::isExecutable).findFirst();
    }

    /**
     * Runs headless Chromium with {@code arguments}, everything it writes inside {@code work} (see
     * the class comment); returns its stdout.
     */
    static String chromium(Path chromium, Path work, String... arguments) throws IOException, InterruptedException {
        Path home = Files.createDirectories(work.resolve("home"));
        Path tmp = Files.createDirectories(work.resolve("tmp"));
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--user-data-dir=" + work.resolve("profile")));
        command.addAll(List.of(arguments));
        Path out = work.resolve("chromium.out");
        Path err = work.resolve("chromium.err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("HOME", home.toString());
        builder.environment().put("XDG_CONFIG_HOME", home.resolve(".config").toString());
        builder.environment().put("XDG_CACHE_HOME", home.resolve(".cache").toString());
        builder.environment().put("TMPDIR", tmp.toString());
        Process p = builder.start();
        boolean finished = p.waitFor(90, TimeUnit.SECONDS);
        if (!finished) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(finished).as("chromium finished within 90 s: " + stderr).isTrue();
        assertThat(p.exitValue()).as("chromium's exit status; stderr: " + stderr).isZero();
        return stdout;
    }

    /**
     * Waits (up to 10 s) until no process started with {@code work}'s profile runs, then deletes
     * {@code work}; a Chromium process that outlives the wait fails the test, which names it.
     */
    static void deleteOnceChromiumIsGone(Path work) throws IOException, InterruptedException {
        String profile = "--user-data-dir=" + work.resolve("profile");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<String> left = survivors(profile);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            left = survivors(profile);
        }
        assertThat(left).as("Chromium processes still running with the test's profile").isEmpty();
        if (Files.exists(work)) {
            try (Stream<Path> files = Files.walk(work)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
        assertThat(work).doesNotExist();
    }

    /** The processes whose arguments include {@code profile}, as {@code pid command}. */
    private static List<String> survivors(String profile) {
        return ProcessHandle.allProcesses().filter(h -> h.info().arguments().map(a -> List.of(a).contains(profile)).orElse(false))
                .map(h -> h.pid() + " " + h.info().command().orElse("?")).toList();
    }
}
