package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.CoreSpeed;
import dev.chronoscope.internal.gate.ContainerFacts;
import dev.chronoscope.internal.gate.BaselineVerdict;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run whose regions are unchanged against the baseline while one test's invocation (one sample,
 * not gated by default) reads ×4.77: nothing in the summary, the overview's order or the Markdown
 * counts it as regressed; it is shown with its ratio under "not gated". And the overview lists the
 * timings the user wrote before the invocations of tests that timed regions.
 */
class UngatedInvocationTests {

    private static final String NOT_GATED_REASON = "not gated: a test's invocation is one sample; median 4.77 ms vs 1.00 ms";

    /** {@code tests} tests, each with its invocation and one region; the first test's invocation regressed, not gated. */
    private static RunRecords run(int tests) {
        List<ReportedTest> out = new ArrayList<>();
        for (int n = 0; n < tests; n++) {
            ReportedTest t = ReportFixtures.test("region " + n);
            ReportedTiming inv = t.timings().get(0);
            ReportedTiming region = t.timings().get(1);
            BaselineVerdict invocationVerdict = n == 0
                    ? new BaselineVerdict(BaselineVerdict.REGRESSED, 4.77, 0.6, 1.6, NOT_GATED_REASON, false)
                    : new BaselineVerdict(BaselineVerdict.UNCHANGED, 1.01, 0.6, 1.6, "not gated: within", false);
            ReportedTiming judgedInvocation = new ReportedTiming(inv.label(), inv.kept(), 0, 0, inv.rawNs(), inv.netNs(), inv.verdict(),
                    inv.verdictReason(), inv.distribution(), invocationVerdict);
            ReportedTiming judgedRegion = new ReportedTiming(region.label(), region.kept(), 0, 0, region.rawNs(), region.netNs(),
                    region.verdict(), region.verdictReason(), region.distribution(),
                    new BaselineVerdict(BaselineVerdict.UNCHANGED, 1.0, 0.9, 1.1, "within the interval"));
            // a JVM each, so that the console has no history line to show
            out.add(t.toBuilder().test("HashTests.hashes" + n + "(Probe)").uniqueId(t.uniqueId() + n).pid(100 + n)
                    .warnings(List.of()).timings(List.of(judgedInvocation, judgedRegion)).comparisons(List.of())
                    .container(ContainerFacts.NOT_RECORDED).claims(List.of()).coreSpeed(CoreSpeed.UNKNOWN).build());
        }
        return RunRecords.of(out);
    }

    @Test
    void anUngatedInvocationIsNotCountedAsRegressedAndShowsItsRatioUnderNotGated() {
        RunRecords records = run(3);

        List<String> console = RunReport.console(records);
        assertThat(console.getFirst()).contains("6 timings: 6 ok").doesNotContain("regressed");
        assertThat(console).containsExactly(console.getFirst(),
                "  not gated: HashTests.hashes0(Probe) :: invocation (invocation, 1 sample) regressed ×4.770 [0.600, 1.600] against the baseline");

        List<Overview.Row> rows = Overview.rows(records);
        assertThat(rows).allSatisfy(r -> assertThat(r.status()).isEqualTo(Overview.Status.OK));
        assertThat(Overview.baseline(rows.stream().filter(Overview.Row::regressedNotGated).findFirst().orElseThrow().timing()))
                .isEqualTo("not gated: regressed ×4.770 [0.600, 1.600]");

        String html = HtmlReport.render(records, "now", Optional.of(new BaselineListing("base.json", List.of(), List.of())));
        assertThat(html).contains("<span class=\"badge b-not-gated\" title=\"" + Html.escape(NOT_GATED_REASON)
                        + "\">not gated</span> <span class=\"badge b-regressed\">regressed</span> ×4.770 [0.600, 1.600]")
                .contains("<span class=\"badge b-not-gated\">3 not gated</span>")
                .doesNotContain("b-regressed\">1 regressed").doesNotContain("s-regressed\">");
        assertThat(MarkdownSummary.render(records, "now")).contains("6 timings: **6 ok**").contains("| not gated: regressed ×4.770");
    }

    @Test
    void theOverviewListsTheUsersTimingsFirstAndTheInvocationsOfTestsThatTimedRegionsApart() {
        RunRecords records = run(4);

        List<Overview.Row> rows = Overview.rows(records);
        assertThat(rows.subList(0, 4)).allSatisfy(r -> assertThat(r.timing().label()).startsWith("region"));
        assertThat(rows.subList(4, 8)).allSatisfy(r -> assertThat(r.invocationBesideRegions()).isTrue());

        String html = HtmlReport.render(records, "now", Optional.empty());
        String users = html.substring(html.indexOf("<table class=\"overview\">"), html.indexOf("</table>", html.indexOf("<table class=\"overview\">")));
        assertThat(users).contains("region 0").contains("region 3").doesNotContain(">invocation</a>");
        int apart = html.indexOf("<details class=\"invocations\"><summary>4 invocations of tests that timed regions");
        assertThat(apart).as("the invocations in their own collapsed group, after the user's timings")
                .isGreaterThan(html.indexOf("</table>", html.indexOf("<table class=\"overview\">")));
        assertThat(html.substring(apart, html.indexOf("</details>", apart))).contains("<table class=\"overview invocations\">")
                .contains(">invocation</a>");
    }

    @Test
    void aTestThatTimedNoRegionKeepsItsInvocationAmongTheUsersTimings() {
        ReportedTest t = ReportFixtures.test("region");
        ReportedTest invocationOnly = t.toBuilder().test("IndexTests.buildsTheIndex()").uniqueId(t.uniqueId() + "x")
                .warnings(List.of()).timings(List.of(t.timings().get(0))).comparisons(List.of())
                .container(ContainerFacts.NOT_RECORDED).claims(List.of()).coreSpeed(CoreSpeed.UNKNOWN).build();

        List<Overview.Row> rows = Overview.rows(RunRecords.of(List.of(t, invocationOnly)));

        assertThat(rows).extracting(r -> r.record().test() + " :: " + r.timing().label()).containsExactly(
                "HashTests.hashes(Probe) :: region", "IndexTests.buildsTheIndex() :: invocation", "HashTests.hashes(Probe) :: invocation");
    }
}
