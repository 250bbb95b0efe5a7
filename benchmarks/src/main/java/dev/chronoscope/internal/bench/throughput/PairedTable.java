package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.Outcome;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The paired validation's table and its targets ({@link PairedValidation}): each Chronoscope figure judged
 * against the JMH figure taken right before it, never against forks minutes apart.
 *
 * <p>A figure is <em>right</em> when its net mean per call — like JMH's average, the same statistic — lies within
 * ±{@value #WITHIN_PERCENT} % of its paired JMH figure, or within JMH's own range over the workload's rounds (the host's state moves JMH too), or, below
 * {@value #ENVELOPE_BELOW_NANOS} ns, within ±{@value #BELOW_TEN_WITHIN_NANOS} ns of it or within the envelope of JMH's
 * harness styles widened by {@value #ENVELOPE_WIDENING_NANOS} ns, where that was measured (a few-ns call's JMH figure
 * depends on the loop around it). Targets: figures outside their bound, and of them those resolved without a
 * condition recorded beside them, at most 1 per {@value #PAIRS_PER_WRONG} pairs; of the right figures at most
 * {@value #MAX_RIGHT_REFUSED_PERCENT} % refused; true claims fail at most 1 in {@value #CLAIMS_PER_TRUE_FAILED} and
 * abort at most {@value #MAX_TRUE_ABORTED_PERCENT} %; false claims never pass; against a quiet run's figures
 * ({@code quiet}), every figure resolved without a recorded condition within ±{@value #UNDER_LOAD_PERCENT} % of the
 * workload's quiet median.
 *
 * <p>Why the mean and not the median a test prints: of allocating code the median leaves out the calls that
 * paid for a collection, which JMH's average includes (a JSON read's median 397-447 ns, its mean 429-509, JMH
 * 446-516); judged by its median such code would read "wrong" though both tools agree. The median is printed
 * beside it, and the claims are about it.
 */
final class PairedTable {

    static final int WITHIN_PERCENT = 20;
    static final int ENVELOPE_BELOW_NANOS = 10;
    static final double ENVELOPE_WIDENING_NANOS = 0.5;
    /** Below {@link #ENVELOPE_BELOW_NANOS}, the absolute bound the validation keeps where the envelope is not measured. */
    static final double BELOW_TEN_WITHIN_NANOS = 1.5;
    /** Figures outside their bound, or resolved there with nothing recorded: at most one per this many pairs. */
    static final int PAIRS_PER_WRONG = 39;
    /** True claims: at most one failed in this many (a JVM living in the host's slow state is a slower machine). */
    static final int CLAIMS_PER_TRUE_FAILED = 50;
    static final int MAX_RIGHT_REFUSED_PERCENT = 5;
    static final int MAX_TRUE_ABORTED_PERCENT = 5;
    static final int UNDER_LOAD_PERCENT = 25;

    /** One target: what it counts, the count, of how many, and whether it is met. */
    record Target(String what, long count, long of, String goal, boolean met) {
        String line() {
            return String.format(Locale.ROOT, "  %-62s %4d of %-4d %-16s %s", what, count, of, goal, met ? "met" : "MISSED");
        }
    }

    private final List<PairedFigure> figures;
    private final Map<String, Double> quietMedians;
    private final String heading;

    /**
     * @param figures the run's paired figures, in the order taken
     * @param quiet   a quiet run's figures the under-load target holds these against; empty: no such target
     * @param heading what ran, where and when, printed first
     */
    PairedTable(List<PairedFigure> figures, List<PairedFigure> quiet, String heading) {
        this.figures = List.copyOf(figures);
        this.heading = heading;
        Map<String, List<Double>> byWorkload = new LinkedHashMap<>();
        quiet.stream().filter(f -> !Double.isNaN(f.mean()))
                .forEach(f -> byWorkload.computeIfAbsent(f.workload(), w -> new ArrayList<>()).add(f.mean()));
        Map<String, Double> medians = new LinkedHashMap<>();
        byWorkload.forEach((w, means) -> medians.put(w, ValidationTable.median(means)));
        this.quietMedians = Map.copyOf(medians);
    }

    /** JMH's lowest and highest figure over the rounds of {@code workload}. */
    private double[] jmhRange(String workload) {
        double[] range = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        figures.stream().filter(f -> f.workload().equals(workload) && !Double.isNaN(f.jmh())).forEach(f -> {
            range[0] = Math.min(range[0], f.jmh());
            range[1] = Math.max(range[1], f.jmh());
        });
        return range;
    }

    /** Whether {@code f}'s figure agrees with JMH's in its state; false where either figure is missing. */
    boolean right(PairedFigure f) {
        double m = f.mean();
        if (Double.isNaN(m) || Double.isNaN(f.jmh())) {
            return false;
        }
        double within = WITHIN_PERCENT / 100.0;
        if (m >= f.jmh() * (1 - within) && m <= f.jmh() * (1 + within)) {
            return true;
        }
        double[] range = jmhRange(f.workload());
        if (m >= range[0] && m <= range[1]) {
            return true;
        }
        if (f.jmh() >= ENVELOPE_BELOW_NANOS) {
            return false;
        }
        return Math.abs(m - f.jmh()) <= BELOW_TEN_WITHIN_NANOS || f.hasEnvelope()
                && m >= f.envelopeLow() - ENVELOPE_WIDENING_NANOS && m <= f.envelopeHigh() + ENVELOPE_WIDENING_NANOS;
    }

    /** Whether {@code f} was resolved, with nothing recorded beside it, more than the under-load bound off its quiet median. */
    boolean offQuiet(PairedFigure f) {
        Double quiet = quietMedians.get(f.workload());
        return quiet != null && f.resolved() && !f.flagged()
                && Math.abs(f.mean() / quiet - 1) > UNDER_LOAD_PERCENT / 100.0;
    }

    List<Target> targets() {
        List<PairedFigure> judged = figures.stream().filter(f -> !Double.isNaN(f.mean()) && !Double.isNaN(f.jmh())).toList();
        List<PairedFigure> right = judged.stream().filter(this::right).toList();
        long rightRefused = right.stream().filter(PairedFigure::refused).count();
        Counts all = Counts.of(judged, this::right);
        List<Target> targets = new ArrayList<>(List.of(
                perPairs("figures outside their JMH fork's bound", all.wrong(), judged.size()),
                new Target("right figures refused", rightRefused, right.size(), "<= " + MAX_RIGHT_REFUSED_PERCENT + " %",
                        rightRefused * 100 <= (long) MAX_RIGHT_REFUSED_PERCENT * right.size()),
                perPairs("other figures resolved with nothing recorded beside them", all.wrongResolved(), judged.size()),
                trueFailed("true claims (1.5x margin over the paired JMH figure) failed", all),
                new Target("true claims inconclusive", all.trueAborted(), all.trueClaims(), "<= " + MAX_TRUE_ABORTED_PERCENT + " %",
                        all.trueAborted() * 100 <= (long) MAX_TRUE_ABORTED_PERCENT * all.trueClaims()),
                new Target("false claims (1.5x the other way) passed", all.falsePassed(), all.falseClaims(), "none",
                        all.falsePassed() == 0)));
        // figures whose reference is not in their state, told apart (not excused): JMH's forks before and after disagreeing
        // (the host's state moved during the pairing), its fork allocating otherwise (other code of the same method: escape
        // analysis), its fork reading the core at another speed (another state of the host)
        if (judged.stream().anyMatch(f -> Double.isFinite(f.jmhAfter()))) {
            toldApart(targets, judged, PairedFigure::referenceMoved, "figures whose JMH forks before and after disagree by over x"
                    + PairedFigure.REFERENCE_MOVED, "JMH's forks agreeing");
        }
        if (judged.stream().anyMatch(PairedFigure::otherCodeThanJmh)) {
            toldApart(targets, judged, PairedFigure::otherCodeThanJmh, "figures whose JMH fork allocated otherwise (other code, told"
                    + " apart below)", "JMH's fork allocating alike");
        }
        if (judged.stream().anyMatch(f -> Double.isFinite(f.jmhNsPerStep()))) {
            toldApart(targets, judged, PairedFigure::otherStateThanJmh, "figures whose JMH fork read the core beyond x"
                    + dev.chronoscope.CoreSpeedState.NOISE + " apart (another host state)", "JMH's fork in the same state");
        }
        if (!quietMedians.isEmpty()) {
            List<PairedFigure> resolved = judged.stream().filter(f -> quietMedians.containsKey(f.workload())
                    && f.resolved() && !f.flagged()).toList();
            long off = resolved.stream().filter(this::offQuiet).count();
            long offBusy = resolved.stream().filter(f -> offQuiet(f) && f.hostBusy()).count();
            targets.add(new Target("resolved figures beyond ±" + UNDER_LOAD_PERCENT + " % of the quiet run's median", off,
                    resolved.size(), "none", off == 0));
            // the host's load is recorded beside every figure: those it names as busy are told apart, not excused
            targets.add(new Target("of them, with nothing recorded beside them (the host's load under half a CPU)",
                    off - offBusy, resolved.size(), "none", off - offBusy == 0));
        }
        return targets;
    }

    /** How many {@code apart} tells apart, then the targets on wrong figures and claims among the other figures. */
    private void toldApart(List<Target> targets, List<PairedFigure> judged, java.util.function.Predicate<PairedFigure> apart,
                           String howMany, String others) {
        List<PairedFigure> rest = judged.stream().filter(apart.negate()).toList();
        Counts c = Counts.of(rest, this::right);
        targets.add(new Target(howMany, judged.stream().filter(apart).count(), judged.size(), "-", true));
        targets.add(perPairs("figures outside their bound, " + others, c.wrong(), rest.size()));
        targets.add(perPairs("other figures resolved with nothing recorded, " + others, c.wrongResolved(), rest.size()));
        targets.add(trueFailed("true claims failed, " + others, c));
        targets.add(new Target("false claims passed, " + others, c.falsePassed(), c.falseClaims(), "none", c.falsePassed() == 0));
    }

    private static Target perPairs(String what, long count, long pairs) {
        return new Target(what, count, pairs, "<= 1 per " + PAIRS_PER_WRONG, count * PAIRS_PER_WRONG <= pairs);
    }

    private static Target trueFailed(String what, Counts c) {
        return new Target(what, c.trueFailed(), c.trueClaims(), "<= 1 in " + CLAIMS_PER_TRUE_FAILED,
                c.trueFailed() * CLAIMS_PER_TRUE_FAILED <= c.trueClaims());
    }

    /** Wrong figures (outside their bound) and claims' outcomes over some figures. */
    private record Counts(long wrong, long wrongResolved, long trueClaims, long trueFailed, long trueAborted, long falseClaims,
                          long falsePassed) {

        static Counts of(List<PairedFigure> figures, java.util.function.Predicate<PairedFigure> right) {
            List<PairedFigure> wrong = figures.stream().filter(right.negate()).toList();
            long trueClaims = 0;
            long trueFailed = 0;
            long trueAborted = 0;
            long falseClaims = 0;
            long falsePassed = 0;
            for (PairedFigure f : figures) {
                for (int i = 0; i < f.claims().size(); i++) {
                    Outcome o = f.claims().get(i);
                    if (i < PairedFigure.TRUE_CLAIMS) {
                        trueClaims++;
                        trueFailed += o == Outcome.FAIL ? 1 : 0;
                        trueAborted += o == Outcome.INCONCLUSIVE ? 1 : 0;
                    } else {
                        falseClaims++;
                        falsePassed += o == Outcome.PASS ? 1 : 0;
                    }
                }
            }
            return new Counts(wrong.size(), wrong.stream().filter(f -> f.resolved() && !f.flagged()).count(), trueClaims, trueFailed,
                    trueAborted, falseClaims, falsePassed);
        }
    }

    boolean targetsMet() {
        return targets().stream().allMatch(Target::met);
    }

    void print(PrintStream out) {
        out.println(heading);
        out.printf(Locale.ROOT, "%-13s %2s %10s %21s %10s %10s %-12s %-6s %-28s %s%n", "workload", "r", "JMH", "JMH's styles",
                "mean", "(median)", "verdict", "right", "refused by / recorded", "claims (" + String.join("; ", PairedFigure.CLAIMS) + ")");
        for (PairedFigure f : figures) {
            String styles = f.hasEnvelope() ? PairedFigure.ns(f.envelopeLow()) + " .. " + PairedFigure.ns(f.envelopeHigh()) : "-";
            List<String> notes = new ArrayList<>();
            if (!f.refusedBy().equals("-")) {
                notes.add(f.refusedBy());
            }
            if (f.coreSlower()) {
                notes.add(String.format(Locale.ROOT, "core x%.2f", f.slowdown()));
            }
            if (f.unsettled()) {
                notes.add("unsettled warm-up");
            }
            if (f.otherStateThanJmh()) {
                notes.add(String.format(Locale.ROOT, "core %.2f, JMH's %.2f ns/step", f.nsPerStep(), f.jmhNsPerStep()));
            }
            if (offQuiet(f)) {
                notes.add(String.format(Locale.ROOT, "x%.2f quiet", f.mean() / quietMedians.get(f.workload())));
            }
            if (f.referenceMoved()) {
                // the in-JVM reference is the run after the figure, its bracket the run before
                notes.add((WorkloadCatalog.named(f.workload()).jmhInChronoscopesJvm() ? "JMH before " : "JMH after ")
                        + PairedFigure.ns(f.jmhAfter()));
            }
            if (!Double.isNaN(f.bytesPerCall())) {
                notes.add(String.format(Locale.ROOT, "%.0f B/call", f.bytesPerCall())
                        + (f.otherCodeThanJmh() ? String.format(Locale.ROOT, " (JMH %.0f)", f.jmhBytesPerOp()) : ""));
            }
            if (f.collections() > 0) {
                notes.add(f.collections() + " GC in samples");
            }
            if (f.stalled()) {
                notes.add(String.format(Locale.ROOT, "stalls: mean x%.2f median", f.mean() / f.p50()));
            }
            if (f.hostBusy()) {
                notes.add(String.format(Locale.ROOT, "others %.2f CPUs", f.othersCpus()));
            }
            out.printf(Locale.ROOT, "%-13s %2d %10s %21s %10s %10s %-12s %-6s %-28s %s%n", f.workload(), f.round(),
                    PairedFigure.ns(f.jmh()), styles, PairedFigure.ns(f.mean()), PairedFigure.ns(f.p50()), f.verdict(), right(f) ? "yes" : "NO",
                    notes.isEmpty() ? "-" : String.join(", ", notes),
                    String.join(" ", f.claims().stream().map(o -> o.name().substring(0, 1)).toList()));
        }
        printMovement(out);
        printRefusals(out);
        out.println("Targets:");
        targets().forEach(t -> out.println(t.line()));
    }

    /** Per workload over the rounds: how far each tool's figures moved, and where Chronoscope's moved more. */
    private void printMovement(PrintStream out) {
        Map<String, List<PairedFigure>> byWorkload = new LinkedHashMap<>();
        figures.forEach(f -> byWorkload.computeIfAbsent(f.workload(), w -> new ArrayList<>()).add(f));
        if (byWorkload.values().stream().allMatch(l -> l.size() < 2)) {
            return;
        }
        out.println("Between rounds (highest / lowest figure of each tool; Chronoscope's resolved figures):");
        byWorkload.forEach((w, list) -> {
            double jmh = spreadOf(list.stream().map(PairedFigure::jmh).toList());
            double ours = spreadOf(list.stream().filter(PairedFigure::resolved).map(PairedFigure::mean).toList());
            out.printf(Locale.ROOT, "  %-13s JMH x%.2f, Chronoscope x%.2f%s%n", w, jmh, ours,
                    ours > jmh * 1.2 ? "  moves more than JMH's averages: its samplings land in the host's states" : "");
        });
    }

    private static double spreadOf(List<Double> values) {
        List<Double> kept = values.stream().filter(v -> !Double.isNaN(v)).toList();
        if (kept.size() < 2) {
            return Double.NaN;
        }
        return kept.stream().max(Comparator.naturalOrder()).orElseThrow() / kept.stream().min(Comparator.naturalOrder()).orElseThrow();
    }

    /** What each self-check refused, over the run. */
    private void printRefusals(PrintStream out) {
        Map<String, Integer> byCheck = new TreeMap<>();
        figures.stream().filter(PairedFigure::refused)
                .forEach(f -> java.util.Arrays.stream(f.refusedBy().split(",")).forEach(c -> byCheck.merge(c, 1, Integer::sum)));
        out.println("Refused, by self-check: " + (byCheck.isEmpty() ? "none" : byCheck.toString().replaceAll("[{}]", "")));
    }
}
