package dev.chronoscope.internal.stats;

import dev.chronoscope.Comparison;
import dev.chronoscope.Timing;

/**
 * Turns two regions timed interleaved in block pairs into a {@link Comparison}: the ratio of the
 * reported medians with its paired block-bootstrap interval, widened for the clock's effective
 * resolution, and the Mann–Whitney test of all runs.
 *
 * <p><b>Widening for the quantum.</b> A clock whose readings come in quanta of s (its
 * {@link dev.chronoscope.internal.clock.EffectiveResolution}, not its smallest difference) reports
 * a region of true duration d as d rounded to a neighbouring quantum: every sample, and so every
 * quantile, is known only to within ±s. Medians of quantised data hide differences below s — two
 * regions 10 % apart can have the same median — and exaggerate tiny ones: two regions whose true
 * medians straddle a quantum boundary by a tick each have medians a whole quantum apart. So each
 * bound of the bootstrap interval is moved outwards as if the second's median were s further out
 * and the first's s further in: low × (m2 − s)/m2 × m1/(m1 + s), high × (m2 + s)/m2 × m1/(m1 − s).
 */
public final class Comparisons {

    /**
     * Block pairs per comparison (fewer when fewer runs are asked for): enough resampling units for
     * a percentile interval, and blocks short enough that a pair's two blocks see the same machine.
     */
    public static final int BLOCK_PAIRS = 100;

    private Comparisons() {
    }

    /** Runs of each region per block for {@code times} runs of each. */
    public static int blockSize(int times) {
        int pairs = Math.min(BLOCK_PAIRS, times);
        return (times + pairs - 1) / pairs;
    }

    /** Blocks for {@code times} runs of each region in blocks of {@code blockSize}. */
    public static int blockPairs(int times, int blockSize) {
        return (times + blockSize - 1) / blockSize;
    }

    /**
     * @param first         the first region's timing
     * @param second        the second region's timing
     * @param firstSamples  the first region's kept samples in acquisition order
     * @param firstEnds     for each block pair, the number of the first's kept samples up to the end of its block
     * @param secondSamples the second region's kept samples in acquisition order
     * @param secondEnds    likewise for the second
     * @param blockSize     runs per block
     * @param seed          seed of the bootstrap
     */
    public static Comparison of(Timing first, Timing second, long[] firstSamples, int[] firstEnds, long[] secondSamples,
                                int[] secondEnds, int blockSize, long seed) {
        return of(first, second, firstSamples, firstEnds, secondSamples, secondEnds, blockSize, seed, null);
    }

    /**
     * As above, for timings that may be per call of batches (both of the same size): the samples are
     * whole batches, so the floors are taken back to whole batches before the bootstrap, and the
     * comparison carries {@code batching}, why the regions were batched (null when they were not).
     */
    public static Comparison of(Timing first, Timing second, long[] firstSamples, int[] firstEnds, long[] secondSamples,
                                int[] secondEnds, int blockSize, long seed, String batching) {
        if (first.callsPerSample() != second.callsPerSample()) {
            throw new IllegalArgumentException("compared timings must have as many calls per sample: '" + first.label()
                    + "' has " + first.callsPerSample() + ", '" + second.label() + "' " + second.callsPerSample());
        }
        int k = first.callsPerSample();
        double s = Math.max(first.clockStep(), second.clockStep());
        Comparison.Builder b = Comparison.builder().timings(first, second).blocks(firstEnds.length, blockSize)
                .resolution(s).batching(batching);
        double level = AssertionSettings.CONFIDENCE;
        if (first.kept() == 0 || second.kept() == 0) {
            return b.ratio(Double.NaN, Double.NaN, Double.NaN)
                    .bootstrap(Double.NaN, Double.NaN, level, 0, seed)
                    .mannWhitney(Double.NaN, Double.NaN, Double.NaN, false, Double.NaN)
                    .build();
        }
        BlockBootstrap.Ratio r = BlockBootstrap.ratioOfMedians(
                BlockBootstrap.sortedBlocks(firstSamples, firstEnds),
                BlockBootstrap.sortedBlocks(secondSamples, secondEnds), first.floorSubtracted() ? k * first.floor()
                .median() : 0, second.floorSubtracted() ? k * second.floor().median() : 0,
                BlockBootstrap.RESAMPLES, level, seed ^ 0x9E3779B97F4A7C15L);
        double m1 = first.percentileValue(50);
        double m2 = second.percentileValue(50);
        double low;
        double high;
        if (m1 > 0 && m2 > 0) {
            low = r.low() * Math.max(0, m2 - s) / m2 * m1 / (m1 + s);
            high = m1 - s > 0 ? r.high() * (m2 + s) / m2 * m1 / (m1 - s) : Double.POSITIVE_INFINITY;
        } else {
            low = 0;
            high = Double.POSITIVE_INFINITY;
        }
        MannWhitney mw = MannWhitney.ofSorted((int) first.kept(), (int) second.kept(), first::sortedSample,
                second::sortedSample, true, true);
        return b.ratio(r.ratio(), low, high)
                .bootstrap(r.low(), r.high(), level, r.resamples(), seed)
                .mannWhitney(mw.u1(), mw.z(), mw.pTwoSided(), mw.exact(), mw.probabilityFirstSmaller())
                .build();
    }
}
