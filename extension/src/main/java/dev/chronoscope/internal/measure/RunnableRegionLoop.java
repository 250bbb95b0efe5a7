package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.clock.ClockReader;

/**
 * The timed loop for a region with no result: see {@link ShapeLoop}. Kept free of lambdas and nested classes, so
 * that its class file can be defined again as a hidden class ({@link CompiledRegions#inlined}).
 */
final class RunnableRegionLoop implements ShapeLoop {

    private final Runnable region;

    RunnableRegionLoop(Runnable region) {
        this.region = region;
    }

    @Override
    public long time(ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder, Sink sink) {
        return time(region, reader, count, calls, budgetNanos, recorder, sink);
    }

    /** The loop; static, so the shared path ({@link RegionLoop}) allocates nothing to run it. */
    static long time(Runnable region, ClockReader reader, long count, int calls, long budgetNanos, SampleRecorder recorder,
                     Sink sink) {
        long deadline = System.nanoTime() + budgetNanos;
        long i = 0;
        for (; i < count; i++) {
            if ((i & BUDGET_CHECK_MASK) == 0 && i > 0 && System.nanoTime() - deadline > 0) {
                break;
            }
            long t0 = reader.begin();
            for (int j = 0; j < calls; j++) {
                region.run();
            }
            long t1 = reader.end();
            recorder.record(t0, t1, reader.beginCpu(), reader.endCpu());
        }
        return i;
    }
}
