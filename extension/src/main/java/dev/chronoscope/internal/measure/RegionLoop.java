package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.clock.ClockReader;

import java.util.List;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The shared timed loop ({@link ShapeLoop}) every latency region goes through — the probe floor,
 * the warm-up and the user's regions — so that the floor is the cost of exactly the path a
 * measurement pays. {@link #poisonShapes} gives each shape's call site the same (megamorphic)
 * profile as the floor's.
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
     * more than the floor: docs/evidence/design-history.md.)
     */
    static final List<Supplier<Object>> EMPTY_OF_THREE_CLASSES = List.of(EMPTY, () -> null, () -> null);

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
            done += repeat(reader, EMPTY_OF_THREE_CLASSES.get(call % EMPTY_OF_THREE_CLASSES.size()), n, 1,
                    Region.UNBOUNDED, recorder, sink);
            if (System.nanoTime() - deadline > 0) {
                break;
            }
        }
        return done;
    }

    /**
     * Runs each primitive shape's loop with three empty regions of distinct classes, so that its
     * region call is compiled as the interface call the floor's loop makes (see
     * {@link #EMPTY_OF_THREE_CLASSES}), not inlined for the first region a test brings.
     */
    static void poisonShapes(ClockReader reader, int rounds, Sink sink) {
        List<LongSupplier> longs = List.of(() -> 0L, () -> 1L, () -> 2L);
        List<IntSupplier> ints = List.of(() -> 0, () -> 1, () -> 2);
        List<DoubleSupplier> doubles = List.of(() -> 0d, () -> 1d, () -> 2d);
        List<Runnable> runnables = List.of(() -> { }, () -> { }, () -> { });
        for (int i = 0; i < rounds; i++) {
            SampleRecorder r = new SampleRecorder(16);
            int c = i % 3;
            int calls = 1 + (i & 1);
            repeat(reader, longs.get(c), 8, calls, Region.UNBOUNDED, r, sink);
            repeat(reader, ints.get(c), 8, calls, Region.UNBOUNDED, r, sink);
            repeat(reader, doubles.get(c), 8, calls, Region.UNBOUNDED, r, sink);
            repeat(reader, runnables.get(c), 8, calls, Region.UNBOUNDED, r, sink);
        }
    }

    /**
     * Times {@code region} up to {@code count} times or until {@code budgetNanos} of wall time has
     * passed, whichever comes first, recording each sample into {@code recorder}.
     *
     * @return the number of regions run
     */
    public static long repeat(ClockReader reader, Supplier<?> region, long count, long budgetNanos,
                              SampleRecorder recorder, Sink sink) {
        return repeat(reader, region, count, 1, budgetNanos, recorder, sink);
    }

    /**
     * Takes {@code count} samples of {@code calls} back-to-back calls of {@code region} each (or
     * fewer, once {@code budgetNanos} has passed), recording each sample's total into {@code recorder}.
     *
     * @return the number of samples taken
     */
    public static long repeat(ClockReader reader, Supplier<?> region, long count, int calls, long budgetNanos,
                              SampleRecorder recorder, Sink sink) {
        return ObjectRegionLoop.time(region, reader, count, calls, budgetNanos, recorder, sink);
    }

    /** As {@link #repeat(ClockReader, Supplier, long, int, long, SampleRecorder, Sink)}, for a {@code long} region. */
    public static long repeat(ClockReader reader, LongSupplier region, long count, int calls, long budgetNanos,
                              SampleRecorder recorder, Sink sink) {
        return LongRegionLoop.time(region, reader, count, calls, budgetNanos, recorder, sink);
    }

    /** As {@link #repeat(ClockReader, Supplier, long, int, long, SampleRecorder, Sink)}, for an {@code int} region. */
    public static long repeat(ClockReader reader, IntSupplier region, long count, int calls, long budgetNanos,
                              SampleRecorder recorder, Sink sink) {
        return IntRegionLoop.time(region, reader, count, calls, budgetNanos, recorder, sink);
    }

    /** As {@code repeat} of a {@link Supplier}, for a {@code double} region. */
    public static long repeat(ClockReader reader, DoubleSupplier region, long count, int calls, long budgetNanos,
                              SampleRecorder recorder, Sink sink) {
        return DoubleRegionLoop.time(region, reader, count, calls, budgetNanos, recorder, sink);
    }

    /** As {@code repeat} of a {@link Supplier}, for a region with no result. */
    public static long repeat(ClockReader reader, Runnable region, long count, int calls, long budgetNanos,
                              SampleRecorder recorder, Sink sink) {
        return RunnableRegionLoop.time(region, reader, count, calls, budgetNanos, recorder, sink);
    }
}
