package dev.chronoscope;

import org.apiguardian.api.API;

import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code CoreSpeedState} is used to report how fast the core ran code around a timing's samples,
 * as a fact beside its figure: a fixed reference (independent 64-bit multiply-add chains) read
 * right before and right after the samples, in ns per multiply-add, against this JVM's reference
 * state, the second-fastest reading it has made (so that one outlying reading cannot set it). A
 * counter keeps its rate while what the core gets done per tick follows the host (its frequency,
 * another guest or thread on the physical core), so a figure taken on a slower core reads longer
 * than the code costs on this host's faster one. It never refuses a figure by itself: a claim whose
 * outcome the slowdown could have changed is inconclusive, naming it. Immutable.
 *
 * @param beforeNsPerStep    the reading right before the samples; NaN where not read
 * @param afterNsPerStep     the reading right after them; NaN where not read
 * @param referenceNsPerStep this JVM's reference state (a forked test's JVM counts its suite JVM's as two
 *                           readings of its own); NaN until it has read the core twice
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CoreSpeedState(double beforeNsPerStep, double afterNsPerStep, double referenceNsPerStep) {

    /** Not read: the timing is latency, or the core-speed reading is off (chronoscope.selfCheck.coreSpeed). */
    public static final CoreSpeedState UNREAD = new CoreSpeedState(Double.NaN, Double.NaN, Double.NaN);

    /**
     * Slowdowns up to this factor are noise of the reference itself: readings at one speed spread
     * about 5 %, and two speeds of one host lay x1.3-1.6 apart.
     */
    public static final double NOISE = 1.25;

    /** Whether both readings and a reference state are known. */
    public boolean known() {
        return Double.isFinite(beforeNsPerStep) && Double.isFinite(afterNsPerStep) && referenceNsPerStep > 0;
    }

    /**
     * The slower of the two readings over the reference state: 1.4 means the core ran the reference
     * 1.4 times slower around these samples than in this JVM's reference state; NaN where not known.
     */
    public double slowdown() {
        return known() ? Math.max(beforeNsPerStep, afterNsPerStep) / referenceNsPerStep : Double.NaN;
    }

    /** Whether the core ran slower than the reference state beyond {@link #NOISE}. */
    public boolean slower() {
        return slowdown() > NOISE;
    }

    /** {@code core x1.40 slower than this JVM's reference state (1.008 / 1.010 ns per multiply-add against 0.720)}. */
    public String describe() {
        if (!known()) {
            return "core speed not known around these samples";
        }
        return String.format(Locale.ROOT,
                        "core x%.2f %s this JVM's reference state around these samples (%.3f before, %.3f"
                        + " after, against %.3f ns per multiply-add)", slowdown(), slower() ? "slower than" : "of",
                beforeNsPerStep, afterNsPerStep, referenceNsPerStep);
    }
}
