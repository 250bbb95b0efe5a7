package dev.chronoscope;

import dev.chronoscope.internal.format.Format;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code Allocation} is used to report the heap bytes a timed region allocated per call: counted
 * on the measuring thread around the timed loop (HotSpot's per-thread allocated-bytes counter,
 * exact to the byte, TLAB allocations included), minus what the loop itself allocates with empty
 * regions, divided by the calls. Only the measuring thread's allocations count: work a region
 * hands to other threads is not in it. Measured in two halves, so that a change during the run —
 * escape analysis that the JIT applied or withdrew — shows instead of being averaged away.
 * Immutable.
 *
 * @param calls                  the region's calls measured (after its warm-up)
 * @param bytesPerCall           the bytes allocated per call over all of them
 * @param firstHalfBytesPerCall  per call over the first half of the calls
 * @param secondHalfBytesPerCall per call over the second half
 * @param loopBytesPerCall       what the timing loop allocated per call with an empty region, subtracted above
 * @param firstCallsBytesPerCall what the region's first calls in the test allocated per call, before its warm-up:
 *                               interpreted or C1-compiled code, before C2's escape analysis removes any of it (NaN:
 *                               not counted, as with region warm-ups off)
 * @param firstCallsCompiled     whether those first calls ran compiled code already, the JVM having compiled the
 *                               region's code before them (they ran at less than 5x the settled cost per call): then
 *                               escape analysis may have removed part of their allocation too
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Allocation(long calls, double bytesPerCall, double firstHalfBytesPerCall, double secondHalfBytesPerCall,
                         double loopBytesPerCall, double firstCallsBytesPerCall, boolean firstCallsCompiled) {

    /** An allocation whose first calls were not counted. */
    public Allocation(long calls, double bytesPerCall, double firstHalfBytesPerCall, double secondHalfBytesPerCall,
                      double loopBytesPerCall) {
        this(calls, bytesPerCall, firstHalfBytesPerCall, secondHalfBytesPerCall, loopBytesPerCall, Double.NaN, false);
    }

    /** A per-call difference between the halves at or above this is a change, not rounding. */
    public static final double CHANGE_BYTES = 1.0;

    /** True when the halves disagree by a byte per call or more: the region's allocation changed during the run. */
    public boolean changedBetweenHalves() {
        return Math.abs(firstHalfBytesPerCall - secondHalfBytesPerCall) >= CHANGE_BYTES;
    }

    /** {@code 80 B/call}, with one decimal where the figure is not whole to a tenth. */
    public String describe() {
        return Format.bytes(bytesPerCall) + " B/call";
    }

    /** Bytes to a tenth, without the decimal where that is whole: {@code 80}, {@code 0.5}, {@code 1,024}. */
    public static String formatBytes(double v) {
        return Format.bytes(v);
    }
}
