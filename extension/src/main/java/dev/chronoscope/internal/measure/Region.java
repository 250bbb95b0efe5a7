package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.clock.ClockReader;

import java.util.Objects;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A region of one of the shapes {@link RegionLoop} times, sent to that shape's copy of the loop.
 * The choice of copy happens before the loop, never inside a timed sample.
 */
public sealed interface Region {

    /** Takes {@code count} samples of {@code calls} calls each; see {@link RegionLoop}. */
    long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink);

    /** The user's region object. */
    Object region();

    /** The object whose class is the code the JIT compiles for this region: the user's region, or its inlined loop. */
    default Object target() {
        return region();
    }

    /** The method of {@link #target()}'s class that a timing runs: the region's functional method, or the inlined loop's. */
    String entryMethod();

    /**
     * The shared loop class of this region's shape ({@link ShapeLoop}) and the shape's interface,
     * from which {@link CompiledRegions#inlined} defines a copy; an empty region of the same shape.
     */
    default Shape shape() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " is timed by its own loop already");
    }

    /**
     * A region shape: its shared loop class, the interface the loop's constructor takes, and an
     * empty region of the shape (for the floor of its inlined copies).
     */
    record Shape(Class<? extends ShapeLoop> loop, Class<?> type, Region empty) {
    }

    /** Empty regions, one per shape: what an inlined floor times. */
    Shape OBJECT = new Shape(ObjectRegionLoop.class, Supplier.class, new OfObject(() -> null));
    Shape LONG = new Shape(LongRegionLoop.class, LongSupplier.class, new OfLong(() -> 0L));
    Shape INT = new Shape(IntRegionLoop.class, IntSupplier.class, new OfInt(() -> 0));
    Shape DOUBLE = new Shape(DoubleRegionLoop.class, DoubleSupplier.class, new OfDouble(() -> 0d));
    Shape RUNNABLE = new Shape(RunnableRegionLoop.class, Runnable.class, new OfRunnable(() -> { }));

    static Region of(Supplier<?> region) {
        return new OfObject(Objects.requireNonNull(region, "region"));
    }

    static Region of(LongSupplier region) {
        return new OfLong(Objects.requireNonNull(region, "region"));
    }

    static Region of(IntSupplier region) {
        return new OfInt(Objects.requireNonNull(region, "region"));
    }

    static Region of(DoubleSupplier region) {
        return new OfDouble(Objects.requireNonNull(region, "region"));
    }

    static Region of(Runnable region) {
        return new OfRunnable(Objects.requireNonNull(region, "region"));
    }

    record OfObject(Supplier<?> region) implements Region {
        @Override
        public String entryMethod() {
            return "get";
        }

        @Override
        public Shape shape() {
            return OBJECT;
        }

        @Override
        public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
            return RegionLoop.repeat(reader, region, count, calls, budgetNanos, recorder, sink);
        }
    }

    record OfLong(LongSupplier region) implements Region {
        @Override
        public String entryMethod() {
            return "getAsLong";
        }

        @Override
        public Shape shape() {
            return LONG;
        }

        @Override
        public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
            return RegionLoop.repeat(reader, region, count, calls, budgetNanos, recorder, sink);
        }
    }

    record OfInt(IntSupplier region) implements Region {
        @Override
        public String entryMethod() {
            return "getAsInt";
        }

        @Override
        public Shape shape() {
            return INT;
        }

        @Override
        public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
            return RegionLoop.repeat(reader, region, count, calls, budgetNanos, recorder, sink);
        }
    }

    record OfDouble(DoubleSupplier region) implements Region {
        @Override
        public String entryMethod() {
            return "getAsDouble";
        }

        @Override
        public Shape shape() {
            return DOUBLE;
        }

        @Override
        public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
            return RegionLoop.repeat(reader, region, count, calls, budgetNanos, recorder, sink);
        }
    }

    record OfRunnable(Runnable region) implements Region {
        @Override
        public String entryMethod() {
            return "run";
        }

        @Override
        public Shape shape() {
            return RUNNABLE;
        }

        @Override
        public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
            return RegionLoop.repeat(reader, region, count, calls, budgetNanos, recorder, sink);
        }
    }

    /** {@code region} timed by its own copy of its shape's loop, the region inlined into it ({@link CompiledRegions#inlined}). */
    record Inlined(ShapeLoop loop, Object region) implements Region {
        @Override
        public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
            return loop.time(reader, count, calls, budgetNanos, recorder, sink);
        }

        @Override
        public Object target() {
            return loop;
        }

        @Override
        public String entryMethod() {
            return "time";
        }
    }
}
