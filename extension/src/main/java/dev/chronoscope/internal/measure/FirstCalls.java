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
 * One per {@link RegionTimer}: each region is counted once, before its first warm-up.
 */
final class FirstCalls {

    /** Calls per stretch at most; two stretches are counted, and the lower per call kept. */
    static final int MAX_CALLS = 16;
    /** A stretch stops early once it has run this long: interpreted code can be a hundred times slower than compiled. */
    static final long MAX_STRETCH_NANOS = 2_000_000;

    private final Map<Object, Double> counted = new IdentityHashMap<>();
    private final Sink sink;

    FirstCalls(Sink sink) {
        this.sink = sink;
    }

    /**
     * Counts {@code region}'s first calls unless counted already; NaN where its class settled before
     * in this JVM ({@code compiled}): its calls run compiled code then, not its first calls.
     */
    void count(Region region, CompiledRegions compiled) {
        counted.computeIfAbsent(region.region(), r -> compiled.settledBefore(region.target().getClass())
                ? Double.NaN : bytesPerCall(r, sink));
    }

    /** {@code region}'s first calls' bytes per call; NaN where they were not counted. */
    double of(Region region) {
        return counted.getOrDefault(region.region(), Double.NaN);
    }

    /**
     * The bytes per call {@code region}'s calls allocate before its warm-up, results kept alive in
     * {@code sink}; NaN where the thread's allocation cannot be counted. The first call runs uncounted
     * and the lower of two stretches is kept: a first call's one-time work (class initialisation,
     * lazily built tables) is not the region's per call.
     */
    static double bytesPerCall(Object region, Sink sink) {
        if (!ThreadAllocation.isAvailable()) {
            return Double.NaN;
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
        before = ThreadAllocation.bytes();
        for (int i = 0; i < calls; i++) {
            call(region, sink);
        }
        long second = ThreadAllocation.bytes() - before;
        return Math.min(first, second) / (double) calls;
    }

    private static void call(Object region, Sink sink) {
        switch (region) {
            case Supplier<?> s -> sink.consume(s.get());
            case LongSupplier s -> sink.consume(s.getAsLong());
            case IntSupplier s -> sink.consume(s.getAsInt());
            case DoubleSupplier s -> sink.consume(s.getAsDouble());
            case Runnable r -> r.run();
            default -> throw new IllegalArgumentException("a region of an unknown shape: " + region.getClass().getName());
        }
    }
}
