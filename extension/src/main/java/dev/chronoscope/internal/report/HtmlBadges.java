package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.BaselineVerdict;

import java.util.List;

/** The report's badges and claim lists, which the overview, the test cards and the timing entries share. */
final class HtmlBadges {

    private HtmlBadges() {
    }

    /** A baseline verdict as a badge and its ratio; one the gate does not apply to under a grey "not gated" badge. */
    static void baseline(StringBuilder out, BaselineVerdict b) {
        if (!b.gated()) {
            out.append("<span class=\"badge b-not-gated\" title=\"").append(Html.escape(b.reason())).append("\">")
                    .append(Overview.NOT_GATED).append("</span> ");
        }
        out.append("<span class=\"badge b-").append(b.verdict()).append("\">").append(b.verdict()).append("</span>")
                .append(Html.escape(Overview.ratio(b)));
    }

    static void claim(StringBuilder out, ClaimRecord c) {
        out.append("<span class=\"badge c-").append(c.outcome()).append("\">").append(c.outcome()).append("</span>");
    }

    /**
     * The claims made on a timing: outcome, what was claimed, what it did to the test, and the message in the test
     * report's words.
     */
    static void claims(StringBuilder out, List<ClaimRecord> claims, ReportedTest t) {
        if (claims.isEmpty()) {
            return;
        }
        out.append("<ul class=\"claims\">");
        for (ClaimRecord c : claims) {
            out.append("<li>");
            claim(out, c);
            out.append(" <b>").append(Html.escape(c.claim())).append("</b>");
            if (c.timings().size() > 1) {
                List<String> labels = c.timings().stream().map(i -> "'" + t.timings().get(i).label() + "'").toList();
                out.append(" on ").append(Html.escape(String.join(" vs ", labels)));
            }
            out.append(" — ").append(Html.escape(c.effect())).append("<pre>").append(Html.escape(c.message()))
                    .append("</pre></li>");
        }
        out.append("</ul>\n");
    }
}
