package dev.chronoscope.internal.stats;

import dev.chronoscope.Allocation;
import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Comparison;
import dev.chronoscope.Outcome;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.format.Format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Every word of a claim's message, in one place: {@link AllocationClaim}, {@link PercentileClaim}
 * and {@link RatioClaim} decide, and call the factory here that says what they decided. A message
 * is a headline (the claim and why it passed, failed or could not be decided), {@code key value}
 * detail lines with the numbers behind it, and, for an inconclusive claim, what would decide it.
 */
public final class ClaimMessages {

    /** What to do about a figure a self-check refused: see the reason, which names the check. */
    static final String REFUSED_ADVICE = "see docs/reference/self-checks.md, \"The checks\", for what the named check"
            + " saw and what removes it";
    static final int KEY_WIDTH = 11;

    private ClaimMessages() {
    }

    static String pad(String key) {
        return key.length() >= KEY_WIDTH ? key + " " : key + " ".repeat(KEY_WIDTH - key.length());
    }

    /** The message for a failure or an abort; {@code strict} says whether an inconclusive claim fails. */
    static String render(Decision d, boolean strict) {
        StringBuilder out = new StringBuilder(d.headline()).append('\n');
        for (String line : d.details()) {
            out.append("  ").append(line).append('\n');
        }
        if (d.outcome() != Outcome.INCONCLUSIVE) {
            out.setLength(out.length() - 1);
            return out.toString();
        }
        if (!d.advice().isEmpty()) {
            out.append("  ").append(pad("to decide")).append(d.advice()).append('\n');
        }
        return out.append(strict
                ? "Failed, not aborted, because " + ChronoscopeConfig.ASSERTIONS_STRICT_KEY
                + "=true: an undecidable claim counts as a failure."
                : "Aborted, not failed: the measurement cannot decide the claim ("
                + ChronoscopeConfig.ASSERTIONS_STRICT_KEY
                + "=false; set it to true to fail instead).").toString();
    }

    // ---- relations ------------------------------------------------------------------------------

    /**
     * How a relation reads: its symbol, its words, and where an interval lies when the claim passes and when it fails.
     */
    record Wording(String symbol, String words, String passingSide, String failingSide) {
        static Wording of(Relation r) {
            return switch (r) {
                case LESS -> new Wording("<", "less than", "below", "at or above");
                case AT_MOST -> new Wording("<=", "at most", "at or below", "above");
                case GREATER -> new Wording(">", "greater than", "above", "at or below");
                case AT_LEAST -> new Wording(">=", "at least", "at or above", "below");
            };
        }
    }

    // ---- allocation per call ----------------------------------------------------------------------

    /** The allocation claim in a few words, as the record and the run report name it. */
    public static String allocationClaim(Relation relation, long bytes) {
        return relation == Relation.AT_MOST && bytes == 0 ? "allocates nothing"
                : "allocates " + Wording.of(relation).words() + " " + Format.count(bytes) + " B per call";
    }

    static Decision allocationNotCounted(Timing t, Relation relation, long bytes) {
        return new Decision(Outcome.INCONCLUSIVE, "Inconclusive: cannot tell whether " + allocation(t, relation, bytes)
                + ": its allocation was not counted: " + t.allocationUnknownReason(), List.of(),
                "run on a HotSpot JVM, which counts each thread's allocated bytes");
    }

    static Decision allocationChanged(Timing t, Relation relation, long bytes, Allocation a) {
        return new Decision(Outcome.INCONCLUSIVE, "Inconclusive: cannot tell whether " + allocation(t, relation, bytes)
                + ": its allocation changed during the run (the JIT's escape analysis changed with compilation), so no "
                + "one" + " figure describes it", allocationDetails(a),
                "a longer region warm-up (chronoscope.region.warmup.budget) or more calls");
    }

    static Decision allocationHolds(Timing t, Allocation a) {
        return new Decision(Outcome.PASS, "'" + t.label() + "' allocates " + a.describe(), allocationDetails(a), "");
    }

    static Decision allocationFails(Timing t, Relation relation, long bytes, Allocation a) {
        return new Decision(Outcome.FAIL, "Expected that " + allocation(t, relation, bytes) + ", but it allocates "
                + a.describe(), allocationDetails(a), "");
    }

    private static String allocation(Timing t, Relation relation, long bytes) {
        return "'" + t.label() + "' " + allocationClaim(relation, bytes);
    }

    private static List<String> allocationDetails(Allocation a) {
        return List.of(
                pad("allocated") + a.describe() + " over " + Format.count(a.calls())
                + " calls after the region's warm-up", pad("halves") + Format.bytes(a.firstHalfBytesPerCall()) + " / "
                + Format.bytes(a.secondHalfBytesPerCall())
                        + " B/call (first / second half of the calls)",
                pad("loop") + Format.bytes(a.loopBytesPerCall())
                + " B/call allocated by the timing loop itself, subtracted", pad("first calls")
                + (Double.isFinite(a.firstCallsBytesPerCall()) ? Format.bytes(a.firstCallsBytesPerCall())
                        + (a.firstCallsCompiled()
                        ? " B/call before the warm-up, running code the JVM had compiled before them"
                        : " B/call before the warm-up, before C2's escape analysis removes any") : "not counted"));
    }

    // ---- a percentile of one timing ----------------------------------------------------------------

    /** A percentile claim in a few words, as the record and the run report name it: {@code p50 < 80 ns}. */
    public static String percentileClaim(double p, List<Bound> bounds) {
        return Format.percentile(p) + " " + joined(bounds, Wording::symbol);
    }

    /** The messages of one {@link PercentileClaim}: the claim, and the details every outcome shows. */
    static final class Percentile {
        private final Timing timing;
        private final double p;
        private final List<Bound> bounds;
        private final Estimate e;
        private final String stat;
        private final List<String> details = new ArrayList<>();

        /** {@code e} is null where no sample was kept. */
        Percentile(Timing t, double p, List<Bound> bounds, Estimate e) {
            this.timing = t;
            this.p = p;
            this.bounds = bounds;
            this.e = e;
            this.stat = Format.percentile(p) + " of '" + t.label() + "'";
            details.add(pad("claim") + percentileClaim(p, bounds));
            if (e != null) {
                details.add(pad("estimate") + estimateLine(t, p, e));
            }
            details.addAll(timingLines(t));
        }

        private String claim() {
            return stat + " is " + joined(bounds, Wording::words);
        }

        Decision noSamples() {
            return new Decision(Outcome.INCONCLUSIVE, "Inconclusive: cannot tell whether the " + claim()
                    + ": no samples were kept.", details, "time the region again; see the dropped samples above");
        }

        Decision tooFewSamples() {
            return inconclusive("only " + Format.count(timing.kept())
                    + " samples were kept, and a claim needs at least " + AssertionSettings.MIN_SAMPLES,
                    "time at least " + AssertionSettings.MIN_SAMPLES + " runs");
        }

        Decision refused() {
            return inconclusive("a self-check refused the figure (" + timing.verdictReason() + ")", REFUSED_ADVICE);
        }

        Decision unresolved() {
            return inconclusive("the clock does not resolve the region (" + timing.verdictReason() + ")",
                    "put more work in each timed region (loop the operation inside it), or time it with a finer clock"
                            + " (@MeasureWith)");
        }

        Decision passedRaw() {
            details.add(pad("decision") + "PASS: the clock does not resolve the region, but even the raw interval"
                    + " (floor included) ends at " + Format.duration(e.rawHigh()) + ", "
                    + Wording.of(bounds.get(0).relation()).passingSide() + " the bound");
            return new Decision(Outcome.PASS, "The " + claim() + ": even its raw duration is.", details, "");
        }

        Decision passed() {
            String sides = joined(bounds, Wording::passingSide);
            details.add(pad("decision") + "PASS: the whole interval lies " + sides);
            // a slowdown can pass only a lower bound: how far beyond the nearest one the interval's low end lies
            double slowdownToPass = bounds.stream()
                    .filter(b -> b.relation() == Relation.GREATER || b.relation() == Relation.AT_LEAST)
                    .mapToDouble(b -> e.low() / b.nanos()).min().orElse(Double.NaN);
            return new Decision(Outcome.PASS, "The " + claim() + ": " + interval() + " lies " + sides + ".", details,
                    "", slowdownToPass);
        }

        Decision failed(Bound deciding) {
            String side = Wording.of(deciding.relation()).failingSide() + " " + Format.duration(deciding.nanos());
            details.add(pad("decision") + "FAIL: the whole interval lies " + side);
            return new Decision(Outcome.FAIL, "Expected the " + stat + " to be " + joined(bounds, Wording::words)
                    + ", but " + interval() + " lies " + side + ".", details, "");
        }

        Decision straddles(Bound deciding) {
            String why = interval() + " straddles " + Format.duration(deciding.nanos())
                    + (e.high() == Double.POSITIVE_INFINITY || !e.ranks().hasLower() ? " (" + missingBound() + ")"
                    : "");
            return inconclusive(why, !e.bounded()
                    ? "time at least " + Format.count(QuantileInterval.samplesForBothBounds(p / 100,
                    AssertionSettings.CONFIDENCE)) + " runs, so that the " + Format.percentile(p)
                    + " interval has both bounds"
                    : "time more runs to narrow the interval (its width shrinks like 1/sqrt(runs)), or claim a bound"
                    + " further from the measured " + Format.duration(e.point()));
        }

        /**
         * The claim {@code measured} ({@code deciding} bound) would decide otherwise on the interval
         * divided by {@code codeSlowdown}, what the core's slowdown could have done to code: the host's state
         * could have changed its outcome.
         */
        Decision coreSlower(Outcome measured, Bound deciding, double codeSlowdown) {
            return inconclusive(String.format(Locale.ROOT,
                            "%s %s, and the core ran x%.2f slower around the samples than in"
                            + " this JVM's reference state (%s); code slows by up to that squared, x%.2f, and at that "
                            + "the"
                            + " interval could be %s, which would decide otherwise: the host's state could have "
                            + "changed the outcome", interval(), measured == Outcome.FAIL ? "fails "
                            + Format.duration(deciding.nanos())
                            : "passes " + Format.duration(deciding.nanos()), timing.coreSpeed().slowdown(),
                    timing.coreSpeed().describe(), codeSlowdown,
                    ClaimMessages.interval(e.low() / codeSlowdown, e.high() / codeSlowdown)),
                    "time it again when the host is quiet, or compare it with another region in the same test (an"
                            + " interleaved comparison meets the same state on both sides)");
        }

        /** The claim {@code measured} ({@code deciding} bound) on samples that may have run lower-tier code. */
        Decision unsettled(Outcome measured, Bound deciding) {
            return inconclusive(interval() + (measured == Outcome.FAIL ? " fails " : " passes ")
                            + Format.duration(deciding.nanos()) + ", but " + timing.unsettledWarmup().orElseThrow()
                            + ", and code below the JIT's top tier runs"
                            + " slower: the outcome could be the tier's, not the code's",
                    "raise chronoscope.region.warmup.budget, or time it when the host is less busy (its compiler "
                    + "threads" + " get too little CPU to finish)");
        }

        private String interval() {
            return "its " + level() + " interval " + ClaimMessages.interval(e.low(), e.high());
        }

        private String missingBound() {
            return "with " + Format.count(e.ranks().n()) + " samples the " + Format.percentile(p) + " interval has "
                    + (e.ranks().hasUpper() ? "no lower bound" : "no upper bound");
        }

        private Decision inconclusive(String why, String advice) {
            details.add(pad("decision") + "INCONCLUSIVE: " + why);
            return new Decision(Outcome.INCONCLUSIVE, "Inconclusive: cannot tell whether the " + claim() + ": " + why
                    + ".", details, advice);
        }
    }

    /**
     * Each bound as {@code relation duration}, the relation worded by {@code relation}: {@code less than 80 ns and at
     * least 10 ns}.
     */
    private static String joined(List<Bound> bounds, Function<Wording, String> relation) {
        List<String> parts = new ArrayList<>();
        for (Bound b : bounds) {
            parts.add(relation.apply(Wording.of(b.relation())) + " " + Format.duration(b.nanos()));
        }
        return String.join(" and ", parts);
    }

    static String level() {
        return Format.percent(AssertionSettings.CONFIDENCE).replace(".0 %", " %");
    }

    static String interval(double low, double high) {
        return "[" + Format.duration(low) + ", " + Format.duration(high) + "]";
    }

    private static String estimateLine(Timing t, double p, Estimate e) {
        QuantileInterval r = e.ranks();
        String ranks = (r.hasLower() ? "order statistic " + Format.count(r.lower()) : "no lower order statistic")
                + (r.hasUpper() ? " to " + Format.count(r.upper()) : ", no upper one") + " of " + Format.count(r.n());
        return Format.percentile(p) + " " + Format.duration(e.point()) + ", " + level() + " interval "
                + interval(e.low(), e.high()) + " (" + ranks + ", binomial coverage " + Format.percent(r.coverage())
                + ", widened by one quantum of the clock's effective resolution"
                + (t.floorSubtracted() ? ", net of the floor)" : ")");
    }

    /** The facts of one timing, one line each: samples, clock, floor, verdict. */
    static List<String> timingLines(Timing t) {
        return List.of(
                pad("samples") + Format.count(t.kept()) + " kept, " + Format.count(t.dropped()) + " dropped ("
                        + t.droppedMigration() + " CPU migration, " + t.droppedNegative() + " negative delta)",
                pad("clock") + clockLine(t),
                pad("floor") + floorLine(t),
                pad("verdict") + t.verdict() + ": " + t.verdictReason());
    }

    static String clockLine(Timing t) {
        return t.clock() + " (" + t.readMethod() + "), effective resolution " + inUnits(t, t.clockStep()) + " ("
                + t.clockStepSource() + ")";
    }

    static String floorLine(Timing t) {
        return "p50 " + inUnits(t, t.floor().median())
                + (t.floorSubtracted() ? ", subtracted from the figures" : ", not subtracted (raw figures)");
    }

    /**
     * A value in the clock's unit: ticks with their duration, or a duration. A fraction of a tick (a
     * batch's quantum per call) is a duration alone, to three significant digits: {@code 0.00312 ns},
     * never {@code 0.0 ticks = 0.003 ns}.
     */
    static String inUnits(Timing t, double value) {
        double nanos = value * t.nanosPerUnit();
        if (Math.abs(value) < 1 && value != 0 && Double.isFinite(value)) {
            return Math.abs(nanos) < 1 ? String.format(Locale.ROOT, "%.3g ns", nanos) : Format.duration(nanos);
        }
        return t.frequency().isPresent()
                ? Format.units(value) + " " + t.unit().symbol() + " = " + Format.duration(nanos)
                : Format.duration(nanos);
    }
}
