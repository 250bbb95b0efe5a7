package dev.chronoscope.internal.measure;

import dev.chronoscope.Allocation;
import dev.chronoscope.ClockId;
import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.stats.Comparisons;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * The {@link Probe} a test receives: times regions through {@link RegionLoop} with the test's
 * reader, floor and settings, after warming each region up.
 */
public final class MeasuringProbe implements Probe {

    /** The longest {@link #repeatFor} budget: a bound that still states a duration, where a larger one overflowed. */
    static final Duration MAX_BUDGET = Duration.ofHours(1);

    private final Timings.Context context;
    /** The test this probe times regions for, named in its JFR events; empty outside a test. */
    private final String testName;
    /**
     * What the timing loop itself allocates per call with empty regions, subtracted from every
     * region's count: counted during the floor's run, which is that loop (0 on HotSpot).
     */
    private final double loopBytesPerCall;
    private final long regionWarmupBudgetNanos;
    private final Sink sink = new Sink();
    private final List<Timing> timings = new ArrayList<>();
    private final SampleRecorder explicit = new SampleRecorder(1024);
    private boolean explicitOpen;
    private long explicitBegin;
    private int explicitBeginCpu;
    /** Set when the test this probe belongs to has ended: the probe refuses further use. */
    private volatile String endedTest;

    /** A probe outside a test, whose loop is taken to allocate nothing (as the floor's count shows on HotSpot). */
    public MeasuringProbe(Timings.Context context, long regionWarmupBudgetNanos) {
        this(context, regionWarmupBudgetNanos, "", 0);
    }

    /**
     * @param testName         the test the probe times regions for, named in its JFR events
     * @param loopBytesPerCall what the floor's run allocated per empty region ({@link Timings.Floor#loopBytesPerCall()})
     */
    public MeasuringProbe(Timings.Context context, long regionWarmupBudgetNanos, String testName, double loopBytesPerCall) {
        this.testName = Objects.requireNonNull(testName, "testName");
        this.loopBytesPerCall = loopBytesPerCall;
        this.context = Objects.requireNonNull(context, "context");
        this.regionWarmupBudgetNanos = regionWarmupBudgetNanos;
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
            throw new IllegalStateException(method + ": this Probe belonged to " + ended + ", which has ended; a region "
                    + "timed now would be in no record. Time regions in the test method, with the Probe it receives.");
        }
    }

    /** Why the record misses a region: an explicit begin() that was never ended; empty when none is open. */
    public java.util.Optional<String> unendedRegion() {
        return explicitOpen ? java.util.Optional.of("Probe.begin() was called and never ended with end(): that region "
                + "is not in the record") : java.util.Optional.empty();
    }

    @Override
    public Timing repeat(String label, int times, Supplier<?> region) {
        requireActive("Probe.repeat");
        requireLabel("Probe.repeat", label);
        Objects.requireNonNull(region, "region");
        if (times < 1 || times > MAX_SAMPLES) {
            throw new IllegalArgumentException("Probe.repeat: times must be between 1 and " + MAX_SAMPLES + ", was " + times);
        }
        warmUp(region, times);
        SampleRecorder recorder = new SampleRecorder(times);
        AllocationCount allocation = new AllocationCount(recorder);
        TimedRegionEvent event = TimedRegionEvent.started();
        recorder.startCountingSwitches();
        allocation.halves(times, n -> RegionLoop.repeat(context.reader(), region, n, Long.MAX_VALUE, recorder, sink));
        recorder.stopCountingSwitches();
        return keep(timing(label, recorder, allocation, event));
    }

    @Override
    public Timing repeatFor(String label, Duration budget, Supplier<?> region) {
        requireActive("Probe.repeatFor");
        requireLabel("Probe.repeatFor", label);
        Objects.requireNonNull(budget, "budget");
        Objects.requireNonNull(region, "region");
        if (budget.isNegative() || budget.isZero() || budget.compareTo(MAX_BUDGET) > 0) {
            throw new IllegalArgumentException("Probe.repeatFor: budget must be positive and at most " + MAX_BUDGET
                    + " (it stops at " + MAX_SAMPLES + " samples anyway), was " + budget);
        }
        warmUp(region, 10_000);
        SampleRecorder recorder = new SampleRecorder(1 << 16);
        AllocationCount allocation = new AllocationCount(recorder);
        TimedRegionEvent event = TimedRegionEvent.started();
        // two halves of the budget, so that the allocation of each half can be told apart
        long half = budget.toNanos() / 2;
        recorder.startCountingSwitches();
        allocation.open();
        long first = RegionLoop.repeat(context.reader(), region, MAX_SAMPLES / 2, half, recorder, sink);
        allocation.close(0, first);
        allocation.open();
        allocation.close(1, RegionLoop.repeat(context.reader(), region, MAX_SAMPLES - first, budget.toNanos() - half, recorder, sink));
        recorder.stopCountingSwitches();
        return keep(timing(label, recorder, allocation, event));
    }

    /**
     * A label names its timing in the section (one line per fact) and in a JUnit report entry (whose
     * values must not be blank): a blank label failed the test after it passed, and lost its record.
     */
    private static void requireLabel(String method, String label) {
        Objects.requireNonNull(label, "label");
        if (label.isBlank() || label.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException(method + ": label must be non-blank text on one line, was \""
                    + label.replace("\n", "\\n").replace("\r", "\\r") + "\"");
        }
    }

    /**
     * Both regions warmed up, then timed in block pairs: each pair runs a block of each region back
     * to back, the order drawn from the seed; see {@link Comparisons}.
     */
    @Override
    public Comparison compare(String firstLabel, Supplier<?> first, String secondLabel, Supplier<?> second, int times) {
        requireActive("Probe.compare");
        requireLabel("Probe.compare", firstLabel);
        Objects.requireNonNull(first, "first");
        requireLabel("Probe.compare", secondLabel);
        Objects.requireNonNull(second, "second");
        if (times < 1 || times > MAX_SAMPLES) {
            throw new IllegalArgumentException("Probe.compare: times must be between 1 and " + MAX_SAMPLES + ", was " + times);
        }
        long seed = context.assertions().seed();
        int blockSize = Comparisons.blockSize(times);
        int pairs = Comparisons.blockPairs(times, blockSize);
        warmUp(first, times);
        warmUp(second, times);
        SampleRecorder a = new SampleRecorder(times);
        SampleRecorder b = new SampleRecorder(times);
        int[] endsA = new int[pairs];
        int[] endsB = new int[pairs];
        SplittableRandom order = new SplittableRandom(seed);
        AllocationCount allocationA = new AllocationCount(a);
        AllocationCount allocationB = new AllocationCount(b);
        TimedRegionEvent eventA = TimedRegionEvent.started();
        TimedRegionEvent eventB = TimedRegionEvent.started();
        for (int j = 0; j < pairs; j++) {
            int n = Math.min(blockSize, times - j * blockSize);
            int half = j < pairs / 2 ? 0 : 1;
            boolean firstGoesFirst = order.nextBoolean();
            block(firstGoesFirst ? first : second, n, firstGoesFirst ? a : b, firstGoesFirst ? allocationA : allocationB, half);
            block(firstGoesFirst ? second : first, n, firstGoesFirst ? b : a, firstGoesFirst ? allocationB : allocationA, half);
            endsA[j] = a.samples().size();
            endsB[j] = b.samples().size();
        }
        Timing ta = keep(timing(firstLabel, a, allocationA, eventA));
        Timing tb = keep(timing(secondLabel, b, allocationB, eventB));
        return Comparisons.of(ta, tb, a.samples().toArray(), endsA, b.samples().toArray(), endsB, blockSize, seed);
    }

    /** One block of a comparison: {@code n} calls of {@code region}, their allocation counted in {@code half}. */
    private void block(Supplier<?> region, int n, SampleRecorder recorder, AllocationCount allocation, int half) {
        recorder.startCountingSwitches();
        allocation.open();
        allocation.close(half, RegionLoop.repeat(context.reader(), region, n, Long.MAX_VALUE, recorder, sink));
        recorder.stopCountingSwitches();
    }

    /** The timing of a region, with its allocation per call; committed as a JFR event when one is recorded. */
    private Timing timing(String label, SampleRecorder recorder, AllocationCount allocation, TimedRegionEvent event) {
        long calls = recorder.samples().size() + recorder.droppedMigration() + recorder.droppedNegative();
        Timing timing = Timings.build(label, recorder, context, allocation.result(loopBytesPerCall()),
                AllocationCount.unknownReason(calls));
        event.commit(testName, timing, calls);
        return timing;
    }

    private double loopBytesPerCall() {
        return loopBytesPerCall;
    }

    /** Warm-up rounds of a tenth of the requested runs (between 10 and 10,000). */
    private void warmUp(Supplier<?> region, int times) {
        if (regionWarmupBudgetNanos > 0) {
            ProbeWarmup.warm(context.reader(), region, regionWarmupBudgetNanos, Math.max(10, Math.min(10_000, times / 10)));
        }
    }

    private Timing keep(Timing timing) {
        timings.add(timing);
        return timing;
    }

    @Override
    public long begin() {
        requireActive("Probe.begin");
        if (explicitOpen) {
            throw new IllegalStateException("Probe.begin() called again before end(): one explicit region may be open at a time");
        }
        explicitOpen = true;
        ClockReader reader = context.reader();
        long t = reader.begin();
        explicitBeginCpu = reader.beginCpu();
        explicitBegin = t;
        return t;
    }

    @Override
    public long end(long begin) {
        ClockReader reader = context.reader();
        long t = reader.end();
        requireActive("Probe.end");
        if (!explicitOpen) {
            throw new IllegalStateException("Probe.end() called without a matching begin()");
        }
        if (begin != explicitBegin) {
            throw new IllegalArgumentException("Probe.end(" + begin + "): expected the value the matching begin() returned ("
                    + explicitBegin + "); the region stays open");
        }
        explicitOpen = false;
        explicit.record(begin, t, explicitBeginCpu, reader.endCpu());
        return t - begin;
    }

    @Override
    public Timing recorded() {
        return Timings.build("explicit begin/end", explicit, context);
    }

    /** True when explicit regions were recorded, so the report includes them. */
    public boolean hasExplicitSamples() {
        return explicit.samples().size() > 0 || explicit.dropped() > 0;
    }

    @Override
    public List<Timing> timings() {
        return List.copyOf(timings);
    }
}
