package dev.chronoscope.internal.report;

import dev.chronoscope.internal.format.Format;

import java.util.List;
import java.util.Locale;

/**
 * A timing's history as an inline SVG chart: its median in each run the baseline keeps and in this
 * one, with the band of changes within the threshold, for the run report's cards.
 */
public final class HistoryPlot {

    /** Height of a history chart. */
    static final int HEIGHT = 120;
    private static final int AXIS_LEFT = 64;

    private HistoryPlot() {
    }


    /**
     * The median of each baseline run (oldest first) and this run's (last, red), with the band of
     * changes within the threshold around the baseline runs' geometric mean; a run saved on another
     * host (never compared) is drawn hollow. The vertical axis has ticks. Each run's figures are in
     * the chart's title (a tooltip), not in an element per point, to keep large reports light.
     *
     * @param points the baseline runs' medians of the timing, as the verdict compares them
     */
    public static String of(String title, List<ReportBaseline.Point> points, double currentNs, double threshold) {
        StringBuilder svg = SvgPlot.open(figures(title, points, currentNs), HEIGHT);
        List<Double> same = points.stream().filter(p -> p.sameHost() && Double.isFinite(p.medianNs())
                && p.medianNs() > 0)
                .map(ReportBaseline.Point::medianNs).toList();
        double mean = same.isEmpty() ? Double.NaN : Math.exp(same.stream().mapToDouble(Math::log).average()
                .orElseThrow());
        List<Double> values = new java.util.ArrayList<>();
        points.stream().map(ReportBaseline.Point::medianNs).filter(v -> Double.isFinite(v) && v >= 0)
                .forEach(values::add);
        // a net median can be 0 (clamped at the floor): drawn at 0, not left out
        if (Double.isFinite(currentNs) && currentNs >= 0) {
            values.add(currentNs);
        }
        boolean band = Double.isFinite(mean) && Double.isFinite(threshold) && threshold > 0;
        if (band) {
            values.add(mean * (1 + threshold));
            values.add(mean / (1 + threshold));
        }
        if (values.isEmpty()) {
            SvgPlot.text(svg, SvgPlot.LEFT, 20, "#333", "start", "no medians to draw");
            return svg.append("</svg>").toString();
        }
        double lo = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double hi = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double span = Math.max(hi - lo, hi * 0.02);
        lo = Math.max(0, lo - span * 0.1);
        hi = hi + span * 0.1;
        int top = 22;
        int bottom = HEIGHT - 22;
        double yLo = lo;
        double yHi = hi;
        java.util.function.DoubleUnaryOperator y = v -> bottom - (v - yLo) / (yHi - yLo) * (bottom - top);
        SvgPlot.text(svg, SvgPlot.LEFT, 14, "#222", "start", "median per run, oldest first, this run last (red)" + (band
                ? String.format(Locale.ROOT, "; shaded: ±%.0f %% around the baseline's mean", 100 * threshold) : ""));
        if (band) {
            double y1 = y.applyAsDouble(mean * (1 + threshold));
            svg.append(String.format(Locale.ROOT,
                    "<rect class=\"threshold\" x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"#d5f0dc\"/>",
                    AXIS_LEFT, y1, SvgPlot.WIDTH - SvgPlot.LEFT - AXIS_LEFT, y.applyAsDouble(mean / (1
                            + threshold)) - y1));
        }
        yAxis(svg, lo, hi, y);
        runs(svg, points, currentNs, y);
        return svg.append("</svg>").toString();
    }

    /** The chart's title: each run's figures, then this run's, for the tooltip. */
    private static String figures(String title, List<ReportBaseline.Point> points, double currentNs) {
        StringBuilder figures = new StringBuilder(title).append(':');
        for (ReportBaseline.Point p : points) {
            figures.append(" run ").append(p.run()).append(" saved ").append(p.savedAt())
                    .append(p.sameHost() ? "" : " on another host (not compared)")
                    .append(' ').append(Format.reportDuration(p.medianNs())).append(';');
        }
        return figures.append(" this run ").append(Format.reportDuration(currentNs)).toString();
    }

    /** The vertical axis from {@code lo} to {@code hi}: its ticks, labelled, and their grid lines. */
    private static void yAxis(StringBuilder svg, double lo, double hi, java.util.function.DoubleUnaryOperator y) {
        List<Double> yTicks = PlotAxis.tickValues(lo, hi, 4);
        double historyStep = yTicks.size() > 1 ? yTicks.get(1) - yTicks.get(0) : 1;
        StringBuilder grid = new StringBuilder();
        for (double t : yTicks) {
            double ty = y.applyAsDouble(t);
            grid.append(String.format(Locale.ROOT, "M%d %.1fH%d", AXIS_LEFT - 4, ty, SvgPlot.WIDTH - SvgPlot.LEFT));
            svg.append(String.format(Locale.ROOT,
                    "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" fill=\"#444\" text-anchor=\"end\">%s</text>",
                    AXIS_LEFT - 6, ty + 3, Html.escape(PlotAxis.tickLabel(t, historyStep))));
        }
        svg.append("<path class=\"tick\" d=\"").append(grid).append("\" stroke=\"#ccc\"/>");
    }

    /**
     * One point per run, oldest first, this run last (red), joined by a line, and the first and last runs named below.
     */
    private static void runs(StringBuilder svg, List<ReportBaseline.Point> points, double currentNs,
                             java.util.function.DoubleUnaryOperator y) {
        int n = points.size() + 1;
        double step = (SvgPlot.WIDTH - SvgPlot.LEFT - AXIS_LEFT - 20.0) / Math.max(1, n - 1);
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < n; i++) {
            boolean current = i == n - 1;
            double v = current ? currentNs : points.get(i).medianNs();
            if (!Double.isFinite(v) || v < 0) {
                continue;
            }
            double px = AXIS_LEFT + 10 + (n == 1 ? 0 : i * step);
            double py = y.applyAsDouble(v);
            line.append(line.isEmpty() ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f", px, py));
            boolean hollow = !current && !points.get(i).sameHost();
            svg.append(String.format(Locale.ROOT,
                    "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" stroke=\"%s\"/>",
                    current ? "current" : "run", px, py, hollow ? "#fff" : current ? "#c0392b" : "#555", current
                            ? "#c0392b" : "#555"));
        }
        if (!line.isEmpty()) {
            svg.append("<path d=\"").append(line).append("\" fill=\"none\" stroke=\"#999\" stroke-width=\"1\"/>");
        }
        String first = points.isEmpty() ? "this run" : "saved " + shortTime(points.getFirst().savedAt());
        SvgPlot.text(svg, AXIS_LEFT + 10, HEIGHT - 6, "#444", "start", first);
        if (!points.isEmpty()) {
            SvgPlot.text(svg, SvgPlot.WIDTH - SvgPlot.LEFT - 10, HEIGHT - 6, "#c0392b", "end", "this run");
        }
    }

    /** {@code 2026-12-01T14:03:11Z} as {@code 12-01 14:03}; other text as it is. */
    private static String shortTime(String instant) {
        return instant != null && instant.length() >= 16 && instant.charAt(10) == 'T' ? instant.substring(5, 10) + " "
                + instant.substring(11, 16)
                : String.valueOf(instant);
    }
}
