package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.GatePower;
import java.util.List;
import java.util.Locale;

/**
 * The run in GitHub-flavoured Markdown, for where CI shows it (GitHub's step summary): one line of
 * counts, then the overview's worst rows as a table — every failed, regressed and inconclusive
 * timing up to {@value #MAX_ROWS}, then the others up to {@value #MIN_ROWS} rows — and how many
 * rows were left out. It links nothing: the report file it sits beside may not be served anywhere.
 * Cells are escaped so that no test name or label can end a cell or make markup.
 */
public final class MarkdownSummary {

    /** Rows shown at least (if the run has them), the worst first. */
    static final int MIN_ROWS = 20;
    /** Rows shown at most: a step summary is read, not searched. */
    static final int MAX_ROWS = 100;

    private MarkdownSummary() {
    }

    public static String render(RunRecords records, String generatedAt) {
        List<Overview.Row> rows = Overview.rows(records);
        long bad = rows.stream().filter(r -> r.status() != Overview.Status.OK).count();
        int shown = (int) Math.min(rows.size(), Math.min(MAX_ROWS, Math.max(MIN_ROWS, bad)));
        StringBuilder out = new StringBuilder();
        out.append("### Chronoscope run report\n\n");
        out.append(escape(generatedAt)).append(" · ").append(records.tests().size()).append(" timed tests, ")
                .append(rows.size())
                .append(" timings: **").append(escape(Overview.counts(rows))).append("** · ")
                .append(escape(HtmlReport.claimCounts(records) + records.flakyNote()))
                .append("\n\n");
        records.skippedNote().ifPresent(note -> out.append("**").append(escape(note)).append(".**\n\n"));
        if (rows.isEmpty()) {
            return out.append("No timed test has finished in this run.\n").toString();
        }
        out.append("| status | test | timing | mode | median per call [95 %] | B/call | clock verdict | claims | vs "
                + "baseline [interval] |\n");
        out.append("|---|---|---|---|---|---|---|---|---|\n");
        for (Overview.Row r : rows.subList(0, shown)) {
            StringBuilder claims = new StringBuilder();
            for (ClaimRecord c : r.claims()) {
                claims.append(claims.isEmpty() ? "" : "; ").append(c.outcome()).append(": ").append(c.claim());
            }
            out.append("| ").append(r.status() == Overview.Status.OK ? "ok" : "**" + r.status().key() + "**")
                    .append(" | ").append(escape(r.record().test()))
                    .append(" | ").append(escape(r.timing().label()))
                    .append(" | ").append(escape(Overview.mode(r)))
                    .append(" | ").append(escape(Overview.median(r.timing()) + " " + r.timing().measure()))
                    .append(" | ").append(escape(Overview.bytes(r.timing())))
                    .append(" | ").append(escape(r.timing().verdict()))
                    .append(" | ").append(escape(claims.toString()))
                    .append(" | ").append(escape(Overview.baseline(r.timing()) + detectable(r.timing())))
                    .append(" |\n");
        }
        if (shown < rows.size()) {
            long leftBad = rows.subList(shown, rows.size()).stream().filter(r -> r.status() != Overview.Status.OK)
                    .count();
            out.append("\n").append(rows.size() - shown).append(" more timings (").append(leftBad == 0 ? "all ok"
                    : leftBad + " of them not ok")
                    .append(") are in ").append(RunReport.HTML).append(".\n");
        }
        outOfReach(out, rows);
        return out.toString();
    }

    /** {@code  · tells ≥ 15 %}: the smallest change the gate catches 9 times in 10; empty where no power was formed. */
    private static String detectable(ReportedTiming t) {
        GatePower p = t.baseline() == null ? null : t.baseline().power();
        return p == null ? "" : String.format(Locale.ROOT, " · tells ≥ %.0f %%", 100 * p.detectable());
    }

    /**
     * The gated timings whose threshold no number of baseline runs brings in reach, said once, each with its statement.
     */
    private static void outOfReach(StringBuilder out, List<Overview.Row> rows) {
        List<String> far = Overview.outOfReach(rows);
        if (!far.isEmpty()) {
            out.append("\nOut of the gate's reach at their between-run spread (").append(far.size())
                    .append(far.size() == 1 ? " timing" : " timings")
                    .append("):\n\n");
            far.forEach(line -> out.append("- ").append(escape(line)).append("\n"));
        }
    }

    /**
     * A table cell's text: characters that Markdown or HTML would read as markup are escaped with a
     * backslash or as entities, and line breaks become spaces, so the text shows as it is.
     */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (char c : text.toCharArray()) {
            switch (c) {
                case '|', '\\', '`', '*', '_', '[', ']', '#', '~', '!', '(', ')' -> out.append('\\').append(c);
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '\n', '\r' -> out.append(' ');
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
