package dev.chronoscope.internal.clock;

/**
 * What back-to-back reads of one clock showed (seed method: "make the clock count").
 *
 * @param reads            reads made
 * @param changes          reads whose value differed from the previous read
 * @param smallestStep     smallest positive difference between consecutive differing reads, in
 *                         the clock's unit; {@code 0} when the value never increased
 * @param elapsedNanos     wall time the loop took
 * @param systemNanos      system (kernel) CPU time the reading thread accrued during the loop
 * @param userNanos        user CPU time the reading thread accrued during the loop
 * @param differences      the positive differences between consecutive reads (the first
 *                         {@value #RECORDED_DIFFERENCES} of them), for {@link EffectiveResolution}
 */
public record StepObservation(long reads, long changes, long smallestStep, long elapsedNanos,
                              long systemNanos, long userNanos, ReadingDifferences differences) {

    /** Differences kept for the effective resolution: plenty for a histogram, little memory. */
    public static final int RECORDED_DIFFERENCES = 65_536;

    public StepObservation {
        java.util.Objects.requireNonNull(differences, "differences");
    }

    /**
     * Above this share of changed reads, the clock moved on nearly every read, so the smallest
     * step seen is the period of the reading loop (the method's floor), not the clock's own step.
     */
    public static final double METHOD_FLOOR_CHANGE_RATE = 0.90;

    public double changedFraction() {
        return reads == 0 ? 0 : (double) changes / reads;
    }

    /** True when the observed step is the reading method's floor: the clock itself is finer. */
    public boolean stepIsMethodFloor() {
        return changedFraction() >= METHOD_FLOOR_CHANGE_RATE;
    }

    /** Mean wall time per read, loop overhead (a compare and a branch) included. */
    public double nanosPerRead() {
        return reads == 0 ? Double.NaN : (double) elapsedNanos / reads;
    }

    /** Share of the reading thread's CPU time spent in the kernel during the loop. */
    public double systemFraction() {
        long cpu = systemNanos + userNanos;
        return cpu == 0 ? 0 : (double) systemNanos / cpu;
    }
}
