package dev.chronoscope.internal.measure;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What a region's first calls allocate, per call: counted on the measuring thread before its warm-up,
 * while its code runs interpreted or C1-compiled, which remove no allocation. C2's escape analysis
 * may then remove part of it, and how much differs from one JVM to the next for the same code (a
 * Guava hash read 96, 256 or 272 B per call settled, 332 B in its first calls, in every JVM), so
 * the allocation gate reads a rise of the settled figure up to this one as the JIT's, not the code's.
 * Where the JVM compiled the region's code before (an earlier use of it), its first calls run that
 * code, fast: they are then said to be compiled, and the gate cannot tell escape analysis apart.
 * One per {@link RegionTimer}: each region is counted once per test, before its first warm-up.
 */
final class FirstCalls {

    /** Calls per stretch at most; three stretches run, the first two counted and the lower per call kept. */
    static final int MAX_CALLS = 16;
    /**
     * A stretch stops early once it has run this long: interpreted code can be a hundred times slower than compiled.
     */
    static final long MAX_STRETCH_NANOS = 2_000_000;

    /**
     * First calls that ran faster than this many times the settled cost per call ran compiled code (the JVM
     * compiled the region's code before them): interpreted calls ran 8–1,250x the settled cost over the
     * corpus, a stream pipeline another use had compiled 2.6x. Their allocation is not the code's own then.
     */
    static final double COMPILED_BELOW = 5;

    /** What a region's first calls allocated and took, per call; NaN where not counted. */
    record Counted(double bytesPerCall, double nanosPerCall) {
        static final Counted NONE = new Counted(Double.NaN, Double.NaN);
    }

    private final Map<Object, Counted> counted = new IdentityHashMap<>();
    private final Sink sink;

    FirstCalls(Sink sink) {
        this.sink = sink;
    }

    /** Counts {@code region}'s first calls in this test, unless counted already. */
    void count(Region region) {
        counted.computeIfAbsent(region.region(), r -> count(r, sink));
    }

    /** {@code region}'s first calls; {@link Counted#NONE} where they were not counted. */
    Counted of(Region region) {
        return counted.getOrDefault(region.region(), Counted.NONE);
    }

    /**
     * The bytes per call {@code region}'s calls allocate before its warm-up, results kept alive in
     * {@code sink}, and the fastest of three stretches' time per call; NaN where the thread's allocation
     * cannot be counted. The first call runs uncounted and the lower of the first two stretches' bytes is
     * kept: a first call's one-time work (class initialisation, lazily built tables) is not the region's
     * per call. The third stretch is timed only: by then small methods the region calls many times may
     * run C1's code, and code the JVM compiled before shows its speed (a stream pipeline that other
     * pipelines had compiled ran 2.6x its settled cost there, 12.5x in the second stretch).
     */
    static Counted count(Object region, Sink sink) {
        if (!ThreadAllocation.isAvailable()) {
            return Counted.NONE;
        }
        call(region, sink);
        long start = System.nanoTime();
        long before = ThreadAllocation.bytes();
        int calls = 0;
        while (calls < MAX_CALLS && (calls == 0 || System.nanoTime() - start < MAX_STRETCH_NANOS)) {
            call(region, sink);
            calls++;
        }
        long first = ThreadAllocation.bytes() - before;
        long fastest = System.nanoTime() - start;
        long stretchStart = System.nanoTime();
        before = ThreadAllocation.bytes();
        stretch(region, sink, calls);
        long second = ThreadAllocation.bytes() - before;
        fastest = Math.min(fastest, System.nanoTime() - stretchStart);
        stretchStart = System.nanoTime();
        stretch(region, sink, calls);
        fastest = Math.min(fastest, System.nanoTime() - stretchStart);
        return new Counted(Math.min(first, second) / (double) calls, fastest / (double) calls);
    }

    private static void stretch(Object region, Sink sink, int calls) {
        for (int i = 0; i < calls; i++) {
            call(region, sink);
        }
    }

    private static void call(Object region, Sink sink) {
        switch (region) {
            case Supplier<?> s -> sink.consume(s.get());
            case LongSupplier s -> sink.consume(s.getAsLong());
            case IntSupplier s -> sink.consume(s.getAsInt());
            case DoubleSupplier s -> sink.consume(s.getAsDouble());
            case Runnable r -> r.run();
            default -> throw new IllegalArgumentException("a region of an unknown shape: " + region.getClass()
                    .getName());
        }
    }
}
