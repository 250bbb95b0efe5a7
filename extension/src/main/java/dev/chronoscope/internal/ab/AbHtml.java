package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.report.Html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The A/B result as one HTML page: the table worst first, and per timing a strip on a log scale of the ratio
 * head/base with each round's paired ratio as a point, the mean ratio with its 99 % interval, ×1 and the band
 * within the threshold shaded.
 */
final class AbHtml {

    static final int WIDTH = 760;
    static final int HEIGHT = 74;
    static final int LEFT = 40;

    private AbHtml() {
    }

    static String page(AbResult r) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta "
                + "charset=\"utf-8\"><title>Chronoscope A/B"
                + "</title><style>body{font-family:sans-serif;margin:2em;max-width:62em}table{border-collapse:collapse}"
                + "td,th{border:1px solid #ccc;padding:2px "
                + "6px;text-align:left}.regressed{color:#c0392b;font-weight:bold}"
                + ".improved{color:#27ae60}.why{color:#555;font-size:90%}</style></head><body><h1>Chronoscope A/B: "
                + "head against base</h1>");
        html.append("<p>").append(Html.escape(String.format(Locale.ROOT,
                "%d timings over %d rounds in alternating fresh JVMs, " + "threshold %s, seed %d.", r.timings().size(),
                r.rounds().size(), PairedRule.percent(r.threshold()), r.seed()))).append("</p>");
        html.append("<table><tr><th>verdict</th><th>ratio head/base</th><th>99 % "
                + "interval</th><th>rounds</th><th>allocation</th>" + "<th>timing</th></tr>");
        for (TimingResult t : r.timings()) {
            html.append("<tr><td class=\"").append(t.time().verdict()).append("\">").append(t.time().verdict())
                    .append("</td><td>").append(AbText.ratio(t.time().ratio())).append("</td><td>")
                    .append(AbText.interval(t.time())).append("</td><td>")
                    .append(t.time().rounds()).append("</td><td>")
                    .append(t.allocation() == null ? "–" : t.allocation().verdict()).append("</td><td>")
                    .append(Html.escape(t.name())).append(t.gated() ? "" : " (not gated)").append("</td></tr>");
        }
        html.append("</table>");
        for (TimingResult t : r.timings()) {
            html.append("<h2>").append(Html.escape(t.name())).append("</h2>").append(strip(t, r.threshold()));
            html.append("<p class=\"why\">").append(Html.escape(t.time().reason())).append("<br>")
                    .append(Html.escape(t.time().power()));
            if (t.allocation() != null) {
                html.append("<br>allocation ").append(Html.escape(t.allocation().verdict() + ": " + t.allocation()
                        .reason()));
            }
            html.append("</p>");
        }
        html.append("<h2>Rounds</h2><ul>");
        for (String line : AbText.facts(r)) {
            html.append("<li>").append(Html.escape(line)).append("</li>");
        }
        return html.append("</ul></body></html>\n").toString();
    }

    /**
     * The timing's K paired ratios as points, the mean with its interval, ×1 and the threshold's band, on a log scale.
     */
    static String strip(TimingResult t, double threshold) {
        List<Double> values = new ArrayList<>();
        t.rounds().forEach(f -> values.add(f.ratio()));
        for (double v : new double[] {t.time().low(), t.time().high(), 1 + threshold, 1 / (1 + threshold)}) {
            if (Double.isFinite(v) && v > 0) {
                values.add(v);
            }
        }
        double lo = Math.log(values.stream().mapToDouble(Double::doubleValue).min().orElse(0.9));
        double hi = Math.log(values.stream().mapToDouble(Double::doubleValue).max().orElse(1.1));
        double pad = Math.max(0.01, (hi - lo) * 0.05);
        double from = lo - pad;
        double to = hi + pad;
        java.util.function.DoubleUnaryOperator x = v -> LEFT + (Math.log(v) - from) / (to - from) * (WIDTH - 2 * LEFT);
        String title = t.name() + ": paired ratios head/base per round";
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                + "height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\"><title>%s</title><rect "
                + "width=\"%d\" height=\"%d\""
                + " fill=\"#fafafa\" stroke=\"#ddd\"/>", WIDTH, HEIGHT, WIDTH, HEIGHT, Html.escape(title),
                Html.escape(title), WIDTH, HEIGHT));
        double bandLeft = x.applyAsDouble(1 / (1 + threshold));
        svg.append(String.format(Locale.ROOT,
                "<rect x=\"%.1f\" y=\"8\" width=\"%.1f\" height=\"44\" fill=\"#e8f4e8\"/>", bandLeft,
                x.applyAsDouble(1 + threshold) - bandLeft));
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"6\" x2=\"%.1f\" y2=\"54\" stroke=\"#888\"/>",
                x.applyAsDouble(1), x.applyAsDouble(1)));
        for (TimingResult.RoundFigures f : t.rounds()) {
            svg.append(String.format(Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"20\" r=\"4\" fill=\"#2c7fb8\" fill-opacity=\"0.7\">"
                    + "<title>round %d: x%.3f</title></circle>", x.applyAsDouble(f.ratio()), f.round(), f.ratio()));
        }
        if (Double.isFinite(t.time().low())) {
            svg.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"40\" x2=\"%.1f\" y2=\"40\" stroke=\"#c0392b\" stroke-width=\"3\"/>",
                    x.applyAsDouble(t.time().low()), x.applyAsDouble(t.time().high())));
        }
        if (Double.isFinite(t.time().ratio())) {
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"40\" r=\"5\" fill=\"#c0392b\"/>",
                    x.applyAsDouble(t.time().ratio())));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"68\" font-size=\"11\" fill=\"#444\">%s</text>", LEFT,
                Html.escape(String.format(Locale.ROOT,
                "points: each round's ratio; bar: the mean x%.3f and its 99 %% interval; shaded: "
                + "within ±%s; line: x1 (axis from x%.3f to x%.3f, log scale)", t.time().ratio(),
                PairedRule.percent(threshold),
                        Math.exp(from), Math.exp(to)))));
        return svg.append("</svg>").toString();
    }
}
