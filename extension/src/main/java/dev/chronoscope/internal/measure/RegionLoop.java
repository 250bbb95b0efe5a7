package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.clock.ClockReader;

import java.util.List;
import java.util.function.Supplier;

/**
 * The one loop every timed region goes through — the probe floor, the warm-up and the user's
 * regions — so that the floor is the cost of exactly the path a measurement pays:
 * read, call the region, consume its result, read.
 */
public final class RegionLoop {

    /** The empty region: what the floor times. */
    public static final Supplier<Object> EMPTY = () -> null;

    /**
     * Empty regions of three distinct classes, which the warm-up takes turns with. The JIT inlines a
     * call whose target it has seen only one or two classes of, and calls through the interface
     * otherwise; a test's regions bring more classes. Seeing three from the start, the loop is
     * compiled with the interface call that every region — the floor's empty one included — then
     * pays alike. (With the floor's lambda inlined and the test's not, an empty test region cost
     * 7-24 ns more than the floor here.)
     */
    static final List<Supplier<Object>> EMPTY_OF_THREE_CLASSES = List.of(EMPTY, () -> null, () -> null);

    /** How often (in regions) the time budget is checked; the check happens outside any region. */
    private static final int BUDGET_CHECK_MASK = 63;

    private RegionLoop() {
    }

    /**
     * Times the empty region {@code count} times (or until {@code budgetNanos} has passed), in calls
     * of {@code callSize} that take the three empty classes in turn, so the floor never makes one
     * class dominate what the JIT learns about the region call.
     *
     * @return the number of regions run
     */
    public static long repeatEmpty(ClockReader reader, long count, long budgetNanos, int callSize,
                                   SampleRecorder recorder, Sink sink) {
        long deadline = System.nanoTime() + budgetNanos;
        long done = 0;
        for (int call = 0; done < count; call++) {
            long n = Math.min(callSize, count - done);
            done += repeat(reader, EMPTY_OF_THREE_CLASSES.get(call % EMPTY_OF_THREE_CLASSES.size()), n, Long.MAX_VALUE,
                    recorder, sink);
            if (System.nanoTime() - deadline > 0) {
                break;
            }
        }
        return done;
    }

    /**
     * Times {@code region} up to {@code count} times or until {@code budgetNanos} of wall time has
     * passed, whichever comes first, recording each sample into {@code recorder}.
     *
     * @return the number of regions run
     */
    public static long repeat(ClockReader reader, Supplier<?> region, long count, long budgetNanos,
                              SampleRecorder recorder, Sink sink) {
        long deadline = System.nanoTime() + budgetNanos;
        long i = 0;
        for (; i < count; i++) {
            if ((i & BUDGET_CHECK_MASK) == 0 && i > 0 && System.nanoTime() - deadline > 0) {
                break;
            }
            long t0 = reader.begin();
            Object result = region.get();
            sink.consume(result);
            long t1 = reader.end();
            recorder.record(t0, t1, reader.beginCpu(), reader.endCpu());
        }
        return i;
    }
}
