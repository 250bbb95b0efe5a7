package dev.chronoscope.internal.stats;

import dev.chronoscope.Outcome;

/**
 * How a statistic must relate to a bound, and where an interval lies against it. How a relation
 * reads (its symbol, its words, its sides) is in {@link ClaimMessages}.
 */
public enum Relation {
    LESS, AT_MOST, GREATER, AT_LEAST;

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

    /** Whether a single value satisfies the relation (a figure known exactly, like bytes allocated per call). */
    boolean holds(double value, double bound) {
        return decide(value, value, bound) == Outcome.PASS;
    }
}
