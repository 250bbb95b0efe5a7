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
 */
public record Decision(Outcome outcome, String headline, List<String> details, String advice) {

    public Decision {
        java.util.Objects.requireNonNull(outcome, "outcome");
        details = List.copyOf(details);
    }

    public boolean passed() {
        return outcome == Outcome.PASS;
    }

    /** The message for a failure or an abort; {@code strict} says whether an inconclusive claim fails. */
    public String render(boolean strict) {
        return ClaimMessages.render(this, strict);
    }
}
