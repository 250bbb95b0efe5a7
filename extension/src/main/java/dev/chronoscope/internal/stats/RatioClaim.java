package dev.chronoscope.internal.stats;

import dev.chronoscope.Comparison;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;

import java.util.List;

/**
 * Decides a claim about a comparison: median(second)/median(first) against a factor. Fewer than
 * {@link AssertionSettings#MIN_SAMPLES} samples on either side, a figure a self-check refused, or
 * either region not resolved → inconclusive; then the interval of the ratio, widened by one quantum
 * on each median: entirely on the claimed side → pass, entirely on the other → fail, else
 * inconclusive. Quantised medians that coincide are not evidence of equality: when the medians differ
 * by no more than one quantum and the interval straddles the bound, the message names the quantum —
 * the clock cannot tell the two regions apart at that bound. The words are {@link ClaimMessages}'.
 */
public final class RatioClaim {

    private RatioClaim() {
    }

    /**
     * Decides "median(second)/median(first) {@code relation} {@code bound}" for {@code c}.
     *
     * @param subject   what the claim is about, e.g. {@code 'binary' (first)}
     * @param predicate what is claimed of it, e.g. {@code faster than 'linear' (second) by at least 3x}
     */
    public static Decision decide(Comparison c, Relation relation, double bound, String subject, String predicate) {
        RatioClaimMessages says = new RatioClaimMessages(c, relation, bound, subject, predicate);
        List<Timing> both = List.of(c.first(), c.second());
        for (Timing t : both) {
            if (t.kept() < AssertionSettings.MIN_SAMPLES) {
                return says.tooFewSamples(t);
            }
        }
        for (Timing t : both) {
            if (t.verdict() == Verdict.REFUSED) {
                return says.refused(t);
            }
            if (t.verdict() != Verdict.RESOLVED) {
                return says.unresolved(t);
            }
        }
        if (Double.isNaN(c.secondOverFirstLow()) || Double.isNaN(c.secondOverFirstHigh())) {
            return says.noInterval();
        }
        return switch (relation.decide(c.secondOverFirstLow(), c.secondOverFirstHigh(), bound)) {
            case PASS -> says.passed();
            case FAIL -> says.failed();
            case INCONCLUSIVE -> withinOneQuantum(c) ? says.withinOneQuantum() : says.straddles();
        };
    }

    /** True when the reported medians are no more than one quantum of the clock apart. */
    static boolean withinOneQuantum(Comparison c) {
        return c.clockStep() > 0
                && Math.abs(c.second().percentileValue(50) - c.first().percentileValue(50)) <= c.clockStep();
    }
}
