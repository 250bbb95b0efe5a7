package dev.chronoscope.internal.report;

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
                .contains("a &lt;warning&gt; &amp; more").doesNotContain("src=").doesNotContain("href=").doesNotContain("url(");
        assertThat(html.split("<div class=\"timing\">", -1)).hasSize(3);
        assertThat(html.split("<svg ", -1)).hasSize(3);
    }

    @Test
    void showsBaselineVerdictsAndListsVanishedAndNewTimings() {
        ReportedTest t = ReportFixtures.test("region");
        ReportedTiming regressed = new ReportedTiming("region", 10, 0, 0, t.timings().get(1).rawNs(), null, "RESOLVED", "resolved",
                ReportFixtures.distribution(), new BaselineVerdict("regressed", 2.0, 1.6, 2.5, "median 300 ns vs 150 ns"));
        ReportedTest withVerdict = new ReportedTest(t.run(), t.test(), t.uniqueId(), t.displayName(), t.outcome(), t.gate(), t.pid(), t.clock(),
                t.readMethod(), t.unit(), t.frequencyHz(), t.host(), t.floorP50Ns(), t.floorSubtracted(), t.warnings(),
                List.of(regressed));

        String html = HtmlReport.render(RunRecords.of(List.of(withVerdict)), "now",
                Optional.of(new BaselineListing("base.json", List.of("Gone.test :: <old>"), List.of("New.test :: region"))));

        assertThat(html).contains("<span class=\"badge b-regressed\">regressed</span> ×2.000 [1.600, 2.500]")
                .contains("<span class=\"badge b-regressed\">1 regressed</span>")
                .contains("<li>Gone.test :: &lt;old&gt;</li>").contains("<li>New.test :: region</li>");
    }
}
