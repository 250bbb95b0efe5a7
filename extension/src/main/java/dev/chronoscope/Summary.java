package dev.chronoscope;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code Summary} is used to report a distribution of durations in one unit. Percentiles are
 * nearest-rank: each is a value that was actually observed (see the report format documentation).
 *
 * @param count number of samples
 * @param mad   median absolute deviation from the median (unscaled)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Summary(ClockUnit unit, long count, double min, double p50, double p90, double p99, double max,
                      double mean, double mad) {

    /** This summary with every figure multiplied by {@code factor}, in {@code newUnit}. */
    public Summary scaled(double factor, ClockUnit newUnit) {
        return new Summary(newUnit, count, min * factor, p50 * factor, p90 * factor, p99 * factor, max * factor,
                mean * factor, mad * factor);
    }
}
