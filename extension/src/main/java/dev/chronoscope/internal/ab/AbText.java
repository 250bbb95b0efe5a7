package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.format.Format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The A/B result as text: the console's table, worst first, and the Markdown summary for a CI step summary. */
final class AbText {

    private AbText() {
    }

    /** The console's report: one line per timing, worst first, its power and reason below, then the rounds. */
    static String console(AbResult r) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-12s %8s %19s %6s %-13s %s%n", "verdict", "ratio", "99 % interval",
                "rounds", "allocation", "timing (head / base)"));
        for (TimingResult t : r.timings()) {
            out.append(String.format(Locale.ROOT, "%-12s %8s %19s %6d %-13s %s%s%n", t.time().verdict(),
                    ratio(t.time().ratio()), interval(t.time()), t.time().rounds(), t.allocation() == null ? "-"
                    : t.allocation().verdict(), t.name(),
                    t.gated() ? "" : " (not gated)"));
            out.append("             ").append(t.time().reason()).append('\n');
            out.append("             ").append(t.time().power()).append('\n');
            if (t.allocation() != null && !t.allocation().verdict().equals("unchanged")) {
                out.append("             allocation: ").append(t.allocation().reason()).append('\n');
            }
        }
        for (String line : facts(r)) {
            out.append(line).append('\n');
        }
        return out.toString();
    }

    /** What the tables leave out: timings of one side, the rounds' states, dropped rounds, why it stopped. */
    static List<String> facts(AbResult r) {
        List<String> lines = new ArrayList<>();
        r.onlyBase().forEach(n -> lines.add("only the base has: " + n));
        r.onlyHead().forEach(n -> lines.add("only the head has: " + n));
        for (AbResult.RoundState s : r.rounds()) {
            lines.add(String.format(Locale.ROOT, "round %d: %s; %s; %s", s.number(), s.order(), s.describe(),
                    Format.seconds(s.wallNanos())));
        }
        for (Round.Failed f : r.failed()) {
            lines.add("round " + f.number() + " dropped: the " + f.side() + " side " + f.reason());
        }
        lines.add(String.format(Locale.ROOT,
                "%d rounds completed, %d dropped; stopped: %s; seed %d (--seed %d repeats the order)", r.rounds()
                .size(), r.failed().size(), r.stopReason(), r.seed(), r.seed()));
        return lines;
    }

    /** The Markdown summary: a GitHub-flavoured table, worst first, and the facts as a list. */
    static String markdown(AbResult r) {
        long regressed = r.timings().stream().filter(TimingResult::failsGate).count();
        StringBuilder md = new StringBuilder("## Chronoscope A/B: head against base\n\n");
        md.append(String.format(Locale.ROOT,
                "%d timings over %d rounds in alternating fresh JVMs, threshold %s: **%d regressed**.%n%n", r.timings()
                .size(), r.rounds().size(), PairedRule.percent(r.threshold()), regressed));
        md.append("| verdict | ratio head/base | 99 % interval | rounds | allocation | timing "
                + "|\n|---|---|---|---|---|---|\n");
        for (TimingResult t : r.timings()) {
            md.append("| ").append(t.time().regressed() ? "**regressed**" : t.time().verdict()).append(" | ")
                    .append(ratio(t.time().ratio())).append(" | ").append(interval(t.time())).append(" | ")
                    .append(t.time().rounds()).append(" | ")
                    .append(t.allocation() == null ? "–" : t.allocation().verdict()).append(" | ")
                    .append(cell(t.name())).append(t.gated() ? "" : " (not gated)").append(" |\n");
        }
        md.append('\n');
        for (String line : facts(r)) {
            md.append("- ").append(cell(line)).append('\n');
        }
        return md.toString();
    }

    /** {@code s} safe in a table cell: pipes escaped, no line breaks, no HTML. */
    private static String cell(String s) {
        return s.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace("\n", " ");
    }

    static String ratio(double r) {
        return Double.isFinite(r) ? String.format(Locale.ROOT, "x%.3f", r) : "-";
    }

    static String interval(PairedRule.Verdict v) {
        return Double.isFinite(v.low()) ? String.format(Locale.ROOT, "x%.3f..x%.3f", v.low(), v.high()) : "-";
    }
}
