package dev.chronoscope.internal.stats;

import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.Comparison;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.measure.SampleRecorder;
import dev.chronoscope.internal.measure.Statistics;
import dev.chronoscope.internal.measure.Timings;

/**
 * Timings and comparisons made of chosen samples, through Chronoscope's own {@link Timings#build}
 * (so the verdict is the real one): a nanosecond clock ({@code CLOCK_MONOTONIC}) with a chosen floor
 * median and step.
 */
public final class Synthetic {

    private Synthetic() {
    }

    /** A reader that is never read: it only names the clock. */
    static final class NamedReader extends ClockReader {
        @Override
        public ClockId clock() {
            return ClockId.CLOCK_MONOTONIC;
        }

        @Override
        public long begin() {
            throw new IllegalStateException("a NamedReader only names a clock for synthetic timings; it is never read");
        }

        @Override
        public long end() {
            throw new IllegalStateException("a NamedReader only names a clock for synthetic timings; it is never read");
        }

        @Override
        public String readMethod() {
            return "synthetic";
        }
    }

    public static Timings.Context context(long floorMedian, double step, boolean subtract) {
        Summary floor = Timings.summary(Statistics.of(floorMedian, floorMedian, floorMedian), ClockUnit.NANOSECONDS);
        ProbeFloor probeFloor = new ProbeFloor(ClockId.CLOCK_MONOTONIC, floor, floor, 1_000_000);
        return Timings.Context.of(new NamedReader(), probeFloor).subtractFloor(subtract).step(step, "synthetic step").build();
    }

    /** The decision of the claim "the median of {@code t} is {@code relation} {@code nanos} ns". */
    public static Decision median(Timing t, Relation relation, long nanos) {
        return PercentileClaim.decide(t, 50, java.util.List.of(new Bound(relation, java.time.Duration.ofNanos(nanos))));
    }

    /** A timing of {@code samples} (nanoseconds) with a floor median of 30 ns and a step of 1 ns, raw figures. */
    public static Timing timing(String label, long... samples) {
        return timing(label, context(30, 1, false), samples);
    }

    public static Timing timing(String label, Timings.Context context, long... samples) {
        return Timings.build(label, recorder(samples), context);
    }

    public static SampleRecorder recorder(long... samples) {
        SampleRecorder r = new SampleRecorder(samples.length);
        for (long s : samples) {
            r.record(0, s, ClockReader.CPU_UNKNOWN, ClockReader.CPU_UNKNOWN);
        }
        return r;
    }

    /** {@code n} values spread evenly over [center - spread, center + spread]. */
    public static long[] around(long center, long spread, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = center - spread + (n == 1 ? spread : Math.round(2.0 * spread * i / (n - 1)));
        }
        return out;
    }

    /** A comparison of two sample sets in acquisition order, split into {@code pairs} equal blocks. */
    public static Comparison comparison(Timings.Context context, long[] first, long[] second, int pairs) {
        Timing a = timing("first", context, first);
        Timing b = timing("second", context, second);
        return Comparisons.of(a, b, first, ends(first.length, pairs), second, ends(second.length, pairs),
                (first.length + pairs - 1) / pairs, 42);
    }

    static int[] ends(int n, int pairs) {
        int size = (n + pairs - 1) / pairs;
        int[] ends = new int[pairs];
        for (int j = 0; j < pairs; j++) {
            ends[j] = Math.min(n, (j + 1) * size);
        }
        return ends;
    }
}
