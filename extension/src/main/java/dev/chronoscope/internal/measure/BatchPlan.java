package dev.chronoscope.internal.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * How a batched timing chooses its calls per sample, k, for one region ({@code throughput}) or for
 * two timed at the same k (a batched {@code compare}): warm up in batches of two, size
 * ({@link BatchSizing}), warm up at that size, size again from there, and warm up again at the new
 * size when it moved. With two regions each step runs for both in turn, and k is the larger of
 * their sizes, so that both are timed alike.
 */
final class BatchPlan {

    /** A region as the plan warms and sizes it. */
    interface Sized {
        /** Warms the region up, {@code callsPerSample} calls a sample; the warm-up, {@link ProbeWarmup#NONE} if off. */
        ProbeWarmup warmUp(int callsPerSample);

        /** The region's batch size, pilots starting at {@code from} calls ({@link BatchSizing#callsPerSample}). */
        int callsPerSample(int from);
    }

    /**
     * The plan's outcome: k, and each region's last warm-up, at k ({@link ProbeWarmup#NONE} where
     * region warm-ups are off), in the order the regions were given.
     */
    record Batch(int callsPerSample, List<ProbeWarmup> settled) {
    }

    private BatchPlan() {
    }

    static Batch size(List<? extends Sized> regions) {
        // in batches of two, not one: code compiled while the batch loop never looped is
        // thrown away (deoptimised) at the first longer batch, and the sizing would time that
        warmAll(regions, 2);
        int callsPerSample = largest(regions, 1);
        List<ProbeWarmup> settled = warmAll(regions, callsPerSample);
        // sized again once warm at that size: a region sized while its code was still being
        // compiled runs slower per call, and gets too few calls per sample for the clock
        int resized = largest(regions, callsPerSample);
        if (resized != callsPerSample) {
            callsPerSample = resized;
            settled = warmAll(regions, callsPerSample);
        }
        return new Batch(callsPerSample, settled);
    }

    private static List<ProbeWarmup> warmAll(List<? extends Sized> regions, int calls) {
        List<ProbeWarmup> warmups = new ArrayList<>(regions.size());
        for (Sized region : regions) {
            warmups.add(region.warmUp(calls));
        }
        return List.copyOf(warmups);
    }

    private static int largest(List<? extends Sized> regions, int from) {
        int callsPerSample = 0;
        for (Sized region : regions) {
            callsPerSample = Math.max(callsPerSample, region.callsPerSample(from));
        }
        return callsPerSample;
    }
}
