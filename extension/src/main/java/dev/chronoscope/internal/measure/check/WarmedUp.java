package dev.chronoscope.internal.measure.check;

/**
 * The level the region's warm-up ended at right before the samples, for the slower-than-warmed-up check.
 *
 * @param perSample its last round's median per sample, in the clock's unit
 * @param settled   whether it settled within its budget (the last round of one that did not may be noise)
 */
public record WarmedUp(double perSample, boolean settled) {
}
