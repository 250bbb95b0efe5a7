package dev.chronoscope.internal.report;

import java.util.Locale;

/**
 * The inline SVG histogram of one timing's raw samples, drawn from its {@link Distribution}: each
 * percent of the samples spread evenly between its two percentiles, in {@value #BINS} bins from
 * the smallest sample (or the floor, if lower) to the 99th percentile — the tail past it would
 * squeeze the body into one bar, so the axis says where it was cut and how far the maximum lies.
 * The floor's median (dashed) and the samples' median are marked.
 */
public final class SvgPlot {

    static final int BINS = 48;
    static final int WIDTH = 560;
    static final int HEIGHT = 150;
    private static final int LEFT = 10;
    private static final int TOP = 18;
    private static final int PLOT_HEIGHT = 95;

    private SvgPlot() {
    }

    /**
     * @param title    said to screen readers and on hover; escaped here
     * @param floorNs  the floor's median in ns, or NaN
     */
    public static String histogram(String title, Distribution d, double floorNs, long samples) {
        if (samples == 1) {
            return single(title, d.quantilesNs().getFirst(), floorNs);
        }
        double lo = d.quantilesNs().getFirst();
        // the floor widens the axis only where it is comparable with the samples; far below them
        // it would squeeze the histogram into the right edge, so it is named instead
        boolean floorOnAxis = Double.isFinite(floorNs) && floorNs > 0 && floorNs >= lo / 3;
        if (floorOnAxis) {
            lo = Math.min(lo, floorNs);
        }
        double p99 = d.quantilesNs().get(99);
        double hi = p99;
        if (hi <= lo) {
            double centre = Math.max(lo, 1);
            lo = centre * 0.9;
            hi = centre * 1.1;
        }
        double span = hi - lo;
        lo = Math.max(0, lo - span * 0.03);
        hi = hi + span * 0.03;
        double[] bins = new double[BINS];
        for (int i = 0; i < 99; i++) {
            spread(bins, d.quantilesNs().get(i), d.quantilesNs().get(i + 1), lo, hi);
        }
        double peak = 0;
        for (double b : bins) {
            peak = Math.max(peak, b);
        }
        double plotWidth = WIDTH - 2 * LEFT;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\"><title>%s</title>", WIDTH, HEIGHT, WIDTH, HEIGHT,
                Html.escape(title), Html.escape(title)));
        svg.append(String.format(Locale.ROOT, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" stroke=\"#ddd\"/>", WIDTH, HEIGHT));
        double barWidth = plotWidth / BINS;
        for (int i = 0; i < BINS; i++) {
            if (bins[i] <= 0) {
                continue;
            }
            double h = Math.max(1, bins[i] / peak * PLOT_HEIGHT);
            svg.append(String.format(Locale.ROOT, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#4a78b5\"/>",
                    LEFT + i * barWidth, TOP + PLOT_HEIGHT - h, Math.max(0.5, barWidth - 1), h));
        }
        double baseY = TOP + PLOT_HEIGHT;
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#888\"/>", LEFT, baseY,
                WIDTH - LEFT, baseY));
        double median = d.quantilesNs().get(50);
        marker(svg, "median " + human(median), median, lo, hi, "#c0392b", "", 0);
        if (floorOnAxis) {
            marker(svg, "floor " + human(floorNs), floorNs, lo, hi, "#27ae60", " stroke-dasharray=\"4 3\"", 1);
        }
        String left = human(lo) + (Double.isFinite(floorNs) && floorNs > 0 && !floorOnAxis ? " (floor " + human(floorNs)
                + " lies left of the axis)" : "");
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#444\">%s</text>", LEFT, HEIGHT - 12,
                Html.escape(left)));
        String right = "p99 " + human(p99) + ", axis cut there; max " + human(d.quantilesNs().get(100));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#444\" text-anchor=\"end\">%s</text>",
                WIDTH - LEFT, HEIGHT - 12, Html.escape(right)));
        svg.append("</svg>");
        return svg.toString();
    }

    /** A timing of one sample (a test's invocation): its value on a strip, with the floor for scale. */
    private static String single(String title, double valueNs, double floorNs) {
        String text = "one sample: " + human(valueNs) + (Double.isFinite(floorNs) && floorNs > 0
                ? String.format(Locale.ROOT, " (%.0fx the floor's median, %s)", valueNs / floorNs, human(floorNs)) : "");
        return String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" width=\"%d\" height=\"28\" "
                        + "viewBox=\"0 0 %d 28\" role=\"img\" aria-label=\"%s\"><title>%s</title><rect x=\"0\" y=\"0\" width=\"%d\" "
                        + "height=\"28\" fill=\"#fafafa\" stroke=\"#ddd\"/><circle class=\"bar\" cx=\"14\" cy=\"14\" r=\"5\" fill=\"#c0392b\"/>"
                        + "<text x=\"26\" y=\"18\" font-size=\"12\" fill=\"#333\">%s</text></svg>", WIDTH, WIDTH, Html.escape(title),
                Html.escape(title), WIDTH, Html.escape(text));
    }

    /** Nanoseconds in the unit that reads best: ns, µs, ms or s, with four significant digits or so. */
    public static String human(double ns) {
        double a = Math.abs(ns);
        if (a < 1e3) {
            return String.format(Locale.ROOT, "%.1f ns", ns);
        }
        if (a < 1e6) {
            return String.format(Locale.ROOT, "%.2f µs", ns / 1e3);
        }
        if (a < 1e9) {
            return String.format(Locale.ROOT, "%.2f ms", ns / 1e6);
        }
        return String.format(Locale.ROOT, "%.3f s", ns / 1e9);
    }

    /** Adds one percent of the samples, spread evenly over [{@code a}, {@code b}], to the bins covering [lo, hi]. */
    private static void spread(double[] bins, double a, double b, double lo, double hi) {
        double width = (hi - lo) / BINS;
        if (b <= a) {
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

    /** A marker line and its label; the label has a halo of the background so that it reads over the bars. */
    private static void marker(StringBuilder svg, String label, double x, double lo, double hi, String colour, String dash, int row) {
        if (x < lo || x > hi) {
            return;
        }
        double px = LEFT + (x - lo) / (hi - lo) * (WIDTH - 2 * LEFT);
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>",
                px, TOP - 4, px, TOP + PLOT_HEIGHT, colour, dash));
        boolean leftSide = px > WIDTH * 0.6;
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" fill=\"%s\" text-anchor=\"%s\" "
                        + "paint-order=\"stroke\" stroke=\"#fafafa\" stroke-width=\"3\">%s</text>",
                leftSide ? px - 4 : px + 4, TOP + 8 + row * 13, colour, leftSide ? "end" : "start", Html.escape(label)));
    }
}
