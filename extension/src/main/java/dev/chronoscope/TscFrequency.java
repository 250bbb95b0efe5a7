package dev.chronoscope;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code TscFrequency} is used to convert counter ticks to nanoseconds: the counter's rate,
 * calibrated once per JVM against CLOCK_MONOTONIC_RAW.
 *
 * @param hz             ticks per second
 * @param uncertaintyPpm disagreement between the calibration windows (or the reads' own width,
 *                       whichever is larger), in parts per million
 * @param method         how it was measured, in one line
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TscFrequency(double hz, double uncertaintyPpm, String method) {

    public double ticksToNanos(double ticks) {
        return ticks * 1e9 / hz;
    }
}
