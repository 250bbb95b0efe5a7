package dev.chronoscope.internal.stats;

import java.time.Duration;
import java.util.Objects;

/** A bound on a duration statistic, in nanoseconds: a fraction of one where a claim is about a call of a few ns. */
public record Bound(Relation relation, double nanos) {

    public Bound {
        Objects.requireNonNull(relation, "relation");
        if (!Double.isFinite(nanos)) {
            throw new IllegalArgumentException("the bound must be a finite number of nanoseconds, not " + nanos);
        }
    }

    public Bound(Relation relation, Duration value) {
        this(relation, Objects.requireNonNull(value, "value").getSeconds() * 1e9 + value.getNano());
    }
}
