package dev.chronoscope;

import org.apiguardian.api.API;

import java.util.Locale;
import java.util.Objects;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * {@code Comparison} is used to tell which of two regions is faster, and by how much, from one
 * interleaved measurement ({@link Probe#compare(String, String, int, java.util.function.Supplier,
 * java.util.function.Supplier)}): both regions were timed with the same clock and the same
 * probe floor, alternating in block pairs whose order was shuffled, so that whatever the machine
 * did meanwhile fell on both alike. Immutable.
 *
 * <p>It holds both {@link Timing}s; the <em>ratio of medians</em> {@link #secondOverFirst()} =
 * median(second) / median(first) (above 1 when the first is faster) with its confidence interval
 * from a paired block bootstrap, widened on each median by one clock step
 * ({@link #clockStep()}: medians closer than that can read the same); and the Mann–Whitney U
 * test of the two samples with its effect size. Medians are the reported ones: net of the floor
 * when the test subtracts it ({@link SubtractProbeFloor}), raw otherwise.
 *
 * <p>Decide with {@code dev.chronoscope.assertj.ChronoscopeAssertions.assertThat(Comparison)}: its
 * claims are decided by the interval, which accounts for the machine's block-to-block noise. The
 * Mann–Whitney p-value treats every run as independent, which consecutive runs on one machine are
 * not, so it is reported for information, not used to decide.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Comparison {

    private final Timing first;
    private final Timing second;
    private final double ratio;
    private final double ratioLow;
    private final double ratioHigh;
    private final double bootstrapLow;
    private final double bootstrapHigh;
    private final double confidenceLevel;
    private final int resamples;
    private final long seed;
    private final int blockPairs;
    private final int blockSize;
    private final double mannWhitneyU;
    private final double z;
    private final double pValue;
    private final boolean exactPValue;
    private final double probabilityFirstFaster;
    private final double resolution;
    private final String batching;

    private Comparison(Builder b) {
        this.first = Objects.requireNonNull(b.first, "first");
        this.second = Objects.requireNonNull(b.second, "second");
        this.ratio = b.ratio;
        this.ratioLow = b.ratioLow;
        this.ratioHigh = b.ratioHigh;
        this.bootstrapLow = b.bootstrapLow;
        this.bootstrapHigh = b.bootstrapHigh;
        this.confidenceLevel = b.confidenceLevel;
        this.resamples = b.resamples;
        this.seed = b.seed;
        this.blockPairs = b.blockPairs;
        this.blockSize = b.blockSize;
        this.mannWhitneyU = b.mannWhitneyU;
        this.z = b.z;
        this.pValue = b.pValue;
        this.exactPValue = b.exactPValue;
        this.probabilityFirstFaster = b.probabilityFirstFaster;
        this.resolution = b.resolution;
        this.batching = b.batching;
    }

    /**
     * Why both regions were timed per call in batches (see {@link Timing#callsPerSample()}) rather
     * than one call per sample: the clock did not resolve one call of a region alone; empty when
     * both were timed one call at a time.
     */
    public java.util.Optional<String> batching() {
        return java.util.Optional.ofNullable(batching);
    }

    /**
     * Not for users: a test gets a comparison from {@link Probe}. Public only because Chronoscope's internal packages
     * call it (Java has no friend packages): may change or go without notice.
     */
    @API(status = INTERNAL, since = "0.1")
    public static Builder builder() {
        return new Builder();
    }

    /** The first region's timing. */
    public Timing first() {
        return first;
    }

    /** The second region's timing. */
    public Timing second() {
        return second;
    }

    /**
     * median(second) / median(first): how many times as long the second takes as the first. Above 1
     * the first is faster; 2.0 means the first takes half the time of the second.
     */
    public double secondOverFirst() {
        return ratio;
    }

    /**
     * The clock step, in the clock's unit ({@link Timing#unit()}), that the interval was widened by
     * on each median: the larger of the two timings' {@link Timing#clockStep()}. Medians closer than
     * this can read the same.
     */
    public double clockStep() {
        return resolution;
    }

    /**
     * Lower bound of {@link #secondOverFirst()}'s confidence interval (bootstrap, widened by one clock step on each
     * median).
     */
    public double secondOverFirstLow() {
        return ratioLow;
    }

    /**
     * Upper bound of {@link #secondOverFirst()}'s confidence interval (bootstrap, widened by one clock step on each
     * median); may be infinite.
     */
    public double secondOverFirstHigh() {
        return ratioHigh;
    }

    /** @deprecated renamed {@link #secondOverFirst()}, whose name says the direction. */
    @Deprecated(since = "0.2", forRemoval = true)
    public double ratio() {
        return secondOverFirst();
    }

    /** @deprecated renamed {@link #clockStep()}: one word, "clock step", for the clock's quantum. */
    @Deprecated(since = "0.2", forRemoval = true)
    public double resolution() {
        return clockStep();
    }

    /** @deprecated renamed {@link #secondOverFirstLow()}. */
    @Deprecated(since = "0.2", forRemoval = true)
    public double ratioLow() {
        return secondOverFirstLow();
    }

    /** @deprecated renamed {@link #secondOverFirstHigh()}. */
    @Deprecated(since = "0.2", forRemoval = true)
    public double ratioHigh() {
        return secondOverFirstHigh();
    }

    /** Lower bound of the bootstrap percentile interval before the widening by one clock step. */
    public double bootstrapLow() {
        return bootstrapLow;
    }

    /** Upper bound of the bootstrap percentile interval before the widening by one clock step. */
    public double bootstrapHigh() {
        return bootstrapHigh;
    }

    /** Confidence level of the interval, e.g. 0.95. */
    public double confidenceLevel() {
        return confidenceLevel;
    }

    /** Bootstrap resamples behind the interval. */
    public int resamples() {
        return resamples;
    }

    /** Seed of the block order and of the bootstrap. */
    public long seed() {
        return seed;
    }

    /** Block pairs the runs were split into (one block of each region per pair, in shuffled order). */
    public int blockPairs() {
        return blockPairs;
    }

    /** Runs of each region per block (the last block may be shorter). */
    public int blockSize() {
        return blockSize;
    }

    /** Mann–Whitney U of the first sample: pairs (first run, second run) where the first took longer, ties half. */
    public double mannWhitneyU() {
        return mannWhitneyU;
    }

    /** U standardised (tie- and continuity-corrected); negative when the first tends faster. */
    public double z() {
        return z;
    }

    /** Two-sided Mann–Whitney p-value, assuming independent runs (see the class comment). */
    public double pValue() {
        return pValue;
    }

    /** True when {@link #pValue()} is exact, false when from the normal approximation. */
    public boolean exactPValue() {
        return exactPValue;
    }

    /** The probability that a run of the first is faster than a run of the second (ties half). */
    public double probabilityFirstFaster() {
        return probabilityFirstFaster;
    }

    /**
     * Rank-biserial correlation, 2·{@link #probabilityFirstFaster()} − 1: +1 when every first run beat every second
     * run.
     */
    public double rankBiserial() {
        return 2 * probabilityFirstFaster - 1;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT,
                        "Comparison['%s' vs '%s', median ratio second/first %.3f, %.0f %% interval [%.3f, %.3f],"
                        + " Mann-Whitney z %.2f p %.3g, P(first faster) %.3f]", first.label(), second.label(), ratio,
                100 * confidenceLevel, ratioLow, ratioHigh, z, pValue, probabilityFirstFaster)
                + (batching == null ? "" : " (" + batching + ")");
    }

    /**
     * Assembles a {@link Comparison} for Chronoscope's measurement code. Public only because Chronoscope's internal
     * packages call it (Java has no friend packages): may change or go without notice.
     */
    @API(status = INTERNAL, since = "0.1")
    public static final class Builder {
        private Timing first;
        private Timing second;
        private double ratio;
        private double ratioLow;
        private double ratioHigh;
        private double bootstrapLow;
        private double bootstrapHigh;
        private double confidenceLevel;
        private int resamples;
        private long seed;
        private int blockPairs;
        private int blockSize;
        private double mannWhitneyU;
        private double z;
        private double pValue;
        private boolean exactPValue;
        private double probabilityFirstFaster;
        private double resolution;
        private String batching;

        private Builder() {
        }

        public Builder timings(Timing first, Timing second) { this.first = first; this.second = second; return this; }
        public Builder ratio(double ratio, double low, double high) {
            this.ratio = ratio;
            ratioLow = low;
            ratioHigh = high;
            return this;
        }
        public Builder bootstrap(double low, double high, double level, int resamples, long seed) {
            bootstrapLow = low;
            bootstrapHigh = high;
            confidenceLevel = level;
            this.resamples = resamples;
            this.seed = seed;
            return this;
        }
        public Builder resolution(double quantum) { resolution = quantum; return this; }
        /** Why both regions were timed in batches; null when they were not. */
        public Builder batching(String why) { batching = why; return this; }
        public Builder blocks(int pairs, int size) { blockPairs = pairs; blockSize = size; return this; }
        public Builder mannWhitney(double u, double z, double pValue, boolean exact, double probabilityFirstFaster) {
            mannWhitneyU = u;
            this.z = z;
            this.pValue = pValue;
            exactPValue = exact;
            this.probabilityFirstFaster = probabilityFirstFaster;
            return this;
        }

        public Comparison build() {
            return new Comparison(this);
        }
    }
}
