package dev.chronoscope.internal.stats;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Comparison;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.format.Format;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Decides claims about timings and comparisons: pass, fail, or <em>inconclusive</em> when the
 * measurement cannot support the claim either way. The rules, in order:
 *
 * <p><b>A statistic of one timing</b> (a percentile against a duration):
 * <ol>
 *   <li>no samples kept, or fewer than {@link AssertionSettings#MIN_SAMPLES} → inconclusive;</li>
 *   <li>the clock did not resolve the region ({@link Timing#verdict()} is not {@code RESOLVED}) →
 *       inconclusive — except an upper-bound claim (&lt;, &le;) that even the <em>raw</em> interval
 *       (floor included, which only makes durations longer) satisfies, which passes;</li>
 *   <li>the statistic's 95 % interval lies entirely on the claimed side of the bound → pass;
 *       entirely on the other side → fail; it straddles the bound → inconclusive.</li>
 * </ol>
 * The interval is the exact order-statistic interval ({@link QuantileInterval}) widened by one
 * quantum of the clock's effective resolution at each end (every sample is known only to ±1
 * quantum; {@link dev.chronoscope.internal.clock.EffectiveResolution}), net of the floor when the floor
 * is subtracted. A bound the sample count cannot provide (a p99 from fewer than 368 samples has no
 * upper bound) is unbounded.
 *
 * <p><b>A ratio of a comparison</b> (median(second)/median(first) against a factor): fewer than
 * {@link AssertionSettings#MIN_SAMPLES} samples on either side, or either region not resolved →
 * inconclusive; then the same three-way rule with the comparison's interval, widened by one quantum
 * on each median. Quantised medians that coincide are not evidence of equality: when the medians
 * differ by no more than one quantum and the widened interval straddles the bound, the claim is
 * inconclusive and the message names the quantum — the clock cannot tell the two regions apart at
 * that bound.
 *
 * <p>Whether an inconclusive claim aborts or fails the test is the caller's business
 * ({@link Decision#render(boolean)} words it for either).
 */
public final class Claims {

    /** What to do about a figure a self-check refused: see the reason, which names the check. */
    static final String REFUSED_ADVICE = "see docs/latency-and-throughput.md, \"Self-checks\", for what the named check"
            + " saw and what removes it";


    private Claims() {
    }

    /** How a statistic must relate to a bound. */
    public enum Relation {
        LESS("<", "less than"),
        AT_MOST("<=", "at most"),
        GREATER(">", "greater than"),
        AT_LEAST(">=", "at least");

        private final String symbol;
        private final String words;

        Relation(String symbol, String words) {
            this.symbol = symbol;
            this.words = words;
        }

        public String symbol() {
            return symbol;
        }

        public String words() {
            return words;
        }

        boolean isUpperBound() {
            return this == LESS || this == AT_MOST;
        }

        /** Where an interval [low, high] lies relative to {@code bound} for this relation. */
        Outcome decide(double low, double high, double bound) {
            return switch (this) {
                case LESS -> high < bound ? Outcome.PASS : low >= bound ? Outcome.FAIL : Outcome.INCONCLUSIVE;
                case AT_MOST -> high <= bound ? Outcome.PASS : low > bound ? Outcome.FAIL : Outcome.INCONCLUSIVE;
                case GREATER -> low > bound ? Outcome.PASS : high <= bound ? Outcome.FAIL : Outcome.INCONCLUSIVE;
                case AT_LEAST -> low >= bound ? Outcome.PASS : high < bound ? Outcome.FAIL : Outcome.INCONCLUSIVE;
            };
        }

        /** How an interval on the failing side lies, e.g. "at or above". */
        String failingSide() {
            return switch (this) {
                case LESS -> "at or above";
                case AT_MOST -> "above";
                case GREATER -> "at or below";
                case AT_LEAST -> "below";
            };
        }

        String passingSide() {
            return switch (this) {
                case LESS -> "below";
                case AT_MOST -> "at or below";
                case GREATER -> "above";
                case AT_LEAST -> "at or above";
            };
        }
    }

    /** A bound on a duration statistic. */
    public record Bound(Relation relation, Duration value) {
        public Bound {
            Objects.requireNonNull(relation, "relation");
            Objects.requireNonNull(value, "value");
        }
    }

    public enum Outcome { PASS, FAIL, INCONCLUSIVE }

    /**
     * A decided claim.
     *
     * @param outcome  pass, fail or inconclusive
     * @param headline one sentence: the claim and why it passed, failed or could not be decided
     * @param details  the numbers behind it, one {@code key value} line each
     * @param advice   for an inconclusive claim, what would make it decidable; else empty
     */
    public record Decision(Outcome outcome, String headline, List<String> details, String advice) {
        public Decision {
            details = List.copyOf(details);
        }

        public boolean passed() {
            return outcome == Outcome.PASS;
        }

        /** The message for a failure or an abort; {@code strict} says whether an inconclusive claim fails. */
        public String render(boolean strict) {
            StringBuilder out = new StringBuilder(headline).append('\n');
            for (String line : details) {
                out.append("  ").append(line).append('\n');
            }
            if (outcome == Outcome.INCONCLUSIVE) {
                if (!advice.isEmpty()) {
                    out.append("  ").append(pad("to decide")).append(advice).append('\n');
                }
                out.append(strict
                        ? "Failed, not aborted, because " + ChronoscopeConfig.ASSERTIONS_STRICT_KEY + "=true: an undecidable claim counts as a failure."
                        : "Aborted, not failed: the measurement cannot decide the claim (" + ChronoscopeConfig.ASSERTIONS_STRICT_KEY
                        + "=false; set it to true to fail instead).");
            } else {
                out.setLength(out.length() - 1);
            }
            return out.toString();
        }
    }

    static final int KEY_WIDTH = 11;

    static String pad(String key) {
        return key.length() >= KEY_WIDTH ? key + " " : key + " ".repeat(KEY_WIDTH - key.length());
    }

    // ------------------------------------------------------------------------------------------
    // allocation per call

    /**
     * Decides "'label' allocates at most {@code maxBytes} per call". Allocation after warm-up is
     * deterministic, so the claim decides exactly — unless the count is missing, or the two halves
     * of the run disagree (escape analysis changed with compilation during the run): inconclusive.
     */
    public static Decision allocation(Timing t, long maxBytes) {
        return allocation(t, Relation.AT_MOST, maxBytes);
    }

    /**
     * Decides "'label' allocates at least {@code minBytes} per call" (that a region allocates at
     * all, with 1), by the same rules as {@link #allocation(Timing, long)}.
     */
    public static Decision allocationAtLeast(Timing t, long minBytes) {
        return allocation(t, Relation.AT_LEAST, minBytes);
    }

    /** The allocation claim in a few words, as the record and the run report name it. */
    public static String allocationClaim(Relation relation, long bytes) {
        return relation == Relation.AT_MOST && bytes == 0 ? "allocates nothing"
                : "allocates " + relation.words() + " " + Format.count(bytes) + " B per call";
    }

    private static Decision allocation(Timing t, Relation relation, long bytes) {
        String claim = "'" + t.label() + "' " + allocationClaim(relation, bytes);
        if (t.allocation().isEmpty()) {
            return new Decision(Outcome.INCONCLUSIVE, "Inconclusive: cannot tell whether " + claim + ": its allocation was not counted: "
                    + t.allocationUnknownReason(), List.of(), "run on a HotSpot JVM, which counts each thread's allocated bytes");
        }
        dev.chronoscope.Allocation a = t.allocation().get();
        List<String> details = List.of(
                pad("allocated") + a.describe() + " over " + Format.count(a.calls()) + " calls after the region's warm-up",
                pad("halves") + Format.bytes(a.firstHalfBytesPerCall()) + " / "
                        + Format.bytes(a.secondHalfBytesPerCall()) + " B/call (first / second half of the calls)",
                pad("loop") + Format.bytes(a.loopBytesPerCall())
                        + " B/call allocated by the timing loop itself, subtracted");
        if (a.changedBetweenHalves()) {
            return new Decision(Outcome.INCONCLUSIVE, "Inconclusive: cannot tell whether " + claim + ": its allocation changed during the run "
                    + "(the JIT's escape analysis changed with compilation), so no one figure describes it", details,
                    "a longer region warm-up (chronoscope.region.warmup.budget) or more calls");
        }
        boolean holds = relation == Relation.AT_MOST ? a.bytesPerCall() <= bytes : a.bytesPerCall() >= bytes;
        if (holds) {
            return new Decision(Outcome.PASS, "'" + t.label() + "' allocates " + a.describe(), details, "");
        }
        return new Decision(Outcome.FAIL, "Expected that " + claim + ", but it allocates " + a.describe(), details, "");
    }

    // ------------------------------------------------------------------------------------------
    // a percentile of one timing

    /**
     * An estimate of a percentile with its interval, in nanoseconds as reported (net of the floor
     * when the floor is subtracted).
     *
     * @param point        the reported percentile
     * @param low          lower bound (0 when the sample count gives none)
     * @param high         upper bound ({@code +∞} when the sample count gives none)
     * @param rawHigh      upper bound before the floor's subtraction
     * @param ranks        the order statistics used
     */
    public record Estimate(double point, double low, double high, double rawHigh, QuantileInterval ranks) {
    }

    /** The reported {@code p}-th percentile of {@code t} and its interval; {@code t} must have samples. */
    public static Estimate estimate(Timing t, double p) {
        int n = (int) t.kept();
        QuantileInterval ranks = QuantileInterval.ranks(n, p / 100, AssertionSettings.CONFIDENCE);
        double step = t.step();
        double calls = t.callsPerSample(); // samples are whole batches; the step and the floor are per call
        double rawLow = ranks.hasLower() ? t.sortedSample(ranks.lower() - 1) / calls - step : 0;
        double rawHigh = ranks.hasUpper() ? t.sortedSample(ranks.upper() - 1) / calls + step : Double.POSITIVE_INFINITY;
        double offset = t.floorSubtracted() ? t.floor().median() : 0;
        double perUnit = t.nanosPerUnit();
        return new Estimate(t.percentileValue(p) * perUnit, Math.max(0, rawLow - offset) * perUnit,
                Math.max(0, rawHigh - offset) * perUnit, Math.max(0, rawHigh) * perUnit, ranks);
    }

    /** Decides "the {@code p}-th percentile of {@code t} satisfies every bound". */
    public static Decision percentile(Timing t, double p, List<Bound> bounds) {
        if (bounds.isEmpty()) {
            throw new IllegalArgumentException("no bound to check");
        }
        String stat = Format.percentile(p) + " of '" + t.label() + "'";
        String claim = stat + " is " + boundsText(bounds);
        String expectation = "Expected the " + stat + " to be " + boundsText(bounds);
        List<String> details = new ArrayList<>();
        details.add(pad("claim") + percentileClaim(p, bounds));
        if (t.kept() == 0) {
            details.addAll(timingLines(t));
            return new Decision(Outcome.INCONCLUSIVE, "Inconclusive: cannot tell whether the " + claim
                    + ": no samples were kept.", details, "time the region again; see the dropped samples above");
        }
        Estimate e = estimate(t, p);
        details.add(pad("estimate") + estimateLine(t, p, e));
        details.addAll(timingLines(t));
        if (t.kept() < AssertionSettings.MIN_SAMPLES) {
            return inconclusive(claim, "only " + Format.count(t.kept()) + " samples were kept, and a claim needs at least "
                    + AssertionSettings.MIN_SAMPLES, details, "time at least " + AssertionSettings.MIN_SAMPLES + " runs");
        }
        if (t.verdict() == Verdict.REFUSED) {
            return inconclusive(claim, "a self-check refused the figure (" + t.verdictReason() + ")", details, REFUSED_ADVICE);
        }
        if (t.verdict() != Verdict.RESOLVED) {
            boolean rawEnough = bounds.stream().allMatch(b -> b.relation().isUpperBound()
                    && b.relation().decide(0, e.rawHigh(), nanos(b)) == Outcome.PASS);
            if (rawEnough) {
                details.add(pad("decision") + "PASS: the clock does not resolve the region, but even the raw interval"
                        + " (floor included) ends at " + Format.duration(e.rawHigh()) + ", " + bounds.get(0).relation().passingSide()
                        + " the bound");
                return new Decision(Outcome.PASS, "The " + claim + ": even its raw duration is.", details, "");
            }
            return inconclusive(claim, "the clock does not resolve the region (" + t.verdictReason() + ")", details,
                    "put more work in each timed region (loop the operation inside it), or time it with a finer clock"
                            + " (@MeasureWith)");
        }
        Outcome worst = Outcome.PASS;
        Bound deciding = bounds.get(0);
        for (Bound b : bounds) {
            Outcome o = b.relation().decide(e.low(), e.high(), nanos(b));
            if (o == Outcome.FAIL || (o == Outcome.INCONCLUSIVE && worst == Outcome.PASS)) {
                worst = o;
                deciding = b;
            }
        }
        String interval = "its " + level() + " interval " + interval(e.low(), e.high());
        String bound = Format.duration(nanos(deciding));
        switch (worst) {
            case PASS -> {
                details.add(pad("decision") + "PASS: the whole interval lies " + passingSides(bounds));
                return new Decision(Outcome.PASS, "The " + claim + ": " + interval + " lies " + passingSides(bounds) + ".",
                        details, "");
            }
            case FAIL -> {
                details.add(pad("decision") + "FAIL: the whole interval lies " + deciding.relation().failingSide() + " " + bound);
                return new Decision(Outcome.FAIL, expectation + ", but " + interval + " lies "
                        + deciding.relation().failingSide() + " " + bound + ".", details, "");
            }
            default -> {
                String why = interval + " straddles " + bound
                        + (e.high() == Double.POSITIVE_INFINITY || !e.ranks().hasLower() ? " (" + missingBound(e, p) + ")" : "");
                return inconclusive(claim, why, details, !e.ranks().hasUpper() || !e.ranks().hasLower()
                        ? "time at least " + Format.count(QuantileInterval.samplesForBothBounds(p / 100, AssertionSettings.CONFIDENCE))
                        + " runs, so that the " + Format.percentile(p) + " interval has both bounds"
                        : "time more runs to narrow the interval (its width shrinks like 1/sqrt(runs)), or claim a bound"
                        + " further from the measured " + Format.duration(e.point()));
            }
        }
    }

    private static Decision inconclusive(String claim, String why, List<String> details, String advice) {
        details.add(pad("decision") + "INCONCLUSIVE: " + why);
        return new Decision(Outcome.INCONCLUSIVE, "Inconclusive: cannot tell whether the " + claim + ": " + why + ".",
                details, advice);
    }

    private static String missingBound(Estimate e, double p) {
        return "with " + Format.count(e.ranks().n()) + " samples the " + Format.percentile(p) + " interval has "
                + (e.ranks().hasUpper() ? "no lower bound" : "no upper bound");
    }

    private static double nanos(Bound b) {
        return b.value().getSeconds() * 1e9 + b.value().getNano();
    }

    private static String boundsText(List<Bound> bounds) {
        List<String> parts = new ArrayList<>();
        for (Bound b : bounds) {
            parts.add(b.relation().words() + " " + Format.duration(nanos(b)));
        }
        return String.join(" and ", parts);
    }

    /** A percentile claim in a few words, as the record and the run report name it: {@code p50 < 80 ns}. */
    public static String percentileClaim(double p, List<Bound> bounds) {
        return Format.percentile(p) + " " + boundsSymbols(bounds);
    }

    private static String boundsSymbols(List<Bound> bounds) {
        List<String> parts = new ArrayList<>();
        for (Bound b : bounds) {
            parts.add(b.relation().symbol() + " " + Format.duration(nanos(b)));
        }
        return String.join(" and ", parts);
    }

    private static String passingSides(List<Bound> bounds) {
        List<String> parts = new ArrayList<>();
        for (Bound b : bounds) {
            parts.add(b.relation().passingSide() + " " + Format.duration(nanos(b)));
        }
        return String.join(" and ", parts);
    }

    private static String level() {
        return Format.percent(AssertionSettings.CONFIDENCE).replace(".0 %", " %");
    }

    private static String interval(double low, double high) {
        return "[" + Format.duration(low) + ", " + Format.duration(high) + "]";
    }

    private static String estimateLine(Timing t, double p, Estimate e) {
        QuantileInterval r = e.ranks();
        String ranks = (r.hasLower() ? "order statistic " + Format.count(r.lower()) : "no lower order statistic")
                + (r.hasUpper() ? " to " + Format.count(r.upper()) : ", no upper one") + " of " + Format.count(r.n());
        return Format.percentile(p) + " " + Format.duration(e.point()) + ", " + level() + " interval "
                + interval(e.low(), e.high()) + " (" + ranks + ", binomial coverage " + Format.percent(r.coverage())
                + ", widened by one quantum of the clock's effective resolution" + (t.floorSubtracted() ? ", net of the floor)" : ")");
    }

    /** The facts of one timing, one line each: samples, clock, floor, verdict. */
    static List<String> timingLines(Timing t) {
        List<String> lines = new ArrayList<>();
        lines.add(pad("samples") + Format.count(t.kept()) + " kept, " + Format.count(t.dropped()) + " dropped ("
                + t.droppedMigration() + " CPU migration, " + t.droppedNegative() + " negative delta)");
        lines.add(pad("clock") + clockLine(t));
        lines.add(pad("floor") + floorLine(t));
        lines.add(pad("verdict") + t.verdict() + ": " + t.verdictReason());
        return lines;
    }

    static String clockLine(Timing t) {
        return t.clock() + " (" + t.readMethod() + "), effective resolution " + inUnits(t, t.step()) + " ("
                + t.stepSource() + ")";
    }

    /** A value in the clock's unit: ticks with their duration, or a duration. */
    private static String inUnits(Timing t, double value) {
        return t.frequency().isPresent()
                ? Format.units(value) + " " + t.unit().symbol() + " = " + Format.duration(value * t.nanosPerUnit())
                : Format.duration(value * t.nanosPerUnit());
    }

    static String floorLine(Timing t) {
        return "p50 " + inUnits(t, t.floor().median())
                + (t.floorSubtracted() ? ", subtracted from the figures" : ", not subtracted (raw figures)");
    }

    // ------------------------------------------------------------------------------------------
    // a ratio of a comparison

    /**
     * Decides "median(second)/median(first) {@code relation} {@code bound}" for {@code c}.
     *
     * @param subject   what the claim is about, e.g. {@code 'binary' (first)}
     * @param predicate what is claimed of it, e.g. {@code faster than 'linear' (second) by at least 3x}
     */
    public static Decision ratio(Comparison c, Relation relation, double bound, String subject, String predicate) {
        String claim = subject + " is " + predicate;
        String expectation = "Expected " + subject + " to be " + predicate;
        Timing a = c.first();
        Timing b = c.second();
        List<String> details = new ArrayList<>();
        details.add(pad("claim") + "median(second) / median(first) " + relation.symbol() + " " + Format.ratio(bound));
        details.add(pad("ratio") + ratioLine(c));
        c.batching().ifPresent(why -> details.add(pad("timed as") + why));
        details.add(pad("first") + regionLine(a));
        details.add(pad("second") + regionLine(b));
        if (!Double.isNaN(c.pValue())) {
            details.add(pad("ranks") + "Mann-Whitney U " + Format.units(c.mannWhitneyU()) + " (first), z "
                    + String.format(java.util.Locale.ROOT, "%.2f", c.z()) + ", p " + Format.probability(c.pValue())
                    + (c.exactPValue() ? " (exact)" : " (normal approximation)") + ", assuming independent runs;"
                    + " P(first faster) " + String.format(java.util.Locale.ROOT, "%.3f", c.probabilityFirstFaster())
                    + ", rank-biserial " + String.format(java.util.Locale.ROOT, "%.3f", c.rankBiserial()));
        }
        details.add(pad("design") + "interleaved: " + c.blockPairs() + " block pairs of " + Format.count(c.blockSize())
                + " runs of each region, order within each pair shuffled (seed " + c.seed() + ")");
        details.add(pad("clock") + clockLine(a));
        details.add(pad("floor") + floorLine(a));
        for (Timing t : List.of(a, b)) {
            if (t.kept() < AssertionSettings.MIN_SAMPLES) {
                return inconclusiveRatio(claim, "'" + t.label() + "' kept only " + Format.count(t.kept())
                        + " samples, and a claim needs at least " + AssertionSettings.MIN_SAMPLES, details,
                        "compare at least " + AssertionSettings.MIN_SAMPLES + " runs of each region");
            }
        }
        for (Timing t : List.of(a, b)) {
            if (t.verdict() == Verdict.REFUSED) {
                return inconclusiveRatio(claim, "a self-check refused the figure of '" + t.label() + "' (" + t.verdictReason()
                        + ")", details, REFUSED_ADVICE);
            }
            if (t.verdict() != Verdict.RESOLVED) {
                return inconclusiveRatio(claim, "the clock does not resolve '" + t.label() + "' (" + t.verdictReason() + ")",
                        details, "put more work in each timed region (loop the operation inside it), or use a finer clock");
            }
        }
        if (Double.isNaN(c.ratioLow()) || Double.isNaN(c.ratioHigh())) {
            return inconclusiveRatio(claim, "the ratio's interval could not be computed", details, "compare more runs");
        }
        Outcome o = relation.decide(c.ratioLow(), c.ratioHigh(), bound);
        String interval = "the " + level() + " interval of median(second)/median(first), [" + Format.ratio(c.ratioLow())
                + ", " + Format.ratio(c.ratioHigh()) + "],";
        return switch (o) {
            case PASS -> {
                details.add(pad("decision") + "PASS: the whole interval lies " + relation.passingSide() + " " + Format.ratio(bound));
                yield new Decision(Outcome.PASS, capitalised(claim) + ": " + interval + " lies " + relation.passingSide() + " "
                        + Format.ratio(bound) + ".", details, "");
            }
            case FAIL -> {
                details.add(pad("decision") + "FAIL: the whole interval lies " + relation.failingSide() + " " + Format.ratio(bound));
                yield new Decision(Outcome.FAIL, expectation + ", but " + interval + " lies "
                        + relation.failingSide() + " " + Format.ratio(bound) + ".", details, "");
            }
            default -> withinOneQuantum(c)
                    ? inconclusiveRatio(claim, "the medians, " + inUnits(b, b.percentileValue(50)) + " (second) and "
                            + inUnits(a, a.percentileValue(50)) + " (first), differ by no more than one quantum of the"
                            + " clock's effective resolution, " + inUnits(a, c.resolution()) + ": quantised medians that"
                            + " coincide are not evidence of equality, and " + interval.substring(0, interval.length() - 1)
                            + ", widened by that quantum on each median, straddles " + Format.ratio(bound), details,
                            "put more work in each timed region (loop the operation inside it), so that one quantum ("
                                    + inUnits(a, c.resolution()) + ") is a small share of it, or use a finer clock (@MeasureWith)")
                    : inconclusiveRatio(claim, interval.substring(0, interval.length() - 1) + " straddles " + Format.ratio(bound),
                    details, "compare more runs to narrow the interval, or claim a factor further from the measured "
                            + Format.ratio(c.ratio()));
        };
    }

    /** True when the reported medians are no more than one quantum of the clock apart. */
    static boolean withinOneQuantum(Comparison c) {
        return c.resolution() > 0
                && Math.abs(c.second().percentileValue(50) - c.first().percentileValue(50)) <= c.resolution();
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static Decision inconclusiveRatio(String claim, String why, List<String> details, String advice) {
        details.add(pad("decision") + "INCONCLUSIVE: " + why);
        return new Decision(Outcome.INCONCLUSIVE, "Inconclusive: cannot tell whether " + claim + ": " + why + ".",
                details, advice);
    }

    private static String ratioLine(Comparison c) {
        Timing a = c.first();
        Timing b = c.second();
        String medians = a.kept() > 0 && b.kept() > 0
                ? " = " + Format.duration(b.percentileValue(50) * b.nanosPerUnit()) + " / "
                + Format.duration(a.percentileValue(50) * a.nanosPerUnit()) : "";
        return Format.ratio(c.ratio()) + medians + ", " + level() + " interval [" + Format.ratio(c.ratioLow()) + ", "
                + Format.ratio(c.ratioHigh()) + "] (paired block bootstrap [" + Format.ratio(c.bootstrapLow()) + ", "
                + Format.ratio(c.bootstrapHigh()) + "] from " + Format.count(c.resamples()) + " resamples of "
                + c.blockPairs() + " block pairs, seed " + c.seed() + "; widened on each median by one quantum of the clock's"
                + " effective resolution, " + inUnits(a, c.resolution()) + ")";
    }

    private static String regionLine(Timing t) {
        String median = t.kept() > 0 ? "p50 " + Format.duration(t.percentileValue(50) * t.nanosPerUnit())
                + (t.floorSubtracted() ? " net" : " raw") + ", " : "";
        return "'" + t.label() + "': " + median + Format.count(t.kept()) + " kept, " + Format.count(t.dropped())
                + " dropped, " + t.verdict() + " (" + t.verdictReason() + ")";
    }
}
