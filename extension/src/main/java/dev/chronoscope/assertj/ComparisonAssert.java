package dev.chronoscope.assertj;

import dev.chronoscope.Comparison;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.stats.RatioClaim;
import dev.chronoscope.internal.stats.Relation;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code ComparisonAssert} is used to make relative claims about two regions measured interleaved
 * ({@link dev.chronoscope.Probe#compare}), decided by the 95 % interval of the ratio of medians
 * r = median(second) / median(first):
 *
 * <ul>
 *   <li>{@link #firstIsFasterThanSecond()}: r &gt; 1, and {@code .byAtLeast(k)}: r &ge; k;</li>
 *   <li>{@link #secondIsFasterThanFirst()}: r &lt; 1, and {@code .byAtLeast(k)}: 1/r &ge; k;</li>
 *   <li>{@link #isNotSlowerThan(double) isNotSlowerThan(f)}: the first takes at most f times as long
 *       as the second, 1/r &le; f.</li>
 * </ul>
 *
 * A claim passes when the whole interval satisfies it, fails when none of it does, and is
 * inconclusive (the test is aborted, or fails in strict mode) when the interval straddles the
 * bound, when the clock did not resolve either region, or when fewer than 100 runs of either were
 * kept. Prefer wide margins: claim {@code byAtLeast(3)} when you expect 10x.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class ComparisonAssert extends AbstractAssert<ComparisonAssert, Comparison> {

    protected ComparisonAssert(Comparison actual) {
        super(actual, ComparisonAssert.class);
    }

    /** Claims the first region is faster: median(second)/median(first) &gt; 1. Chain {@code byAtLeast} for a margin. */
    public SpeedupAssert firstIsFasterThanSecond() {
        isNotNull();
        Enforcement.enforce(this, RatioClaim.decide(actual, Relation.GREATER, 1.0, first(), "faster than " + second()),
                actual.first().failsWhenInconclusive(), "first faster than second (ratio > 1)", actual.first(),
                actual.second());
        return new SpeedupAssert(actual, true, descriptionText());
    }

    /**
     * Claims the second region is faster: median(second)/median(first) &lt; 1. Chain {@code byAtLeast} for a margin.
     */
    public SpeedupAssert secondIsFasterThanFirst() {
        isNotNull();
        Enforcement.enforce(this, RatioClaim.decide(actual, Relation.LESS, 1.0, second(), "faster than " + first()),
                actual.first().failsWhenInconclusive(), "second faster than first (ratio < 1)", actual.first(),
                actual.second());
        return new SpeedupAssert(actual, false, descriptionText());
    }

    /**
     * Claims the first region takes at most {@code factor} times as long as the second:
     * median(first)/median(second) &le; factor — e.g. {@code firstIsNotSlowerThanSecondByMoreThan(1.10)}: not more than
     * 10 % slower. Use it to guard a new implementation (first) against a baseline (second).
     */
    public ComparisonAssert firstIsNotSlowerThanSecondByMoreThan(double factor) {
        isNotNull();
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("factor must be positive and finite, was " + factor);
        }
        Enforcement.enforce(this, RatioClaim.decide(actual, Relation.AT_LEAST, 1 / factor, first(), "not slower than "
                + second() + " by more than a factor of " + Format.ratio(factor) + " (median(first)/median(second) <= "
                + Format.ratio(factor) + ")"), actual.first().failsWhenInconclusive(),
                "first not slower than second by more than ×" + Format.ratio(factor), actual.first(), actual.second());
        return myself;
    }

    /**
     * @deprecated renamed {@link #firstIsNotSlowerThanSecondByMoreThan(double)}, whose name says which region and what
     * the factor bounds.
     */
    @Deprecated(since = "0.2", forRemoval = true)
    public ComparisonAssert isNotSlowerThan(double factor) {
        return firstIsNotSlowerThanSecondByMoreThan(factor);
    }

    private String first() {
        return "'" + actual.first().label() + "' (first)";
    }

    private String second() {
        return "'" + actual.second().label() + "' (second)";
    }
}
