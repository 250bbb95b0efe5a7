package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.gate.BaselineRule.RunMedian;

import java.util.List;

/**
 * What a run's log-median carries beside the between-run spread, for {@link BaselineRule}: the run's own sampling
 * error beyond the baseline runs' and the clock's rounding to whole steps.
 */
final class MedianErrors {

    private MedianErrors() {
    }

    /** The mean of the baseline runs' log-medians. */
    static double logMean(List<RunMedian> baseline) {
        double sum = 0;
        for (RunMedian m : baseline) {
            sum += Math.log(m.medianNs());
        }
        return sum / baseline.size();
    }

    /**
     * What this run's own samples say beyond the baseline runs' usual precision: the excess variance of its
     * log-median.
     */
    static double excessNoise(RunMedian current, List<RunMedian> baseline) {
        double withinSquares = 0;
        int withinKnown = 0;
        for (RunMedian m : baseline) {
            if (Double.isFinite(m.withinRunSe())) {
                withinSquares += m.withinRunSe() * m.withinRunSe();
                withinKnown++;
            }
        }
        return Double.isFinite(current.withinRunSe()) && withinKnown > 0
                ? Math.max(0, current.withinRunSe() * current.withinRunSe() - withinSquares / withinKnown) : 0;
    }

    /**
     * The variance the clock's rounding adds to the difference of this run's log-median and the baseline runs'
     * mean.
     */
    static double roundingVariance(RunMedian current, List<RunMedian> baseline) {
        double baselineRoundings = 0;
        for (RunMedian m : baseline) {
            baselineRoundings += rounding(m) * rounding(m);
        }
        int n = baseline.size();
        return rounding(current) * rounding(current) + baselineRoundings / ((double) n * n);
    }

    /**
     * How far {@code m}'s median may lie off the duration it rounds, relative to it: half its clock step; 0 where
     * unknown.
     */
    static double rounding(RunMedian m) {
        return stepOf(m) / 2 / m.medianNs();
    }

    /** {@code m}'s clock step per call in ns; 0 where unknown. */
    static double stepOf(RunMedian m) {
        return Double.isFinite(m.stepNs()) && m.stepNs() > 0 ? m.stepNs() : 0;
    }
}
