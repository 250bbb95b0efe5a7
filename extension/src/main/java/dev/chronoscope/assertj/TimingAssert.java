package dev.chronoscope.assertj;

import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.stats.AllocationClaim;
import dev.chronoscope.internal.stats.ClaimMessages;
import dev.chronoscope.internal.stats.Relation;
import org.apiguardian.api.API;
import org.assertj.core.api.AbstractAssert;
import org.opentest4j.TestAbortedException;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code TimingAssert} is used to make claims about a {@link Timing}: navigate to a statistic
 * ({@link #median()}, {@link #percentile(double)}) and bound it with AssertJ's duration assertions,
 * which here are decided against the statistic's confidence interval; or check facts of the
 * measurement ({@link #isResolved()}, {@link #hasAtLeastSamples(long)}, {@link #hasNoDroppedSamples()}),
 * which fail plainly.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class TimingAssert extends AbstractAssert<TimingAssert, Timing> {

    protected TimingAssert(Timing actual) {
        super(actual, TimingAssert.class);
    }

    /** The reported median (nearest rank, net of the floor when it is subtracted), to be bounded. */
    public DurationStatisticAssert median() {
        return percentile(50);
    }

    /**
     * The reported nearest-rank percentile {@code p} (0 &lt; p &le; 100), to be bounded: the value at
     * rank ⌈p/100 · n⌉ of the n sorted samples, always an observed value.
     */
    public DurationStatisticAssert percentile(double p) {
        isNotNull();
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], was " + p);
        }
        DurationStatisticAssert statistic = new DurationStatisticAssert(actual, p);
        String description = descriptionText();
        if (description != null && !description.isEmpty()) {
            statistic.as(description);
        }
        return statistic;
    }

    /**
     * Fails unless the clock resolved the region ({@link Verdict#RESOLVED}). A figure the clock resolved
     * but a self-check refused ({@link Verdict#REFUSED}) makes it inconclusive, as every claim on it is:
     * the test is aborted, or fails in strict mode.
     */
    public TimingAssert isResolved() {
        isNotNull();
        if (actual.verdict() == Verdict.REFUSED && !actual.failsWhenInconclusive()) {
            // the clock resolved it, and a self-check found this run's figure is not the region's steady
            // cost (the JIT, the heap, a slower core): this run cannot tell, as with any claim on it
            throw new TestAbortedException("Inconclusive: the clock resolved '" + actual.label() + "', but a self-check"
                    + " refused this run's figure: " + actual.verdictReason() + " (" + actual.clock() + ", "
                    + Format.count(actual.kept()) + " samples kept)");
        }
        if (actual.verdict() != Verdict.RESOLVED) {
            failWithMessage("%s", "Expected the clock to resolve '" + actual.label() + "', but its verdict is "
                    + actual.verdict() + ": " + actual.verdictReason() + " (" + actual.clock() + ", "
                    + Format.count(actual.kept()) + " samples kept)");
        }
        return myself;
    }

    /**
     * Fails unless the region allocated no heap bytes per call on the measuring thread, after its
     * warm-up. Inconclusive (aborted, or failed in strict mode) where allocation is not counted or
     * changed between the two halves of the run.
     */
    public TimingAssert allocatesNothing() {
        return allocatesAtMostPerCall(0);
    }

    /** Like {@link #allocatesNothing()}, for at most {@code bytes} per call. */
    public TimingAssert allocatesAtMostPerCall(long bytes) {
        return allocation(Relation.AT_MOST, bytes, 0, "must not be negative");
    }

    /**
     * Fails unless the region allocated at least {@code bytes} (&ge; 1) heap bytes per call on the
     * measuring thread, after its warm-up: {@code allocatesAtLeastPerCall(1)} claims that it
     * allocates at all (that escape analysis did not remove the allocation the test is about).
     * Inconclusive as {@link #allocatesNothing()} is.
     */
    public TimingAssert allocatesAtLeastPerCall(long bytes) {
        return allocation(Relation.AT_LEAST, bytes, 1, "must be at least 1 (every region allocates at least 0)");
    }

    /**
     * The claim that the region allocates {@code relation} {@code bytes} per call; {@code bytes} below {@code least} is
     * refused, {@code why}.
     */
    private TimingAssert allocation(Relation relation, long bytes, long least, String why) {
        isNotNull();
        if (bytes < least) {
            throw new IllegalArgumentException("bytes " + why + ", was " + bytes);
        }
        Enforcement.enforce(this, AllocationClaim.decide(actual, relation, bytes), actual.failsWhenInconclusive(),
                ClaimMessages.allocationClaim(relation, bytes), actual);
        return myself;
    }

    /** Fails unless at least {@code n} samples were kept. */
    public TimingAssert hasAtLeastSamples(long n) {
        isNotNull();
        if (actual.kept() < n) {
            failWithMessage("%s", "Expected at least " + Format.count(n) + " samples of '" + actual.label() + "', but "
                    + Format.count(actual.kept()) + " were kept (" + Format.count(actual.dropped()) + " dropped: "
                    + actual.droppedMigration() + " for CPU migration, " + actual.droppedNegative()
                    + " for a negative delta)");
        }
        return myself;
    }

    /** Fails if any sample was dropped (a CPU migration between the two reads, or a negative delta). */
    public TimingAssert hasNoDroppedSamples() {
        isNotNull();
        if (actual.dropped() > 0) {
            failWithMessage("%s", "Expected no dropped samples of '" + actual.label() + "', but "
                    + Format.count(actual.dropped()) + " of " + Format.count(actual.kept() + actual.dropped())
                    + " were dropped: " + actual.droppedMigration()
                    + " because the two reads ran on different CPUs, " + actual.droppedNegative()
                    + " because the end read was below the begin read (" + actual.clock() + ")");
        }
        return myself;
    }
}
