package dev.chronoscope.assertj;

import dev.chronoscope.Comparison;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.stats.Decision;
import dev.chronoscope.internal.stats.RatioClaim;
import dev.chronoscope.internal.stats.Relation;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code SpeedupAssert} is used to claim by how much the faster region of a {@link Comparison} is
 * faster, after {@link ComparisonAssert#firstIsFasterThanSecond()} or
 * {@link ComparisonAssert#secondIsFasterThanFirst()} has established which one is.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class SpeedupAssert extends AbstractAssert<SpeedupAssert, Comparison> {

    private final boolean firstFaster;

    protected SpeedupAssert(Comparison actual, boolean firstFaster, String description) {
        super(actual, SpeedupAssert.class);
        this.firstFaster = firstFaster;
        if (description != null && !description.isEmpty()) {
            as(description);
        }
    }

    /**
     * Claims the slower region takes at least {@code factor} (&ge; 1) times as long as the faster:
     * {@code byAtLeast(2)} means "at least twice as fast".
     */
    public SpeedupAssert byAtLeast(double factor) {
        if (!(factor >= 1) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("byAtLeast: factor must be at least 1 and finite, was " + factor
                    + " (to allow the first to be slower, use isNotSlowerThan)");
        }
        String first = "'" + actual.first().label() + "' (first)";
        String second = "'" + actual.second().label() + "' (second)";
        String factorText = Format.ratio(factor);
        Decision d = firstFaster
                ? RatioClaim.decide(actual, Relation.AT_LEAST, factor, first, "faster than " + second + " by at least "
                + factorText + "x") : RatioClaim.decide(actual, Relation.AT_MOST, 1 / factor, second, "faster than "
                + first + " by at least " + factorText + "x");
        Enforcement.enforce(this, d, actual.first().failsWhenInconclusive(),
                (firstFaster ? "first" : "second") + " faster by at least ×" + factorText, actual.first(),
                actual.second());
        return myself;
    }
}
