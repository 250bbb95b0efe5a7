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
 * and one plot per timing, the labels' {@code <&>} as text (escaped in the file, so no element was
 * made of them), and no blank entry; and a screenshot that is not empty. Where Chromium is missing
 * the test is skipped with the reason, except on CI ({@code CI=true}), where the build installs it
 * and a missing browser is a failure.
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
        assertThat(run.stdout()).containsOnlyOnce("[chronoscope] run report: " + report);

        String dom = chromium(chromium.get(), "--dump-dom", "file://" + report);

        assertThat(count(dom, "<div class=\"timing\">")).isEqualTo(timings);
        assertThat(count(dom, "<svg ")).isEqualTo(timings);
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

        Path screenshot = dir.resolve("report.png");
        chromium(chromium.get(), "--screenshot=" + screenshot, "--window-size=1200,1600", "file://" + report);
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

    /** Runs headless Chromium with {@code arguments}; returns its stdout. */
    static String chromium(Path chromium, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--user-data-dir=" + Files.createTempDirectory("chromium-profile-")));
        command.addAll(List.of(arguments));
        Path out = Files.createTempFile("chromium-", ".out");
        Path err = Files.createTempFile("chromium-", ".err");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        boolean finished = p.waitFor(90, TimeUnit.SECONDS);
        if (!finished) {
            p.destroyForcibly();
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(finished).as("chromium finished within 90 s: " + stderr).isTrue();
        assertThat(p.exitValue()).as("chromium's exit status; stderr: " + stderr).isZero();
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
        return stdout;
    }
}
