package dev.chronoscope.internal.measure.check;

/**
 * One pair of pilots for the re-sizing check: the raw per-call p50 at k calls per sample and at 2k,
 * in the clock's unit, taken in turn sample by sample; NaN where one was not read.
 */
public record PilotPair(double perCallAtK, double perCallAtDouble) {

    /** A pair not read: the check finds nothing in it. */
    public static final PilotPair UNREAD = new PilotPair(Double.NaN, Double.NaN);
}
