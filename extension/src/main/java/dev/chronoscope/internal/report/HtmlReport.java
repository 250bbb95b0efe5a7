package dev.chronoscope.internal.report;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The run report: one self-contained HTML page (inline CSS and SVG; no script, no external file)
 * with the host and clock facts once at the top, then one entry per test and timing — figures,
 * verdict, floor, drops, warnings, baseline verdict — each with a histogram of its samples, except
 * that a {@code Probe.compare}'s two timings share one plot, both histograms on one axis with the
 * ratio of medians and its interval. Every name and label from the tests is escaped.
 */
public final class HtmlReport {

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}
            h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:0 0 6px;word-break:break-all}
            h3{font-size:14px;margin:8px 0 4px}.meta{color:#555;font-size:13px}
            table{border-collapse:collapse;font-size:13px;margin:4px 0}td,th{border:1px solid #ddd;padding:3px 7px;text-align:left;vertical-align:top}
            th{background:#f3f3f3}.test{border:1px solid #ccc;border-radius:6px;padding:10px 14px;margin:14px 0}
            .timing{border-top:1px solid #eee;padding-top:6px;margin-top:8px}
            .comparison{border-top:1px solid #ccc;margin-top:10px;padding-top:4px}.ratio{font-size:13px;font-weight:600}.warn{color:#9a5b00;font-size:13px}
            .v-RESOLVED{color:#1e7b34;font-weight:600}.v-NOT_RESOLVED,.v-NO_SAMPLES,.v-REFUSED{color:#a33;font-weight:600}
            .b-regressed{background:#c0392b;color:#fff}.b-improved{background:#1e7b34;color:#fff}
            .b-unchanged{background:#ddd}.b-inconclusive{background:#f0d080}
            .o-failed,.gate{color:#a33;font-weight:600}.gate{font-size:13px}
            .badge{padding:1px 6px;border-radius:3px;font-size:12px;font-weight:600}.num{font-variant-numeric:tabular-nums}
            """;

    private HtmlReport() {
    }

    /**
     * @param generatedAt when, for the page header
     * @param listing     the baseline comparison's listing, if a baseline was compared
     */
    public static String render(RunRecords records, String generatedAt, Optional<BaselineListing> listing) {
        StringBuilder out = new StringBuilder(16_384);
        out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Chronoscope run report</title><style>")
                .append(STYLE).append("</style></head><body>\n");
        out.append("<h1>Chronoscope run report</h1>\n<p class=\"meta\">").append(Html.escape(generatedAt)).append(" · ")
                .append(records.tests().size()).append(" timed tests, ").append(records.timingCount()).append(" timings, from ")
                .append(records.files()).append(records.files() == 1 ? " record file" : " record files").append(" (one per JVM and run)")
                .append(records.unreadable() > 0 ? " · " + records.unreadable() + " unreadable record lines skipped" : "")
                .append("</p>\n");
        facts(out, records);
        listing.ifPresent(l -> baseline(out, l, records));
        for (int i = 0; i < records.tests().size(); i++) {
            test(out, records.tests().get(i), i + 1);
        }
        if (records.tests().isEmpty()) {
            out.append("<p>No timed test has finished in this run.</p>\n");
        }
        out.append("</body></html>\n");
        return out.toString();
    }

    private static void facts(StringBuilder out, RunRecords records) {
        Set<String> hosts = new LinkedHashSet<>();
        Set<String> containers = new LinkedHashSet<>();
        Set<String> clocks = new LinkedHashSet<>();
        for (ReportedTest t : records.tests()) {
            hosts.add(t.host());
            containers.add(t.container().describe());
            clocks.add(t.clock() + " — " + t.readMethod() + (t.frequencyHz() == null ? ""
                    : String.format(Locale.ROOT, " — %.4f MHz", t.frequencyHz() / 1e6)));
        }
        out.append("<table class=\"facts\"><tr><th>host</th><td>");
        out.append(String.join("<br>", hosts.stream().map(Html::escape).toList()));
        out.append("</td></tr><tr><th>container</th><td>");
        out.append(String.join("<br>", containers.stream().map(Html::escape).toList()));
        out.append("</td></tr><tr><th>clocks</th><td>");
        out.append(String.join("<br>", clocks.stream().map(Html::escape).toList()));
        out.append("</td></tr><tr><th>JVM</th><td>").append(Html.escape(Runtime.version() + " · " + System.getProperty("java.vm.name")
                + " · " + System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch")))
                .append("</td></tr></table>\n");
    }

    private static void baseline(StringBuilder out, BaselineListing l, RunRecords records) {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        for (ReportedTest t : records.tests()) {
            for (ReportedTiming timing : t.timings()) {
                if (timing.baseline() != null) {
                    counts.merge(timing.baseline().verdict(), 1, Integer::sum);
                }
            }
        }
        out.append("<h2>Baseline ").append(Html.escape(l.file())).append("</h2>\n<p>");
        counts.forEach((verdict, n) -> out.append("<span class=\"badge b-").append(verdict).append("\">").append(n).append(' ')
                .append(verdict).append("</span> "));
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
            out.append(String.format(java.util.Locale.ROOT, "<li>… and %,d more (%,d in all)</li>", items.size() - LISTED, items.size()));
        }
        out.append("</ul>\n");
    }

    /** Test {@code n} (from 1) is {@code #test-n}, so that a link can point at it. */
    private static void test(StringBuilder out, ReportedTest t, int n) {
        out.append("<section class=\"test\" id=\"test-").append(n).append("\"><h2 class=\"test-name\">").append(Html.escape(t.test())).append("</h2>\n");
        out.append("<p class=\"meta\">outcome <span class=\"o-").append(Html.escape(t.outcome())).append("\">")
                .append(Html.escape(t.outcome())).append("</span>").append(" · clock ").append(Html.escape(t.clock()))
                .append(" · floor p50 ").append(SvgPlot.human(t.floorP50Ns()))
                .append(t.floorSubtracted() ? " (subtracted)" : " (not subtracted)").append(" · pid ").append(t.pid()).append("</p>\n");
        if (t.gate() != null) {
            out.append("<p class=\"gate\">").append(Html.escape(t.gate().describe())).append("</p>\n");
        }
        for (String w : t.warnings()) {
            out.append("<p class=\"warn\">warning: ").append(Html.escape(w)).append("</p>\n");
        }
        Set<Integer> shown = new java.util.HashSet<>();
        for (int i = 0; i < t.timings().size(); i++) {
            if (!shown.add(i)) {
                continue;
            }
            Optional<ComparisonRecord> c = t.comparisonFrom(i);
            if (c.isPresent() && shown.add(c.get().second())) {
                comparison(out, t, c.get());
            } else {
                timing(out, t, t.timings().get(i), true);
            }
        }
        out.append("</section>\n");
    }

    /**
     * A {@code Probe.compare}: the ratio of medians with its interval, one plot of both
     * distributions on one axis with the ratio's strip, then both timings' entries.
     */
    private static void comparison(StringBuilder out, ReportedTest t, ComparisonRecord c) {
        ReportedTiming first = t.timings().get(c.first());
        ReportedTiming second = t.timings().get(c.second());
        out.append("<div class=\"comparison\"><h3 class=\"comparison-title\">Probe.compare: ").append(Html.escape(first.label()))
                .append(" vs ").append(Html.escape(second.label())).append("</h3>\n<p class=\"ratio num\">")
                .append(Html.escape(c.describe() + " (" + first.measure() + " medians)")).append("</p>\n");
        out.append(SvgPlot.comparison(t.test() + " — " + first.label() + " vs " + second.label() + ": histograms of their raw samples "
                + "on one axis, and the ratio of medians", first.distribution(), second.distribution(), c, t.floorP50Ns()));
        timing(out, t, first, false);
        timing(out, t, second, false);
        out.append("</div>\n");
    }

    /** One timing's entry; with {@code plot}, its own plot (a compared timing's is its comparison's). */
    private static void timing(StringBuilder out, ReportedTest t, ReportedTiming timing, boolean plot) {
        out.append("<div class=\"timing\"><h3 class=\"label\">").append(Html.escape(timing.label())).append("</h3>\n<table><tr>")
                .append("<th>samples</th><th>dropped</th><th>raw p50</th><th>raw p90</th><th>raw p99</th><th>net p50</th><th>verdict</th>")
                .append(timing.baseline() != null ? "<th>baseline</th>" : "").append("</tr><tr class=\"num\">");
        out.append("<td>").append(timing.kept()).append("</td><td>").append(timing.droppedMigration() + timing.droppedNegative())
                .append(" (").append(timing.droppedMigration()).append(" CPU migration, ").append(timing.droppedNegative())
                .append(" negative)</td>");
        out.append("<td>").append(ns(timing.rawNs(), "p50")).append("</td><td>").append(ns(timing.rawNs(), "p90")).append("</td><td>")
                .append(ns(timing.rawNs(), "p99")).append("</td><td>").append(timing.netNs() == null ? "—" : ns(timing.netNs(), "p50"))
                .append("</td>");
        out.append("<td><span class=\"v-").append(Html.escape(timing.verdict())).append("\">").append(Html.escape(timing.verdict()))
                .append("</span></td>");
        if (timing.baseline() != null) {
            BaselineVerdict b = timing.baseline();
            out.append("<td><span class=\"badge b-").append(b.verdict()).append("\">").append(b.verdict()).append("</span>")
                    .append(Double.isNaN(b.ratio()) ? "" : String.format(Locale.ROOT, " ×%.3f [%.3f, %.3f]", b.ratio(), b.low(), b.high()))
                    .append("</td>");
        }
        out.append("</tr></table>\n<p class=\"meta\">").append(Html.escape(timing.verdictReason())).append("</p>\n");
        if (timing.baseline() != null) {
            out.append("<p class=\"meta\">baseline: ").append(Html.escape(timing.baseline().reason())).append("</p>\n");
        }
        if (!plot) {
            out.append("</div>\n");
            return;
        }
        if (timing.distribution() != null) {
            out.append(SvgPlot.histogram(t.test() + " — " + timing.label() + ": histogram of " + timing.kept() + " raw samples",
                    timing.distribution(), t.floorP50Ns(), timing.kept()));
        } else {
            out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" width=\"560\" height=\"30\"><text x=\"10\" y=\"20\" "
                    + "font-size=\"12\">no samples kept: nothing to plot</text></svg>");
        }
        out.append("</div>\n");
    }

    private static String ns(Map<String, Object> summary, String name) {
        if (summary == null || summary.get(name) == null) {
            return "—";
        }
        return SvgPlot.human(((Number) summary.get(name)).doubleValue());
    }
}
