package dev.chronoscope.internal.report;

import dev.chronoscope.internal.format.Format;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The allocation gate: bytes per call are counted to the byte on the measuring thread and do not
 * move with the host's speed, so a timing allocating more than every baseline run did, beyond a
 * tolerance, is {@code regressed}, whatever its time says. The tolerance covers what the count can
 * carry from one run to the next without a change of code (TLAB refills and escape analysis
 * settling differently, both spread over the calls): the larger of {@value #TOLERANCE_BYTES} B per
 * call and {@value #TOLERANCE_SHARE} of the baseline's highest figure.
 */
public final class AllocationRule {

    /** The smallest tolerance, in bytes per call. */
    public static final double TOLERANCE_BYTES = 0.5;
    /** The tolerance relative to the baseline runs' highest bytes per call. */
    public static final double TOLERANCE_SHARE = 0.01;

    private AllocationRule() {
    }

    /** The tolerance beyond baseline runs whose highest figure was {@code highest} bytes per call. */
    public static double tolerance(double highest) {
        return Math.max(TOLERANCE_BYTES, TOLERANCE_SHARE * highest);
    }

    /**
     * The verdict for {@code bytesPerCall} against the baseline runs' figures of the same timing.
     *
     * @param baseline each baseline run's bytes per call, nulls where a run did not count them
     * @return null where this run did not count the timing's allocation
     */
    public static AllocationVerdict judge(Double bytesPerCall, List<Double> baseline) {
        if (bytesPerCall == null || !Double.isFinite(bytesPerCall)) {
            return null;
        }
        List<Double> counted = baseline.stream().filter(Objects::nonNull).filter(Double::isFinite).toList();
        if (counted.isEmpty()) {
            return new AllocationVerdict(BaselineVerdict.INCONCLUSIVE, bytesPerCall, Double.NaN, Double.NaN, Double.NaN,
                    "allocation " + bytes(bytesPerCall) + " B/call; no baseline run holds this timing's allocation "
                            + "(saved before it was kept, or not counted)", true);
        }
        double lowest = counted.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double highest = counted.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double tolerance = tolerance(highest);
        String range = String.format(Locale.ROOT, "the baseline runs' %s–%s (%d run%s, tolerance %s B/call)", bytes(lowest),
                bytes(highest), counted.size(), counted.size() == 1 ? "" : "s", bytes(tolerance));
        if (bytesPerCall > highest + tolerance) {
            return new AllocationVerdict(BaselineVerdict.REGRESSED, bytesPerCall, lowest, highest, tolerance,
                    "allocation " + bytes(highest) + " → " + bytes(bytesPerCall) + " B/call, beyond " + range, true);
        }
        if (bytesPerCall < lowest - tolerance) {
            return new AllocationVerdict(BaselineVerdict.IMPROVED, bytesPerCall, lowest, highest, tolerance,
                    "allocation " + bytes(lowest) + " → " + bytes(bytesPerCall) + " B/call, below " + range, true);
        }
        return new AllocationVerdict(BaselineVerdict.UNCHANGED, bytesPerCall, lowest, highest, tolerance,
                "allocation " + bytes(bytesPerCall) + " B/call, within " + range, true);
    }

    private static String bytes(double b) {
        return Format.bytes(b);
    }
}
