package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Timing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The {@link Probe} a test receives: it checks each use (one thread at a time, within its test),
 * hands the region to its way of measuring — {@link LatencyTiming}, {@link ThroughputTiming},
 * {@link InterleavedComparison}, {@link ExplicitRegions}, which share one {@link RegionTimer} with
 * the test's reader, floor and settings — and keeps what they return for the test's record.
 */
public final class MeasuringProbe implements Probe {

    private final Timings.Context context;
    /** The thread using this probe now; null between uses. */
    private final AtomicReference<Thread> user = new AtomicReference<>();
    private final RegionTimer timer;
    private final LatencyTiming latency;
    private final ThroughputTiming throughputTiming;
    private final InterleavedComparison interleaved;
    private final ExplicitRegions explicit;
    private final List<Timing> timings = new ArrayList<>();
    /** The comparisons made, in order; their timings are among {@link #timings}. */
    private final List<Comparison> comparisons = new ArrayList<>();
    /** Set when the test this probe belongs to has ended: the probe refuses further use. */
    private volatile String endedTest;

    /**
     * A probe measuring in {@code context} as {@code settings} say ({@link ProbeSettings#defaultsFor} for the
     * defaults).
     */
    public MeasuringProbe(Timings.Context context, ProbeSettings settings) {
        this.timer = new RegionTimer(context, settings);
        this.context = context;
        this.latency = new LatencyTiming(timer);
        this.throughputTiming = new ThroughputTiming(timer);
        this.interleaved = new InterleavedComparison(timer);
        this.explicit = new ExplicitRegions(context, settings.testName());
    }

    @Override
    public ClockId clock() {
        return context.reader().clock();
    }

    @Override
    public ProbeFloor floor() {
        return context.floor();
    }

    /**
     * Ends this probe's use: its test has ended, and a region timed now would belong to no record.
     * Every later call throws, naming {@code testName}.
     */
    public void end(String testName) {
        endedTest = Objects.requireNonNull(testName, "testName");
    }

    private void requireActive(String method) {
        String ended = endedTest;
        if (ended != null) {
            throw new IllegalStateException(method + ": this Probe belonged to " + ended
                    + ", which has ended; a region "
                    + "timed now would be in no record. Time regions in the test method, with the Probe it receives.");
        }
    }

    /**
     * Runs {@code action}, a use of this probe, as the only one, once the probe is found active: a
     * probe belongs to its test's thread, and its state (samples, timings, the open region) is not
     * shared between threads. Another thread may use it once this use has ended (a pool thread while
     * the test waits). A region that uses it is refused ({@link #nested}).
     */
    private <T> T exclusively(String method, Supplier<T> action) {
        Thread me = Thread.currentThread();
        if (user.get() == me) {
            throw nested(method);
        }
        if (!user.compareAndSet(null, me)) {
            throw usedElsewhere(method, me, user.get());
        }
        try {
            requireActive(method);
            return action.get();
        } finally {
            user.set(null);
        }
    }

    /**
     * For {@code begin()} and {@code end()}, whose cost is inside the region they bound: one read,
     * no claim. (Their own state refuses a second {@code begin()} before {@code end()}.)
     */
    private void requireUnused(String method) {
        requireActive(method);
        Thread other = user.get();
        if (other == Thread.currentThread()) {
            throw nested(method);
        }
        if (other != null) {
            throw usedElsewhere(method, Thread.currentThread(), other);
        }
    }

    /**
     * A use of the probe from inside a region it is timing: the outer figure would hold the inner use's warm-up and
     * sampling.
     */
    private static IllegalStateException nested(String method) {
        return new IllegalStateException(method
                + " inside a region this Probe is timing: the region's figure would hold this"
                + " call's warm-up, floor reads and sampling as if they were the region's work. Time the inner work "
                + "with a call of its"
                + " own, before or after the one whose region holds it.");
    }

    private static IllegalStateException usedElsewhere(String method, Thread me, Thread other) {
        return new IllegalStateException(method + " on thread \"" + me.getName() + "\" while thread \""
                + (other == null ? "?" : other.getName()) + "\" was using this Probe: a Probe belongs to its test's "
                + "thread and is used by one thread at a time. Use it from another thread only once the first is done "
                + "with it, or time each thread's work in a test of its own.");
    }

    /** Why the record misses a region: an explicit begin() that was never ended; empty when none is open. */
    public Optional<String> unendedRegion() {
        return explicit.unended();
    }

    @Override
    public Timing repeat(String label, int times, Supplier<?> region) {
        return repeat(label, times, Region.of(region));
    }

    @Override
    public Timing repeat(String label, int times, LongSupplier region) {
        return repeat(label, times, Region.of(region));
    }

    @Override
    public Timing repeat(String label, int times, IntSupplier region) {
        return repeat(label, times, Region.of(region));
    }

    @Override
    public Timing repeat(String label, int times, DoubleSupplier region) {
        return repeat(label, times, Region.of(region));
    }

    @Override
    public Timing repeat(String label, int times, Runnable region) {
        return repeat(label, times, Region.of(region));
    }

    @Override
    public Timing repeatFor(String label, Duration budget, Supplier<?> region) {
        return repeatFor(label, budget, Region.of(region));
    }

    @Override
    public Timing repeatFor(String label, Duration budget, LongSupplier region) {
        return repeatFor(label, budget, Region.of(region));
    }

    @Override
    public Timing repeatFor(String label, Duration budget, IntSupplier region) {
        return repeatFor(label, budget, Region.of(region));
    }

    @Override
    public Timing repeatFor(String label, Duration budget, DoubleSupplier region) {
        return repeatFor(label, budget, Region.of(region));
    }

    @Override
    public Timing repeatFor(String label, Duration budget, Runnable region) {
        return repeatFor(label, budget, Region.of(region));
    }

    @Override
    public Timing repeatBackToBack(String label, int samples, Supplier<?> region) {
        return throughput(label, samples, Region.of(region));
    }

    @Override
    public Timing repeatBackToBack(String label, int samples, LongSupplier region) {
        return throughput(label, samples, Region.of(region));
    }

    @Override
    public Timing repeatBackToBack(String label, int samples, IntSupplier region) {
        return throughput(label, samples, Region.of(region));
    }

    @Override
    public Timing repeatBackToBack(String label, int samples, DoubleSupplier region) {
        return throughput(label, samples, Region.of(region));
    }

    @Override
    public Timing repeatBackToBack(String label, int samples, Runnable region) {
        return throughput(label, samples, Region.of(region));
    }

    @Override
    public Comparison compare(String firstLabel, String secondLabel, int times, Supplier<?> first, Supplier<?> second) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, String secondLabel, int times, LongSupplier first,
            LongSupplier second) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, String secondLabel, int times, IntSupplier first, IntSupplier second) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, String secondLabel, int times, DoubleSupplier first,
            DoubleSupplier second) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, String secondLabel, int times, Runnable first, Runnable second) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, String secondLabel, int times, LongSupplier first,
            Supplier<?> second) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, String secondLabel, int times, Supplier<?> first,
            LongSupplier second) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, String secondLabel, int times, DoubleSupplier first,
            Supplier<?> second) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, String secondLabel, int times, Supplier<?> first,
            DoubleSupplier second) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    private Timing repeat(String label, int times, Region region) {
        return exclusively("Probe.repeat", () -> {
            RegionLabels.requireNewLabels("Probe.repeat", timings, label);
            return keep(latency.repeat("Probe.repeat", label, times, region));
        });
    }

    /** As {@link #repeat(String, int, Region)}, until {@code budget} has passed or {@link #MAX_SAMPLES} samples. */
    private Timing repeatFor(String label, Duration budget, Region region) {
        return exclusively("Probe.repeatFor", () -> {
            RegionLabels.requireNewLabels("Probe.repeatFor", timings, label);
            return keep(latency.repeatFor("Probe.repeatFor", label, budget, region));
        });
    }

    private Timing throughput(String label, int samples, Region region) {
        return exclusively("Probe.throughput", () -> {
            RegionLabels.requireNewLabels("Probe.throughput", timings, label);
            return keep(throughputTiming.throughput("Probe.throughput", label, samples, region));
        });
    }

    private Comparison compare(String firstLabel, Region first, String secondLabel, Region second, int times) {
        return exclusively("Probe.compare", () -> {
            RegionLabels.requireNewLabels("Probe.compare", timings, firstLabel, secondLabel);
            Comparison made = interleaved.compare("Probe.compare", firstLabel, first, secondLabel, second, times);
            // both timings and the comparison, or none: a comparison that did not finish leaves nothing in the record
            keep(made.first());
            keep(made.second());
            comparisons.add(made);
            return made;
        });
    }

    private Timing keep(Timing timing) {
        timings.add(timing);
        return timing;
    }

    /** One warning per label whose region warm-up did not settle within its budget, in the order they happened. */
    public List<String> warmupWarnings() {
        return timer.warmupWarnings();
    }

    @Override
    public long begin() {
        requireUnused("Probe.begin");
        return explicit.begin();
    }

    @Override
    public long end(long begin) {
        long t = explicit.read();
        requireUnused("Probe.end");
        return explicit.end(begin, t);
    }

    @Override
    public Timing recorded() {
        return explicit.recorded();
    }

    /**
     * The explicit regions' timing for the test's record, committed as one JFR event spanning the
     * first {@code begin()} to the last {@code end()}.
     */
    public Timing recordedForTheRecord() {
        return explicit.recordedForTheRecord();
    }

    /** True when explicit regions were recorded, so the report includes them. */
    public boolean hasExplicitSamples() {
        return explicit.any();
    }

    @Override
    public List<Timing> timings() {
        return List.copyOf(timings);
    }

    /** The comparisons made with {@code compare}, in order; each one's two timings are among {@link #timings()}. */
    public List<Comparison> comparisons() {
        return List.copyOf(comparisons);
    }
}
