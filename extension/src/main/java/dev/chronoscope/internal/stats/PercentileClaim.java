package dev.chronoscope.internal.stats;

import dev.chronoscope.Outcome;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;

import java.util.List;

/**
 * Decides a claim about a statistic of one timing: its {@code p}-th percentile against one or more
 * duration bounds. The rules, in order:
 * <ol>
 *   <li>no samples kept, or fewer than {@link AssertionSettings#MIN_SAMPLES} → inconclusive;</li>
 *   <li>a self-check refused the figure → inconclusive;</li>
 *   <li>the clock did not resolve the region ({@link Timing#verdict()} is not {@code RESOLVED}) →
 *       inconclusive — except an upper-bound claim (&lt;, &le;) that even the <em>raw</em> interval
 *       (floor included, which only makes durations longer) satisfies, which passes;</li>
 *   <li>the statistic's 95 % interval ({@link Estimate}) lies entirely on the claimed side of every
 *       bound → pass; entirely on the other side of one → fail; else inconclusive;</li>
 *   <li>where the core ran slower around the samples than in the JVM's reference state
 *       ({@link dev.chronoscope.CoreSpeedState#slower()}), the interval divided by the slowdown
 *       squared ({@link #CODE_SLOWDOWN_EXPONENT}) is decided too, and an outcome it would change is
 *       inconclusive, naming the slowdown: a failed upper bound the slowdown could explain, a passed
 *       lower bound it could have made. An outcome it cannot change stands (a slower host only made a
 *       passed upper bound harder);</li>
 *   <li>where the region's warm-up did not settle ({@link Timing#unsettledWarmup()}), its samples
 *       may have run slower, lower-tier code: a failed upper bound or a passed lower bound is
 *       inconclusive, naming it; a passed upper bound and a failed lower bound stand.</li>
 * </ol>
 * A bound the sample count cannot provide (a p99 from fewer than 368 samples has no upper bound) is
 * unbounded. Whether an inconclusive claim aborts or fails the test is the caller's business
 * ({@link Decision#render(boolean)} words it for either). The words are {@link ClaimMessages}'.
 */
public final class PercentileClaim {

    /**
     * Code timed back to back slows with the host's state by more than the reference does, up to about the reference's
     * slowdown to this power (docs/evidence/real-library-code.md, the host's slow state): divided by the reference's
     * slowdown alone, a claim missed in that state would still fail.
     */
    public static final double CODE_SLOWDOWN_EXPONENT = 2;

    private PercentileClaim() {
    }

    /** Decides "the {@code p}-th percentile of {@code t} satisfies every bound". */
    public static Decision decide(Timing t, double p, List<Bound> bounds) {
        if (bounds.isEmpty()) {
            throw new IllegalArgumentException("no bound to check");
        }
        if (t.kept() == 0) {
            return new ClaimMessages.Percentile(t, p, bounds, null).noSamples();
        }
        Estimate e = Estimate.of(t, p);
        ClaimMessages.Percentile says = new ClaimMessages.Percentile(t, p, bounds, e);
        if (t.kept() < AssertionSettings.MIN_SAMPLES) {
            return says.tooFewSamples();
        }
        if (t.verdict() == Verdict.REFUSED) {
            return says.refused();
        }
        if (t.verdict() != Verdict.RESOLVED) {
            boolean rawEnough = bounds.stream().allMatch(b -> b.relation().isUpperBound()
                    && b.relation().decide(0, e.rawHigh(), b.nanos()) == Outcome.PASS);
            return rawEnough ? says.passedRaw() : says.unresolved();
        }
        Bound deciding = deciding(bounds, e.low(), e.high());
        Outcome worst = deciding.relation().decide(e.low(), e.high(), deciding.nanos());
        double codeSlowdown = Math.pow(t.coreSpeed().slowdown(), CODE_SLOWDOWN_EXPONENT);
        if (worst != Outcome.INCONCLUSIVE && t.coreSpeed().slower()) {
            Bound atReference = deciding(bounds, e.low() / codeSlowdown, e.high() / codeSlowdown);
            if (atReference.relation().decide(e.low() / codeSlowdown, e.high() / codeSlowdown,
                    atReference.nanos()) != worst) {
                return says.coreSlower(worst, deciding, codeSlowdown);
            }
        }
        boolean tierCouldChangeIt = worst == Outcome.FAIL ? deciding.relation().isUpperBound()
                : worst == Outcome.PASS && bounds.stream().anyMatch(b -> !b.relation().isUpperBound());
        if (t.unsettledWarmup().isPresent() && tierCouldChangeIt) {
            return says.unsettled(worst, deciding);
        }
        return switch (worst) {
            case PASS -> says.passed();
            case FAIL -> says.failed(deciding);
            case INCONCLUSIVE -> says.straddles(deciding);
        };
    }

    /**
     * The bound that decides an interval {@code [low, high]}: one that fails it, else the first it straddles, else the
     * first.
     */
    private static Bound deciding(List<Bound> bounds, double low, double high) {
        Outcome worst = Outcome.PASS;
        Bound deciding = bounds.get(0);
        for (Bound b : bounds) {
            Outcome o = b.relation().decide(low, high, b.nanos());
            if (o == Outcome.FAIL || (o == Outcome.INCONCLUSIVE && worst == Outcome.PASS)) {
                worst = o;
                deciding = b;
            }
        }
        return deciding;
    }
}
