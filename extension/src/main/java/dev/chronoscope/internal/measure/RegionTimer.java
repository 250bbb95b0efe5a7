package dev.chronoscope.internal.measure;

import dev.chronoscope.Allocation;
import dev.chronoscope.CoreSpeedState;
import dev.chronoscope.Probe;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.measure.check.Evidence;
import dev.chronoscope.internal.measure.check.JitSeen;
import dev.chronoscope.internal.measure.check.SelfCheckPlan;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * What every way of measuring a region shares, for one probe: the test's context and settings, the
 * sink, the batch sizing, the region warm-up and the warnings it leaves, the sampling with its
 * re-sampling when the JIT compiled the timed code meanwhile, and a timing's build, self-checks and
 * JFR event. Mutable: one per probe, on its test's thread.
 */
final class RegionTimer {

    /**
     * Samplings discarded at most per timing, whatever the reason (the JIT compiled the timed code,
     * page faults, a slowdown or two modes): at most three samplings in all.
     */
    static final int MAX_SAMPLINGS_DISCARDED = 2;

    /** One timing's resampling budget ({@link #MAX_SAMPLINGS_DISCARDED}), shared by every reason to sample again. */
    static final class Resampling {
        private int discarded;

        boolean spent() {
            return discarded >= MAX_SAMPLINGS_DISCARDED;
        }
    }

    private final Timings.Context context;
    /** The test this probe times regions for, named in its JFR events; empty outside a test. */
    private final String testName;
    /**
     * What the timing loop itself allocates per call with empty regions, subtracted from every
     * region's count: counted during the floor's run, which is that loop (0 on HotSpot).
     */
    private final double loopBytesPerCall;
    private final long regionWarmupBudgetNanos;
    /** The JVM's memory of region classes already compiled: their warm-up need not wait for the JIT again. */
    private final CompiledRegions compiledRegions;
    /** The JVM's core-speed reference, read around batched samples; empty: not read. */
    private final Optional<CoreSpeedReference> coreSpeed;
    private final Sink sink = new Sink();
    private final FirstCalls firstCalls = new FirstCalls(sink);
    private final BatchSizing sizing;
    private final Deferred warmupWarnings = new Deferred();
    /** What the region is run for now, named in the note of an exception it throws ({@link RegionFailure}). */
    private RegionFailure.Phase phase = RegionFailure.Phase.WARM_UP;

    RegionTimer(Timings.Context context, ProbeSettings settings) {
        this.compiledRegions = settings.compiledRegions();
        this.coreSpeed = settings.coreSpeed();
        this.testName = settings.testName();
        this.loopBytesPerCall = settings.loopBytesPerCall();
        this.context = Objects.requireNonNull(context, "context");
        this.regionWarmupBudgetNanos = settings.regionWarmupBudgetNanos();
        this.sizing = new BatchSizing(context, sink, settings.floorSamples(), settings.floorBudgetNanos());
    }

    Timings.Context context() {
        return context;
    }

    BatchSizing sizing() {
        return sizing;
    }

    CompiledRegions compiledRegions() {
        return compiledRegions;
    }

    /** The core's speed now, in ns per multiply-add ({@link CoreSpeedReference}); empty where this probe reads none. */
    OptionalDouble coreSpeedNow() {
        return coreSpeed.isPresent() ? OptionalDouble.of(coreSpeed.get().quickNanosPerStep()) : OptionalDouble.empty();
    }

    /**
     * The core's speed around samples taken since it read {@code before} ({@link #coreSpeedNow}):
     * read again right after them, against the JVM's reference state; a fact recorded beside the figure.
     */
    CoreSpeedState coreSpeedAround(OptionalDouble before) {
        return coreSpeed.isEmpty() || before.isEmpty() || !Double.isFinite(before.getAsDouble()) ? CoreSpeedState.UNREAD
                : coreSpeed.get().around(before.getAsDouble());
    }

    /** From now on the region is run for {@code now}: the note of an exception it throws names it. */
    void phase(RegionFailure.Phase now) {
        phase = now;
    }

    /** What the region is run for now ({@link #phase(RegionFailure.Phase)}). */
    RegionFailure.Phase phase() {
        return phase;
    }

    /** The unit of the clock's readings, as messages name it. */
    String unit() {
        return context.unit().symbol();
    }

    /**
     * Heap a sample of one region needs while its timing is built: its {@code int} in the list and in the sorted copy.
     */
    static final int SAMPLE_HEAP_BYTES = 8;
    /**
     * Heap a comparison needs per sample asked: both regions' lists and sorted copies, their samples
     * in acquisition order as {@code long}s, and room for the interval's resamples as much again.
     */
    static final int COMPARED_SAMPLE_HEAP_BYTES = 4 * SAMPLE_HEAP_BYTES + 2 * 8;

    /**
     * {@code samples} samples asked of {@code method}: between 1 and {@link Probe#MAX_SAMPLES}, and
     * room for them in the heap ({@link Samples#heapShortfall}), each needing {@code heapBytes}.
     */
    static void requireSamples(String method, int samples, int heapBytes) {
        if (samples < 1 || samples > Probe.MAX_SAMPLES) {
            throw new IllegalArgumentException(method + ": times must be between 1 and " + Probe.MAX_SAMPLES + ", was "
                    + samples);
        }
        Samples.heapShortfall(samples, heapBytes).ifPresent(why -> {
            throw new IllegalArgumentException(method + ": " + why);
        });
    }

    /** {@code samples} of {@code callsPerSample} calls within {@link Probe#MAX_CALLS}: more is the caller's mistake. */
    static void requireCallsWithinBound(String method, String label, int samples, int callsPerSample) {
        if ((long) callsPerSample * samples > Probe.MAX_CALLS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s(\"%s\"): %d samples of %d calls each (the batch the clock needs for this region) would run %d "
                            + "calls,"
                            + " more than the bound of %d; ask for at most %d samples", method, label, samples,
                    callsPerSample, (long) callsPerSample * samples, Probe.MAX_CALLS,
                    Probe.MAX_CALLS / callsPerSample));
        }
    }

    /**
     * Warm-up rounds of a tenth of the requested samples (between 10 and 10,000), each of
     * {@code callsPerSample} calls. A warm-up that does not settle within its budget is said, once per
     * label, in the test's record ({@link #warmupWarnings()}): the region may have been timed while
     * the JIT still compiled it.
     */
    ProbeWarmup warmUp(Region region, int samples, int callsPerSample, String label) {
        if (regionWarmupBudgetNanos > 0) {
            phase = RegionFailure.Phase.FIRST_CALLS;
            firstCalls.count(region);
        }
        phase = RegionFailure.Phase.WARM_UP;
        return warmUpAs(region, samples, callsPerSample, "'" + label + "'");
    }

    /** A count of {@code region}'s allocation while it is timed, with what its first calls allocated. */
    AllocationCount allocationCount(Region region, SampleRecorder recorder) {
        return new AllocationCount(recorder, firstCalls.of(region));
    }

    /**
     * As {@link #warmUp(Region, int, int, String)}, {@code what} naming the region in the warning;
     * the warm-up, {@link ProbeWarmup#NONE} when region warm-ups are off.
     */
    private ProbeWarmup warmUpAs(Region region, int samples, int callsPerSample, String what) {
        if (regionWarmupBudgetNanos <= 0) {
            return ProbeWarmup.NONE;
        }
        int roundSize = Math.max(10, Math.min(10_000, samples / 10));
        // a batch warm-up round lasts calls times longer: fewer samples per round keep it within its budget
        int fitted = fittedRoundSize(callsPerSample == 1 ? roundSize : Math.max(10, Math.min(roundSize, 1_000)),
                callsPerSample, firstCalls.of(region).nanosPerCall());
        ProbeWarmup w = new Warmer(context.reader(), compiledRegions.compilerWatch()).region(region,
                regionWarmupBudgetNanos, fitted, callsPerSample, compiledRegions);
        if (!w.settled()) {
            warmupWarnings.putIfAbsent(what, () -> String.format(Locale.ROOT,
                    "the warm-up of %s (%s) did not settle within the region warm-up budget of %.0f ms (twice it"
                            + " while the JIT compiled): %d rounds, round"
                            + " medians from %d to %d %s; it may have been timed while the JIT was still compiling it"
                            + " (raise chronoscope.region.warmup.budget)", what,
                    callsPerSample == 1 ? "one call per sample" : callsPerSample + " calls per sample",
                    regionWarmupBudgetNanos / 1e6, w.rounds(), w.medians().isEmpty() ? 0 : w.medians().get(0),
                    w.settledLevel(), unit()));
        }
        return w;
    }

    /**
     * The samples per warm-up round of a region whose first calls took {@code firstNanosPerCall}
     * each (NaN: not counted): {@code size}, or fewer where rounds of that size would not fit the
     * rounds a warm-up needs to settle ({@link WarmupRule#MIN_ROUNDS}) in half the budget — a slow
     * region's rounds of ten samples lasted longer than its whole budget, which then ran out
     * unsettled twice over. At least one sample; first calls are never faster than settled ones.
     */
    int fittedRoundSize(int size, int callsPerSample, double firstNanosPerCall) {
        if (!(firstNanosPerCall > 0)) {
            return size;
        }
        double roundNanos = regionWarmupBudgetNanos / (2.0 * WarmupRule.MIN_ROUNDS);
        return (int) Math.max(1, Math.min(size, (long) (roundNanos / (firstNanosPerCall * callsPerSample))));
    }

    /**
     * {@code timing} with {@code warmup} said not to have settled, where it did not within its budget
     * ({@link ProbeWarmup#NONE}: warm-ups off, nothing to say): its samples may have run lower-tier
     * code, which claims consult.
     */
    Timing withWarmup(Timing timing, ProbeWarmup warmup) {
        if (!warmup.ran() || warmup.settled()) {
            return timing;
        }
        return timing.withUnsettledWarmup(String.format(Locale.ROOT,
                "its warm-up did not settle within the region warm-up"
                        + " budget of %.0f ms (%d rounds, round medians from %d to %d %s per sample)",
                regionWarmupBudgetNanos / 1e6, warmup.rounds(),
                warmup.medians().isEmpty() ? 0 : warmup.medians().get(0), warmup.settledLevel(), unit()));
    }

    /**
     * Throughput at {@code callsPerSample} calls per sample, net of the floor of a batch of as many
     * calls of {@code empty}, an inlined empty region, warmed up as regions are ({@code what} naming it
     * in a warning) and measured right before the samples it is subtracted from.
     */
    SamplingMode.Throughput throughput(Region empty, int samples, int callsPerSample, String what) {
        warmUpAs(empty, samples, callsPerSample, what);
        return new SamplingMode.Throughput(callsPerSample, sizing.floor(empty, callsPerSample), empty);
    }

    /** Says {@code why} in the test's record, once per {@code key}: something a self-check found and let stand. */
    void note(String key, String why) {
        warmupWarnings.putIfAbsent(key, () -> why);
    }

    /** One warning per label whose region warm-up did not settle within its budget, in the order they happened. */
    List<String> warmupWarnings() {
        return warmupWarnings.texts();
    }

    /** A watch over {@code region}'s code while its samples are taken, for the JIT self-check. */
    SamplingJit watchJit(Region region) {
        return SamplingJit.watch(compiledRegions.compilerWatch(), region);
    }

    /** {@code samples} samples of {@code callsPerSample} calls of {@code region}, {@code jit} watching: the calls. */
    long time(SamplingJit jit, Region region, long samples, int callsPerSample, SampleRecorder recorder) {
        return callsPerSample * jit.time(region, context.reader(), samples, callsPerSample, recorder, sink);
    }

    /**
     * Single calls of {@code region}, at most {@code count}, until {@code budgetNanos} have passed, {@code jit}
     * watching: the samples taken.
     */
    long timeFor(SamplingJit jit, Region region, long count, long budgetNanos, SampleRecorder recorder) {
        phase = RegionFailure.Phase.SAMPLING;
        return jit.timeFor(region, context.reader(), count, budgetNanos, recorder, sink);
    }

    /**
     * One sampling of a region, kept: its samples, their allocation, the JFR event spanning them, the
     * thread's page faults meanwhile (-1 unread), what the JIT watch saw (empty: not read), how long it
     * took, and the CPU time the JVM's other threads used in each half, and this thread's waits.
     */
    record Sampled(SampleRecorder recorder, AllocationCount allocation, TimedRegionEvent event, long faults,
                   Optional<JitSeen> jit, long nanos, ThreadCpu.Parts threads) {

        /** What the self-checks read of this sampling of {@code k} calls per sample, figures in {@code unit}. */
        Evidence evidence(int k, String unit) {
            return SamplingEvidence.of(faults, recorder.samples().size(), k, jit, threads.parts(), unit);
        }
    }

    /**
     * {@code samples} samples of {@code callsPerSample} calls of {@code region}, in two halves whose allocation is
     * counted apart; taken again while HotSpot compiled the timed code meanwhile ({@link #sampleAgain},
     * {@code what} naming the region).
     */
    Sampled sample(Region region, int samples, int callsPerSample, String what, Resampling budget) {
        phase = RegionFailure.Phase.SAMPLING;
        while (true) {
            SampleRecorder recorder = new SampleRecorder(samples);
            AllocationCount allocation = allocationCount(region, recorder);
            TimedRegionEvent event = TimedRegionEvent.started();
            recorder.startCountingSwitches();
            long faults = PageFaults.minor();
            SamplingJit jit = watchJit(region);
            ThreadCpu.Parts threads = new ThreadCpu.Parts();
            long start = System.nanoTime();
            // the other threads read at each half's start, outside the allocation counts
            allocation.halves(samples, n -> time(jit, region, n, callsPerSample, recorder), threads::mark);
            threads.mark();
            long nanos = System.nanoTime() - start;
            faults = faulted(faults);
            recorder.stopCountingSwitches();
            if (!sampleAgain(jit, faults, recorder.samples().size(), callsPerSample, threads.parts(), budget, what)) {
                return new Sampled(recorder, allocation, event, faults, jitSeen(jit, recorder), nanos, threads);
            }
        }
    }

    /** The timing of a sampling in {@code mode}, with its allocation per call, before its self-checks. */
    Timing timing(String label, Sampled sampled, SamplingMode mode) {
        return build(label, sampled.recorder(), sampled.allocation(), mode);
    }

    /** The timing of a region in {@code mode}, with its allocation per call, before its self-checks. */
    Timing build(String label, SampleRecorder recorder, AllocationCount allocation, SamplingMode mode) {
        int callsPerSample = mode.callsPerSample();
        Allocation counted = allocation.result(loopBytesPerCall, context.nanosPerUnit(), callsPerSample);
        String unknown = AllocationCount.unknownReason(calls(recorder, callsPerSample));
        return Timings.build(label, recorder, context, mode, counted, unknown);
    }

    private static long calls(SampleRecorder recorder, int callsPerSample) {
        long taken = (long) recorder.samples().size() + recorder.droppedMigration() + recorder.droppedNegative();
        return callsPerSample * taken;
    }

    /** Commits {@code timing}, as its self-checks left it, as a JFR event when one is recorded. */
    Timing commit(TimedRegionEvent event, Timing timing, SampleRecorder recorder, int callsPerSample) {
        event.commit(testName, timing, calls(recorder, callsPerSample));
        return timing;
    }

    /**
     * What {@code jit} saw, for the JIT self-check, where region warm-ups run: with them off a timing is of any code.
     */
    Optional<JitSeen> jitSeen(SamplingJit jit, SampleRecorder recorder) {
        return regionWarmupBudgetNanos > 0 ? Optional.of(jit.seen(recorder.samples())) : Optional.empty();
    }

    /**
     * Whether to take the samples again, fewer than {@link #MAX_SAMPLINGS_DISCARDED} samplings having
     * been discarded, where one of the checks a sampling taken again may cure ({@link SelfCheckPlan#SAMPLE_AGAIN})
     * found something: the JIT worked while they were taken, the kernel handed the thread fresh pages ({@code faults}
     * in {@code samples} samples of {@code k} calls; the young generation is cycled first, {@link YoungGeneration}),
     * or other threads of the JVM worked beside them. Never where region warm-ups are off: then the region runs
     * exactly as many times as asked.
     * Each discarded sampling is said in the test's record, naming {@code what}.
     */
    boolean sampleAgain(SamplingJit jit, long faults, long samples, int k, List<ThreadCpu.Part> threads,
            Resampling budget,
                        String what) {
        // with region warm-ups off the region runs as many times as asked and no more: it may count
        // its calls or have effects (a scripted clock's test did, and a sampling taken again ran out of its script)
        if (budget.spent() || regionWarmupBudgetNanos <= 0) {
            return false;
        }
        Evidence evidence = SamplingEvidence.of(faults, samples, k, Optional.of(jit.compilations()), threads, unit());
        Optional<SelfCheckPlan.Found> found = SelfCheckPlan.whyAgain(SelfCheckPlan.SAMPLE_AGAIN, evidence);
        if (found.isEmpty()) {
            return false;
        }
        Supplier<String> why = found.get().why();
        if (found.get().check() == SelfCheck.PAGE_FAULTS) {
            // the next samples fill memory already touched
            YoungGeneration.Cycled cycled = YoungGeneration.cycle(sink, YOUNG_GENERATION_BUDGET_NANOS);
            Supplier<String> faulted = why;
            why = () -> faulted.get() + "; Chronoscope " + cycled.describe() + " before sampling again";
        }
        return discard(what, "", budget, why);
    }

    /**
     * Whether a sampling of {@code what} may be discarded and taken again within the timing's
     * {@code budget}, for {@code cause} (empty: the JIT or page faults, {@link #sampleAgain}); if so,
     * says it in the test's record with {@code why}.
     */
    boolean discard(String what, String cause, Resampling budget, Supplier<String> why) {
        if (budget.spent()) {
            return false;
        }
        int discarded = ++budget.discarded;
        warmupWarnings.put(List.of(what, discarded), () -> String.format(Locale.ROOT,
                "%s was sampled again%s (%d of at most %d times): %s, and those samples were discarded", what, cause,
                discarded, MAX_SAMPLINGS_DISCARDED, why.get()));
        return true;
    }

    /** The longest a cycle of the young generation may take before an allocating region is sampled again. */
    static final long YOUNG_GENERATION_BUDGET_NANOS = 2_000_000_000L;

    /** The page faults since {@code before} ({@link PageFaults#minor()}); -1 when either reading failed. */
    static long faulted(long before) {
        long now = PageFaults.minor();
        return before < 0 || now < 0 ? -1 : now - before;
    }
}
