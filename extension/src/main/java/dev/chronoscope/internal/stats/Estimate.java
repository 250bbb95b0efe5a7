package dev.chronoscope.internal.stats;

import dev.chronoscope.Timing;

/**
 * An estimate of a percentile with its interval, in nanoseconds as reported (net of the floor
 * when the floor is subtracted).
 *
 * @param point   the reported percentile
 * @param low     lower bound (0 when the sample count gives none)
 * @param high    upper bound ({@code +∞} when the sample count gives none)
 * @param rawHigh upper bound before the floor's subtraction
 * @param ranks   the order statistics used
 */
public record Estimate(double point, double low, double high, double rawHigh, QuantileInterval ranks) {

    /**
     * The reported {@code p}-th percentile of {@code t} and its interval; {@code t} must have
     * samples. The interval is the exact order-statistic interval widened by one quantum of the
     * clock's effective resolution at each end (every sample is known only to ±1 quantum).
     */
    public static Estimate of(Timing t, double p) {
        int n = (int) t.kept();
        QuantileInterval ranks = QuantileInterval.ranks(n, p / 100, AssertionSettings.CONFIDENCE);
        double step = t.clockStep();
        double calls = t.callsPerSample(); // samples are whole batches; the step and the floor are per call
        double rawLow = ranks.hasLower() ? t.sortedSample(ranks.lower() - 1) / calls - step : 0;
        double rawHigh = ranks.hasUpper() ? t.sortedSample(ranks.upper() - 1) / calls + step : Double.POSITIVE_INFINITY;
        double offset = t.floorSubtracted() ? t.floor().median() : 0;
        double perUnit = t.nanosPerUnit();
        return new Estimate(t.percentileValue(p) * perUnit, Math.max(0, rawLow - offset) * perUnit,
                Math.max(0, rawHigh - offset) * perUnit, Math.max(0, rawHigh) * perUnit, ranks);
    }

    /** True when the sample count gives the interval both ends. */
    boolean bounded() {
        return ranks.hasLower() && ranks.hasUpper();
    }
}
