package dev.chronoscope.internal.report;

import dev.chronoscope.Outcome;
import dev.chronoscope.internal.format.Format;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The run report: one self-contained HTML page (inline CSS and SVG; no script, no external file).
 * A reader sees first the run in one line (tests, timings, how many failed, regressed, were
 * inconclusive) and the overview: one table row per timing the user wrote, worst first
 * ({@link Overview}), the invocations of tests that timed regions in a collapsed group below it; each
 * with its mode, median per call with its interval, bytes per call, the clock's verdict, the claims
 * made on it and their outcomes, and the change against the baseline, linking to its card. Then the
 * host and clock facts once, the baseline's listing, and one card per test: its outcome, the gate's
 * message and warnings, then each timing — its figures, the claims made on it and why each passed,
 * failed or was inconclusive (the test report's words), a histogram of its samples with its own
 * floor (per call for throughput), the baseline runs' medians drawn against it, the ratio against
 * the baseline with its interval and the threshold, and its history across the baseline's runs. A
 * {@code Probe.compare}'s two timings share one plot. The one-sample timing of a test's whole
 * invocation is a line, not an entry, unless the test timed no region. Every name and label from
 * the tests is escaped.
 */
public final class HtmlReport {

    private HtmlReport() {
    }

    /**
     * @param generatedAt when, for the page header
     * @param listing     the baseline comparison's listing, if a baseline was compared
     */
    public static String render(RunRecords records, String generatedAt, Optional<BaselineListing> listing) {
        return render(records, generatedAt, listing, Optional.empty());
    }

    /**
     * @param baseline the baseline compared with, to draw its runs' medians and the threshold; empty when none was
     *                 read
     */
    public static String render(RunRecords records, String generatedAt, Optional<BaselineListing> listing,
                                Optional<ReportBaseline> baseline) {
        List<Overview.Row> rows = Overview.rows(records);
        StringBuilder out = new StringBuilder(16_384 + rows.size() * 6_000);
        out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>Chronoscope run report</title><style>")
                .append(ReportStyle.CSS).append("</style></head><body>\n");
        out.append("<h1>Chronoscope run report</h1>\n<p class=\"meta\">").append(Html.escape(generatedAt)).append(" · ")
                .append(records.tests().size()).append(" timed tests, ").append(records.timingCount())
                .append(" timings, from ").append(records.files())
                .append(records.files() == 1 ? " record file" : " record files").append(" (one per JVM and run)")
                .append(records.skippedNote().map(note -> " · " + Html.escape(note)).orElse(""))
                .append("</p>\n");
        out.append("<p class=\"summary\">").append(Html.escape(Overview.counts(rows))).append(" · ")
                .append(Html.escape(claimCounts(records) + records.flakyNote())).append("</p>\n");
        overview(out, rows);
        facts(out, records);
        listing.ifPresent(l -> baselineListing(out, l, records));
        for (int i = 0; i < records.tests().size(); i++) {
            test(out, records.tests().get(i), i + 1, baseline);
        }
        if (records.tests().isEmpty()) {
            out.append("<p>No timed test has finished in this run.</p>\n");
        }
        out.append("</body></html>\n");
        return out.toString();
    }

    /** {@code 12 claims: 10 passed, 1 failed, 1 inconclusive}. */
    static String claimCounts(RunRecords records) {
        Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        counts.put(Outcome.PASS.word(), 0);
        counts.put(Outcome.FAIL.word(), 0);
        counts.put(Outcome.INCONCLUSIVE.word(), 0);
        int all = 0;
        for (ReportedTest t : records.tests()) {
            for (ClaimRecord c : t.claims()) {
                counts.merge(c.outcome(), 1, Integer::sum);
                all++;
            }
        }
        if (all == 0) {
            return "no claims recorded";
        }
        StringBuilder s = new StringBuilder().append(all).append(all == 1 ? " claim: " : " claims: ");
        counts.forEach((k, v) -> s.append(v).append(' ').append(k).append(", "));
        return s.substring(0, s.length() - 2);
    }

    /**
     * The overview: every timing the user wrote, worst first, each row linking to its place in the
     * cards; then, collapsed, the invocations of the tests that timed regions (one sample of the
     * whole method each: bookkeeping beside the regions' figures).
     */
    private static void overview(StringBuilder out, List<Overview.Row> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<Overview.Row> users = rows.stream().filter(r -> !r.invocationBesideRegions()).toList();
        List<Overview.Row> invocations = rows.stream().filter(Overview.Row::invocationBesideRegions).toList();
        out.append("<h2>Overview: every timing, worst first</h2>\n");
        overviewTable(out, "overview", users);
        if (!invocations.isEmpty()) {
            out.append("<details class=\"invocations\"><summary>").append(invocations.size())
                    .append(invocations.size() == 1 ? " invocation" : " invocations")
                    .append(" of tests that timed regions (the whole test method, one sample each, "
                            + "one-off work included), worst first</summary>\n");
            overviewTable(out, "overview invocations", invocations);
            out.append("</details>\n");
        }
    }

    private static void overviewTable(StringBuilder out, String cssClass, List<Overview.Row> rows) {
        out.append("<table class=\"").append(cssClass).append("\"><thead><tr><th>status</th><th>test</th>"
                + "<th>timing</th><th>mode</th><th>median per call [95 %]</th><th>B/call</th><th>clock verdict</th>"
                + "<th>claims</th><th>vs baseline [interval]</th></tr></thead><tbody>\n");
        for (Overview.Row r : rows) {
            out.append("<tr class=\"row num\"><td><span class=\"badge s-").append(r.status().key())
                    .append("\" title=\"").append(Html.escape(r.why())).append("\">").append(r.status().key())
                    .append("</span></td><td class=\"test-cell\">").append(Overview.testHtml(r.record().test()))
                    .append("</td><td><a href=\"#").append(r.anchor()).append("\">")
                    .append(Html.escape(r.timing().label())).append("</a></td><td>")
                    .append(Html.escape(Overview.mode(r)))
                    .append("</td><td>").append(Html.escape(Overview.median(r.timing()))).append(' ')
                    .append(r.timing().measure()).append("</td><td>").append(Html.escape(Overview.bytes(r.timing())))
                    .append("</td><td><span class=\"v-").append(Html.escape(r.timing().verdict())).append("\">")
                    .append(Html.escape(r.timing().verdict())).append("</span></td><td>");
            for (ClaimRecord c : r.claims()) {
                HtmlBadges.claim(out, c);
                out.append(' ').append(Html.escape(c.claim())).append("<br>");
            }
            out.append("</td><td>");
            if (r.timing().baseline() != null) {
                HtmlBadges.baseline(out, r.timing().baseline());
            }
            out.append("</td></tr>\n");
        }
        out.append("</tbody></table>\n");
    }

    private static void facts(StringBuilder out, RunRecords records) {
        Set<String> hosts = new LinkedHashSet<>();
        Set<String> containers = new LinkedHashSet<>();
        Set<String> clocks = new LinkedHashSet<>();
        for (ReportedTest t : records.tests()) {
            hosts.add(t.host());
            containers.add(t.container().describe());
            clocks.add(t.clock() + " — " + t.readMethod() + (t.frequencyHz() == null ? ""
                    : " — " + Format.frequency(t.frequencyHz())));
        }
        out.append("<h2>Run facts</h2>\n<table class=\"facts\"><tr><th>host</th><td>");
        out.append(String.join("<br>", hosts.stream().map(Html::escape).toList()));
        out.append("</td></tr><tr><th>container</th><td>");
        out.append(String.join("<br>", containers.stream().map(Html::escape).toList()));
        out.append("</td></tr><tr><th>clocks</th><td>");
        out.append(String.join("<br>", clocks.stream().map(Html::escape).toList()));
        String jvm = Runtime.version() + " · " + System.getProperty("java.vm.name") + " · "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        out.append("</td></tr><tr><th>JVM</th><td>").append(Html.escape(jvm)).append("</td></tr></table>\n");
    }

    private static void baselineListing(StringBuilder out, BaselineListing l, RunRecords records) {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        for (ReportedTest t : records.tests()) {
            for (ReportedTiming timing : t.timings()) {
                if (timing.baseline() != null) {
                    // an ungated verdict counted apart: it fails nothing, so it is not one of the run's regressions
                    String verdict = timing.baseline().gated() ? timing.baseline().verdict() : Overview.NOT_GATED;
                    counts.merge(verdict, 1, Integer::sum);
                }
            }
        }
        out.append("<h2>Baseline ").append(Html.escape(l.file())).append("</h2>\n<p>");
        counts.forEach((verdict, n) -> out.append("<span class=\"badge b-").append(verdict.replace(' ', '-'))
                .append("\">").append(n).append(' ').append(verdict).append("</span> "));
        out.append("</p>\n");
        list(out, "In the baseline, not timed in this run", l.vanished());
        list(out, "Timed in this run, not in the baseline", l.added());
    }

    /** The most timings of each kind the baseline section lists; past them, it counts the rest. */
    static final int LISTED = 1_000;

    private static void list(StringBuilder out, String title, List<String> items) {
        if (items.isEmpty()) {
            return;
        }
        out.append("<p>").append(title).append(":</p><ul>");
        items.stream().limit(LISTED).forEach(i -> out.append("<li>").append(Html.escape(i)).append("</li>"));
        if (items.size() > LISTED) {
            out.append(String.format(java.util.Locale.ROOT, "<li>… and %,d more (%,d in all)</li>",
                    items.size() - LISTED, items.size()));
        }
        out.append("</ul>\n");
    }

    /**
     * Test {@code n} (from 1) is {@code #test-n}, its timing {@code i} {@code #timing-n-i}, so that a link can point
     * at them.
     */
    private static void test(StringBuilder out, ReportedTest t, int n, Optional<ReportBaseline> baseline) {
        out.append("<section class=\"test\" id=\"test-").append(n).append("\"><h2 class=\"test-name\">")
                .append(Html.escape(t.test())).append("</h2>\n");
        out.append("<p class=\"meta\">outcome <span class=\"o-").append(Html.escape(t.outcome())).append("\">")
                .append(Html.escape(t.outcome())).append("</span>").append(" · clock ").append(Html.escape(t.clock()))
                .append(" · latency floor p50 ").append(Format.reportDuration(t.floorP50Ns()))
                .append(t.floorSubtracted() ? " (subtracted)" : " (not subtracted)").append(" · pid ").append(t.pid())
                .append("</p>\n");
        if (t.gate() != null) {
            out.append("<p class=\"gate\">").append(Html.escape(t.gate().describe())).append("</p>\n");
        }
        for (String w : t.warnings()) {
            out.append("<p class=\"warn\">warning: ").append(Html.escape(w)).append("</p>\n");
        }
        boolean regions = t.timings().size() > 1;
        Set<Integer> shown = new java.util.HashSet<>();
        for (int i = 0; i < t.timings().size(); i++) {
            if (!shown.add(i)) {
                continue;
            }
            Optional<ComparisonRecord> c = t.comparisonFrom(i);
            if (c.isPresent() && shown.add(c.get().second())) {
                comparison(out, t, n, c.get(), baseline);
            } else if (i == 0 && regions && t.timings().get(0).kept() <= 1
                    && "invocation".equals(t.timings().get(0).label())) {
                invocationLine(out, t, n);
            } else {
                TimingEntry.append(out, t, n, i, true, baseline);
            }
        }
        out.append("</section>\n");
    }

    /**
     * The test's whole invocation, one sample, as a line: a region's entry and plot would suggest a distribution.
     */
    private static void invocationLine(StringBuilder out, ReportedTest t, int n) {
        ReportedTiming inv = t.timings().get(0);
        out.append("<p class=\"invocation num\" id=\"timing-").append(n)
                .append("-0\">invocation (the whole test method, one sample, one-off work included): ")
                .append(inv.kept() == 0 ? "no sample kept"
                        : Format.reportDuration(inv.medianNs()) + " " + inv.measure());
        if (inv.baseline() != null) {
            out.append(" · baseline ");
            HtmlBadges.baseline(out, inv.baseline());
        }
        out.append("</p>\n");
        HtmlBadges.claims(out, t.claimsOn(0), t);
    }

    /**
     * A {@code Probe.compare}: the ratio of medians with its interval, one plot of both
     * distributions on one axis with the ratio's strip, the claims made on the pair, then both
     * timings' entries.
     */
    private static void comparison(StringBuilder out, ReportedTest t, int n, ComparisonRecord c,
                                   Optional<ReportBaseline> baseline) {
        ReportedTiming first = t.timings().get(c.first());
        ReportedTiming second = t.timings().get(c.second());
        out.append("<div class=\"comparison\"><h3 class=\"comparison-title\">Probe.compare: ")
                .append(Html.escape(first.label())).append(" vs ").append(Html.escape(second.label()))
                .append("</h3>\n<p class=\"ratio num\">")
                .append(Html.escape(c.describe() + " (" + first.measure() + " medians)")).append("</p>\n");
        out.append(SvgPlot.comparison(t.test() + " — " + first.label() + " vs " + second.label()
                        + ": histograms of their raw samples on one axis, and the ratio of medians",
                first.distribution(), second.distribution(), c, first.floorNs(t.floorP50Ns())));
        HtmlBadges.claims(out, t.claims().stream()
                .filter(k -> k.timings().size() > 1 && k.timings().contains(c.first())).toList(), t);
        TimingEntry.append(out, t, n, c.first(), false, baseline);
        TimingEntry.append(out, t, n, c.second(), false, baseline);
        out.append("</div>\n");
    }
}
