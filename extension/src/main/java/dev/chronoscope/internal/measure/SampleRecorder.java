package dev.chronoscope.internal.measure;

import dev.chronoscope.CpuThrottling;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.host.CpuStat;

import java.util.BitSet;

/**
 * Collects the deltas of timed regions, dropping — and counting — samples that cannot be trusted:
 * a negative delta (the clock went backwards, e.g. a wall clock stepped), or a region whose two
 * reads ran on different CPUs (whose counters need not agree). Mutable; one per measurement.
 */
public final class SampleRecorder {

    private final Samples samples;
    private final BitSet cpusSeen = new BitSet();
    private long droppedMigration;
    private long droppedNegative;
    /** Involuntary context switches of the measuring thread while recording; -1 when not counted. */
    private long involuntarySwitches = -1;

    public SampleRecorder(int expectedSamples) {
        this.samples = new Samples(expectedSamples);
    }

    /** Forgets every sample and count, keeping the storage: one recorder serves a warm-up's rounds. */
    void clear() {
        samples.clear();
        cpusSeen.clear();
        droppedMigration = 0;
        droppedNegative = 0;
        involuntarySwitches = -1;
        switchesMark = -1;
        throttling = null;
        throttlingMark = null;
    }

    /** Records one region read as {@code begin}/{@code end} on CPUs {@code beginCpu}/{@code endCpu}. */
    public void record(long begin, long end, int beginCpu, int endCpu) {
        if (beginCpu != ClockReader.CPU_UNKNOWN) {
            cpusSeen.set(beginCpu);
            if (endCpu != beginCpu) {
                if (endCpu != ClockReader.CPU_UNKNOWN) {
                    cpusSeen.set(endCpu);
                }
                droppedMigration++;
                return;
            }
        }
        long delta = end - begin;
        if (delta < 0) {
            droppedNegative++;
            return;
        }
        samples.add(delta);
    }

    /**
     * Counts the measuring thread's involuntary context switches, and the CPU-quota throttling of its
     * cgroup, from now until {@link #stopCountingSwitches()}.
     */
    public void startCountingSwitches() {
        throttlingMark = QuotaThrottling.read();
        switchesMark = ThreadSwitches.involuntary();
        collectionsMark = GarbageCollections.now();
    }

    /**
     * Adds the switches and throttling since {@link #startCountingSwitches()}; each stays unknown where it cannot be
     * read.
     */
    public void stopCountingSwitches() {
        long now = ThreadSwitches.involuntary();
        CpuStat throttlingNow = QuotaThrottling.read();
        long[] collectedNow = GarbageCollections.now();
        if (collectedNow != null && collectionsMark != null) {
            collections = Math.max(0, collections) + collectedNow[0] - collectionsMark[0];
            collectionMillis += collectedNow[1] - collectionsMark[1];
        }
        if (now >= 0 && switchesMark >= 0) {
            involuntarySwitches = Math.max(0, involuntarySwitches) + (now - switchesMark);
        }
        if (throttlingNow != null && throttlingMark != null) {
            CpuStat d = throttlingNow.since(throttlingMark);
            throttling = throttling == null ? d
                    : new CpuStat(throttling.periods() + d.periods(), throttling.throttledPeriods()
                    + d.throttledPeriods(),
                    throttling.throttledNanos() + d.throttledNanos());
        }
    }

    /** The cgroup's CPU-quota throttling while counting; null where it was not counted (no quota, or unreadable). */
    public CpuThrottling cpuThrottling() {
        return throttling == null ? null : new CpuThrottling(throttling.periods(), throttling.throttledPeriods(),
                throttling.throttledNanos());
    }

    public long involuntarySwitches() {
        return involuntarySwitches;
    }

    /** Garbage collections while counting; -1 where not counted. */
    public long collections() {
        return collections;
    }

    /** The collectors' accumulated time while counting, ms. */
    public long collectionMillis() {
        return collectionMillis;
    }

    private long[] collectionsMark;
    private long collections = -1;
    private long collectionMillis;

    private long switchesMark = -1;
    private CpuStat throttlingMark;
    /** The throttling counted so far; null when not counted. */
    private CpuStat throttling;

    public Samples samples() {
        return samples;
    }

    public long droppedMigration() {
        return droppedMigration;
    }

    public long droppedNegative() {
        return droppedNegative;
    }

    public long dropped() {
        return droppedMigration + droppedNegative;
    }

    /** CPUs the reads ran on, where the clock reports them. */
    public BitSet cpusSeen() {
        return (BitSet) cpusSeen.clone();
    }

    /**
     * Every garbage collector's count and accumulated time, summed: {count, ms}; null where a collector
     * does not keep them, or the runtime has no {@code java.management} to read them through.
     */
    static final class GarbageCollections {
        private static final java.util.List<java.lang.management.GarbageCollectorMXBean> COLLECTORS =
                RuntimeModules.has(RuntimeModules.MANAGEMENT)
                        ? java.lang.management.ManagementFactory.getGarbageCollectorMXBeans() : null;

        private GarbageCollections() {
        }

        static long[] now() {
            if (COLLECTORS == null) {
                return null;
            }
            long count = 0;
            long millis = 0;
            for (java.lang.management.GarbageCollectorMXBean c : COLLECTORS) {
                long n = c.getCollectionCount();
                long t = c.getCollectionTime();
                if (n < 0 || t < 0) {
                    return null;
                }
                count += n;
                millis += t;
            }
            return new long[]{count, millis};
        }
    }
}
