package dev.chronoscope.internal.measure;

import dev.chronoscope.Probe;
import dev.chronoscope.Timing;

import java.time.Duration;
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

    LatencyTiming(RegionTimer timer) {
        this.timer = timer;
    }

    /** {@code times} samples of one call each, with the page-fault and JIT self-checks. */
    Timing repeat(String method, String label, int times, Region region) {
        RegionTimer.requireLabel(method, label);
        RegionTimer.requireSamples(method, times, RegionTimer.SAMPLE_HEAP_BYTES);
        return naming(timingNote(method, label), () -> {
            timer.warmUp(region, times, 1, label);
            RegionTimer.Sampled sampled = timer.sample(region, times, 1, "'" + label + "'");
            return timer.commit(sampled.event(), timer.timing(label, sampled, 1, null), sampled.recorder(), 1);
        });
    }

    /** As {@link #repeat}, until {@code budget} has passed or {@link Probe#MAX_SAMPLES} samples. */
    Timing repeatFor(String method, String label, Duration budget, Region region) {
        RegionTimer.requireLabel(method, label);
        Objects.requireNonNull(budget, "budget");
        if (budget.isNegative() || budget.isZero() || budget.compareTo(MAX_BUDGET) > 0) {
            throw new IllegalArgumentException(method + ": budget must be positive and at most " + MAX_BUDGET
                    + " (it stops at " + Probe.MAX_SAMPLES + " samples anyway), was " + budget);
        }
        return naming(timingNote(method, label), () -> {
            timer.warmUp(region, 10_000, 1, label);
            SampleRecorder recorder = new SampleRecorder(1 << 16);
            AllocationCount allocation = new AllocationCount(recorder);
            TimedRegionEvent event = TimedRegionEvent.started();
            // two halves of the budget, so that the allocation of each half can be told apart
            long half = budget.toNanos() / 2;
            recorder.startCountingSwitches();
            allocation.open();
            long first = timer.timeFor(region, Probe.MAX_SAMPLES / 2, half, recorder);
            allocation.close(0, first);
            allocation.open();
            allocation.close(1, timer.timeFor(region, Probe.MAX_SAMPLES - first, budget.toNanos() - half, recorder));
            recorder.stopCountingSwitches();
            return timer.commit(event, timer.build(label, recorder, allocation, 1, null), recorder, 1);
        });
    }
}
