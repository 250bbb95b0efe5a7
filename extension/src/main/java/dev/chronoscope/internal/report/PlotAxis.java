package dev.chronoscope.internal.report;

import dev.chronoscope.internal.format.Format;

import java.util.List;
import java.util.Locale;

import static dev.chronoscope.internal.report.SvgPlot.LEFT;
import static dev.chronoscope.internal.report.SvgPlot.WIDTH;

/**
 * The horizontal axis of a plot, in ns (or a ratio): from {@code lo} to {@code hi}, the floor drawn on it or not;
 * and the round values its ticks (and the history's vertical axis) are labelled at.
 */
record PlotAxis(double lo, double hi, boolean floorOnAxis) {

    /**
     * From the smallest smallest sample (or the floor, where it is comparable with the samples;
     * far below them it would squeeze the plot into the right edge, so it is named instead) to
     * the largest 99th percentile, with a margin of 3 %.
     */
    static PlotAxis of(List<Distribution> ds, double floorNs, List<Double> include) {
        double lo = ds.stream().mapToDouble(d -> d.quantilesNs().getFirst()).min().orElseThrow();
        double hi = ds.stream().mapToDouble(d -> d.quantilesNs().get(SvgPlot.cut(d))).max().orElseThrow();
        for (double v : include) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        boolean floorOnAxis = Double.isFinite(floorNs) && floorNs > 0 && floorNs >= lo / 3;
        if (floorOnAxis) {
            lo = Math.min(lo, floorNs);
        }
        if (hi <= lo) {
            double centre = Math.max(lo, 1);
            lo = centre * 0.9;
            hi = centre * 1.1;
        }
        double span = hi - lo;
        double from = Math.max(0, lo - span * 0.03);
        // the margin can reach a floor that was too far below the samples to widen the axis
        return new PlotAxis(from, hi + span * 0.03,
                floorOnAxis || Double.isFinite(floorNs) && floorNs > 0 && floorNs >= from);
    }

    double x(double value) {
        return LEFT + (value - lo) / (hi - lo) * (WIDTH - 2 * LEFT);
    }

    /** Tick marks and their labels under the axis at {@code y}, at round values. */
    void ticks(StringBuilder svg, int y) {
        List<Double> values = tickValues(lo, hi, 6);
        double step = values.size() > 1 ? values.get(1) - values.get(0) : 1;
        StringBuilder marks = new StringBuilder();
        for (double t : values) {
            double x = x(t);
            marks.append(String.format(Locale.ROOT, "M%.1f %dv4", x, y));
            svg.append(String.format(Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" fill=\"#444\" text-anchor=\"middle\">%s</text>",
                    Math.max(LEFT + 14, Math.min(WIDTH - LEFT - 14, x)), y + 15, Html.escape(tickLabel(t, step))));
        }
        svg.append("<path class=\"tick\" d=\"").append(marks).append("\" stroke=\"#888\"/>");
    }

    /**
     * A tick's value in the unit {@link Format#reportDuration} would use, with as many decimals as the ticks'
     * spacing needs.
     */
    static String tickLabel(double ns, double stepNs) {
        double a = Math.abs(ns);
        double unit = a < 1e3 ? 1 : a < 1e6 ? 1e3 : a < 1e9 ? 1e6 : 1e9;
        String symbol = a < 1e3 ? "ns" : a < 1e6 ? "µs" : a < 1e9 ? "ms" : "s";
        int decimals = (int) Math.max(0, Math.min(6, Math.ceil(-Math.log10(stepNs / unit) - 1e-9)));
        return String.format(Locale.ROOT, "%." + decimals + "f %s", ns / unit, symbol);
    }

    /** Round values (1, 2 or 5 times a power of ten apart) within [lo, hi], about {@code wanted} of them. */
    static List<Double> tickValues(double lo, double hi, int wanted) {
        double span = hi - lo;
        if (!(span > 0) || !Double.isFinite(span)) {
            return List.of();
        }
        double raw = span / wanted;
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = raw / power < 1.5 ? power : raw / power < 3.5 ? 2 * power : raw / power < 7.5 ? 5 * power
                : 10 * power;
        List<Double> out = new java.util.ArrayList<>();
        for (double t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
            // round away the sum's error, so that labels read 0.3, not 0.30000000000000004
            out.add(Math.round(t / step) * step);
        }
        return out;
    }
}
