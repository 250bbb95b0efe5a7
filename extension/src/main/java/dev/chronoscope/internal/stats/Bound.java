package dev.chronoscope.internal.stats;

import java.time.Duration;
import java.util.Objects;

/** A bound on a duration statistic. */
public record Bound(Relation relation, Duration value) {

    public Bound {
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(value, "value");
    }

    double nanos() {
        return value.getSeconds() * 1e9 + value.getNano();
    }
}
