package dev.chronoscope.internal.measure;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;

/**
 * Touches the memory the heap hands out to new objects, so that an allocating region's samples stop
 * paying the kernel's first-touch faults: allocates short-lived arrays until a whole cycle of the
 * young generation (from one collection to the next) wrote memory already touched. In a fresh JVM
 * the young generation's memory has never been written; every 4 kB an allocating region fills
 * costs a page fault of microseconds, so a region allocating a few hundred bytes per call pays one
 * every few calls, where JMH's seconds of warm-up have long cycled the heap. Two collections are
 * not enough: G1 grows its young generation over several cycles, each mostly fresh pages, before
 * one reuses touched memory (docs/evidence/jmh-agreement.md).
 */
final class YoungGeneration {

    /**
     * Small enough for an allocation buffer (G1 puts objects of half a region or more outside the young generation).
     */
    private static final int ARRAY_LONGS = 2 * 1024;
    /** Collections to see at least: the young generation is sized after the first (above). */
    static final int COLLECTIONS = 2;
    /** A cycle with at most this share of its pages fresh wrote memory already touched (a 4 kB page a fault). */
    static final double SETTLED_FRESH_SHARE = 0.05;
    /** The bytes a page fault stands for: the base page of the hosts the rule runs on. */
    private static final long PAGE_BYTES = 4096;

    private YoungGeneration() {
    }

    /**
     * What a cycle did: the bytes allocated, the collections seen, the time it took, whether the
     * young generation settled, and the share of fresh pages in the last whole cycle between two
     * collections (NaN where none was seen or faults cannot be read).
     */
    record Cycled(long bytes, long collections, long nanos, boolean complete, double lastFreshShare) {

        /**
         * "cycled the young generation (612 MB allocated until 5 collections, the last whole cycle
         * 0.1 % fresh pages, 910 ms)"; "began cycling ... but saw only 1 collection" or "... but its
         * last whole cycle still wrote 66.7 % fresh pages" where the budget ran out.
         */
        String describe() {
            String last = Double.isNaN(lastFreshShare) ? ""
                    : String.format(Locale.ROOT, ", the last whole cycle %.1f %% fresh pages", 100 * lastFreshShare);
            String seen = String.format(Locale.ROOT, "%d collection%s", collections, collections == 1 ? "" : "s");
            String what = complete ? "until " + seen + last
                    : collections < COLLECTIONS ? "but saw only " + seen
                    : "and " + seen + last + ", still above " + Math.round(100 * SETTLED_FRESH_SHARE) + " %";
            return String.format(Locale.ROOT, "%s the young generation (%d MB allocated %s, %d ms)",
                    complete ? "cycled" : "began cycling", bytes >> 20, what, nanos / 1_000_000);
        }
    }

    /**
     * Allocates until at least {@link #COLLECTIONS} collections were seen and the last whole cycle
     * between two of them had at most {@link #SETTLED_FRESH_SHARE} of its pages fresh (where faults
     * cannot be read: {@link #COLLECTIONS} collections), or until {@code budgetNanos} passed; the
     * arrays escape into {@code sink}, so the JIT cannot remove their allocation.
     */
    static Cycled cycle(Sink sink, long budgetNanos) {
        // without java.management no collection is seen: the cycle runs its budget, and says it did not complete
        List<GarbageCollectorMXBean> collectors = RuntimeModules.has(RuntimeModules.MANAGEMENT)
                ? ManagementFactory.getGarbageCollectorMXBeans()
                : List.of();
        long before = collections(collectors);
        long start = System.nanoTime();
        long bytes = 0;
        long seen = 0;
        long cycleBytes = 0;
        long cycleFaults = PageFaults.minor();
        double lastFresh = Double.NaN;
        boolean settled = false;
        while (!settled && System.nanoTime() - start < budgetNanos) {
            for (int i = 0; i < 64; i++) {
                long[] array = new long[ARRAY_LONGS];
                array[i] = i;
                sink.consume(array);
            }
            bytes += 64L * ARRAY_LONGS * Long.BYTES;
            long now = collections(collectors) - before;
            if (now > seen) {
                // one cycle ended; a whole one only from the first collection on (the first began mid-cycle)
                long faults = PageFaults.minor();
                if (seen > 0 && faults >= 0 && cycleFaults >= 0) {
                    lastFresh = (double) (faults - cycleFaults) * PAGE_BYTES / (bytes - cycleBytes);
                }
                seen = now;
                cycleBytes = bytes;
                cycleFaults = faults;
                settled = seen >= COLLECTIONS && (faults < 0 || lastFresh <= SETTLED_FRESH_SHARE);
            }
        }
        return new Cycled(bytes, seen, System.nanoTime() - start, settled, lastFresh);
    }

    private static long collections(List<GarbageCollectorMXBean> collectors) {
        long sum = 0;
        for (GarbageCollectorMXBean c : collectors) {
            sum += Math.max(0, c.getCollectionCount());
        }
        return sum;
    }
}
