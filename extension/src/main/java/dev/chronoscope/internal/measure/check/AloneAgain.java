package dev.chronoscope.internal.measure.check;

import java.util.function.Consumer;

/**
 * A side of a comparison timed alone again right after the samples it took in turn with the other
 * side, one call per sample (in {@code Probe.compare}): it tells the slower-than-warmed-up check
 * code from data. Code the JIT threw away (or other code) is as slow alone; calls slowed only by what
 * the other side left in the caches and predictors are as fast alone as the warm-up was.
 *
 * The other side's samples over its own warm-up tell the host from the code: a host (or anything both
 * sides share) that slowed down slows both alike, and the ratio the comparison stands on holds.
 *
 * @param perSample     the median per sample alone, in the clock's unit
 * @param recompiled    whether HotSpot compiled the side's code from the start of its samples to the end of this one
 * @param otherLabel    the other side's label
 * @param otherSlowdown the other side's samples' median over what its warm-up settled at; NaN where unknown
 * @param kept          says in the test's record why a slower figure was kept
 */
public record AloneAgain(double perSample, boolean recompiled, String otherLabel, double otherSlowdown,
                         Consumer<String> kept) {

    /** Samples of the look alone: a block of the comparison's counters, a short look that leaves the JIT no time. */
    public static final int SAMPLES = JitDuringSamplingCheck.COUNTER_BLOCK;
}
