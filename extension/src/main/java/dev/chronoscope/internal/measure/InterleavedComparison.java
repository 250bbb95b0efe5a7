package dev.chronoscope.internal.measure;

import dev.chronoscope.Comparison;
import dev.chronoscope.CoreSpeedState;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.measure.check.AloneAgain;
import dev.chronoscope.internal.measure.check.Evidence;
import dev.chronoscope.internal.measure.check.JitSeen;
import dev.chronoscope.internal.measure.check.SelfCheckPlan;
import dev.chronoscope.internal.stats.Comparisons;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import static dev.chronoscope.internal.measure.RegionFailure.naming;

/**
 * Two regions compared, {@code Probe.compare}: both warmed up, then timed in block pairs, each pair
 * a block of each region back to back, the order drawn from the seed; see {@link Comparisons}. When
 * the clock does not resolve one call of either region alone, both are timed per call in batches of
 * the same size (the larger of the two regions' {@link BatchSizing}), so that the claim compares
 * like with like; and so are they when a side timed one call per sample turns out unresolved (its
 * code settled faster after the look at one call alone), the first sampling discarded.
 */
final class InterleavedComparison {

    private final RegionTimer timer;

    InterleavedComparison(RegionTimer timer) {
        this.timer = timer;
    }

    /** The comparison, its two timings in it; nothing of it is returned, or recorded, when a region throws. */
    Comparison compare(String method, String firstLabel, Region first, String secondLabel, Region second, int samples) {
        RegionLabels.requireLabel(method, firstLabel);
        RegionLabels.requireLabel(method, secondLabel);
        RegionTimer.requireSamples(method, samples, RegionTimer.COMPARED_SAMPLE_HEAP_BYTES);
        ComparedRegion a = new ComparedRegion("first", first, firstLabel, secondLabel, samples);
        ComparedRegion b = new ComparedRegion("second", second, firstLabel, secondLabel, samples);
        // spelled before any warm-up: text built between a warm-up and its samples can slow them (Deferred)
        String both = firstLabel + "\" vs \"" + secondLabel;
        String floorWhat = "the empty region of the floor of '" + firstLabel + "' vs '" + secondLabel + "'";
        // what each side settled at alone, one call per sample: its samples alone are held against it
        a.settledAlone = a.warmUp(1);
        b.settledAlone = b.warmUp(1);
        // from here to the last sample the compiler threads are not listed again (CompilerWatch.holdThreads)
        try (CompilerWatch.Held held = timer.compiledRegions().compilerWatch().holdThreads()) {
            // a clock too coarse for any batch of reasonable length is left to decide (inconclusive) as before
            boolean batchable = timer.sizing().canResolveByBatching();
            Optional<Unresolved> unresolved = batchable ? a.unresolvedAlone().or(b::unresolvedAlone) : Optional.empty();
            if (unresolved.isEmpty()) {
                SampledPair alone = sample(a, b, samples, SamplingMode.LATENCY);
                // the look at one call alone came after a warm-up of one call per sample; code that
                // settled faster afterwards (a map lookup read resolved alone, then below four quanta
                // in its samples) is taken again per call in batches
                unresolved = batchable ? unresolvedPerCall(a.label, alone.first().timing())
                        .or(() -> unresolvedPerCall(b.label, alone.second().timing())) : Optional.empty();
                if (unresolved.isEmpty()) {
                    return commit(alone, null);
                }
            }
            // per call back to back as throughput times a region: each inlined into a loop of its
            // own (sized as there, both at the larger size), the floor that loop's with an empty region
            a.inline();
            b.inline();
            Region empty = timer.compiledRegions().inlinedEmpty(first.shape());
            int callsPerSample = BatchPlan.size(List.of(a, b)).callsPerSample();
            RegionTimer.requireCallsWithinBound(method, both, samples, callsPerSample);
            SamplingMode.Throughput mode = timer.throughput(empty, samples, callsPerSample, floorWhat);
            // each side's calls alone, for the back-to-back check of a batched side: before the samples,
            // so the timed blocks stay the last calls of the regions (the regions were warmed alone first)
            timer.phase(RegionFailure.Phase.SELF_CHECK);
            if (callsPerSample > 1) {
                a.aloneFigure = naming(a.note, () -> timer.sizing().aloneNet(first, ALONE_WARM_NANOS));
                b.aloneFigure = naming(b.note, () -> timer.sizing().aloneNet(second, ALONE_WARM_NANOS));
            }
            SampledPair sampled = sample(a, b, samples, mode);
            String batching = String.format(Locale.ROOT, "%s: both regions per call, %d calls back to back in each"
                    + " sample, because the clock does not resolve one call of '%s' alone (%s)",
                    TimingMode.THROUGHPUT.key(), callsPerSample, unresolved.get().label(), unresolved.get().why());
            return commit(sampled, batching);
        }
    }

    /**
     * Both regions' samples in block pairs in {@code mode}, taken again (the pairs are
     * what the ratio stands on) when either side's code was compiled or page faults came, and each
     * side's timing checked. Per call in batches, net of the lower of the batch floor read before the
     * samples and again right after them, as throughput ({@link BatchSizing#lowerFloorAfter}).
     */
    private SampledPair sample(ComparedRegion a, ComparedRegion b, int samples, SamplingMode mode) {
        int callsPerSample = mode.callsPerSample();
        long seed = timer.context().assertions().seed();
        int blockSize = Comparisons.blockSize(samples);
        int pairs = Comparisons.blockPairs(samples, blockSize);
        RegionTimer.Resampling budget = new RegionTimer.Resampling();
        while (true) {
            SplittableRandom order = new SplittableRandom(seed);
            a.startSampling(samples, pairs);
            b.startSampling(samples, pairs);
            // read around all the blocks, not each: a comparison has up to 200 blocks
            // the core's speed around per-call batches only, as throughput: one call alone is latency, not checked
            OptionalDouble coreBefore = mode instanceof SamplingMode.Throughput ? timer.coreSpeedNow()
                    : OptionalDouble.empty();
            long faults = PageFaults.minor();
            ThreadCpu.Parts threads = new ThreadCpu.Parts();
            for (int j = 0; j < pairs; j++) {
                if (j == 0 || j == pairs / 2) {
                    // the other threads read at each half's start, between blocks
                    threads.mark();
                }
                int blockSamples = Math.min(blockSize, samples - j * blockSize);
                int half = j < pairs / 2 ? 0 : 1;
                ComparedRegion firstTurn = order.nextBoolean() ? a : b;
                firstTurn.block(j, blockSamples, callsPerSample, half);
                (firstTurn == a ? b : a).block(j, blockSamples, callsPerSample, half);
            }
            threads.mark();
            faults = RegionTimer.faulted(faults);
            CoreSpeedState coreSpeed = timer.coreSpeedAround(coreBefore);
            boolean firstMoved = a.jit.sampleAgainReason().isPresent();
            long sampled = (long) a.recorder.samples().size() + b.recorder.samples().size();
            List<ThreadCpu.Part> parts = threads.parts();
            if (!timer.sampleAgain(firstMoved ? a.jit : b.jit, faults, sampled, callsPerSample, parts, budget,
                    firstMoved ? a.what : b.what)) {
                // both sides' page faults and work beside: their blocks take turns; per call in batches,
                // each side against the same calls alone, as throughput checks a region
                SelfCheckPlan.Way way = callsPerSample > 1 ? SelfCheckPlan.Way.COMPARE_BATCHED
                        : SelfCheckPlan.Way.COMPARE_ALONE;
                SamplingMode net = mode instanceof SamplingMode.Throughput throughput
                        ? throughput.withFloorReadAgain(timer.sizing()) : mode;
                // both sides' JIT findings read before either side's checks look at it alone again
                Evidence evidenceA = a.evidence(faults, sampled, callsPerSample, parts, b);
                Evidence evidenceB = b.evidence(faults, sampled, callsPerSample, parts, a);
                return new SampledPair(a.checked(way, net, coreSpeed, evidenceA),
                        b.checked(way, net, coreSpeed, evidenceB), callsPerSample, blockSize, seed);
            }
        }
    }

    /**
     * One side of a sampling of both: its checked timing, not yet committed, its samples, where each
     * of its blocks ended in them, and its JFR event.
     */
    private record SampledSide(Timing timing, SampleRecorder recorder, int[] blockEnds, TimedRegionEvent event) {

        /** The timing committed (the test's event) at {@code callsPerSample} calls per sample. */
        Timing commit(RegionTimer timer, int callsPerSample) {
            return timer.commit(event, timing, recorder, callsPerSample);
        }
    }

    /**
     * One sampling of both sides at {@code callsPerSample} calls per sample, in blocks of
     * {@code blockSize}, their order drawn from {@code seed}.
     */
    private record SampledPair(SampledSide first, SampledSide second, int callsPerSample, int blockSize, long seed) {
    }

    /** A side, by {@code label}, whose one call the clock does not resolve, and {@code why}: both go in batches. */
    private record Unresolved(String label, String why) {
    }

    /** Why {@code side}, timed one call per sample, was not resolved; empty when it was, or was refused. */
    private static Optional<Unresolved> unresolvedPerCall(String label, Timing side) {
        return side.verdict() == Verdict.NOT_RESOLVED
                ? Optional.of(new Unresolved(label, "its samples of one call each were not resolved: "
                        + side.verdictReason()))
                : Optional.empty();
    }

    /** The comparison of {@code s}: its timings committed (the test's events), {@code batching} as said. */
    private Comparison commit(SampledPair s, String batching) {
        Timing ta = s.first().commit(timer, s.callsPerSample());
        Timing tb = s.second().commit(timer, s.callsPerSample());
        return Comparisons.of(ta, tb, s.first().recorder().samples().toArray(), s.first().blockEnds(),
                s.second().recorder().samples().toArray(), s.second().blockEnds(), s.blockSize(), s.seed(), batching);
    }

    /** Untimed calls of a region alone before they are timed: it was warmed alone when the comparison began. */
    static final long ALONE_WARM_NANOS = 10_000_000L;

    /**
     * One region of a comparison, run only through these methods: whatever it throws propagates with
     * a note naming the region (first or second, and its label) and saying that nothing of the
     * comparison was recorded.
     */
    private final class ComparedRegion implements BatchPlan.Sized {
        private Region region;
        /** Sees this region's code compiled during its blocks; set when sampling begins. */
        SamplingJit jit;
        /** The sampling under way: this side's samples, their allocation, its JFR event and where each block ended. */
        private SampleRecorder recorder;
        private AllocationCount allocation;
        private TimedRegionEvent event;
        private int[] blockEnds;
        /** What its warm-up of one call per sample settled at, before any block ({@link ProbeWarmup#NONE}: off). */
        ProbeWarmup settledAlone = ProbeWarmup.NONE;
        /** Its calls alone, for the back-to-back check of a batched side; none where timed one call per sample. */
        AloneFigure aloneFigure = AloneFigure.NONE;
        /** The note of an exception this region throws, worded once it threw, with the phase it threw in. */
        final Supplier<String> note;
        final String label;
        /** This side named for the test's record, spelled before any warm-up (a sampling builds no string). */
        final String what;
        /** The samples asked of each region: its warm-up rounds are a tenth of them. */
        private final int samples;

        ComparedRegion(String which, Region region, String firstLabel, String secondLabel, int samples) {
            this.region = region;
            this.samples = samples;
            this.label = which.equals("first") ? firstLabel : secondLabel;
            this.note = () -> String.format(Locale.ROOT, "Probe.compare(\"%s\" vs \"%s\"): the %s region, \"%s\", threw"
                    + " %s; nothing of this comparison was recorded", firstLabel, secondLabel, which, label,
                    timer.phase().when());
            this.what = "'" + label + "' (compared with '" + (which.equals("first") ? secondLabel : firstLabel) + "')";
        }

        /**
         * Sampling begins, {@code samples} in {@code pairs} blocks: from now on, compilations of this
         * region's code are the self-check's evidence.
         */
        void startSampling(int samples, int pairs) {
            recorder = new SampleRecorder(samples);
            blockEnds = new int[pairs];
            allocation = timer.allocationCount(region, recorder);
            event = TimedRegionEvent.started();
            jit = timer.watchJit(region);
        }

        /**
         * What the self-checks read of this side's samples: page faults, samples and work beside of
         * both sides ({@code faults}, {@code sampled}, {@code parts}: their blocks take turns), this
         * side's JIT finding, its calls alone, and for one call per sample what its warm-up alone
         * settled at and a look at it alone again, against {@code other}'s slowdown.
         */
        Evidence evidence(long faults, long sampled, int callsPerSample, List<ThreadCpu.Part> parts,
                ComparedRegion other) {
            return SamplingEvidence.of(faults, sampled, callsPerSample, timer.jitSeen(jit, recorder), parts,
                    timer.unit())
                    .alone(aloneFigure::read)
                    .warmedUp(SamplingEvidence.warmedUp(recorder, callsPerSample == 1 ? settledAlone
                    : ProbeWarmup.NONE))
                    .again(() -> alone(other.label, other.slowdown()));
        }

        /**
         * This side's timing in {@code net}, after {@code way}'s self-checks read {@code evidence}; uncommitted. Its
         * warm-up alone, where it did not settle, is said on it as on a repeated region's: claims consult it.
         */
        SampledSide checked(SelfCheckPlan.Way way, SamplingMode net, CoreSpeedState coreSpeed, Evidence evidence) {
            Timing built = timer.withWarmup(timer.build(label, recorder, allocation, net).withCoreSpeed(coreSpeed),
                    settledAlone);
            return new SampledSide(SelfCheckPlan.apply(way, built, evidence), recorder, blockEnds, event);
        }

        /** From now on timed inlined into a loop of its own, as {@code throughput} times a region. */
        void inline() {
            region = timer.compiledRegions().inlined(region);
        }

        @Override
        public ProbeWarmup warmUp(int callsPerSample) {
            return naming(note, () -> timer.warmUp(region, samples, callsPerSample, label));
        }

        /** Why the clock does not resolve one call of this region alone; empty when it does. */
        Optional<Unresolved> unresolvedAlone() {
            return naming(note, () -> {
                timer.phase(RegionFailure.Phase.SIZING);
                return timer.sizing().unresolvedAlone(region).map(why -> new Unresolved(label, why));
            });
        }

        @Override
        public int callsPerSample(int from) {
            return naming(note, () -> {
                timer.phase(RegionFailure.Phase.SIZING);
                return timer.sizing().callsPerSample(region, from);
            });
        }

        /**
         * This region alone again, one call per sample, right after the samples it took in turn
         * ({@link AloneAgain}), its JIT watch still on; a figure kept for it is said in the record.
         */
        AloneAgain alone(String otherLabel, double otherSlowdown) {
            return naming(note, () -> {
                timer.phase(RegionFailure.Phase.SELF_CHECK);
                long seen = jit.compilationsSeen();
                SampleRecorder look = new SampleRecorder(AloneAgain.SAMPLES);
                timer.time(jit, region, AloneAgain.SAMPLES, 1, look);
                Samples.Sorted sorted = look.samples().sorted();
                double median = sorted.size() == 0 ? Double.NaN : sorted.get(sorted.size() / 2);
                // the timed code compiled since the samples began, or any compilation during the look:
                // the code may have changed
                boolean recompiled = jit.timedCodeCompilations() > 0 || jit.compilationsSeen() > seen;
                return new AloneAgain(median, recompiled, otherLabel, otherSlowdown,
                        why -> timer.note("'" + label + "' kept slower than warmed up", why));
            });
        }

        /** Its samples' median per sample over what its warm-up alone settled at; NaN where either is missing. */
        double slowdown() {
            Samples.Sorted sorted = recorder.samples().sorted();
            return sorted.size() == 0 || !(settledAlone.settledLevel() > 0) ? Double.NaN
                    : sorted.get(sorted.size() / 2) / settledAlone.settledLevel();
        }

        /** Block {@code j}: {@code blockSamples} samples of {@code callsPerSample} calls, counted in {@code half}. */
        void block(int j, int blockSamples, int callsPerSample, int half) {
            naming(note, () -> {
                timer.phase(RegionFailure.Phase.SAMPLING);
                recorder.startCountingSwitches();
                allocation.open();
                allocation.close(half, timer.time(jit, region, blockSamples, callsPerSample, recorder));
                recorder.stopCountingSwitches();
                return null;
            });
            blockEnds[j] = recorder.samples().size();
        }
    }
}
