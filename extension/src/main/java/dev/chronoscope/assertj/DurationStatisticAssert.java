package dev.chronoscope.assertj;

import dev.chronoscope.Timing;
import dev.chronoscope.internal.stats.Bound;
import dev.chronoscope.internal.stats.ClaimMessages;
import dev.chronoscope.internal.stats.PercentileClaim;
import dev.chronoscope.internal.stats.Relation;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractDurationAssert;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code DurationStatisticAssert} is used to bound one statistic of a {@link Timing} — a percentile,
 * as a {@link Duration} — with AssertJ's duration assertions.
 *
 * <p>The ordering assertions ({@link #isLessThan}, {@link #isLessThanOrEqualTo}, {@link #isGreaterThan},
 * {@link #isGreaterThanOrEqualTo}, {@link #isBetween}, {@link #isStrictlyBetween}) are decided against
 * the statistic's 95 % confidence interval: they pass when the whole interval lies on the claimed
 * side, fail when it lies wholly on the other, and abort the test as <em>inconclusive</em> when it
 * straddles the bound, when the clock did not resolve the region, or when fewer than 100 samples
 * were kept (an upper bound that even the raw duration, floor included, meets still passes). The
 * other inherited assertions ({@code isPositive}, {@code isCloseTo}, {@code isEqualTo}, …) compare
 * the point estimate, as AssertJ would. Bounds finer than a nanosecond are stated in nanoseconds as a
 * {@code double}: {@link #isLessThanNanos}, {@link #isBetweenNanos} and the others ending in {@code Nanos}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class DurationStatisticAssert extends AbstractDurationAssert<DurationStatisticAssert> {

    private final Timing timing;
    private final double percentile;

    protected DurationStatisticAssert(Timing timing, double percentile) {
        super(timing.kept() > 0 ? timing.percentile(percentile) : null, DurationStatisticAssert.class);
        this.timing = timing;
        this.percentile = percentile;
    }

    @Override
    public DurationStatisticAssert isLessThan(Duration other) {
        return claim(new Bound(Relation.LESS, required(other)));
    }

    @Override
    public DurationStatisticAssert isLessThanOrEqualTo(Duration other) {
        return claim(new Bound(Relation.AT_MOST, required(other)));
    }

    @Override
    public DurationStatisticAssert isGreaterThan(Duration other) {
        return claim(new Bound(Relation.GREATER, required(other)));
    }

    @Override
    public DurationStatisticAssert isGreaterThanOrEqualTo(Duration other) {
        return claim(new Bound(Relation.AT_LEAST, required(other)));
    }

    /** Inclusive: at least {@code start} and at most {@code end}. */
    @Override
    public DurationStatisticAssert isBetween(Duration start, Duration end) {
        checkRange(start, end);
        return claim(new Bound(Relation.AT_LEAST, start), new Bound(Relation.AT_MOST, end));
    }

    /** Exclusive: greater than {@code start} and less than {@code end}. */
    @Override
    public DurationStatisticAssert isStrictlyBetween(Duration start, Duration end) {
        checkRange(start, end);
        return claim(new Bound(Relation.GREATER, start), new Bound(Relation.LESS, end));
    }

    /**
     * As {@link #isLessThan(Duration)}, with a bound in nanoseconds that may be a fraction of one:
     * {@code isLessThanNanos(4.5)} for a call of 3-5 ns, which a {@link Duration} cannot state.
     */
    public DurationStatisticAssert isLessThanNanos(double nanos) {
        return claim(new Bound(Relation.LESS, nanos));
    }

    /** As {@link #isLessThanOrEqualTo(Duration)}, with a bound in nanoseconds that may be a fraction of one. */
    public DurationStatisticAssert isLessThanOrEqualToNanos(double nanos) {
        return claim(new Bound(Relation.AT_MOST, nanos));
    }

    /** As {@link #isGreaterThan(Duration)}, with a bound in nanoseconds that may be a fraction of one. */
    public DurationStatisticAssert isGreaterThanNanos(double nanos) {
        return claim(new Bound(Relation.GREATER, nanos));
    }

    /** As {@link #isGreaterThanOrEqualTo(Duration)}, with a bound in nanoseconds that may be a fraction of one. */
    public DurationStatisticAssert isGreaterThanOrEqualToNanos(double nanos) {
        return claim(new Bound(Relation.AT_LEAST, nanos));
    }

    /**
     * As {@link #isBetween(Duration, Duration)} (inclusive), with bounds in nanoseconds that may be fractions of one.
     */
    public DurationStatisticAssert isBetweenNanos(double startNanos, double endNanos) {
        if (!(startNanos <= endNanos)) {
            throw new IllegalArgumentException("the start of the range (" + startNanos
                    + " ns) must not be after its end (" + endNanos + " ns)");
        }
        return claim(new Bound(Relation.AT_LEAST, startNanos), new Bound(Relation.AT_MOST, endNanos));
    }

    private static Duration required(Duration d) {
        return Objects.requireNonNull(d, "the bound must not be null");
    }

    private static void checkRange(Duration start, Duration end) {
        required(start);
        required(end);
        if (start.compareTo(end) > 0) {
            throw new IllegalArgumentException("the start of the range (" + start + ") must not be after its end ("
                    + end + ")");
        }
    }

    private DurationStatisticAssert claim(Bound... bounds) {
        Enforcement.enforce(this, PercentileClaim.decide(timing, percentile, List.of(bounds)),
                timing.failsWhenInconclusive(), ClaimMessages.percentileClaim(percentile, List.of(bounds)), timing);
        return myself;
    }
}
