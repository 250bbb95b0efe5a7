package dev.chronoscope.internal.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/**
 * Touches the memory the heap hands out to new objects, so that an allocating region's samples stop
 * paying the kernel's first-touch faults: allocates short-lived arrays until the JVM has collected
 * twice. In a fresh JVM the young generation's memory has never been written; every 4 kB an
 * allocating region fills costs a page fault, 14 µs each on a bhyve guest (measured: 26 MB
 * allocated before the first collection took 144 ms and 9,063 faults). A region allocating 300 B
 * per call then pays a fault every 14 calls: Guava's murmur3 read 715 ns per call back to back
 * against 74 ns under JMH, whose seconds of warm-up had long cycled the heap. Two collections,
 * because G1 sizes its young generation after the first and takes fresh regions for it.
 */
final class YoungGeneration {

    /** Small enough for an allocation buffer (G1 puts objects of half a region or more outside the young generation). */
    private static final int ARRAY_LONGS = 2 * 1024;
    /** Collections to see: the young generation is sized after the first (above). */
    static final int COLLECTIONS = 2;

    private YoungGeneration() {
    }

    /** What a cycle did: the bytes allocated, the collections seen, the time it took. */
    record Cycled(long bytes, long collections, long nanos, boolean complete) {

        /** "cycled the young generation (312 MB allocated until 2 collections, 410 ms)". */
        String describe() {
            return String.format(Locale.ROOT, "%s the young generation (%d MB allocated %s %d collection%s, %d ms)",
                    complete ? "cycled" : "began cycling", bytes >> 20, complete ? "until" : "but saw only", collections,
                    collections == 1 ? "" : "s", nanos / 1_000_000);
        }
    }

    /**
     * Allocates until {@link #COLLECTIONS} collections were seen or {@code budgetNanos} passed; the
     * arrays escape into {@code sink}, so the JIT cannot remove their allocation.
     */
    static Cycled cycle(Sink sink, long budgetNanos) {
        List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        long before = collections(collectors);
        long start = System.nanoTime();
        long bytes = 0;
        long seen = 0;
        while (seen < COLLECTIONS && System.nanoTime() - start < budgetNanos) {
            for (int i = 0; i < 64; i++) {
                long[] array = new long[ARRAY_LONGS];
                array[i] = i;
                sink.consume(array);
            }
            bytes += 64L * ARRAY_LONGS * Long.BYTES;
            seen = collections(collectors) - before;
        }
        return new Cycled(bytes, seen, System.nanoTime() - start, seen >= COLLECTIONS);
    }

    private static long collections(List<GarbageCollectorMXBean> collectors) {
        long sum = 0;
        for (GarbageCollectorMXBean c : collectors) {
            sum += Math.max(0, c.getCollectionCount());
        }
        return sum;
    }
}
