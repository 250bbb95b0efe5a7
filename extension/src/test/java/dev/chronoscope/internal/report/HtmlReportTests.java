package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.CoreSpeed;
import dev.chronoscope.internal.gate.BaselineVerdict;
import dev.chronoscope.internal.gate.ContainerFacts;
import dev.chronoscope.internal.json.Json;
import dev.chronoscope.internal.json.JsonParser;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's HTML as text (the rendered page is checked in Chromium by {@code RunReportBrowserTests}). */
class HtmlReportTests {

    @Test
    void escapesEveryNameAndLabelAndNeedsNoScriptOrExternalFile() {
        ReportedTest t = ReportFixtures.test("<script>alert('&')</script>");

        String html = HtmlReport.render(RunRecords.of(List.of(t)), "now", Optional.empty());

        assertThat(html).contains("&lt;script&gt;alert(&#39;&amp;&#39;)&lt;/script&gt;").doesNotContain("<script")
                .contains("a &lt;warning&gt; &amp; more").doesNotContain("src=").doesNotContain("url(");
        assertThat(java.util.regex.Pattern.compile("href=\"([^\"]*)\"").matcher(html).results().map(m -> m.group(1)))
                .as("links only within the page").isNotEmpty().allMatch(h -> h.startsWith("#timing-"));
        assertThat(count(html, "<div class=\"timing\" id=")).as("the region's entry").isEqualTo(1);
        assertThat(count(html, "<p class=\"invocation num\" id=")).as("the invocation's one sample, a line").isEqualTo(1);
        assertThat(count(html, "<svg ")).as("the region's plot; none for the invocation's one sample").isEqualTo(1);
    }

    @Test
    void theContainerIsAFactAtTheTopAsTheRecordsHoldIt() {
        ReportedTest t = ReportFixtures.test("region");
        ReportedTest contained = t.toBuilder()
                .container(ContainerFacts.fromJson(JsonParser.parseObject(Json.write(new ContainerFacts(
                        "v2 cpu:/ci cpuset:/ci memory:/ci", "30000/100000 us (0.30 CPUs)", "0-1", "none").toJson()))))
                .claims(List.of()).coreSpeed(CoreSpeed.UNKNOWN).build();

        String html = HtmlReport.render(RunRecords.of(List.of(contained)), "now", Optional.empty());

        assertThat(html).contains("<tr><th>container</th><td>CPU quota 30000/100000 us (0.30 CPUs) | cpuset 0-1 | memory limit none"
                + " | cgroup v2 cpu:/ci cpuset:/ci memory:/ci</td></tr>");
        assertThat(HtmlReport.render(RunRecords.of(List.of(t)), "now", Optional.empty()))
                .as("a record written before the field existed").contains("<th>container</th><td>CPU quota unknown (not recorded)");
    }

    @Test
    void aComparisonIsOnePlotOfBothDistributionsOnOneAxisWithTheRatioAndItsInterval() {
        ReportedTest t = ReportFixtures.comparison("shift <<", "multiply &", 1.5, 1.4, 1.6);

        String html = HtmlReport.render(RunRecords.of(List.of(t)), "now", Optional.empty());

        assertThat(count(html, "<div class=\"timing\" id=") + count(html, "<p class=\"invocation num\" id="))
                .as("one entry per timing").isEqualTo(3);
        assertThat(count(html, "<svg ")).as("the comparison's plot; the invocation is a line").isEqualTo(1);
        String comparison = html.substring(html.indexOf("<div class=\"comparison\">"));
        assertThat(comparison).contains("<h3 class=\"comparison-title\">Probe.compare: shift &lt;&lt; vs multiply &amp;</h3>")
                .contains("ratio of medians second/first ×1.500, 95 % interval [1.400, 1.600] (net medians)")
                .doesNotContain("shift <<").doesNotContain("& ");
        String svg = comparison.substring(comparison.indexOf("<svg "), comparison.indexOf("</svg>"));
        assertThat(svg).contains(">first: shift &lt;&lt;<").contains(">second: multiply &amp;<")
                .contains(">median 150.0 ns<").contains(">median 250.0 ns<")
                .contains(">floor 30.0 ns lies left of the axis<").contains(">p99 199.0 ns / 299.0 ns, axis cut at the larger<")
                .contains("class=\"interval\"").contains("class=\"ratio\"").contains(">×1<").contains(">×1.400<").contains(">×1.600<");
        // one axis: the first's samples (100 to 200 ns) all lie left of the second's (200 to 300 ns)
        assertThat(barXs(svg, "#4a78b5")).isNotEmpty().allSatisfy(x -> assertThat(x).isLessThanOrEqualTo(
                barXs(svg, "#d9822b").stream().min(Double::compare).orElseThrow()));
    }

    @Test
    void aComparisonWhoseIntervalHasNoUpperBoundSaysSo() {
        ReportedTest t = ReportFixtures.comparison("a", "b", 1.5, 1.2, Double.POSITIVE_INFINITY);

        String html = HtmlReport.render(RunRecords.of(List.of(t)), "now", Optional.empty());

        assertThat(html).contains("95 % interval [1.200, ∞]").contains(">→ ∞<").doesNotContain("Infinity").doesNotContain("NaN");
    }

    @Test
    void theIntervalsBoundsAreLabelledAwayFromEachOtherSoThatANarrowIntervalStaysReadable() {
        ComparisonRecord narrow = new ComparisonRecord(0, "a", 1, "b", 15.9, 15.8, 16.0, 0.95);

        String svg = SvgPlot.comparison("t", ReportFixtures.distribution(100), ReportFixtures.distribution(1500), narrow, Double.NaN);

        assertThat(svg).containsPattern("text-anchor=\"end\">×15\\.800<").containsPattern("text-anchor=\"start\">×16\\.000<");
        // and within the plot: at 11 px, a digit is at most 7 px wide
        double highLabelX = java.util.regex.Pattern.compile("<text x=\"([0-9.]+)\"[^>]*text-anchor=\"start\">×16\\.000<").matcher(svg)
                .results().map(m -> Double.parseDouble(m.group(1))).findFirst().orElseThrow();
        assertThat(highLabelX + 7 * "×16.000".length()).isLessThanOrEqualTo(SvgPlot.WIDTH - 10);
    }

    @Test
    void aFloorTheAxisMarginReachesIsDrawnNotSaidToLieLeftOfIt() {
        ComparisonRecord c = new ComparisonRecord(0, "a", 1, "b", 30, 29, 31, 0.95);

        // samples from 100 ns to 3.1 µs: the floor (30 ns) is below a third of the smallest sample,
        // but the axis's margin (3 % of its span) starts it at 10 ns
        String svg = SvgPlot.comparison("t", ReportFixtures.distribution(100), ReportFixtures.distribution(3000), c, 30);

        assertThat(svg).contains(">floor 30.0 ns<").doesNotContain("lies left of the axis");
    }

    private static int count(String text, String what) {
        return text.split(java.util.regex.Pattern.quote(what), -1).length - 1;
    }

    /** The x of every bar drawn in {@code colour} (each bar a subpath {@code Mx y…z} of the one bars path of that colour). */
    static List<Double> barXs(String svg, String colour) {
        return java.util.regex.Pattern.compile("<path class=\"bar\" d=\"([^\"]*)\" fill=\"" + colour + "\"").matcher(svg).results()
                .flatMap(m -> java.util.regex.Pattern.compile("M([0-9.]+) ").matcher(m.group(1)).results())
                .map(m -> Double.parseDouble(m.group(1))).toList();
    }

    @Test
    void showsBaselineVerdictsAndListsVanishedAndNewTimings() {
        ReportedTest t = ReportFixtures.test("region");
        ReportedTiming regressed = new ReportedTiming("region", 10, 0, 0, t.timings().get(1).rawNs(), null, "RESOLVED", "resolved",
                ReportFixtures.distribution(), new BaselineVerdict("regressed", 2.0, 1.6, 2.5, "median 300 ns vs 150 ns"));
        ReportedTest withVerdict = t.toBuilder().timings(List.of(regressed)).comparisons(List.of())
                .container(ContainerFacts.NOT_RECORDED).claims(List.of()).coreSpeed(CoreSpeed.UNKNOWN).build();

        String html = HtmlReport.render(RunRecords.of(List.of(withVerdict)), "now",
                Optional.of(new BaselineListing("base.json", List.of("Gone.test :: <old>"), List.of("New.test :: region"))));

        assertThat(html).contains("<span class=\"badge b-regressed\">regressed</span> ×2.000 [1.600, 2.500]")
                .contains("<span class=\"badge b-regressed\">1 regressed</span>")
                .contains("<li>Gone.test :: &lt;old&gt;</li>").contains("<li>New.test :: region</li>");
    }
}
