package dev.chronoscope.internal.report;

import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.format.Format;

import java.util.Optional;

/**
 * A few samples far slower than the rest that lift a timing's mean well above its median: the thread
 * stalled while they were taken (preempted, a collection, a pause the guest cannot count). A fact said
 * beside the figure, never a verdict: the median and the claims on it hardly move, while a mean — what a
 * harness that averages, such as JMH's {@code avgt}, reports — holds the stalls.
 *
 * @param meanOverMedian the figure's mean over its median (net of the floor where it is subtracted)
 * @param slowSamples    the samples over {@value #SLOW_OVER_MEDIAN}x the median
 * @param samples        the samples kept
 * @param slowShare      the share of the sampled time the slow samples hold
 */
public record Stalls(double meanOverMedian, long slowSamples, long samples, double slowShare) {

    /**
     * From how far above its median a mean is said: without a stall it lies within about 1.3x
     * (docs/evidence/jmh-agreement.md).
     */
    public static final double MEAN_OVER_MEDIAN = 1.3;
    /** A sample this far over the median is a stall's, not the region's spread. */
    static final double SLOW_OVER_MEDIAN = 3;

    /**
     * The stalls of {@code t}; empty where its mean lies under {@value #MEAN_OVER_MEDIAN}x its median, or it has no
     * median.
     */
    public static Optional<Stalls> of(Timing t) {
        if (t.kept() < 2) {
            return Optional.empty();
        }
        Summary s = t.floorSubtracted() ? t.net() : t.raw();
        if (!(s.p50() > 0) || s.mean() / s.p50() < MEAN_OVER_MEDIAN) {
            return Optional.empty();
        }
        double median = t.raw().p50() * t.callsPerSample();
        long slow = 0;
        double slowSum = 0;
        double sum = 0;
        for (int i = (int) t.kept() - 1; i >= 0; i--) {
            long sample = t.sortedSample(i);
            sum += sample;
            if (sample > SLOW_OVER_MEDIAN * median) {
                slow++;
                slowSum += sample;
            }
        }
        return Optional.of(new Stalls(s.mean() / s.p50(), slow, t.kept(), sum > 0 ? slowSum / sum : 0));
    }

    /**
     * {@code the mean is 1.75x the median: 9 of 3,000 samples over 3x the median hold 41 % of the sampled time
     * (preempted 4x
     * while sampling)}, the cause as counted for {@code t}.
     */
    public String describe(Timing t) {
        long preempted = t.involuntaryContextSwitches().orElse(0);
        long collections = t.collectionsWhileSampling().orElse(0);
        String cause = preempted > 0 || collections > 0
                ? (preempted > 0 ? "preempted " + Format.count(preempted) + "x" : "")
                + (preempted > 0 && collections > 0 ? ", " : "")
                + (collections > 0 ? Format.count(collections) + " garbage collection" + (collections == 1 ? "" : "s")
                : "")
                + " while sampling"
                : "no preemption or collection counted while sampling: the region's own slow calls, or a pause the "
                        + "guest"
                + " cannot count, such as its hypervisor's or a safepoint";
        return "the mean is " + Format.multiple(meanOverMedian) + " the median: " + Format.count(slowSamples) + " of "
                + Format.count(samples) + " samples over " + Format.units(SLOW_OVER_MEDIAN) + "x the median hold "
                + Format.percent(slowShare) + " of the sampled time (" + cause
                + "); the median hardly moves, a mean holds them";
    }
}
