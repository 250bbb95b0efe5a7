package dev.chronoscope.internal.clock;

import java.util.Arrays;

/**
 * The positive differences between a clock's readings as a histogram: distinct values ascending
 * and how often each was seen, gathered from back-to-back reads and the probe floor's samples.
 * Zero and negative differences carry no quantum and are left out. {@link EffectiveResolution}
 * decides the clock's quantum from it.
 */
public record ReadingDifferences(long[] values, long[] counts) {

    public static final ReadingDifferences NONE = new ReadingDifferences(new long[0], new long[0]);

    public ReadingDifferences {
        values = values.clone();
        counts = counts.clone();
        if (values.length != counts.length) {
            throw new IllegalArgumentException("values and counts differ in length");
        }
        for (int i = 1; i < values.length; i++) {
            if (values[i] <= values[i - 1]) {
                throw new IllegalArgumentException("values must be distinct and ascending: " + values[i - 1] + " then "
                        + values[i] + " at index " + i);
            }
        }
    }

    /** The histogram of the positive entries of {@code differences}. */
    public static ReadingDifferences of(long... differences) {
        return ofFirst(differences, differences.length);
    }

    /** The histogram of the positive entries among the first {@code n} of {@code differences}. */
    public static ReadingDifferences ofFirst(long[] differences, int n) {
        long[] sorted = Arrays.copyOf(differences, n);
        Arrays.sort(sorted);
        return ofSorted(sorted);
    }

    /** The histogram of the positive entries of ascending {@code sorted}. */
    public static ReadingDifferences ofSorted(long[] sorted) {
        long[] values = new long[sorted.length];
        long[] counts = new long[sorted.length];
        int distinct = 0;
        for (long d : sorted) {
            if (d <= 0) {
                continue;
            }
            if (distinct > 0 && values[distinct - 1] == d) {
                counts[distinct - 1]++;
            } else {
                values[distinct] = d;
                counts[distinct] = 1;
                distinct++;
            }
        }
        return new ReadingDifferences(Arrays.copyOf(values, distinct), Arrays.copyOf(counts, distinct));
    }

    /** Both histograms in one. */
    public ReadingDifferences plus(ReadingDifferences other) {
        long[] v = new long[values.length + other.values.length];
        long[] c = new long[v.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < values.length || j < other.values.length) {
            long next = j >= other.values.length || (i < values.length && values[i] <= other.values[j])
                    ? values[i] : other.values[j];
            long count = 0;
            if (i < values.length && values[i] == next) {
                count += counts[i++];
            }
            if (j < other.values.length && other.values[j] == next) {
                count += other.counts[j++];
            }
            v[n] = next;
            c[n++] = count;
        }
        return new ReadingDifferences(Arrays.copyOf(v, n), Arrays.copyOf(c, n));
    }

    /** How many distinct values. */
    int size() {
        return values.length;
    }

    /** The {@code i}-th smallest distinct value, without the copy {@link #values()} makes. */
    long valueAt(int i) {
        return values[i];
    }

    /** How often {@link #valueAt(int) valueAt(i)} was seen. */
    long countAt(int i) {
        return counts[i];
    }

    public long total() {
        return Arrays.stream(counts).sum();
    }

    public long smallest() {
        return values.length == 0 ? 0 : values[0];
    }

    @Override
    public long[] values() {
        return values.clone();
    }

    @Override
    public long[] counts() {
        return counts.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ReadingDifferences d && Arrays.equals(values, d.values) && Arrays.equals(counts, d.counts);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(values) + Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("ReadingDifferences[");
        for (int i = 0; i < Math.min(values.length, 12); i++) {
            b.append(i > 0 ? ", " : "").append(values[i]).append('x').append(counts[i]);
        }
        return b.append(values.length > 12 ? ", ...]" : "]").toString();
    }
}
