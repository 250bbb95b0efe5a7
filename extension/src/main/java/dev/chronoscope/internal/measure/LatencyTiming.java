package dev.chronoscope.internal.measure;

import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.measure.check.Evidence;
import dev.chronoscope.internal.measure.check.SelfCheckPlan;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

import static dev.chronoscope.internal.measure.RegionFailure.naming;
import static dev.chronoscope.internal.measure.RegionFailure.timingNote;

/**
 * A region's latency, {@code Probe.repeat} and {@code Probe.repeatFor}: one call between each pair
 * of fenced reads, after warming the region up one call at a time.
 */
final class LatencyTiming {

    /** The longest {@code repeatFor} budget: a bound that still states a duration, where a larger one overflowed. */
    static final Duration MAX_BUDGET = Duration.ofHours(1);

    private final RegionTimer timer;

    /** What the record and the section say of a {@code repeatFor} that the sample cap ended before its budget. */
    static String capped(String label, long elapsedNanos, Duration budget) {
        return String.format(Locale.ROOT, "'%s' reached the cap of %s samples (Probe.MAX_SAMPLES) after %s of its %s"
                + " budget: its figures are of those samples, and the rest of the budget was not used", label,
                Format.count(Probe.MAX_SAMPLES), Format.duration(elapsedNanos), Format.duration(budget.toNanos()));
    }

    LatencyTiming(RegionTimer timer) {
        this.timer = timer;
    }

    /** {@code samples} samples of one call each, with the self-checks of {@link SelfCheckPlan.Way#REPEAT}. */
    Timing repeat(String method, String label, int samples, Region region) {
        RegionLabels.requireLabel(method, label);
        RegionTimer.requireSamples(method, samples, RegionTimer.SAMPLE_HEAP_BYTES);
        return naming(() -> timingNote(method, label, timer.phase()), () -> {
            String what = "'" + label + "'"; // spelled before the warm-up (Deferred)
            ProbeWarmup warmup = timer.warmUp(region, samples, 1, label);
            RegionTimer.Sampled sampled = timer.sample(region, samples, 1, what, new RegionTimer.Resampling());
            Timing built = timer.withWarmup(timer.timing(label, sampled, SamplingMode.LATENCY), warmup);
            Timing t = SelfCheckPlan.apply(SelfCheckPlan.Way.REPEAT, built,
                    sampled.evidence(1, timer.unit()).warmedUp(SamplingEvidence.warmedUp(sampled.recorder(), warmup)));
            return timer.commit(sampled.event(), t, sampled.recorder(), 1);
        });
    }

    /**
     * As {@link #repeat}, until {@code budget} has passed or {@link Probe#MAX_SAMPLES} samples, with the
     * self-checks of {@link SelfCheckPlan.Way#REPEAT_FOR}; never sampled again: the budget is the user's.
     */
    Timing repeatFor(String method, String label, Duration budget, Region region) {
        RegionLabels.requireLabel(method, label);
        Objects.requireNonNull(budget, "budget");
        if (budget.isNegative() || budget.isZero() || budget.compareTo(MAX_BUDGET) > 0) {
            throw new IllegalArgumentException(method + ": budget must be positive and at most " + MAX_BUDGET
                    + " (it stops at " + Probe.MAX_SAMPLES + " samples anyway), was " + budget);
        }
        return naming(() -> timingNote(method, label, timer.phase()), () -> {
            ProbeWarmup warmup = timer.warmUp(region, 10_000, 1, label);
            SampleRecorder recorder = new SampleRecorder(1 << 16);
            AllocationCount allocation = timer.allocationCount(region, recorder);
            TimedRegionEvent event = TimedRegionEvent.started();
            // two halves of the budget, so that the allocation of each half can be told apart; the
            // other threads read at each half's start and at the end, outside the allocation counts
            long half = budget.toNanos() / 2;
            long faults = PageFaults.minor();
            SamplingJit jit = timer.watchJit(region);
            ThreadCpu.Parts threads = new ThreadCpu.Parts();
            recorder.startCountingSwitches();
            threads.mark();
            long start = System.nanoTime();
            allocation.open();
            long first = timer.timeFor(jit, region, Probe.MAX_SAMPLES / 2, half, recorder);
            allocation.close(0, first);
            threads.mark();
            allocation.open();
            // the rest of the budget: a first half that reached its share of the samples early leaves
            // its time to the second
            long left = Math.max(0, budget.toNanos() - (System.nanoTime() - start));
            long second = timer.timeFor(jit, region, Probe.MAX_SAMPLES - first, left, recorder);
            allocation.close(1, second);
            long elapsed = System.nanoTime() - start;
            threads.mark();
            recorder.stopCountingSwitches();
            if (first + second >= Probe.MAX_SAMPLES && elapsed < budget.toNanos()) {
                timer.note("'" + label + "' reached the sample cap", capped(label, elapsed, budget));
            }
            Evidence evidence = SamplingEvidence.of(RegionTimer.faulted(faults), recorder.samples().size(), 1,
                    timer.jitSeen(jit, recorder), threads.parts(), timer.unit());
            Timing built = timer.withWarmup(timer.build(label, recorder, allocation, SamplingMode.LATENCY), warmup);
            Timing t = SelfCheckPlan.apply(SelfCheckPlan.Way.REPEAT_FOR, built, evidence);
            return timer.commit(event, t, recorder, 1);
        });
    }
}
