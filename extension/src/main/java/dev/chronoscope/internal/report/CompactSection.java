package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.AllocationVerdict;
import dev.chronoscope.internal.gate.BaselineVerdict;
import dev.chronoscope.internal.gate.GateFailure;
import dev.chronoscope.CpuThrottling;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.format.Format;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The default timing section: what a reader of a test report needs, read in seconds — at most 8
 * lines of at most {@link #WIDTH} characters for a passing one-region test (a line more per warning),
 * 14 for a failing one, no sentence twice: the clock, its resolution and the floor, then per timing
 * the figures that matter in scaled units, what question they answer, the verdict and the allocation,
 * its baseline verdict in a line (a clause where the gate does not apply), whole reasons, warnings
 * and what the gate can see left to the record and the full section. Facts that
 * repeat from test to test (the host, why the clock was chosen, the warm-up, the frequency's
 * calibration) are printed with the first section that has them and left to the record afterwards:
 * {@code firstSeen} says whether a fact, by its name ({@code host}, {@code TSC_FENCED resolution}), is
 * new to this run. Notes that do not change what a figure means stay in the record
 * ({@link ConsoleNotes}). The full section
 * ({@link TimingSection}) keeps every detail.
 */
public final class CompactSection {

    static final int WIDTH = 120;
    private static final int KEY_WIDTH = TimingSection.KEY_WIDTH;

    private CompactSection() {
    }

    /** Other processes' CPUs from which the console shows the host's load (the full section always does). */
    static final double BUSY_CPUS = 0.5;

    /** The section of {@code r}; a run-wide fact line is printed only where {@code firstSeen} accepts it. */
    public static String format(TestRecord r, Predicate<String> firstSeen) {
        List<String> lines = new ArrayList<>();
        String header = TimingSection.BEGIN + TimingSection.printable(r.testName()) + " ";
        String outcome = " " + r.outcome();
        lines.add(header + "-".repeat(Math.max(3, WIDTH - header.length() - outcome.length())) + outcome);
        for (String fact : runFacts(r)) {
            // once per run by its name: a later test's figures for the same fact (e.g. the resolution's count of reads)
            // are in its record
            if (firstSeen.test(fact.substring(0, Math.max(0, fact.indexOf(": "))))) {
                addOneLine(lines, "", fact);
            }
        }
        add(lines, "clock", clockLine(r));
        // shown where other processes kept at least half a CPU busy: a fact that slows figures without changing the
        // code
        if (r.hostLoad().isKnown() && r.hostLoad().get().othersCpus() >= BUSY_CPUS) {
            add(lines, "host load", r.hostLoad().get().describe());
        }
        for (int i = 0; i < r.timings().size(); i++) {
            Timing t = r.timings().get(i);
            BaselineVerdict judged = r.baseline().isEmpty() ? null : r.baseline().get(i);
            // a verdict the gate does not apply to is a clause of its timing's line; its reason is in the record
            add(lines, isInvocation(t) ? "invocation" : "timing", timingLine(t) + (judged != null && !judged.gated()
                    ? notGated(judged) : ""));
            if (judged != null) {
                baselineLines(judged).forEach(l -> addOneLine(lines, l.getKey(), l.getValue()));
            }
        }
        if (r.aggregate() != null) {
            add(lines, "aggregate", aggregateLine(r.aggregate()));
        }
        if (r.gate() != null) {
            add(lines, "outcome", gateLine(r.gate(), r.testName()));
        }
        for (String warning : ConsoleNotes.shown(r)) {
            addOneLine(lines, "warning", warning);
        }
        lines.add("-".repeat(WIDTH));
        return String.join("\n", lines) + "\n";
    }

    /**
     * {@code section} with a line {@code key  value} (wrapped as the section's lines are) before its
     * closing rule: what the record does not hold but the reader needs, such as why the test was aborted.
     */
    public static String withLine(String section, String key, String value) {
        String body = section.stripTrailing();
        int rule = body.lastIndexOf('\n');
        List<String> lines = new ArrayList<>();
        add(lines, key, value);
        return body.substring(0, rule + 1) + String.join("\n", lines) + body.substring(rule) + "\n";
    }

    /**
     * The clock, its resolution and the floor, in one line: {@code TSC_FENCED | resolution 21 ticks = 10.02 ns | floor
     * p50 …}.
     */
    public static String clockLine(TestRecord r) {
        String unit = r.floor().raw().unit().symbol();
        return r.clock() + " | resolution " + Format.units(r.step()) + " " + unit
                + (unit.equals("ticks") && r.frequency() != null ? " = " + Format.duration(r.frequency()
                .ticksToNanos(r.step())) : "")
                + " | floor p50 " + Format.duration(r.floor().nanos().p50()) + " (n " + Format.count(r.floor().raw()
                .count()) + ")"
                + (r.floorSubtracted() ? ", subtracted" : ", not subtracted");
    }

    /** The facts that are the same for many tests of a run: printed once each. */
    static List<String> runFacts(TestRecord r) {
        List<String> facts = new ArrayList<>();
        facts.add("host: " + r.host());
        facts.add("container: " + r.container().describe());
        facts.add(r.clock() + ": " + r.readMethod() + "; chosen by " + r.clockWhy());
        if (r.frequency() != null) {
            facts.add("TSC frequency: " + Format.frequency(r.frequency().hz(), r.frequency().uncertaintyPpm()) + ", "
                    + r.frequency().method() + "; ticks are TSC reference ticks, not core cycles");
        }
        facts.add(r.clock() + " resolution: " + r.stepSource());
        facts.add(r.clock() + " probe-path warm-up: " + withoutThisTestsPart(r.warmup()));
        if (!r.pinned().equals("no")) {
            facts.add("pinned: " + r.pinned());
        }
        return facts;
    }

    /** The test's whole invocation, one sample: printed without its label and question. */
    private static boolean isInvocation(Timing t) {
        return t.label().equals("invocation");
    }

    /**
     * A timing in one line: its label and the question it answers (not for the invocation), the
     * figures that matter in scaled units, the verdict, the noise and the allocation.
     */
    public static String timingLine(Timing t) {
        return (isInvocation(t) ? "" : t.label() + " | " + t.mode().question(t.callsPerSample(), t.clock()) + " | ")
                + figures(t);
    }

    /**
     * A repeated or parameterized test's aggregate of invocations: its label, which says what it mixes, and its
     * figures.
     */
    public static String aggregateLine(Timing aggregate) {
        return aggregate.label() + " | " + figures(aggregate);
    }

    /** The figures, verdict, noise and allocation of {@code t}. */
    private static String figures(Timing t) {
        Summary s = t.floorSubtracted() ? t.netNanos() : t.rawNanos();
        String figures;
        if (t.kept() == 0) {
            figures = "no samples kept";
        } else if (t.kept() == 1) {
            figures = Format.duration(s.p50()) + (t.floorSubtracted() ? " net" : "");
        } else {
            figures = "p50 " + Format.duration(s.p50()) + "  p90 " + Format.duration(s.p90()) + "  p99 "
                    + Format.duration(s.p99())
                    + (t.floorSubtracted() ? " net" : "") + " | " + Format.count(t.kept()) + " kept"
                    + (t.dropped() > 0 ? ", " + Format.count(t.dropped()) + " dropped" : "");
        }
        String verdict = t.verdict() == Verdict.RESOLVED ? "RESOLVED" : t.verdict() + ": " + t.verdictReason();
        long preempted = t.involuntaryContextSwitches().orElse(0);
        String noise = (preempted > 0 ? " | preempted " + Format.count(preempted) + "x" : "")
                + t.cpuThrottling().filter(CpuThrottling::throttled).map(c -> " | CPU quota " + c.describe()).orElse("")
                + (t.collectionsWhileSampling().orElse(0) > 0 ? " | " + t.collectionsWhileSampling().getAsLong()
                + " GC while sampling" : "")
                + Stalls.of(t).map(st -> " | mean " + Format.multiple(st.meanOverMedian()) + " the median (stalls)")
                .orElse("");
        String alloc = t.allocation().map(a -> " | alloc " + a.describe() + (a.changedBetweenHalves()
                ? " (changed during the run)" : ""))
                .orElse("");
        return figures + " | " + verdict + noise + alloc;
    }

    /**
     * A timing's baseline verdict in one line, its reason cut to fit (whole in the record and the full
     * section), where the gate applies to it ({@link #notGated} otherwise); the allocation's verdict on
     * a line of its own where it regressed or improved. What the gate can see stays in the record and the full
     * section: its paragraph repeated the spread the reason states.
     */
    static List<java.util.Map.Entry<String, String>> baselineLines(BaselineVerdict v) {
        List<java.util.Map.Entry<String, String>> out = new ArrayList<>();
        if (v.gated()) {
            out.add(java.util.Map.entry("baseline", v.describe()));
        }
        AllocationVerdict a = v.allocation();
        if (a != null && (a.verdict().equals(BaselineVerdict.REGRESSED) || a.verdict()
                .equals(BaselineVerdict.IMPROVED))) {
            out.add(java.util.Map.entry("alloc gate", a.describe()));
        }
        return out;
    }

    /**
     * {@code  | baseline not gated: regressed ×4.770 [0.600, 1.600]}: a verdict the gate does not apply to, as a
     * clause.
     */
    static String notGated(BaselineVerdict v) {
        return " | baseline not gated: " + v.verdict() + (Double.isNaN(v.ratio()) ? ""
                : String.format(java.util.Locale.ROOT, " ×%.3f [%.3f, %.3f]", v.ratio(), v.low(), v.high()));
    }

    /**
     * Why the gate failed the test of {@code testName}, without the timings' verdicts, which their
     * baseline lines above say: the gate's message up to its first timing.
     */
    static String gateLine(GateFailure gate, String testName) {
        String message = gate.message();
        int timings = message.indexOf(": timing '");
        String why = timings < 0 ? message : message.substring(0, timings);
        // the header names the test
        return "failed by the regression gate (the test itself " + gate.testOutcome() + "): "
                + (why.startsWith(testName + " ") ? why.substring(testName.length() + 1) : why);
    }

    /**
     * {@code value} on one line after {@code key}, cut at a word with an ellipsis where longer: the whole is in the
     * record.
     */
    private static void addOneLine(List<String> lines, String key, String value) {
        String first = key.isEmpty() ? " ".repeat(KEY_WIDTH) : key + " ".repeat(Math.max(1, KEY_WIDTH - key.length()));
        String text = TimingSection.printable(value);
        int room = WIDTH - first.length();
        if (text.length() > room) {
            int cut = text.lastIndexOf(' ', room - 1);
            text = text.substring(0, cut <= room / 2 ? room - 1 : cut).stripTrailing() + "…";
        }
        lines.add(first + text);
    }

    /** One line per {@link #WIDTH} characters: a long value continues on indented lines. */
    private static void add(List<String> lines, String key, String value) {
        String indent = " ".repeat(KEY_WIDTH);
        String first = key.isEmpty() ? indent : key + " ".repeat(Math.max(1, KEY_WIDTH - key.length()));
        String rest = TimingSection.printable(value);
        String prefix = first;
        while (prefix.length() + rest.length() > WIDTH) {
            int room = WIDTH - prefix.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= room / 2) {
                cut = room;
            }
            lines.add(prefix + rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
            prefix = indent + "  ";
        }
        lines.add(prefix + rest);
    }

    /**
     * The probe-path warm-up as the JVM's fact, without what it says of this test ("; still warm before
     * this test" at its end, or "; before this test…" to its end).
     */
    static String withoutThisTestsPart(String warmup) {
        String still = "; still warm before this test";
        int cut = warmup.endsWith(still) ? warmup.length() - still.length() : -1;
        int before = warmup.indexOf("; before this test");
        if (before >= 0 && (cut < 0 || before < cut)) {
            cut = before;
        }
        return cut < 0 ? warmup : warmup.substring(0, cut);
    }
}
