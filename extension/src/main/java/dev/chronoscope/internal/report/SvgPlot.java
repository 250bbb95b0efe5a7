package dev.chronoscope.internal.report;

import dev.chronoscope.internal.format.Format;

import java.util.List;
import java.util.Locale;

/**
 * The inline SVG histogram of one timing's raw samples, drawn from its {@link Distribution}: each
 * percent of the samples spread evenly between its two percentiles, in {@value #BINS} bins from
 * the smallest sample (or the floor, if lower) to the 99th percentile — the tail past it would
 * squeeze the body into one bar, so the axis says where it was cut and how far the maximum lies.
 * The axis has ticks at round values. The timing's own floor (dashed; per call for a throughput
 * timing, whose figures are per call), the samples' median and the baseline runs' medians are
 * marked. A {@code Probe.compare} gets one plot for its two timings ({@link #comparison}): both
 * histograms on one axis, and the ratio of their medians with its interval. A timing compared with
 * a baseline gets the ratio against it with its interval and the threshold ({@link RatioStrip}),
 * and the median of each baseline run and this one ({@link HistoryPlot}).
 */
public final class SvgPlot {

    static final int BINS = 48;
    static final int WIDTH = 760;
    static final int HEIGHT = 156;
    static final int LEFT = 10;
    private static final int TOP = 18;
    private static final int PLOT_HEIGHT = 95;

    private SvgPlot() {
    }

    /**
     * @param title    said to screen readers and on hover; escaped here
     * @param floorNs  the floor's median in ns, or NaN
     */
    public static String histogram(String title, Distribution d, double floorNs, long samples) {
        return histogram(title, d, floorNs, samples, List.of());
    }

    /**
     * @param baselineMediansNs the raw medians of the baseline runs compared with (drawn as dotted
     *                          purple lines, the axis widened to show them); empty without a baseline
     */
    public static String histogram(String title, Distribution d, double floorNs, long samples,
                                   List<Double> baselineMediansNs) {
        if (samples == 1) {
            return single(title, d.quantilesNs().getFirst(), floorNs);
        }
        List<Double> baseline = baselineMediansNs.stream().filter(m -> Double.isFinite(m) && m > 0).toList();
        PlotAxis axis = PlotAxis.of(List.of(d), floorNs, baseline);
        StringBuilder svg = open(title, HEIGHT);
        bars(svg, d, axis, TOP, PLOT_HEIGHT, "#4a78b5");
        if (!baseline.isEmpty()) {
            // one path for all the runs' lines: fewer elements for the browser to lay out in a large report
            StringBuilder lines = new StringBuilder();
            for (double m : baseline) {
                lines.append(String.format(Locale.ROOT, "M%.1f %dV%d", axis.x(m), TOP + 20, TOP + PLOT_HEIGHT));
            }
            svg.append("<path class=\"baseline-median\" d=\"").append(lines)
                    .append("\" stroke=\"#8e44ad\" stroke-width=\"2\" stroke-dasharray=\"2 3\"/>");
        }
        double median = d.quantilesNs().get(50);
        marker(svg, "median " + Format.reportDuration(median), median, axis, TOP, PLOT_HEIGHT, "#c0392b", "", 0);
        if (axis.floorOnAxis()) {
            marker(svg, "floor " + Format.reportDuration(floorNs), floorNs, axis, TOP, PLOT_HEIGHT, "#27ae60",
                    " stroke-dasharray=\"4 3\"", 1);
        }
        if (!baseline.isEmpty()) {
            double lo = baseline.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            double hi = baseline.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
            text(svg, WIDTH - LEFT, TOP + 8 + 2 * 13, "#8e44ad", "end", "baseline medians (" + baseline.size()
                    + (baseline.size() == 1 ? " run): " + Format.reportDuration(lo)
                    : " runs): " + Format.reportDuration(lo) + " – " + Format.reportDuration(hi)));
        }
        axis.ticks(svg, TOP + PLOT_HEIGHT);
        int cut = cut(d);
        String tail = cut < 99 ? " (the tail reaches past 6 IQR); p99 " + Format.reportDuration(d.quantilesNs().get(99))
                : "";
        axisLabels(svg, axis, floorNs, "p" + cut + " " + Format.reportDuration(d.quantilesNs().get(cut))
                + ", axis cut there" + tail + "; max " + Format.reportDuration(d.quantilesNs().get(100)), HEIGHT - 8);
        return svg.append("</svg>").toString();
    }

    /** Height of a comparison's plot: two histograms, the axis, and the ratio's strip. */
    static final int COMPARISON_HEIGHT = 262;
    private static final int ROW_HEIGHT = 62;
    private static final int SECOND_TOP = TOP + ROW_HEIGHT + 22;
    private static final int RATIO_TOP = 217;

    /**
     * One plot of a {@code Probe.compare}: both timings' histograms one above the other on one axis
     * (from the smaller smallest sample, or the floor, to the larger 99th percentile), each with its
     * median marked, then the ratio of medians (second over first) on a strip of its own with its
     * interval and 1 (no difference) marked. A timing that kept no samples has its row say so.
     *
     * @param title      said to screen readers and on hover; escaped here
     * @param first      the first timing's distribution, or null without samples
     * @param second     the second's, or null
     * @param comparison the ratio and its interval, and the labels
     * @param floorNs    the floor's median in ns, or NaN
     */
    public static String comparison(String title, Distribution first, Distribution second, ComparisonRecord comparison,
                                    double floorNs) {
        List<Distribution> present = java.util.stream.Stream.of(first, second).filter(java.util.Objects::nonNull)
                .toList();
        StringBuilder svg = open(title, COMPARISON_HEIGHT);
        if (present.isEmpty()) {
            text(svg, LEFT, TOP + 20, "#333", "start", "no samples kept in either region: nothing to plot");
        } else {
            PlotAxis axis = PlotAxis.of(present, floorNs, List.of());
            row(svg, "first: " + comparison.firstLabel(), first, axis, TOP, "#4a78b5");
            row(svg, "second: " + comparison.secondLabel(), second, axis, SECOND_TOP, "#d9822b");
            if (axis.floorOnAxis()) {
                marker(svg, "floor " + Format.reportDuration(floorNs), floorNs, axis, TOP,
                        SECOND_TOP + ROW_HEIGHT - TOP, "#27ae60", " stroke-dasharray=\"4 3\"", 10);
            }
            String right = present.stream()
                    .map(d -> (cut(d) == 99 ? "" : "p" + cut(d) + " ")
                            + Format.reportDuration(d.quantilesNs().get(cut(d))))
                    .reduce((a, b) -> a + " / " + b)
                    .map(p -> (p.startsWith("p") ? "" : "p99 ") + p + ", axis cut at the larger").orElse("");
            axis.ticks(svg, SECOND_TOP + ROW_HEIGHT);
            axisLabels(svg, axis, floorNs, right, SECOND_TOP + ROW_HEIGHT + 32);
        }
        text(svg, LEFT, RATIO_TOP - 8, "#222", "start", comparison.describe());
        RatioStrip.draw(svg, RATIO_TOP + 14, comparison.ratio(), comparison.low(), comparison.high(), Double.NaN);
        return svg.append("</svg>").toString();
    }

    /** One timing's row of a comparison: its bars, its median, and its label. */
    private static void row(StringBuilder svg, String label, Distribution d, PlotAxis axis, int top, String colour) {
        if (d == null) {
            text(svg, LEFT + 4, top + ROW_HEIGHT / 2, "#333", "start", label + ": no samples kept");
            return;
        }
        bars(svg, d, axis, top, ROW_HEIGHT, colour);
        double median = d.quantilesNs().get(50);
        marker(svg, "median " + Format.reportDuration(median), median, axis, top, ROW_HEIGHT, "#c0392b", "", 0);
        svg.append(String.format(Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"%s\" font-weight=\"600\" "
                        + "paint-order=\"stroke\" stroke=\"#fafafa\" stroke-width=\"3\">%s</text>",
                LEFT + 2, top - 6, colour, Html.escape(label)));
    }

    static StringBuilder open(String title, int height) {
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" width=\"%d\" "
                        + "height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\"><title>%s</title>",
                WIDTH, height, WIDTH, height, Html.escape(title), Html.escape(title)));
        svg.append(String.format(Locale.ROOT,
                "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" stroke=\"#ddd\"/>", WIDTH, height));
        return svg;
    }

    /**
     * {@code d}'s histogram in {@value #BINS} bins over the axis, scaled to its own peak, in the band from
     * {@code top}, {@code height} high.
     */
    private static void bars(StringBuilder svg, Distribution d, PlotAxis axis, int top, int height, String colour) {
        double[] bins = new double[BINS];
        for (int i = 0; i < 99; i++) {
            spread(bins, d.quantilesNs().get(i), d.quantilesNs().get(i + 1), axis.lo(), axis.hi());
        }
        double peak = 0;
        for (double b : bins) {
            peak = Math.max(peak, b);
        }
        double barWidth = (WIDTH - 2.0 * LEFT) / BINS;
        // one path for all bars: a report of 500 timings stays a few MB
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < BINS; i++) {
            if (bins[i] <= 0) {
                continue;
            }
            double h = Math.max(1, bins[i] / peak * height);
            path.append(String.format(Locale.ROOT, "M%.1f %.1fh%.1fv%.1fh%.1fz", LEFT + i * barWidth, top + height - h,
                    Math.max(0.5, barWidth - 1), h, -Math.max(0.5, barWidth - 1)));
        }
        svg.append("<path class=\"bar\" d=\"").append(path).append("\" fill=\"").append(colour).append("\"/>");
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>",
                LEFT, top + height, WIDTH - LEFT, top + height));
    }

    /** The axis's ends: where it starts (and where the floor lies, if left of it), and {@code right}. */
    private static void axisLabels(StringBuilder svg, PlotAxis axis, double floorNs, String right, int y) {
        if (Double.isFinite(floorNs) && floorNs > 0 && !axis.floorOnAxis()) {
            // above the bars, out of the way of the axis's note on the right
            text(svg, LEFT + 2, 12, "#27ae60", "start",
                    "floor " + Format.reportDuration(floorNs) + " lies left of the axis");
        }
        text(svg, WIDTH - LEFT, y, "#444", "end", right);
    }

    static void text(StringBuilder svg, double x, int y, String colour, String anchor, String text) {
        svg.append(String.format(Locale.ROOT,
                "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"%s\" text-anchor=\"%s\">%s</text>",
                x, y, colour, anchor, Html.escape(text)));
    }

    /** A timing of one sample (a test's invocation): its value on a strip, with the floor for scale. */
    private static String single(String title, double valueNs, double floorNs) {
        String text = "one sample: " + Format.reportDuration(valueNs) + (Double.isFinite(floorNs) && floorNs > 0
                ? String.format(Locale.ROOT, " (%.0fx the floor's median, %s)", valueNs / floorNs,
                        Format.reportDuration(floorNs)) : "");
        return String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" width=\"%d\" "
                        + "height=\"28\" viewBox=\"0 0 %d 28\" role=\"img\" aria-label=\"%s\"><title>%s</title>"
                        + "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"28\" fill=\"#fafafa\" stroke=\"#ddd\"/>"
                        + "<circle class=\"bar\" cx=\"14\" cy=\"14\" r=\"5\" fill=\"#c0392b\"/>"
                        + "<text x=\"26\" y=\"18\" font-size=\"12\" fill=\"#333\">%s</text></svg>",
                WIDTH, WIDTH, Html.escape(title), Html.escape(title), WIDTH, Html.escape(text));
    }

    /**
     * The percentile the axis ends at: the 99th, unless the tail reaches so far past the body (more
     * than 6 interquartile ranges above the median) that the body would be squeezed into a few bars
     * at the left edge; then the highest of the 98th, 95th and 90th within that reach, else the 90th.
     */
    static int cut(Distribution d) {
        List<Double> q = d.quantilesNs();
        double reach = q.get(50) + 6 * Math.max(q.get(75) - q.get(25), q.get(50) * 0.01);
        for (int p : new int[] {99, 98, 95}) {
            if (q.get(p) <= reach) {
                return p;
            }
        }
        return 90;
    }

    /**
     * Adds one percent of the samples, spread evenly over [{@code a}, {@code b}], to the bins covering [lo, hi];
     * beyond them, to none.
     */
    private static void spread(double[] bins, double a, double b, double lo, double hi) {
        double width = (hi - lo) / BINS;
        if (b <= a) {
            if (a < lo || a > hi) {
                return;
            }
            int i = (int) Math.min(BINS - 1, Math.max(0, (a - lo) / width));
            bins[i] += 1;
            return;
        }
        for (int i = 0; i < BINS; i++) {
            double from = lo + i * width;
            double overlap = Math.min(b, from + width) - Math.max(a, from);
            if (overlap > 0) {
                bins[i] += overlap / (b - a);
            }
        }
    }

    /**
     * A marker line over the band from {@code top}, {@code height} high, and its label; the label has a halo of the
     * background so that it reads over the bars.
     */
    private static void marker(StringBuilder svg, String label, double x, PlotAxis axis, int top, int height,
                               String colour, String dash, int row) {
        if (x < axis.lo() || x > axis.hi()) {
            return;
        }
        double px = axis.x(x);
        svg.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>",
                px, top - 4, px, top + height, colour, dash));
        boolean leftSide = px > WIDTH * 0.6;
        svg.append(String.format(Locale.ROOT,
                "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"%s\" text-anchor=\"%s\" "
                        + "paint-order=\"stroke\" stroke=\"#fafafa\" stroke-width=\"3\">%s</text>",
                leftSide ? px - 4 : px + 4, top + 8 + row * 13, colour, leftSide ? "end" : "start",
                Html.escape(label)));
    }
}
