package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.clock.ClockReader;

/**
 * The one timed loop, one class per region shape, all generated from one template
 * ({@code src/main/templates/dev/chronoscope/internal/measure/X-RegionLoop.java.template}): read,
 * call the region {@code calls} times (once for latency, a batch for throughput), consuming each
 * result, read; {@code count} samples, or fewer once {@code budgetNanos} of wall time has passed
 * (checked every {@value #BUDGET_CHECK_MASK} + 1 samples, outside any sample).
 *
 * <p>Each shape calls its own method: an adapter from a primitive shape to a common one would add a
 * call the floor does not pay, and a {@code Supplier} of a primitive boxes it, which costs more
 * than the smallest regions. Two ways to run the same code:
 * <ul>
 *   <li><b>shared</b> ({@link RegionLoop}): every region of a shape goes through the one class,
 *       whose region call the JIT compiles as an interface call every region pays alike, the
 *       floor's empty ones included. Latency is timed this way.</li>
 *   <li><b>inlined</b> ({@link CompiledRegions#inlined}): a copy of the class per region class,
 *       defined as a hidden class, whose region call sees one class, so the JIT inlines the region
 *       into the batch loop as JMH inlines a benchmark into its loop. Throughput is timed this way,
 *       its floor with an inlined empty region of the same shape.</li>
 * </ul>
 */
interface ShapeLoop {

    /** Samples between checks of the time budget, less one (a mask). */
    int BUDGET_CHECK_MASK = 63;

    /**
     * Takes {@code count} samples of {@code calls} back-to-back calls each (or fewer, once
     * {@code budgetNanos} has passed), recording each sample into {@code recorder}.
     *
     * @return the number of samples taken
     */
    long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink);
}
