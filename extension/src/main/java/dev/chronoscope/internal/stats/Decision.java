package dev.chronoscope.internal.stats;

import dev.chronoscope.Outcome;

import java.util.List;

/**
 * A decided claim.
 *
 * @param outcome  pass, fail or inconclusive
 * @param headline one sentence: the claim and why it passed, failed or could not be decided
 * @param details  the numbers behind it, one {@code key value} line each
 * @param advice   for an inconclusive claim, what would make it decidable; else empty
 * @param slowdownToPass for a pass a slowdown could make — a lower bound on a percentile, a ratio of two timings (one
 *                 side slowed) — how many times its bound the interval's near end lies beyond it: the least slowdown
 *                 of code at the bound that would pass it; NaN where no slowdown passes it (an upper bound on a
 *                 percentile, allocation) and for a claim that did not pass
 */
public record Decision(Outcome outcome, String headline, List<String> details, String advice, double slowdownToPass) {

    public Decision {
        java.util.Objects.requireNonNull(outcome, "outcome");
        details = List.copyOf(details);
    }

    /** A decision no slowdown could have made a pass. */
    public Decision(Outcome outcome, String headline, List<String> details, String advice) {
        this(outcome, headline, details, advice, Double.NaN);
    }

    public boolean passed() {
        return outcome == Outcome.PASS;
    }

    /** The message for a failure or an abort; {@code strict} says whether an inconclusive claim fails. */
    public String render(boolean strict) {
        return ClaimMessages.render(this, strict);
    }
}
