package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;

import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A workload as Chronoscope calls it, in the shape its method returns (a {@code long} stays unboxed, as a
 * user's lambda would), so that the comparison needs no switch on shapes at each use.
 */
sealed interface Region {

    static Region ofLong(LongSupplier region) {
        return new OfLong(region);
    }

    static Region ofInt(IntSupplier region) {
        return new OfInt(region);
    }

    static Region ofObject(Supplier<?> region) {
        return new OfObject(region);
    }

    Timing throughput(Probe probe, String label, int samples);

    Timing latency(Probe probe, String label, int samples);

    /** {@code probe.compare} of this region against {@code second}, which must have the same shape. */
    Comparison compare(Probe probe, String label, Region second, String secondLabel, int samples);

    private static IllegalArgumentException shapes(Region first, Region second) {
        return new IllegalArgumentException("cannot compare a " + first.getClass().getSimpleName() + " region with a "
                + second.getClass().getSimpleName() + " region; expected both of one shape, as Probe.compare takes them");
    }

    record OfLong(LongSupplier region) implements Region {
        @Override
        public Timing throughput(Probe probe, String label, int samples) {
            return probe.repeatBackToBack(label, samples, region);
        }

        @Override
        public Timing latency(Probe probe, String label, int samples) {
            return probe.repeat(label, samples, region);
        }

        @Override
        public Comparison compare(Probe probe, String label, Region second, String secondLabel, int samples) {
            if (second instanceof OfLong s) {
                return probe.compare(label, secondLabel, samples, region, s.region());
            }
            throw shapes(this, second);
        }
    }

    record OfInt(IntSupplier region) implements Region {
        @Override
        public Timing throughput(Probe probe, String label, int samples) {
            return probe.repeatBackToBack(label, samples, region);
        }

        @Override
        public Timing latency(Probe probe, String label, int samples) {
            return probe.repeat(label, samples, region);
        }

        @Override
        public Comparison compare(Probe probe, String label, Region second, String secondLabel, int samples) {
            if (second instanceof OfInt s) {
                return probe.compare(label, secondLabel, samples, region, s.region());
            }
            throw shapes(this, second);
        }
    }

    record OfObject(Supplier<?> region) implements Region {
        @Override
        public Timing throughput(Probe probe, String label, int samples) {
            return probe.repeatBackToBack(label, samples, region);
        }

        @Override
        public Timing latency(Probe probe, String label, int samples) {
            return probe.repeat(label, samples, region);
        }

        @Override
        public Comparison compare(Probe probe, String label, Region second, String secondLabel, int samples) {
            if (second instanceof OfObject s) {
                return probe.compare(label, secondLabel, samples, region, s.region());
            }
            throw shapes(this, second);
        }
    }
}
