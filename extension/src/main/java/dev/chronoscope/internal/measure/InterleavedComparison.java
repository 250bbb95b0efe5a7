package dev.chronoscope.internal.measure;

import dev.chronoscope.Comparison;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.internal.stats.Comparisons;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;

import static dev.chronoscope.internal.measure.RegionFailure.naming;

/**
 * Two regions compared, {@code Probe.compare}: both warmed up, then timed in block pairs, each pair
 * a block of each region back to back, the order drawn from the seed; see {@link Comparisons}. When
 * the clock does not resolve one call of either region alone, both are timed per call in batches of
 * the same size (the larger of the two regions' {@link BatchSizing}), so that the claim compares
 * like with like.
 */
final class InterleavedComparison {

    private final RegionTimer timer;

    InterleavedComparison(RegionTimer timer) {
        this.timer = timer;
    }

    /** The comparison, its two timings in it; nothing of it is returned, or recorded, when a region throws. */
    Comparison compare(String method, String firstLabel, Region first, String secondLabel, Region second, int times) {
        RegionTimer.requireLabel(method, firstLabel);
        RegionTimer.requireLabel(method, secondLabel);
        RegionTimer.requireSamples(method, times);
        Timings.Context context = timer.context();
        long seed = context.assertions().seed();
        int blockSize = Comparisons.blockSize(times);
        int pairs = Comparisons.blockPairs(times, blockSize);
        ComparedRegion a = new ComparedRegion("first", first, firstLabel, secondLabel, times);
        ComparedRegion b = new ComparedRegion("second", second, firstLabel, secondLabel, times);
        a.warmUp(1);
        b.warmUp(1);
        BatchSizing sizing = timer.sizing();
        // a clock too coarse for any batch of reasonable length is left to decide (inconclusive) as before
        boolean batchable = sizing.canResolveByBatching();
        String firstAlone = batchable ? a.unresolvedAlone() : null;
        String secondAlone = batchable && firstAlone == null ? b.unresolvedAlone() : null;
        int k = 1;
        ProbeFloor batchFloor = null;
        String batching = null;
        if (firstAlone != null || secondAlone != null) {
            // per call back to back as throughput times a region: each inlined into a loop of its
            // own (sized as there, both at the larger size), the floor that loop's with an empty region
            a.inline();
            b.inline();
            Region empty = timer.compiledRegions().inlinedEmpty(first.shape());
            k = BatchPlan.size(List.of(a, b)).callsPerSample();
            RegionTimer.requireCallsWithinBound(method, firstLabel + "\" vs \"" + secondLabel, times, k);
            batchFloor = timer.batchFloor(empty, times, k, "the empty region of the floor of '" + firstLabel + "' vs '"
                    + secondLabel + "'");
            batching = String.format(Locale.ROOT, "%s: both regions per call, %d calls back to back in each sample,"
                    + " because the clock does not resolve one call of '%s' alone (%s)", TimingMode.THROUGHPUT.key(), k,
                    firstAlone != null ? firstLabel : secondLabel, firstAlone != null ? firstAlone : secondAlone);
        }
        // each side's calls alone, for the back-to-back check of a batched side: before the samples,
        // so the timed blocks stay the last calls of the regions (the regions were warmed alone first)
        int[] aloneCallsA = new int[1];
        int[] aloneCallsB = new int[1];
        double aloneA = k > 1 ? naming(a.note, () -> sizing.aloneNet(first, aloneCallsA, ALONE_WARM_NANOS)) : Double.NaN;
        double aloneB = k > 1 ? naming(b.note, () -> sizing.aloneNet(second, aloneCallsB, ALONE_WARM_NANOS)) : Double.NaN;
        SampleRecorder ra;
        SampleRecorder rb;
        int[] endsA;
        int[] endsB;
        AllocationCount allocationA;
        AllocationCount allocationB;
        TimedRegionEvent eventA;
        TimedRegionEvent eventB;
        long faults;
        Optional<String> compiledA;
        Optional<String> compiledB;
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
            faults = RegionTimer.faulted(faults);
            compiledA = timer.jitRefusal(a.jit, ra);
            compiledB = timer.jitRefusal(b.jit, rb);
            // both sides again when either's code was compiled, or faults came: the pairs are what the ratio stands on
            boolean firstMoved = a.jit.sampleAgainReason().isPresent();
            String what = "'" + (firstMoved ? firstLabel : secondLabel) + "' (compared with '"
                    + (firstMoved ? secondLabel : firstLabel) + "')";
            if (!timer.sampleAgain(firstMoved ? a.jit : b.jit, faults, (long) ra.samples().size() + rb.samples().size(), k,
                    attempt, what)) {
                break;
            }
        }
        long sampled = ra.samples().size() + rb.samples().size();
        Timing ta = checked(timer.build(firstLabel, ra, allocationA, k, batchFloor), faults, sampled, k, compiledA);
        Timing tb = checked(timer.build(secondLabel, rb, allocationB, k, batchFloor), faults, sampled, k, compiledB);
        if (k > 1) {
            // per call back to back, each side against the same calls alone, as throughput checks a
            // region: one side read 62.6 ns per call where the same region alone read 4.61 ns
            ta = aboveAlone(ta, aloneA, aloneCallsA[0]);
            tb = aboveAlone(tb, aloneB, aloneCallsB[0]);
        }
        ta = timer.commit(eventA, ta, ra, k);
        tb = timer.commit(eventB, tb, rb, k);
        return Comparisons.of(ta, tb, ra.samples().toArray(), endsA, rb.samples().toArray(), endsB, blockSize, seed, batching);
    }

    /**
     * One side's timing after the page-fault check, on both sides' {@code sampled} samples, its own
     * JIT check and the two-modes check.
     */
    private Timing checked(Timing timing, long faults, long sampled, int k, Optional<String> compiled) {
        Timing t = RegionTimer.checked(RegionTimer.checked(timing, SelfChecks.pageFaults(faults, sampled, k)), compiled);
        return RegionTimer.checked(t, SelfChecks.twoModes(t, timer.unit()));
    }

    /** Untimed calls of a region alone before its calls alone are timed: it was warmed alone when the comparison began. */
    static final long ALONE_WARM_NANOS = 10_000_000L;

    /** A batched side, resolved, against its region's calls alone ({@link SelfChecks#backToBackAboveAlone}). */
    private Timing aboveAlone(Timing side, double alone, int aloneCalls) {
        return side.isResolved()
                ? RegionTimer.checked(side, SelfChecks.backToBackAboveAlone(side, side.net().p50(), alone, aloneCalls, timer.unit()))
                : side;
    }

    /**
     * One region of a comparison, run only through these methods: whatever it throws propagates with
     * a note naming the region (first or second, and its label) and saying that nothing of the
     * comparison was recorded.
     */
    private final class ComparedRegion implements BatchPlan.Sized {
        private Region region;
        /** Sees this region's code compiled during its blocks; set when sampling begins. */
        SamplingJit jit;
        private final String note;
        private final String label;
        /** The samples asked of each region: its warm-up rounds are a tenth of them. */
        private final int times;

        ComparedRegion(String which, Region region, String firstLabel, String secondLabel, int times) {
            this.region = region;
            this.times = times;
            this.label = which.equals("first") ? firstLabel : secondLabel;
            this.note = String.format(Locale.ROOT, "Probe.compare(\"%s\" vs \"%s\"): the %s region, \"%s\", threw"
                    + " while being timed; nothing of this comparison was recorded", firstLabel, secondLabel, which, label);
        }

        /** Sampling begins: from now on, compilations of this region's code are the self-check's evidence. */
        void startSampling() {
            jit = timer.watchJit(region);
        }

        /** From now on timed inlined into a loop of its own, as {@code throughput} times a region. */
        void inline() {
            region = timer.compiledRegions().inlined(region);
        }

        @Override
        public ProbeWarmup warmUp(int calls) {
            return naming(note, () -> timer.warmUp(region, times, calls, label));
        }

        String unresolvedAlone() {
            return naming(note, () -> timer.sizing().unresolvedAlone(region));
        }

        @Override
        public int callsPerSample(int from) {
            return naming(note, () -> timer.sizing().callsPerSample(region, from));
        }

        /** One block: {@code n} samples of {@code k} calls, their allocation counted in {@code half}. */
        void block(int n, int k, SampleRecorder recorder, AllocationCount allocation, int half) {
            naming(note, () -> {
                recorder.startCountingSwitches();
                allocation.open();
                allocation.close(half, timer.time(jit, region, n, k, recorder));
                recorder.stopCountingSwitches();
                return null;
            });
        }
    }
}
