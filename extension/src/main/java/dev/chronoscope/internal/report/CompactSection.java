package dev.chronoscope.internal.report;

import dev.chronoscope.CpuThrottling;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.format.Format;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The default timing section: what a reader of a test report needs, in about ten lines of at most
 * {@link #WIDTH} characters — the clock, its resolution and the floor, then per timing the figures
 * that matter in scaled units, what question they answer, the verdict and the allocation. Facts that
 * repeat from test to test (the host, why the clock was chosen, the warm-up, the frequency's
 * calibration) are printed with the first section that has them and left to the record afterwards:
 * {@code firstSeen} says whether a fact line is new to this run. The full section
 * ({@link TimingSection}) keeps every detail.
 */
public final class CompactSection {

    static final int WIDTH = 120;
    private static final int KEY_WIDTH = TimingSection.KEY_WIDTH;

    private CompactSection() {
    }

    /** The section of {@code r}; a run-wide fact line is printed only where {@code firstSeen} accepts it. */
    public static String format(TestRecord r, Predicate<String> firstSeen) {
        List<String> lines = new ArrayList<>();
        String header = TimingSection.BEGIN + TimingSection.printable(r.testName()) + " ";
        String outcome = " " + r.outcome();
        lines.add(header + "-".repeat(Math.max(3, WIDTH - header.length() - outcome.length())) + outcome);
        for (String fact : runFacts(r)) {
            if (firstSeen.test(fact)) {
                add(lines, "", fact);
            }
        }
        String unit = r.floor().raw().unit().symbol();
        add(lines, "clock", r.clock() + " | resolution " + Format.units(r.step()) + " " + unit
                + (unit.equals("ticks") && r.frequency() != null ? " = " + Format.duration(r.frequency().ticksToNanos(r.step())) : "")
                + " | floor p50 " + Format.duration(r.floor().nanos().p50()) + " (n " + Format.count(r.floor().raw().count()) + ")"
                + (r.floorSubtracted() ? ", subtracted" : ", not subtracted"));
        for (int i = 0; i < r.timings().size(); i++) {
            timing(lines, r.timings().get(i));
            if (!r.baseline().isEmpty()) {
                r.baseline().get(i).sectionLines().forEach(l -> add(lines, l.getKey(), l.getValue()));
            }
        }
        if (r.aggregate() != null) {
            timing(lines, r.aggregate());
        }
        if (r.gate() != null) {
            add(lines, "outcome", r.gate().describe());
        }
        for (String warning : r.warnings()) {
            add(lines, "warning", warning);
        }
        lines.add("-".repeat(WIDTH));
        return String.join("\n", lines) + "\n";
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

    private static void timing(List<String> lines, Timing t) {
        boolean invocation = t.label().equals("invocation") || t.label().startsWith("all invocations");
        Summary s = t.floorSubtracted() ? t.netNanos() : t.rawNanos();
        String figures;
        if (t.kept() == 0) {
            figures = "no samples kept";
        } else if (t.kept() == 1) {
            figures = Format.duration(s.p50()) + (t.floorSubtracted() ? " net" : "");
        } else {
            figures = "p50 " + Format.duration(s.p50()) + "  p90 " + Format.duration(s.p90()) + "  p99 " + Format.duration(s.p99())
                    + (t.floorSubtracted() ? " net" : "") + " | " + Format.count(t.kept()) + " kept"
                    + (t.dropped() > 0 ? ", " + Format.count(t.dropped()) + " dropped" : "");
        }
        String verdict = t.verdict() == Verdict.RESOLVED ? "RESOLVED" : t.verdict() + ": " + t.verdictReason();
        long preempted = t.involuntaryContextSwitches().orElse(0);
        String noise = (preempted > 0 ? " | preempted " + Format.count(preempted) + "x" : "")
                + t.cpuThrottling().filter(CpuThrottling::throttled).map(c -> " | CPU quota " + c.describe()).orElse("");
        String alloc = t.allocation().map(a -> " | alloc " + a.describe() + (a.changedBetweenHalves() ? " (changed during the run)" : ""))
                .orElse("");
        add(lines, invocation ? "invocation" : "timing", (invocation ? "" : t.label() + " | " + t.mode().question(t.callsPerSample(), t.clock()) + " | ")
                + figures + " | " + verdict + noise + alloc);
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
