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

    /** A time budget that never runs out: the samples asked are taken however long they last. */
    long UNBOUNDED = Long.MAX_VALUE;

    /**
     * Takes {@code samples} samples of {@code callsPerSample} calls each, fewer where
     * {@code budgetNanos} ({@link #UNBOUNDED}: none) runs out first; see {@link RegionLoop}.
     */
    long time(ClockReader reader, long samples, int callsPerSample, long budgetNanos, SampleRecorder recorder,
              Sink sink);

    /** The user's region object. */
    Object region();

    /** The object whose class holds the code the JIT compiles for this region: the user's region, or its loop. */
    default Object target() {
        return region();
    }

    /** The method of {@link #target()}'s class a timing runs: the region's functional method, or the inlined loop's. */
    String entryMethod();

    /**
     * The shared loop class of this region's shape ({@link ShapeLoop}) and the shape's interface,
     * from which {@link CompiledRegions#inlined} defines a copy; an empty region of the same shape.
     */
    default Shape shape() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " is timed by its own loop already");
    }

    /**
     * A region shape: its shared loop class, the interface the loop's constructor takes and the
     * method of it a timing runs, an empty region of the shape (for the floor of its inlined
     * copies), and the entry into the shared loop ({@link RegionLoop}) for a region of the shape.
     */
    record Shape(Class<? extends ShapeLoop> loop, Class<?> type, String method, Object emptyRegion, SharedLoop shared) {

        /** The empty region of this shape. */
        Region empty() {
            return of(emptyRegion);
        }

        /** {@code region}, of this shape's {@link #type()}, timed by the shared loop. */
        Region of(Object region) {
            return new Shaped(this, Objects.requireNonNull(region, "region"));
        }
    }

    /** One of {@link RegionLoop}'s {@code repeat}s, chosen by a shape for a region of its type, before any sample. */
    @FunctionalInterface
    interface SharedLoop {
        long time(Object region, ClockReader reader, long samples, int callsPerSample, long budgetNanos,
                  SampleRecorder recorder, Sink sink);
    }

    /** The shapes, each with its empty region: what an inlined floor times. */
    Shape OBJECT = new Shape(ObjectRegionLoop.class, Supplier.class, "get", (Supplier<Object>) () -> null,
            (region, reader, count, calls, budget, recorder, sink) ->
                    RegionLoop.repeat(reader, (Supplier<?>) region, count, calls, budget, recorder, sink));
    Shape LONG = new Shape(LongRegionLoop.class, LongSupplier.class, "getAsLong", (LongSupplier) () -> 0L,
            (region, reader, count, calls, budget, recorder, sink) ->
                    RegionLoop.repeat(reader, (LongSupplier) region, count, calls, budget, recorder, sink));
    Shape INT = new Shape(IntRegionLoop.class, IntSupplier.class, "getAsInt", (IntSupplier) () -> 0,
            (region, reader, count, calls, budget, recorder, sink) ->
                    RegionLoop.repeat(reader, (IntSupplier) region, count, calls, budget, recorder, sink));
    Shape DOUBLE = new Shape(DoubleRegionLoop.class, DoubleSupplier.class, "getAsDouble", (DoubleSupplier) () -> 0d,
            (region, reader, count, calls, budget, recorder, sink) ->
                    RegionLoop.repeat(reader, (DoubleSupplier) region, count, calls, budget, recorder, sink));
    Shape RUNNABLE = new Shape(RunnableRegionLoop.class, Runnable.class, "run", (Runnable) () -> { },
            (region, reader, count, calls, budget, recorder, sink) ->
                    RegionLoop.repeat(reader, (Runnable) region, count, calls, budget, recorder, sink));

    static Region of(Supplier<?> region) {
        return OBJECT.of(region);
    }

    static Region of(LongSupplier region) {
        return LONG.of(region);
    }

    static Region of(IntSupplier region) {
        return INT.of(region);
    }

    static Region of(DoubleSupplier region) {
        return DOUBLE.of(region);
    }

    static Region of(Runnable region) {
        return RUNNABLE.of(region);
    }

    /** {@code region}, of {@code shape}'s type, timed by the shape's shared loop. */
    record Shaped(Shape shape, Object region) implements Region {
        @Override
        public String entryMethod() {
            return shape.method();
        }

        @Override
        public long time(ClockReader reader, long samples, int callsPerSample, long budgetNanos,
                         SampleRecorder recorder, Sink sink) {
            return shape.shared().time(region, reader, samples, callsPerSample, budgetNanos, recorder, sink);
        }
    }

    /** {@code region} timed by its own copy of its shape's loop, inlined into it ({@link CompiledRegions#inlined}). */
    record Inlined(ShapeLoop loop, Object region) implements Region {
        @Override
        public long time(ClockReader reader, long samples, int callsPerSample, long budgetNanos,
                         SampleRecorder recorder, Sink sink) {
            return loop.time(reader, samples, callsPerSample, budgetNanos, recorder, sink);
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
