package dev.chronoscope.internal.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * A growable list of non-negative sample values in acquisition order. Values are kept as
 * {@code int} while they fit (4 bytes a sample: ten million samples in 40 MB), switching to
 * {@code long} storage only when a value needs it.
 */
public final class Samples {

    private int[] ints;
    private long[] longs;
    private int size;
    /** Bytes this list allocated while growing, so that a region's own allocation can be told from it. */
    private long growthAllocatedBytes;

    public Samples(int expectedSize) {
        ints = new int[Math.max(16, expectedSize)];
    }

    public static Samples of(long... values) {
        Samples s = new Samples(values.length);
        for (long v : values) {
            s.add(v);
        }
        return s;
    }

    public void add(long value) {
        if (longs == null && value == (int) value) {
            if (size == ints.length) {
                long before = ThreadAllocation.bytes();
                ints = Arrays.copyOf(ints, grow(size));
                growthAllocatedBytes += ThreadAllocation.bytes() - before;
            }
            ints[size++] = (int) value;
            return;
        }
        if (longs == null) {
            long before = ThreadAllocation.bytes();
            longs = new long[Math.max(ints.length, 16)];
            growthAllocatedBytes += ThreadAllocation.bytes() - before;
            for (int i = 0; i < size; i++) {
                longs[i] = ints[i];
            }
            ints = null;
        }
        if (size == longs.length) {
            long before = ThreadAllocation.bytes();
            longs = Arrays.copyOf(longs, grow(size));
            growthAllocatedBytes += ThreadAllocation.bytes() - before;
        }
        longs[size++] = value;
    }

    private static int grow(int size) {
        long next = size + (size >> 1) + 16L;
        if (next > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("too many samples: " + size);
        }
        return (int) next;
    }

    /** Bytes allocated so far by growing this list (counted on the thread that added the values). */
    public long growthAllocatedBytes() {
        return growthAllocatedBytes;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public long get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return longs == null ? ints[index] : longs[index];
    }

    /** A copy of the values in acquisition order. */
    public long[] toArray() {
        long[] out = new long[size];
        for (int i = 0; i < size; i++) {
            out[i] = get(i);
        }
        return out;
    }

    /** The values sorted ascending, in the compact form ({@code int[]} or {@code long[]}). */
    public Sorted sorted() {
        if (longs == null) {
            int[] copy = Arrays.copyOf(ints, size);
            Arrays.sort(copy);
            return new Sorted(copy, null, size);
        }
        long[] copy = Arrays.copyOf(longs, size);
        Arrays.sort(copy);
        return new Sorted(null, copy, size);
    }

    /**
     * The values sorted ascending where they are, without a copy: the acquisition order is lost, and
     * the view is valid until the list changes. For a list reused round after round (a warm-up's),
     * where a copy per round was most of the round's garbage.
     */
    Sorted sortedInPlace() {
        if (longs == null) {
            Arrays.sort(ints, 0, size);
        } else {
            Arrays.sort(longs, 0, size);
        }
        return new Sorted(ints, longs, size);
    }

    /** Empties the list, keeping its storage for the next values. */
    void clear() {
        size = 0;
    }

    /**
     * Why {@code count} samples needing {@code bytesPerSample} bytes of heap each while their timing
     * is built cannot be taken in this JVM, or empty where they may fit: they must fit in the heap
     * that was free after the last collection, less an eighth of the heap for the test's own data,
     * or the sampling would end in an {@code OutOfMemoryError} (ten million samples of one region,
     * 80 MB, were taken in a 100 MB heap: {@code MemoryBoundTests}; in a 64 MB heap they ended the
     * test JVM).
     */
    public static Optional<String> heapShortfall(long count, long bytesPerSample) {
        return heapShortfall(count, bytesPerSample, Runtime.getRuntime().maxMemory(), liveAfterLastCollection());
    }

    /**
     * As above, for a heap of at most {@code maxHeap} bytes of which {@code live} were in use after the last
     * collection.
     */
    static Optional<String> heapShortfall(long count, long bytesPerSample, long maxHeap, long live) {
        long needed = count * bytesPerSample;
        long room = Math.max(0, maxHeap - maxHeap / 8 - live);
        if (needed <= room) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT,
                "%,d samples need %s of heap while their timing is built (%d bytes each), more "
                        + "than the %s this JVM's heap can give them (at most %s, %s in use after the last "
                        + "collection, an eighth kept "
                        + "for the test's own data); ask for at "
                        + "most %,d samples, or give the test JVM more heap (-Xmx)", count, mib(needed), bytesPerSample,
                mib(room), mib(maxHeap), mib(live), room / bytesPerSample));
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }

    /**
     * Bytes of the heap's pools in use after their last collection: what the heap holds live, as best known (0 before
     * any).
     */
    private static long liveAfterLastCollection() {
        long live = 0;
        if (!RuntimeModules.has(RuntimeModules.MANAGEMENT)) {
            return live; // not readable without java.management: the heap's whole room is taken for the samples'
        }
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage after = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            live += after == null ? 0 : after.getUsed();
        }
        return live;
    }

    /** Sorted values, stored compactly: the first {@code size} of {@code ints} or {@code longs}. */
    public record Sorted(int[] ints, long[] longs, int size) {

        long get(int i) {
            return ints != null ? ints[i] : longs[i];
        }
    }
}
