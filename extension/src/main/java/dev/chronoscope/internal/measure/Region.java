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
        public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
            return RegionLoop.repeat(reader, region, count, calls, budgetNanos, recorder, sink);
        }
    }

    record OfLong(LongSupplier region) implements Region {
        @Override
        public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
            return RegionLoop.repeat(reader, region, count, calls, budgetNanos, recorder, sink);
        }
    }

    record OfInt(IntSupplier region) implements Region {
        @Override
        public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
            return RegionLoop.repeat(reader, region, count, calls, budgetNanos, recorder, sink);
        }
    }

    record OfDouble(DoubleSupplier region) implements Region {
        @Override
        public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
            return RegionLoop.repeat(reader, region, count, calls, budgetNanos, recorder, sink);
        }
    }

    record OfRunnable(Runnable region) implements Region {
        @Override
        public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
            return RegionLoop.repeat(reader, region, count, calls, budgetNanos, recorder, sink);
        }
    }
}
