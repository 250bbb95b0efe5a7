package dev.chronoscope;

/**
 * A timing's kept samples, sorted ascending, in the clock's unit: stored as ints while every
 * sample fits one (half the memory of the millions a timing may keep), as longs otherwise.
 */
final class SortedSamples {

    private final int[] ints;
    private final long[] longs;

    /** Exactly one of {@code ints} and {@code longs}, owned from now on and sorted ascending. */
    SortedSamples(int[] ints, long[] longs) {
        if ((ints == null) == (longs == null)) {
            throw new IllegalArgumentException("exactly one of int or long samples must be given");
        }
        this.ints = ints;
        this.longs = longs;
    }

    int size() {
        return ints != null ? ints.length : longs.length;
    }

    /** The {@code i}-th smallest sample (0-based). */
    long get(int i) {
        return ints != null ? ints[i] : longs[i];
    }

    /** The samples, ascending, in a new array. */
    long[] toArray() {
        long[] out = new long[size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = get(i);
        }
        return out;
    }
}
