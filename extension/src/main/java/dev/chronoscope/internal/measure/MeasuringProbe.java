package dev.chronoscope.internal.measure;

import dev.chronoscope.Allocation;
import dev.chronoscope.ClockId;
import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.stats.Comparisons;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
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
    /** The thread using this probe now; null between uses. */
    private final java.util.concurrent.atomic.AtomicReference<Thread> user = new java.util.concurrent.atomic.AtomicReference<>();
    /** The JVM's memory of region classes already compiled: their warm-up need not wait for the JIT again. */
    private final CompiledRegions compiledRegions;
    private final Sink sink = new Sink();
    private final BatchSizing sizing;
    private final List<Timing> timings = new ArrayList<>();
    private final java.util.Map<String, String> warmupWarnings = new java.util.LinkedHashMap<>();
    /** The comparisons made, in order; their timings are among {@link #timings}. */
    private final List<Comparison> comparisons = new ArrayList<>();
    private final SampleRecorder explicit = new SampleRecorder(1024);
    private boolean explicitOpen;
    /** The explicit regions as one JFR event: begun at the first begin(), ended at each end(). */
    private TimedRegionEvent explicitEvent;
    private long explicitBegin;
    private int explicitBeginCpu;
    /** Set when the test this probe belongs to has ended: the probe refuses further use. */
    private volatile String endedTest;

    /** A probe whose throughput floors are measured as the latency floor was: {@code floorSamples} within {@code floorBudgetNanos}. */
    public MeasuringProbe(Timings.Context context, long regionWarmupBudgetNanos, int floorSamples, long floorBudgetNanos) {
        this(context, regionWarmupBudgetNanos, floorSamples, floorBudgetNanos, "", 0, new CompiledRegions());
    }

    /**
     * @param testName         the test the probe times regions for, named in its JFR events
     * @param loopBytesPerCall what the floor's run allocated per empty region ({@link Timings.Floor#loopBytesPerCall()})
     * @param compiledRegions  the JVM's region classes already compiled ({@link JvmFacts#compiledRegions()})
     */
    public MeasuringProbe(Timings.Context context, long regionWarmupBudgetNanos, int floorSamples, long floorBudgetNanos,
                          String testName, double loopBytesPerCall, CompiledRegions compiledRegions) {
        this.compiledRegions = Objects.requireNonNull(compiledRegions, "compiledRegions");
        this.testName = Objects.requireNonNull(testName, "testName");
        this.loopBytesPerCall = loopBytesPerCall;
        this.context = Objects.requireNonNull(context, "context");
        this.regionWarmupBudgetNanos = regionWarmupBudgetNanos;
        this.sizing = new BatchSizing(context, sink, floorSamples, floorBudgetNanos);
    }

    /** A probe whose throughput floors take as many samples as its latency floor kept, within the default floor budget. */
    public MeasuringProbe(Timings.Context context, long regionWarmupBudgetNanos) {
        this(context, regionWarmupBudgetNanos, (int) Math.max(1_000, context.floor().raw().count()), 5_000_000L);
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

    /**
     * Runs {@code action}, a use of this probe, as the only one: a probe belongs to its test's thread,
     * and its state (samples, timings, the open region) is not shared between threads. Another thread
     * may use it once this use has ended (a pool thread while the test waits); a region may use it
     * again on the same thread.
     */
    private <T> T exclusively(String method, Supplier<T> action) {
        Thread me = Thread.currentThread();
        if (user.get() == me) {
            return action.get();
        }
        if (!user.compareAndSet(null, me)) {
            throw usedElsewhere(method, me, user.get());
        }
        try {
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
        Thread other = user.get();
        if (other != null && other != Thread.currentThread()) {
            throw usedElsewhere(method, Thread.currentThread(), other);
        }
    }

    private static IllegalStateException usedElsewhere(String method, Thread me, Thread other) {
        return new IllegalStateException(method + " on thread \"" + me.getName() + "\" while thread \""
                + (other == null ? "?" : other.getName()) + "\" was using this Probe: a Probe belongs to its test's "
                + "thread and is used by one thread at a time. Use it from another thread only once the first is done "
                + "with it, or time each thread's work in a test of its own.");
    }

    /** Why the record misses a region: an explicit begin() that was never ended; empty when none is open. */
    public java.util.Optional<String> unendedRegion() {
        return explicitOpen ? java.util.Optional.of("Probe.begin() was called and never ended with end(): that region "
                + "is not in the record") : java.util.Optional.empty();
    }

    @Override
    public Timing repeat(String label, int times, Supplier<?> region) {
        return repeat("Probe.repeat", label, times, Region.of(region));
    }

    @Override
    public Timing repeat(String label, int times, LongSupplier region) {
        return repeat("Probe.repeat", label, times, Region.of(region));
    }

    @Override
    public Timing repeat(String label, int times, IntSupplier region) {
        return repeat("Probe.repeat", label, times, Region.of(region));
    }

    @Override
    public Timing repeat(String label, int times, DoubleSupplier region) {
        return repeat("Probe.repeat", label, times, Region.of(region));
    }

    @Override
    public Timing repeat(String label, int times, Runnable region) {
        return repeat("Probe.repeat", label, times, Region.of(region));
    }

    private Timing repeat(String method, String label, int times, Region region) {
        return exclusively(method, () -> repeatAlone(method, label, times, region));
    }

    private Timing repeatAlone(String method, String label, int times, Region region) {
        requireActive(method);
        requireLabel(method, label);
        if (times < 1 || times > MAX_SAMPLES) {
            throw new IllegalArgumentException(method + ": times must be between 1 and " + MAX_SAMPLES + ", was " + times);
        }
        return naming(timingNote(method, label), () -> {
            warmUp(region, times, 1, label);
            for (int sampling = 0; ; sampling++) {
                SampleRecorder recorder = new SampleRecorder(times);
                AllocationCount allocation = new AllocationCount(recorder);
                TimedRegionEvent event = TimedRegionEvent.started();
                recorder.startCountingSwitches();
                long faults = PageFaults.minor();
                SamplingJit jit = SamplingJit.watch(compiledRegions.compilerWatch(), region);
                allocation.halves(times, n -> jit.time(region, context.reader(), n, 1, recorder, sink));
                faults = faulted(faults);
                recorder.stopCountingSwitches();
                if (sampleAgain(jit, faults, recorder.samples().size(), 1, sampling, "'" + label + "'")) {
                    continue;
                }
                java.util.Optional<String> compiled = jitRefusal(jit, recorder);
                Timing t = build(label, recorder, allocation, 1, null);
                t = checked(checked(t, SelfChecks.pageFaults(faults, t.kept(), 1)), compiled);
                t = checked(t, SelfChecks.twoModes(t, unit()));
                return keep(commit(event, t, recorder, 1));
            }
        });
    }

    @Override
    public Timing throughput(String label, int samples, Supplier<?> region) {
        return throughput("Probe.throughput", label, samples, Region.of(region));
    }

    @Override
    public Timing throughput(String label, int samples, LongSupplier region) {
        return throughput("Probe.throughput", label, samples, Region.of(region));
    }

    @Override
    public Timing throughput(String label, int samples, IntSupplier region) {
        return throughput("Probe.throughput", label, samples, Region.of(region));
    }

    @Override
    public Timing throughput(String label, int samples, DoubleSupplier region) {
        return throughput("Probe.throughput", label, samples, Region.of(region));
    }

    @Override
    public Timing throughput(String label, int samples, Runnable region) {
        return throughput("Probe.throughput", label, samples, Region.of(region));
    }

    /**
     * Warms the region up one call at a time, sizes its batch ({@link BatchSizing}), warms it at that
     * size, measures the floor of that batch size, then takes the samples. A region that throws
     * leaves nothing recorded: the timing is kept only once every sample has been taken.
     */
    private Timing throughput(String method, String label, int samples, Region shared) {
        return exclusively(method, () -> throughputAlone(method, label, samples, shared));
    }

    private Timing throughputAlone(String method, String label, int samples, Region shared) {
        requireActive(method);
        requireLabel(method, label);
        if (samples < 1 || samples > MAX_SAMPLES) {
            throw new IllegalArgumentException(method + "(\"" + label + "\"): samples must be between 1 and " + MAX_SAMPLES
                    + ", was " + samples);
        }
        // back to back as JMH runs a benchmark: the region inlined into a loop of its own, and the
        // floor that loop's with an empty region of the same shape inlined, warmed as regions are
        Region region = compiledRegions.inlined(shared);
        Region empty = compiledRegions.inlinedEmpty(shared.shape());
        String note = timingNote(method, label);
        ProbeWarmup[] settled = new ProbeWarmup[1];
        int k = naming(note, () -> {
            // in batches of two, not one: code compiled while the batch loop never looped is
            // thrown away (deoptimised) at the first longer batch, and the sizing would time that
            warmUp(region, samples, 2, label);
            int sized = sizing.callsPerSample(region);
            settled[0] = warmUp(region, samples, sized, label);
            // sized again once warm at that size: a region sized while its code was still being
            // compiled ran slower per call, and got too few calls per sample for the clock (seen here)
            int resized = sizing.callsPerSample(region, sized);
            if (resized != sized) {
                settled[0] = warmUp(region, samples, resized, label);
            }
            return resized;
        });
        // outside naming(): too many calls is the caller's mistake, not the region's
        requireCallsWithinBound(method, label, samples, k);
        warmUp(empty, samples, k, label, "the empty region of the floor of '" + label + "'");
        return naming(note, () -> {
            ProbeFloor batchFloor = sizing.floor(empty, k);
            SampleRecorder recorder;
            AllocationCount allocation;
            TimedRegionEvent event;
            long faults;
            long sampling;
            java.util.Optional<String> compiled;
            for (int attempt = 0; ; attempt++) {
                recorder = new SampleRecorder(samples);
                allocation = new AllocationCount(recorder);
                event = TimedRegionEvent.started();
                recorder.startCountingSwitches();
                faults = PageFaults.minor();
                SamplingJit jit = SamplingJit.watch(compiledRegions.compilerWatch(), region);
                SampleRecorder into = recorder;
                sampling = System.nanoTime();
                allocation.halves(samples, n -> k * jit.time(region, context.reader(), n, k, into, sink));
                sampling = System.nanoTime() - sampling;
                faults = faulted(faults);
                recorder.stopCountingSwitches();
                compiled = jitRefusal(jit, recorder);
                if (!sampleAgain(jit, faults, recorder.samples().size(), k, attempt, "'" + label + "'")) {
                    break;
                }
            }
            Timing t = build(label, recorder, allocation, k, batchFloor);
            t = checked(checked(t, SelfChecks.pageFaults(faults, t.kept(), k)), compiled);
            t = checked(t, SelfChecks.twoModes(t, unit()));
            t = checked(t, SelfChecks.slowerThanWarmedUp(t, recorder, settled[0], unit()));
            if ((long) 2 * k <= BatchSizing.MAX_CALLS_PER_SAMPLE) {
                t = checked(t, SelfChecks.resizedDiffers(t, calls -> sizing.pilotPerCallWithoutFaults(region, calls), unit()));
            }
            if (t.isResolved()) {
                // the same calls without the region's own loop, right after: one call between the fenced
                // reads, or the smallest batch through the shared loop that the clock resolves
                int[] aloneCalls = new int[1];
                // warmed for an eighth of the sampling's time first: cold, the calls alone read slow
                // and hid a figure 3x too high (1,142 ns against 351 ns warm, commons-lang3 join)
                double alone = sizing.aloneNet(shared, aloneCalls, sampling / 8);
                t = checked(t, SelfChecks.backToBackAboveAlone(t, t.net().p50(), alone, aloneCalls[0], unit()));
            }
            return keep(commit(event, t, recorder, k));
        });
    }

    private static void requireCallsWithinBound(String method, String label, int samples, int k) {
        if ((long) k * samples > MAX_CALLS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
                    "%s(\"%s\"): %d samples of %d calls each (the batch the clock needs for this region) would run %d calls,"
                            + " more than the bound of %d; ask for at most %d samples", method, label, samples, k,
                    (long) k * samples, MAX_CALLS, MAX_CALLS / k));
        }
    }

    /**
     * Runs {@code action}, which runs a region; whatever the region throws propagates unchanged (an
     * assertion error stays one), with {@code note} added: which timing it interrupted, of which
     * nothing was kept.
     */
    private static <T> T naming(String note, Supplier<T> action) {
        try {
            return action.get();
        } catch (RuntimeException e) {
            e.addSuppressed(new RegionFailure(note));
            throw e;
        } catch (Error e) {
            throw noted(e, new RegionFailure(note));
        }
    }

    /**
     * {@code e} with {@code note} suppressed in it. The VM builds a {@code StackOverflowError} (and a
     * preallocated {@code OutOfMemoryError}) without running its constructor, so it takes no
     * suppressed exception; it is then replaced by one of the same class, message and stack trace
     * that does.
     */
    static Error noted(Error e, RegionFailure note) {
        e.addSuppressed(note);
        if (java.util.Arrays.asList(e.getSuppressed()).contains(note)) {
            return e;
        }
        Error copy = e instanceof StackOverflowError ? new StackOverflowError(e.getMessage())
                : e instanceof OutOfMemoryError ? new OutOfMemoryError(e.getMessage()) : null;
        if (copy == null) {
            return e;
        }
        copy.setStackTrace(e.getStackTrace());
        copy.addSuppressed(note);
        return copy;
    }

    private static String timingNote(String method, String label) {
        return method + "(\"" + label + "\"): the region threw while being timed; nothing of this timing was recorded";
    }

    /** The note a region's exception carries: where it was thrown. No stack trace: the exception's own says where. */
    static final class RegionFailure extends RuntimeException {
        RegionFailure(String message) {
            super(message, null, false, false);
        }
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

    /** As {@link #repeat(String, String, int, Region)}, until {@code budget} has passed or {@link #MAX_SAMPLES} samples. */
    private Timing repeatFor(String label, Duration budget, Region region) {
        return exclusively("Probe.repeatFor", () -> repeatForAlone(label, budget, region));
    }

    private Timing repeatForAlone(String label, Duration budget, Region region) {
        String method = "Probe.repeatFor";
        requireActive(method);
        requireLabel(method, label);
        Objects.requireNonNull(budget, "budget");
        if (budget.isNegative() || budget.isZero() || budget.compareTo(MAX_BUDGET) > 0) {
            throw new IllegalArgumentException(method + ": budget must be positive and at most " + MAX_BUDGET
                    + " (it stops at " + MAX_SAMPLES + " samples anyway), was " + budget);
        }
        return naming(timingNote(method, label), () -> {
            warmUp(region, 10_000, 1, label);
            SampleRecorder recorder = new SampleRecorder(1 << 16);
            AllocationCount allocation = new AllocationCount(recorder);
            TimedRegionEvent event = TimedRegionEvent.started();
            // two halves of the budget, so that the allocation of each half can be told apart
            long half = budget.toNanos() / 2;
            recorder.startCountingSwitches();
            allocation.open();
            long first = region.time(context.reader(), MAX_SAMPLES / 2, 1, half, recorder, sink);
            allocation.close(0, first);
            allocation.open();
            allocation.close(1, region.time(context.reader(), MAX_SAMPLES - first, 1, budget.toNanos() - half, recorder, sink));
            recorder.stopCountingSwitches();
            return keep(commit(event, build(label, recorder, allocation, 1, null), recorder, 1));
        });
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

    @Override
    public Comparison compare(String firstLabel, Supplier<?> first, String secondLabel, Supplier<?> second, int times) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, LongSupplier first, String secondLabel, LongSupplier second, int times) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, IntSupplier first, String secondLabel, IntSupplier second, int times) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, DoubleSupplier first, String secondLabel, DoubleSupplier second, int times) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, Runnable first, String secondLabel, Runnable second, int times) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, LongSupplier first, String secondLabel, Supplier<?> second, int times) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, Supplier<?> first, String secondLabel, LongSupplier second, int times) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, DoubleSupplier first, String secondLabel, Supplier<?> second, int times) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    @Override
    public Comparison compare(String firstLabel, Supplier<?> first, String secondLabel, DoubleSupplier second, int times) {
        return compare(firstLabel, Region.of(first), secondLabel, Region.of(second), times);
    }

    /**
     * Both regions warmed up, then timed in block pairs: each pair runs a block of each region back
     * to back, the order drawn from the seed; see {@link Comparisons}. When the clock does not
     * resolve one call of either region alone, both are timed per call in batches of the same size
     * (the larger of the two regions' {@link BatchSizing}), so that the claim compares like with like.
     */
    private Comparison compare(String firstLabel, Region first, String secondLabel, Region second, int times) {
        return exclusively("Probe.compare", () -> compareAlone(firstLabel, first, secondLabel, second, times));
    }

    private Comparison compareAlone(String firstLabel, Region first, String secondLabel, Region second, int times) {
        String method = "Probe.compare";
        requireActive(method);
        requireLabel(method, firstLabel);
        requireLabel(method, secondLabel);
        if (times < 1 || times > MAX_SAMPLES) {
            throw new IllegalArgumentException(method + ": times must be between 1 and " + MAX_SAMPLES + ", was " + times);
        }
        long seed = context.assertions().seed();
        int blockSize = Comparisons.blockSize(times);
        int pairs = Comparisons.blockPairs(times, blockSize);
        ComparedRegion a = new ComparedRegion("first", first, firstLabel, secondLabel);
        ComparedRegion b = new ComparedRegion("second", second, firstLabel, secondLabel);
        a.warmUp(times, 1);
        b.warmUp(times, 1);
        // a clock too coarse for any batch of reasonable length is left to decide (inconclusive) as before
        boolean batchable = sizing.canResolveByBatching();
        String firstAlone = batchable ? a.unresolvedAlone() : null;
        String secondAlone = batchable && firstAlone == null ? b.unresolvedAlone() : null;
        int k = 1;
        ProbeFloor batchFloor = null;
        String batching = null;
        if (firstAlone != null || secondAlone != null) {
            // per call back to back as throughput times a region: each inlined into a loop of its
            // own (warmed in batches of two, as there), the floor that loop's with an empty region
            a.inline();
            b.inline();
            Region empty = compiledRegions.inlinedEmpty(first.shape());
            a.warmUp(times, 2);
            b.warmUp(times, 2);
            k = Math.max(a.callsPerSample(), b.callsPerSample());
            a.warmUp(times, k);
            b.warmUp(times, k);
            // sized again once warm at that size, as throughput does
            int resized = Math.max(a.callsPerSample(k), b.callsPerSample(k));
            if (resized != k) {
                k = resized;
                a.warmUp(times, k);
                b.warmUp(times, k);
            }
            requireCallsWithinBound(method, firstLabel + "\" vs \"" + secondLabel, times, k);
            warmUp(empty, times, k, firstLabel, "the empty region of the floor of '" + firstLabel + "' vs '" + secondLabel + "'");
            batchFloor = sizing.floor(empty, k);
            batching = String.format(java.util.Locale.ROOT, "%s: both regions per call, %d calls back to back in each sample,"
                    + " because the clock does not resolve one call of '%s' alone (%s)", TimingMode.THROUGHPUT.key(), k,
                    firstAlone != null ? firstLabel : secondLabel, firstAlone != null ? firstAlone : secondAlone);
        }
        SampleRecorder ra;
        SampleRecorder rb;
        int[] endsA;
        int[] endsB;
        AllocationCount allocationA;
        AllocationCount allocationB;
        TimedRegionEvent eventA;
        TimedRegionEvent eventB;
        long faults;
        java.util.Optional<String> compiledA;
        java.util.Optional<String> compiledB;
        for (int attempt = 0; ; attempt++) {
            ra = new SampleRecorder(times);
            rb = new SampleRecorder(times);
            endsA = new int[pairs];
            endsB = new int[pairs];
            SplittableRandom order = new SplittableRandom(seed);
            allocationA = new AllocationCount(ra);
            allocationB = new AllocationCount(rb);
            eventA = TimedRegionEvent.started();
            eventB = TimedRegionEvent.started();
            a.startSampling();
            b.startSampling();
            // read around all the blocks, not each: a read costs ~12 µs here, and a comparison has up to 200 blocks
            faults = PageFaults.minor();
            for (int j = 0; j < pairs; j++) {
                int n = Math.min(blockSize, times - j * blockSize);
                int half = j < pairs / 2 ? 0 : 1;
                if (order.nextBoolean()) {
                    a.block(n, k, ra, allocationA, half);
                    b.block(n, k, rb, allocationB, half);
                } else {
                    b.block(n, k, rb, allocationB, half);
                    a.block(n, k, ra, allocationA, half);
                }
                endsA[j] = ra.samples().size();
                endsB[j] = rb.samples().size();
            }
            faults = faulted(faults);
            compiledA = jitRefusal(a.jit, ra);
            compiledB = jitRefusal(b.jit, rb);
            // both sides again when either's code was compiled: the pairs are what the ratio stands on
            boolean firstMoved = a.jit.sampleAgainReason().isPresent();
            String what = "'" + (firstMoved ? firstLabel : secondLabel) + "' (compared with '"
                    + (firstMoved ? secondLabel : firstLabel) + "')";
            if (!sampleAgain(firstMoved ? a.jit : b.jit, faults, (long) ra.samples().size() + rb.samples().size(), k, attempt,
                    what)) {
                break;
            }
        }
        long sampled = ra.samples().size() + rb.samples().size();
        Timing ta = build(firstLabel, ra, allocationA, k, batchFloor);
        ta = commit(eventA, checked(checked(checked(ta, SelfChecks.pageFaults(faults, sampled, k)), compiledA),
                SelfChecks.twoModes(ta, unit())), ra, k);
        Timing tb = build(secondLabel, rb, allocationB, k, batchFloor);
        tb = commit(eventB, checked(checked(checked(tb, SelfChecks.pageFaults(faults, sampled, k)), compiledB),
                SelfChecks.twoModes(tb, unit())), rb, k);
        Comparison comparison = Comparisons.of(ta, tb, ra.samples().toArray(), endsA, rb.samples().toArray(), endsB,
                blockSize, seed, batching);
        // both timings and the comparison, or none: a comparison that did not finish leaves nothing in the record
        keep(ta);
        keep(tb);
        comparisons.add(comparison);
        return comparison;
    }

    /**
     * One region of a comparison, run only through these methods: whatever it throws propagates with
     * a note naming the region (first or second, and its label) and saying that nothing of the
     * comparison was recorded.
     */
    private final class ComparedRegion {
        private Region region;
        /** Sees this region's code compiled during its blocks; set when sampling begins. */
        SamplingJit jit;

        /** Sampling begins: from now on, compilations of this region's code are the self-check's evidence. */
        void startSampling() {
            jit = SamplingJit.watch(compiledRegions.compilerWatch(), region);
        }
        private final String note;

        private final String label;

        ComparedRegion(String which, Region region, String firstLabel, String secondLabel) {
            this.region = region;
            this.label = which.equals("first") ? firstLabel : secondLabel;
            this.note = String.format(java.util.Locale.ROOT, "Probe.compare(\"%s\" vs \"%s\"): the %s region, \"%s\", threw"
                    + " while being timed; nothing of this comparison was recorded", firstLabel, secondLabel, which,
                    which.equals("first") ? firstLabel : secondLabel);
        }

        /** From now on timed inlined into a loop of its own, as {@code throughput} times a region. */
        void inline() {
            region = compiledRegions.inlined(region);
        }

        void warmUp(int times, int calls) {
            naming(note, () -> {
                MeasuringProbe.this.warmUp(region, times, calls, label);
                return null;
            });
        }

        String unresolvedAlone() {
            return naming(note, () -> sizing.unresolvedAlone(region));
        }

        int callsPerSample() {
            return naming(note, () -> sizing.callsPerSample(region));
        }

        int callsPerSample(int from) {
            return naming(note, () -> sizing.callsPerSample(region, from));
        }

        /** One block: {@code n} samples of {@code k} calls, their allocation counted in {@code half}. */
        void block(int n, int k, SampleRecorder recorder, AllocationCount allocation, int half) {
            naming(note, () -> {
                recorder.startCountingSwitches();
                allocation.open();
                allocation.close(half, k * jit.time(region, context.reader(), n, k, recorder, sink));
                recorder.stopCountingSwitches();
                return null;
            });
        }
    }

    /**
     * The timing of a region — latency, or throughput of {@code k} calls per sample net of
     * {@code batchFloor} — with its allocation per call, before its self-checks.
     */
    private Timing build(String label, SampleRecorder recorder, AllocationCount allocation, int k, ProbeFloor batchFloor) {
        long calls = calls(recorder, k);
        Allocation counted = allocation.result(loopBytesPerCall);
        String unknown = AllocationCount.unknownReason(calls);
        return batchFloor == null ? Timings.build(label, recorder, context, counted, unknown)
                : Timings.buildThroughput(label, recorder, context, k, batchFloor, counted, unknown);
    }

    private static long calls(SampleRecorder recorder, int k) {
        return (long) k * (recorder.samples().size() + recorder.droppedMigration() + recorder.droppedNegative());
    }

    /** Commits {@code timing}, as its self-checks left it, as a JFR event when one is recorded. */
    private Timing commit(TimedRegionEvent event, Timing timing, SampleRecorder recorder, int k) {
        event.commit(testName, timing, calls(recorder, k));
        return timing;
    }

    /** {@code timing}, refused when a self-check found a reason. */
    private static Timing checked(Timing timing, java.util.Optional<String> refusal) {
        return refusal.map(timing::refused).orElse(timing);
    }

    /**
     * The JIT self-check's refusal, where region warm-ups run: with them off
     * ({@code chronoscope.region.warmup.budget=0}) a timing is of whatever code runs, compiled or
     * not, as asked.
     */
    private java.util.Optional<String> jitRefusal(SamplingJit jit, SampleRecorder recorder) {
        return regionWarmupBudgetNanos > 0 ? jit.refusal(recorder.samples()) : java.util.Optional.empty();
    }

    /** Samplings discarded at most, per timing, because HotSpot compiled the timed code while they were taken. */
    static final int MAX_SAMPLINGS_DISCARDED = 2;

    /**
     * Whether to take the samples again, fewer than {@link #MAX_SAMPLINGS_DISCARDED} samplings having
     * been discarded:
     * <ul>
     *   <li>the JIT worked while they were taken ({@link SamplingJit#sampleAgainReason}): the
     *       compilation has finished by now, so the next sampling runs the code the region settles
     *       at; refusing instead aborted a tutorial's claim now and then (a compilation late in the
     *       samples of a 5.8 µs region, whose median it did not move). Off where region warm-ups are
     *       off, as the JIT self-check is;</li>
     *   <li>the kernel handed the thread fresh pages often enough for the page-fault self-check to
     *       refuse the figure: the young generation is cycled first ({@link YoungGeneration}), so an
     *       allocating region's next samples fill memory already touched.</li>
     * </ul>
     * Each discarded sampling is said in the test's record, naming {@code what}.
     */
    private boolean sampleAgain(SamplingJit jit, long faults, long samples, int k, int discarded, String what) {
        if (discarded >= MAX_SAMPLINGS_DISCARDED) {
            return false;
        }
        java.util.Optional<String> why = regionWarmupBudgetNanos > 0 ? jit.sampleAgainReason() : java.util.Optional.empty();
        if (why.isEmpty() && SelfChecks.pageFaults(faults, samples, k).isPresent()) {
            YoungGeneration.Cycled cycled = YoungGeneration.cycle(sink, YOUNG_GENERATION_BUDGET_NANOS);
            why = java.util.Optional.of(String.format(java.util.Locale.ROOT, "the kernel handed the thread %d fresh pages while its"
                    + " samples were taken (memory touched for the first time, as by allocation into a heap not used yet); Chronoscope %s"
                    + " before sampling again", faults, cycled.describe()));
        }
        if (why.isEmpty()) {
            return false;
        }
        warmupWarnings.put(what + " sampled again", String.format(java.util.Locale.ROOT,
                "%s was sampled again (%d of at most %d times): %s, and those samples were discarded", what, discarded + 1,
                MAX_SAMPLINGS_DISCARDED, why.get()));
        return true;
    }

    /** The longest a cycle of the young generation may take before an allocating region is sampled again. */
    static final long YOUNG_GENERATION_BUDGET_NANOS = 2_000_000_000L;

    /** The page faults since {@code before} ({@link PageFaults#minor()}); -1 when either reading failed. */
    private static long faulted(long before) {
        long now = PageFaults.minor();
        return before < 0 || now < 0 ? -1 : now - before;
    }

    private String unit() {
        return context.reader().countsTicks() ? "ticks" : "ns";
    }

    /**
     * Warm-up rounds of a tenth of the requested samples (between 10 and 10,000), each of
     * {@code calls} calls. A warm-up that does not settle within its budget is said, once per
     * label, in the test's record ({@link #warmupWarnings()}): the region may have been timed while
     * the JIT still compiled it.
     */
    private ProbeWarmup warmUp(Region region, int times, int calls, String label) {
        return warmUp(region, times, calls, label, "'" + label + "'");
    }

    /**
     * As {@link #warmUp(Region, int, int, String)}, {@code what} naming the region in the warning;
     * the warm-up, null when region warm-ups are off.
     */
    private ProbeWarmup warmUp(Region region, int times, int calls, String label, String what) {
        ProbeWarmup w = null;
        if (regionWarmupBudgetNanos > 0) {
            int roundSize = Math.max(10, Math.min(10_000, times / 10));
            // a batch warm-up round lasts calls times longer: fewer samples per round keep it within its budget
            w = ProbeWarmup.warm(context.reader(), region, regionWarmupBudgetNanos,
                    calls == 1 ? roundSize : Math.max(10, Math.min(roundSize, 1_000)), calls, compiledRegions);
            if (!w.converged()) {
                String unit = context.reader().countsTicks() ? "ticks" : "ns";
                warmupWarnings.putIfAbsent(what, String.format(java.util.Locale.ROOT,
                        "the warm-up of %s (%s) did not settle within the region warm-up budget of %.0f ms: %d rounds, round"
                                + " medians from %d to %d %s; it may have been timed while the JIT was still compiling it"
                                + " (raise chronoscope.region.warmup.budget)", what,
                        calls == 1 ? "one call per sample" : calls + " calls per sample", regionWarmupBudgetNanos / 1e6,
                        w.rounds(), w.medians().isEmpty() ? 0 : w.medians().get(0), w.finalMedian(), unit));
            }
        }
        return w;
    }

    /** One warning per label whose region warm-up did not settle within its budget, in the order they happened. */
    public List<String> warmupWarnings() {
        return List.copyOf(warmupWarnings.values());
    }

    private Timing keep(Timing timing) {
        timings.add(timing);
        return timing;
    }

    @Override
    public long begin() {
        requireActive("Probe.begin");
        requireUnused("Probe.begin");
        if (explicitOpen) {
            throw new IllegalStateException("Probe.begin() called again before end(): one explicit region may be open at a time");
        }
        explicitOpen = true;
        if (explicitEvent == null) {
            explicitEvent = TimedRegionEvent.started();
        }
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
        requireUnused("Probe.end");
        if (!explicitOpen) {
            throw new IllegalStateException("Probe.end() called without a matching begin()");
        }
        if (begin != explicitBegin) {
            throw new IllegalArgumentException("Probe.end(" + begin + "): expected the value the matching begin() returned ("
                    + explicitBegin + "); the region stays open");
        }
        explicitOpen = false;
        explicitEvent.end();
        explicit.record(begin, t, explicitBeginCpu, reader.endCpu());
        return t - begin;
    }

    @Override
    public Timing recorded() {
        return Timings.build("explicit begin/end", explicit, context);
    }

    /**
     * The explicit regions' timing for the test's record, committed as one JFR event spanning the
     * first {@code begin()} to the last {@code end()}.
     */
    public Timing recordedForTheRecord() {
        Timing timing = recorded();
        if (explicitEvent != null) {
            explicitEvent.commitEnded(testName, timing, explicit.samples().size() + explicit.droppedMigration()
                    + explicit.droppedNegative());
            explicitEvent = null;
        }
        return timing;
    }

    /** True when explicit regions were recorded, so the report includes them. */
    public boolean hasExplicitSamples() {
        return explicit.samples().size() > 0 || explicit.dropped() > 0;
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
