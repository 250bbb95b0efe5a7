package dev.chronoscope.internal.measure;

import dev.chronoscope.Allocation;

/**
 * Counts the heap bytes a region allocates on the measuring thread while it is timed, in two halves
 * of its calls: each stretch of the timed loop is bracketed by reads of the thread's
 * allocated-bytes counter, less what the sample list allocated by growing meanwhile. One per timed
 * region; a comparison keeps one per side.
 */
final class AllocationCount {

    private final Samples samples;
    private final FirstCalls.Counted firstCalls;
    private final long[] bytes = new long[2];
    private final long[] calls = new long[2];
    private long bytesMark;
    private long growthMark;

    /** A count of the region whose first calls were {@code firstCalls} ({@link FirstCalls}). */
    AllocationCount(SampleRecorder recorder, FirstCalls.Counted firstCalls) {
        this.samples = recorder.samples();
        this.firstCalls = firstCalls;
    }

    /** Marks the start of a stretch of the timed loop. */
    void open() {
        growthMark = samples.growthAllocatedBytes();
        bytesMark = ThreadAllocation.bytes();
    }

    /** Closes the stretch opened last, which ran {@code n} calls, as part of {@code half} (0 or 1). */
    void close(int half, long n) {
        long allocated = ThreadAllocation.bytes() - bytesMark;
        bytes[half] += allocated - (samples.growthAllocatedBytes() - growthMark);
        calls[half] += n;
    }

    /**
     * Times {@code count} calls of {@code loop} as two counted halves, {@code beforeEachHalf} run before
     * each one's count opens, so that what it allocates is not the region's.
     */
    void halves(long count, java.util.function.LongUnaryOperator loop, Runnable beforeEachHalf) {
        long first = count / 2;
        beforeEachHalf.run();
        open();
        close(0, loop.applyAsLong(first));
        beforeEachHalf.run();
        open();
        close(1, loop.applyAsLong(count - first));
    }

    /**
     * The region's allocation per call, net of {@code loopBytesPerCall}, its first calls said compiled where they ran
     * below {@link FirstCalls#COMPILED_BELOW} times the median sample's {@code nanosPerUnit} per {@code k} calls and
     * the JVM has C2 (without it nothing escape-analyses: C1's code may run as fast as the first calls);
     * null when not counted or no call ran.
     */
    Allocation result(double loopBytesPerCall, double nanosPerUnit, int k) {
        long total = calls[0] + calls[1];
        if (!ThreadAllocation.isAvailable() || total == 0) {
            return null;
        }
        double all = Math.max(0, (bytes[0] + bytes[1]) / (double) total - loopBytesPerCall);
        double settledNanosPerCall = Double.NaN;
        if (!samples.isEmpty()) {
            RoundFigures figures = new RoundFigures();
            figures.read(samples);
            settledNanosPerCall = figures.median() * nanosPerUnit / k;
        }
        return new Allocation(total, all, perCall(0, loopBytesPerCall), perCall(1, loopBytesPerCall), loopBytesPerCall,
                firstCalls.bytesPerCall(), JitMode.current().topTier() >= 4
                        && firstCalls.nanosPerCall() < FirstCalls.COMPILED_BELOW * settledNanosPerCall);
    }

    private double perCall(int half, double loopBytesPerCall) {
        return calls[half] == 0 ? Double.NaN : Math.max(0, bytes[half] / (double) calls[half] - loopBytesPerCall);
    }

    /** Why {@link #result} is null. */
    static String unknownReason(long calls) {
        return !ThreadAllocation.isAvailable() ? ThreadAllocation.unavailableReason() : calls == 0 ? "no call ran" : "";
    }
}
