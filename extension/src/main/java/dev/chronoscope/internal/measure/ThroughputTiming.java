package dev.chronoscope.internal.measure;

import dev.chronoscope.CoreSpeedState;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.measure.check.Evidence;
import dev.chronoscope.internal.measure.check.SelfCheckPlan;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static dev.chronoscope.internal.measure.RegionFailure.naming;
import static dev.chronoscope.internal.measure.RegionFailure.timingNote;

/**
 * A region's throughput, {@code Probe.throughput}: batches of k calls back to back between two
 * fenced reads, reported per call net of the floor of the same batch loop with an empty region.
 */
final class ThroughputTiming {

    /**
     * The calls alone are warmed for the sampling's time over this many parts before they are read: cold, they read
     * slow and hid a figure several times too high.
     */
    private static final int ALONE_WARM_PARTS = 8;

    private final RegionTimer timer;

    ThroughputTiming(RegionTimer timer) {
        this.timer = timer;
    }

    /**
     * Warms the region up, sizes its batch ({@link BatchPlan}), measures the floor of that batch
     * size, then takes the samples and runs the self-checks. A region that throws leaves nothing
     * recorded: the timing is returned only once every sample has been taken.
     */
    Timing throughput(String method, String label, int samples, Region shared) {
        RegionLabels.requireLabel(method, label);
        if (samples < 1 || samples > Probe.MAX_SAMPLES) {
            throw new IllegalArgumentException(method + "(\"" + label + "\"): samples must be between 1 and "
                    + Probe.MAX_SAMPLES
                    + ", was " + samples);
        }
        // back to back as JMH runs a benchmark: the region inlined into a loop of its own, and the
        // floor that loop's with an empty region of the same shape inlined, warmed as regions are
        CompiledRegions compiledRegions = timer.compiledRegions();
        Region region = compiledRegions.inlined(shared);
        Region empty = compiledRegions.inlinedEmpty(shared.shape());
        java.util.function.Supplier<String> note = () -> timingNote(method, label, timer.phase());
        // spelled before the warm-up: text built between a warm-up and its samples can slow them (Deferred)
        String what = "'" + label + "'";
        String floorWhat = "the empty region of the floor of " + what;
        BatchSizing sizing = timer.sizing();
        BatchPlan.Batch batch = naming(note, () -> BatchPlan.size(List.of(sized(region, samples, label))));
        int callsPerSample = batch.callsPerSample();
        // outside naming(): too many calls is the caller's mistake, not the region's
        RegionTimer.requireCallsWithinBound(method, label, samples, callsPerSample);
        // from the region's warm-up to its last sample the compiler threads are not listed again
        // (CompilerWatch.holdThreads)
        try (CompilerWatch.Held held = compiledRegions.compilerWatch().holdThreads()) {
            SamplingMode.Throughput mode = timer.throughput(empty, samples, callsPerSample, floorWhat);
            return naming(note, () -> {
                Sampling s = sampleSettled(region, samples, batch, label, what, mode);
                timer.phase(RegionFailure.Phase.SELF_CHECK);
                Timing t = s.timing();
                SamplingMode.Throughput floorReadAgain = mode.withFloorReadAgain(sizing);
                if (floorReadAgain != mode) {
                    t = timer.timing(label, s.sampled(), floorReadAgain);
                }
                RegionTimer.Sampled sampled = s.sampled();
                long aloneWarmNanos = sampled.nanos() / ALONE_WARM_PARTS;
                Evidence evidence = sampled.evidence(callsPerSample, timer.unit())
                        .warmedUp(SamplingEvidence.warmedUp(sampled.recorder(), s.settled()))
                        .pilots(sizing.pilots(region, callsPerSample))
                        // the same calls without the region's own loop, right after, warmed first
                        .alone(() -> sizing.aloneNet(shared, aloneWarmNanos).read());
                t = SelfCheckPlan.apply(SelfCheckPlan.Way.THROUGHPUT, timer.withWarmup(t.withCoreSpeed(s.coreSpeed()),
                        s.settled()), evidence);
                return timer.commit(sampled.event(), t, sampled.recorder(), callsPerSample);
            });
        }
    }

    /** The samples kept, their timing, the core's speed around them and the warm-up they follow. */
    private record Sampling(RegionTimer.Sampled sampled, Timing timing, CoreSpeedState coreSpeed,
            ProbeWarmup settled) {
    }

    /**
     * Samples the region; where the samples read slower than the warm-up right before, or in two modes, the host
     * slowed down for a while or the JIT threw the region's loop away. Warmed up again and sampled again within the
     * timing's one budget, a passing slowdown leaves; code that stays slower, or runs two ways, is refused by the last
     * sampling.
     */
    private Sampling sampleSettled(Region region, int samples, BatchPlan.Batch batch, String label, String what,
            SamplingMode.Throughput mode) {
        int callsPerSample = batch.callsPerSample();
        ProbeWarmup settled = batch.settled().get(0);
        RegionTimer.Resampling budget = new RegionTimer.Resampling();
        while (true) {
            // the core's speed right before and right after the samples, recorded beside the figure
            OptionalDouble coreBefore = timer.coreSpeedNow();
            RegionTimer.Sampled sampled = timer.sample(region, samples, callsPerSample, what, budget);
            CoreSpeedState coreSpeed = timer.coreSpeedAround(coreBefore);
            Timing t = timer.timing(label, sampled, mode);
            Optional<SelfCheckPlan.Found> found = SelfCheckPlan.whyAgain(SelfCheckPlan.WARM_UP_AGAIN,
                    sampled.evidence(callsPerSample, timer.unit()).figure(t)
                            .warmedUp(SamplingEvidence.warmedUp(sampled.recorder(), settled)));
            if (found.isEmpty() || !timer.discard(what, " after a slowdown", budget, found.get().why())) {
                return new Sampling(sampled, t, coreSpeed, settled);
            }
            ProbeWarmup again = timer.warmUp(region, samples, callsPerSample, label);
            settled = again.ran() ? again : settled;
        }
    }

    /** {@code region}, labelled {@code label}, as the batch plan warms and sizes it for {@code samples} samples. */
    private BatchPlan.Sized sized(Region region, int samples, String label) {
        return new BatchPlan.Sized() {
            @Override
            public ProbeWarmup warmUp(int callsPerSample) {
                return timer.warmUp(region, samples, callsPerSample, label);
            }

            @Override
            public int callsPerSample(int from) {
                timer.phase(RegionFailure.Phase.SIZING);
                return timer.sizing().callsPerSample(region, from);
            }
        };
    }
}