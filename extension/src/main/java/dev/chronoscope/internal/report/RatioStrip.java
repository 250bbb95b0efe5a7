package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.BaselineVerdict;

import java.util.Locale;

import static dev.chronoscope.internal.report.SvgPlot.LEFT;
import static dev.chronoscope.internal.report.SvgPlot.WIDTH;
import static dev.chronoscope.internal.report.SvgPlot.text;

/** A ratio with its interval on a strip of its own: a comparison's, or this run's median against the baseline's. */
final class RatioStrip {

    /** Height of the strip against the baseline. */
    static final int BASELINE_HEIGHT = 70;

    private RatioStrip() {
    }

    /**
     * This run's median against the baseline's: the ratio with its interval (the dot and the bar),
     * ×1, and the band of changes within the threshold, with the verdict above.
     */
    static String againstBaseline(String title, BaselineVerdict v, double threshold) {
        StringBuilder svg = SvgPlot.open(title, BASELINE_HEIGHT);
        String ratio = Double.isNaN(v.ratio()) ? " (no ratio formed)"
                : String.format(Locale.ROOT, " ×%.3f, interval ×%.3f – ×%.3f", v.ratio(), v.low(), v.high());
        String band = Double.isFinite(threshold)
                ? String.format(Locale.ROOT, "; shaded: within the threshold (±%.0f %%)", 100 * threshold) : "";
        text(svg, LEFT, 16, "#222", "start", "this run's median / the baseline's: " + v.verdict() + ratio + band);
        draw(svg, 40, v.ratio(), v.low(), v.high(), threshold);
        return svg.append("</svg>").toString();
    }

    /**
     * A ratio on a strip of its own at height {@code y}, with its interval as a bar, the estimate as
     * a dot and 1 (no difference) as a tick; an infinite upper bound runs to the strip's end with an
     * arrow. With a {@code threshold}, the band of changes smaller than it (×1/(1+t) to ×(1+t)) is
     * shaded. The strip spans the interval, 1 and the band, with a margin.
     */
    static void draw(StringBuilder svg, int y, double ratio, double low, double high, double threshold) {
        if (!Double.isFinite(ratio) || !Double.isFinite(low)) {
            return;
        }
        double finiteHigh = Double.isFinite(high) ? high : Math.max(ratio, 1) * 2;
        boolean band = Double.isFinite(threshold) && threshold > 0;
        double lo = Math.min(Math.min(low, ratio), band ? 1 / (1 + threshold) : 1);
        double hi = Math.max(Math.max(finiteHigh, ratio), band ? 1 + threshold : 1);
        // room on each side for a bound's label, which reaches outwards from the bar
        double pad = (hi - lo) * 0.12 + 1e-9;
        PlotAxis axis = new PlotAxis(Math.max(0, lo - pad), hi + pad, false);
        if (band) {
            double from = axis.x(1 / (1 + threshold));
            svg.append(String.format(Locale.ROOT, "<rect class=\"threshold\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
                    + "height=\"20\" fill=\"#d5f0dc\"/>", from, y - 10, axis.x(1 + threshold) - from));
        }
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#bbb\"/>",
                LEFT, y, WIDTH - LEFT, y));
        double one = axis.x(1);
        svg.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\" stroke-dasharray=\"2 2\"/>",
                one, y - 10, one, y + 10));
        text(svg, one, y + 22, "#555", "middle", "×1");
        svg.append(String.format(Locale.ROOT,
                "<rect class=\"interval\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"8\" fill=\"#7f8c8d\"/>",
                axis.x(low), y - 4, Math.max(1, axis.x(finiteHigh) - axis.x(low))));
        if (!Double.isFinite(high)) {
            text(svg, WIDTH - LEFT, y + 22, "#555", "end", "→ ∞");
        }
        svg.append(String.format(Locale.ROOT,
                "<circle class=\"ratio\" cx=\"%.1f\" cy=\"%d\" r=\"5\" fill=\"#c0392b\"/>", axis.x(ratio), y));
        // the bounds' labels above the bar, each reaching away from the other, so that they never overlap
        text(svg, axis.x(low) - 3, y - 8, "#555", "end", String.format(Locale.ROOT, "×%.3f", low));
        if (Double.isFinite(high)) {
            text(svg, axis.x(high) + 3, y - 8, "#555", "start", String.format(Locale.ROOT, "×%.3f", high));
        }
    }
}
