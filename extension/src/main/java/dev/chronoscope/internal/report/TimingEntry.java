package dev.chronoscope.internal.report;

import dev.chronoscope.internal.format.Format;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One timing's entry in a test's card of the run report: its figures, the claims made on it alone, the baseline's
 * verdict, and its plots (its samples' histogram, the ratio against the baseline, its history).
 */
final class TimingEntry {

    private TimingEntry() {
    }

    /** One timing's entry; with {@code plot}, its own plot (a compared timing's is its comparison's). */
    static void append(StringBuilder out, ReportedTest t, int n, int index, boolean plot,
                       Optional<ReportBaseline> baseline) {
        ReportedTiming timing = t.timings().get(index);
        out.append("<div class=\"timing\" id=\"timing-").append(n).append('-').append(index)
                .append("\"><h3 class=\"label\">").append(Html.escape(timing.label())).append("</h3>\n<table><tr>")
                .append("<th>mode</th><th>k</th><th>samples</th><th>dropped</th><th>raw p50</th><th>raw p90</th>"
                        + "<th>raw p99</th><th>net p50</th><th>median [95 %]</th><th>B/call</th><th>verdict</th>")
                .append(timing.baseline() != null ? "<th>baseline</th>" : "").append("</tr><tr class=\"num\">");
        figures(out, timing);
        out.append("</tr></table>\n<p class=\"meta\">").append(Html.escape(timing.modeText()))
                .append(timing.throughput() ? " (figures per call: each sample a batch of k calls, divided by k)" : "")
                .append(" · ").append(Html.escape(timing.verdictReason())).append("</p>\n");
        HtmlBadges.claims(out, t.claimsOn(index).stream().filter(k -> k.timings().size() == 1).toList(), t);
        if (timing.baseline() != null) {
            againstBaseline(out, timing);
        }
        List<ReportBaseline.Point> history = baseline.map(b -> b.history(t.key(timing))).orElse(List.of());
        if (plot) {
            histogram(out, t, timing, history);
        }
        if (timing.baseline() != null && baseline.isPresent() && !Double.isNaN(timing.baseline().ratio())) {
            out.append(RatioStrip.againstBaseline(t.test() + " — " + timing.label()
                            + ": the ratio of this run's median to the baseline's, with its interval and the threshold",
                    timing.baseline(), baseline.get().threshold()));
        }
        if (!history.isEmpty()) {
            List<ReportBaseline.Point> like = history.stream()
                    .filter(p -> p.measure().equals(timing.measure())).toList();
            out.append(HistoryPlot.of(t.test() + " — " + timing.label()
                            + ": median per run, the baseline's runs then this one",
                    like, timing.medianNs(), baseline.get().threshold()));
        }
        out.append("</div>\n");
    }

    /** The figures' row: mode, k, samples kept and dropped, raw and net percentiles, median, bytes, verdicts. */
    private static void figures(StringBuilder out, ReportedTiming timing) {
        out.append("<td>").append(timing.mode()).append("</td><td>").append(timing.callsPerSample()).append("</td>");
        out.append("<td>").append(timing.kept()).append("</td><td>")
                .append(timing.droppedMigration() + timing.droppedNegative())
                .append(" (").append(timing.droppedMigration()).append(" CPU migration, ")
                .append(timing.droppedNegative()).append(" negative)</td>");
        out.append("<td>").append(ns(timing.rawNs(), "p50")).append("</td><td>").append(ns(timing.rawNs(), "p90"))
                .append("</td><td>").append(ns(timing.rawNs(), "p99")).append("</td><td>")
                .append(timing.netNs() == null ? "—" : ns(timing.netNs(), "p50"))
                .append("</td><td>").append(Html.escape(Overview.median(timing))).append("</td><td>")
                .append(Html.escape(Overview.bytes(timing))).append("</td>");
        out.append("<td><span class=\"v-").append(Html.escape(timing.verdict())).append("\">")
                .append(Html.escape(timing.verdict())).append("</span></td>");
        if (timing.baseline() != null) {
            out.append("<td>");
            HtmlBadges.baseline(out, timing.baseline());
            out.append("</td>");
        }
    }

    /** The baseline's reason, the gate's power and the allocation's verdict, each a line. */
    private static void againstBaseline(StringBuilder out, ReportedTiming timing) {
        out.append("<p class=\"meta\">baseline: ").append(Html.escape(timing.baseline().reason())).append("</p>\n");
        if (timing.baseline().power() != null) {
            out.append("<p class=\"meta\">gate power: ").append(Html.escape(timing.baseline().power().describe()))
                    .append("</p>\n");
        }
        if (timing.baseline().allocation() != null) {
            out.append("<p class=\"meta\">allocation vs baseline: ")
                    .append(Html.escape(timing.baseline().allocation().describe())).append("</p>\n");
        }
    }

    /** The histogram of the timing's raw samples, with the baseline runs' medians on this host where there are any. */
    private static void histogram(StringBuilder out, ReportedTest t, ReportedTiming timing,
                                  List<ReportBaseline.Point> history) {
        if (timing.distribution() == null) {
            out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" width=\"560\" height=\"30\">"
                    + "<text x=\"10\" y=\"20\" font-size=\"12\">no samples kept: nothing to plot</text></svg>");
            return;
        }
        List<Double> medians = history.stream().filter(ReportBaseline.Point::sameHost)
                .map(ReportBaseline.Point::rawMedianNs).toList();
        out.append(SvgPlot.histogram(t.test() + " — " + timing.label() + ": histogram of " + timing.kept()
                        + " raw samples" + (timing.throughput() ? " per call" : "")
                        + (medians.isEmpty() ? "" : ", with the baseline runs' medians"),
                timing.distribution(), timing.floorNs(t.floorP50Ns()), timing.kept(), medians));
    }

    private static String ns(Map<String, Object> summary, String name) {
        if (summary == null || summary.get(name) == null) {
            return "—";
        }
        return Format.reportDuration(((Number) summary.get(name)).doubleValue());
    }
}
