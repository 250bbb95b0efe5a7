package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.format.Format;

/**
 * The floor as a control for a baseline comparison: the cost of an empty region, which no change to
 * the code under test moves, read in this run and in the baseline runs. A floor far from the
 * baseline runs' says the host (or the probe path) was in another state while one of them ran, and
 * its medians say more about the host than about the code.
 */
final class FloorControl {

    /**
     * How far a timing's probe floor may lie from the baseline runs' (their median) for its medians to
     * be compared: the floor is the cost of an empty region, which no change to the code under test
     * moves, so a floor off by more than this says the host (or the probe path) was in another state
     * while one of them ran: undisturbed runs' floors lie within it, disturbed runs' far beyond it, their
     * regions' medians off with them (docs/evidence/gate-validation.md).
     */
    static final double TOLERANCE = GateTuning.FLOOR_TOLERANCE;

    /**
     * Whether a floor of {@code floorNs} lies too far from the baseline runs' {@code typicalFloor} for
     * a median of {@code medianNs} to be compared: beyond {@link #TOLERANCE} either way and, for
     * a throughput timing, by more than half the {@code threshold} of its median. A batch floor per
     * call is a fraction of a nanosecond, measured through a clock step of several ns over k calls,
     * so its ratio moves by a step's worth between runs of an unchanged host, and stopped a 200-step
     * chain's throughput comparisons by a move that could change its median by a fraction of a percent
     * (docs/evidence/gate-validation.md). Unknown floors (NaN) are never off.
     */
    static boolean off(BaselineRule.Kind kind, double floorNs, double typicalFloor, double medianNs, double threshold) {
        if (!Double.isFinite(floorNs) || !Double.isFinite(typicalFloor) || !(typicalFloor > 0) || !(floorNs > 0)
                || Math.abs(Math.log(floorNs / typicalFloor)) <= Math.log(TOLERANCE)) {
            return false;
        }
        return kind != BaselineRule.Kind.THROUGHPUT || Math.abs(floorNs - typicalFloor) > threshold / 2 * medianNs;
    }

    /** Why a floor off the baseline's makes the medians incomparable, saying which way it moved. */
    static String reason(BaselineRule.Kind kind, double floorNs, double typicalFloor) {
        String which = kind == BaselineRule.Kind.THROUGHPUT ? "this timing's batch floor (per call)"
                : "this test's probe floor";
        double ratio = floorNs / typicalFloor;
        String moved = ratio > 1
                ? String.format(java.util.Locale.ROOT,
                "x%.2f higher, beyond x%.2f: the host was busier, or the probe path slower, "
                + "while it ran", ratio, TOLERANCE)
                : String.format(java.util.Locale.ROOT,
                "x%.2f lower (1/%.2f), beyond 1/%.2f: the baseline runs ran on a busier host, or "
                + "a slower probe path, than this one", ratio, 1 / ratio, TOLERANCE);
        return String.format(java.util.Locale.ROOT,
                "%s was %s ns against %s ns in the baseline runs (their median), %s, so its "
                + "medians are not comparable; run again", which, Format.units(floorNs), Format.units(typicalFloor),
                moved);
    }

    private FloorControl() {
    }
}
