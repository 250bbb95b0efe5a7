package dev.chronoscope.internal.stats;

import dev.chronoscope.Comparison;
import dev.chronoscope.Outcome;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.format.Format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The messages of one {@link RatioClaim}: the claim, and the details every outcome shows. */
final class RatioClaimMessages {
    private final Comparison c;
    private final Relation relation;
    private final double bound;
    private final String subject;
    private final String predicate;
    private final List<String> details = new ArrayList<>();

    RatioClaimMessages(Comparison c, Relation relation, double bound, String subject, String predicate) {
        this.c = c;
        this.relation = relation;
        this.bound = bound;
        this.subject = subject;
        this.predicate = predicate;
        Timing a = c.first();
        details.add(ClaimMessages.pad("claim") + "median(second) / median(first) " + ClaimMessages.Wording.of(relation)
                .symbol() + " " + Format.ratio(bound));
        details.add(ClaimMessages.pad("ratio") + ratioLine());
        c.batching().ifPresent(why -> details.add(ClaimMessages.pad("timed as") + why));
        details.add(ClaimMessages.pad("first") + regionLine(a));
        details.add(ClaimMessages.pad("second") + regionLine(c.second()));
        if (!Double.isNaN(c.pValue())) {
            details.add(ClaimMessages.pad("ranks") + "Mann-Whitney U " + Format.units(c.mannWhitneyU()) + " (first), z "
                    + String.format(Locale.ROOT, "%.2f", c.z()) + ", p " + Format.probability(c.pValue())
                    + (c.exactPValue() ? " (exact)" : " (normal approximation)") + ", assuming independent runs;"
                    + " P(first faster) " + String.format(Locale.ROOT, "%.3f", c.probabilityFirstFaster())
                    + ", rank-biserial " + String.format(Locale.ROOT, "%.3f", c.rankBiserial()));
        }
        details.add(ClaimMessages.pad("design") + "interleaved: " + c.blockPairs() + " block pairs of "
                + Format.count(c.blockSize()) + " runs of each region, order within each pair shuffled (seed "
                + c.seed() + ")");
        details.add(ClaimMessages.pad("clock") + ClaimMessages.clockLine(a));
        details.add(ClaimMessages.pad("floor") + ClaimMessages.floorLine(a));
    }

    Decision tooFewSamples(Timing t) {
        return inconclusive("'" + t.label() + "' kept only " + Format.count(t.kept())
                + " samples, and a claim needs at least " + AssertionSettings.MIN_SAMPLES,
                "compare at least " + AssertionSettings.MIN_SAMPLES + " runs of each region");
    }

    Decision refused(Timing t) {
        return inconclusive("a self-check refused the figure of '" + t.label() + "' (" + t.verdictReason() + ")",
                ClaimMessages.REFUSED_ADVICE);
    }

    Decision unresolved(Timing t) {
        return inconclusive("the clock does not resolve '" + t.label() + "' (" + t.verdictReason() + ")",
                "put more work in each timed region (loop the operation inside it), or use a finer clock");
    }

    Decision noInterval() {
        return inconclusive("the ratio's interval could not be computed", "compare more runs");
    }

    Decision passed() {
        String side = ClaimMessages.Wording.of(relation).passingSide() + " " + Format.ratio(bound);
        details.add(ClaimMessages.pad("decision") + "PASS: the whole interval lies " + side);
        String claim = subject + " is " + predicate;
        // a slowdown of one side moves the ratio either way: how far beyond the bound the interval's near end lies
        boolean above = relation == Relation.GREATER || relation == Relation.AT_LEAST;
        double slowdownToPass = above ? c.secondOverFirstLow() / bound : bound / c.secondOverFirstHigh();
        return new Decision(Outcome.PASS, Character.toUpperCase(claim.charAt(0)) + claim.substring(1) + ": "
                + interval() + ", lies " + side + ".", details, "", slowdownToPass);
    }

    Decision failed() {
        String side = ClaimMessages.Wording.of(relation).failingSide() + " " + Format.ratio(bound);
        details.add(ClaimMessages.pad("decision") + "FAIL: the whole interval lies " + side);
        return new Decision(Outcome.FAIL, "Expected " + subject + " to be " + predicate + ", but " + interval()
                + ", lies " + side + ".", details, "");
    }

    Decision withinOneQuantum() {
        Timing a = c.first();
        Timing b = c.second();
        return inconclusive("the medians, " + ClaimMessages.inUnits(b, b.percentileValue(50)) + " (second) and "
                        + ClaimMessages.inUnits(a, a.percentileValue(50))
                        + " (first), differ by no more than one quantum of the" + " clock's effective resolution, "
                        + ClaimMessages.inUnits(a, c.clockStep()) + ": quantised medians that"
                        + " coincide are not evidence of equality, and " + interval()
                        + ", widened by that quantum on each median, straddles " + Format.ratio(bound),
                "put more work in each timed region (loop the operation inside it), so that one quantum ("
                        + ClaimMessages.inUnits(a, c.clockStep())
                        + ") is a small share of it, or use a finer clock (@MeasureWith)");
    }

    Decision straddles() {
        return inconclusive(interval() + " straddles " + Format.ratio(bound),
                "compare more runs to narrow the interval, or claim a factor further from the measured "
                        + Format.ratio(c.secondOverFirst()));
    }

    /** The interval of the ratio, without the comma a headline puts after it. */
    private String interval() {
        return "the " + ClaimMessages.level() + " interval of median(second)/median(first), ["
                + Format.ratio(c.secondOverFirstLow()) + ", " + Format.ratio(c.secondOverFirstHigh()) + "]";
    }

    private Decision inconclusive(String why, String advice) {
        details.add(ClaimMessages.pad("decision") + "INCONCLUSIVE: " + why);
        return new Decision(Outcome.INCONCLUSIVE, "Inconclusive: cannot tell whether " + subject + " is " + predicate
                + ": " + why + ".", details, advice);
    }

    private String ratioLine() {
        Timing a = c.first();
        Timing b = c.second();
        String medians = a.kept() > 0 && b.kept() > 0
                ? " = " + Format.duration(b.percentileValue(50) * b.nanosPerUnit()) + " / "
                + Format.duration(a.percentileValue(50) * a.nanosPerUnit()) : "";
        return Format.ratio(c.secondOverFirst()) + medians + ", " + ClaimMessages.level() + " interval ["
                + Format.ratio(c.secondOverFirstLow()) + ", " + Format.ratio(c.secondOverFirstHigh())
                + "] (paired block bootstrap [" + Format.ratio(c.bootstrapLow()) + ", "
                + Format.ratio(c.bootstrapHigh()) + "] from " + Format.count(c.resamples()) + " resamples of "
                + c.blockPairs() + " block pairs, seed " + c.seed()
                + "; widened on each median by one quantum of the clock's" + " effective resolution, "
                + ClaimMessages.inUnits(a, c.clockStep()) + ")";
    }

    private static String regionLine(Timing t) {
        String median = t.kept() > 0 ? "p50 " + Format.duration(t.percentileValue(50) * t.nanosPerUnit())
                + (t.floorSubtracted() ? " net" : " raw") + ", " : "";
        return "'" + t.label() + "': " + median + Format.count(t.kept()) + " kept, " + Format.count(t.dropped())
                + " dropped, " + t.verdict() + " (" + t.verdictReason() + ")";
    }
}
