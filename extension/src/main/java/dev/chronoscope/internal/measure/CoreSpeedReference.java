package dev.chronoscope.internal.measure;

import java.util.Arrays;
import java.util.function.DoubleSupplier;

/**
 * The speed the core runs code at, read with a fixed reference: nanoseconds per 64-bit multiply-add
 * in {@value #CHAINS} chains of {@value #STEPS} dependent ones, each chain from the same seed and so
 * independent of the others, the median of {@value #SAMPLES} samples ({@code System.nanoTime}
 * around each: a sample is tens of microseconds, far above a read).
 *
 * <p>Why: a counter (the TSC, {@code CLOCK_MONOTONIC}) keeps its rate while what the core gets done
 * per tick follows the host: its frequency budget and whatever shares the physical core. On a bhyve
 * guest (AMD Turin, 2026-12-01) back-to-back calls of a 100-step chain read 75 ns per call for
 * minutes, then 97-101 ns, in spells of tens of seconds, and a 200-step chain's throughput 190 ns
 * and 211 ns with them: unchanged code 11 % slower, a between-run mode the baseline gate judged as a
 * regression whenever its baseline had not seen it. The chains are independent so that the core
 * overlaps them as it overlaps the calls of a throughput timing: one chain fed the last one's result
 * read 1.10 ns per step in both states (latency alone, which the spells did not move), independent
 * ones 0.70-0.73 ns, the fast state's figure. No change to the code under test moves this
 * reference, so a record carries it, and the gate compares medians read at the same speed.
 *
 * <p>One per JVM ({@link JvmState#coreSpeed}); its first reading first runs the chains until they
 * have read no faster for {@value #WARM_MILLIS} ms (at most {@value #WARM_MAX_MILLIS} ms), so that
 * the JIT's top tier runs them.
 */
public final class CoreSpeedReference {

    static final int STEPS = 100;
    static final int CHAINS = 200;
    static final int SAMPLES = 15;
    /**
     * Samples of a quick reading, the self-check's around a throughput sampling: a moment's preemption
     * lands in one sample, which the median of three leaves out.
     */
    static final int QUICK_SAMPLES = 3;
    /**
     * Chains per sample of a quick reading: 50, a quarter of a full reading's, so that the check's two
     * readings stay a small share of the shortest sampling (1,000 samples of 1 µs). Measured on a bhyve
     * guest (AMD Turin, 2026-12-02): 20-27 µs a quick reading against 240-370 µs a full one, over 1,000
     * and 100 readings, and within 1 % of each other (0.725 against 0.718 ns per multiply-add).
     */
    static final int QUICK_CHAINS = 50;
    /** The first reading waits until the chains have run no faster for this long (and at least this long). */
    static final int WARM_MILLIS = 50;
    /** The longest the first reading waits for the chains to settle. */
    static final int WARM_MAX_MILLIS = 500;
    /** A reading faster by more than this share than the fastest before is getting faster. */
    static final double SETTLED = 0.02;

    /** Not final: the JIT would fold a chain of constants (as {@link MultiplyAddChain} found). */
    private long mul = 2862933555777941757L;
    private long add = 3037000493L;
    /** Every chain's result lands here, so that the JIT cannot drop the chains. */
    private long last;
    private boolean warmed;
    /** The fastest reading returned so far (NaN before the first): the speed this JVM has seen the core run at. */
    private double fastest = Double.NaN;
    /** The fastest reading made elsewhere on this host and recalled ({@link #recall}); NaN: none. */
    private double recalled = Double.NaN;
    /** Where {@link #recalled} was read, as a message says it. */
    private String recalledFrom;
    /** Readings from elsewhere than the chains (a test's script), or null: the chains. */
    private final DoubleSupplier scripted;

    CoreSpeedReference() {
        this(null);
    }

    /** A reference whose readings are {@code scripted}'s, not the chains': to test what reads the core's speed. */
    CoreSpeedReference(DoubleSupplier scripted) {
        this.scripted = scripted;
    }

    /**
     * Nanoseconds per multiply-add now: the median of {@value #SAMPLES} samples, each {@value #CHAINS}
     * chains from one seed. Remembered when it is the fastest yet ({@link #fastest()}).
     */
    public synchronized double nanosPerStep() {
        return nanosPerStep(SAMPLES, CHAINS);
    }

    /**
     * A quick reading, as {@link #nanosPerStep()}: the median of {@value #QUICK_SAMPLES} samples of
     * {@value #QUICK_CHAINS} chains, for the self-check around a throughput sampling, whose two
     * readings must stay a small share of the shortest sampling.
     */
    synchronized double quickNanosPerStep() {
        return nanosPerStep(QUICK_SAMPLES, QUICK_CHAINS);
    }

    private double nanosPerStep(int samples, int chains) {
        double now = scripted != null ? scripted.getAsDouble() : warmedReading(samples, chains);
        if (Double.isFinite(now) && !(now >= fastest)) {
            fastest = now;
        }
        return now;
    }

    /**
     * The fastest speed known for this core (NaN before any): this reference's own fastest reading
     * ({@link #ownFastest}), or a faster one recalled from another JVM on this host ({@link #recall}),
     * against which a later reading tells a slower core.
     */
    public synchronized double fastest() {
        return recalled < fastest || Double.isNaN(fastest) ? recalled : fastest;
    }

    /** Where {@link #fastest()} was read: "this JVM has read", or where a recalled reading came from. */
    public synchronized String fastestFrom() {
        return recalled < fastest || Double.isNaN(fastest) && !Double.isNaN(recalled) ? recalledFrom : OWN;
    }

    /** How a message names this JVM's own fastest reading. */
    public static final String OWN = "this JVM has read";

    /** The fastest reading this reference has returned itself (NaN before its first). */
    public synchronized double ownFastest() {
        return fastest;
    }

    /**
     * Remembers a reading made elsewhere on this host ({@code from}, as a message says where), where
     * it is faster than any recalled before: a JVM that began while the host ran slower is then
     * checked against the speed other JVMs saw.
     */
    public synchronized void recall(double nanosPerStep, String from) {
        if (nanosPerStep > 0 && Double.isFinite(nanosPerStep) && !(nanosPerStep >= recalled)) {
            recalled = nanosPerStep;
            recalledFrom = from;
        }
    }

    private double warmedReading(int samples, int chains) {
        if (!warmed) {
            // until the readings stop getting faster: a fixed 30 ms left the first test's reading at
            // a lower tier's speed in 5 of 30 JVMs (1.3-1.9 ns per step against 0.71-0.74), while the
            // compiler threads still worked through the JVM's start-up code
            long start = System.nanoTime();
            long lastFaster = start;
            double fastest = Double.MAX_VALUE;
            for (long now = start; now - start < WARM_MAX_MILLIS * 1_000_000L; now = System.nanoTime()) {
                double r = reading();
                if (r < fastest * (1 - SETTLED)) {
                    lastFaster = System.nanoTime();
                }
                fastest = Math.min(fastest, r);
                if (now - start >= WARM_MILLIS * 1_000_000L && now - lastFaster >= WARM_MILLIS * 1_000_000L) {
                    break;
                }
            }
            warmed = true;
        }
        return reading(samples, chains);
    }

    private double reading() {
        return reading(SAMPLES, CHAINS);
    }

    private double reading(int count, int chains) {
        long[] samples = new long[count];
        for (int i = 0; i < count; i++) {
            samples[i] = sample(chains);
        }
        Arrays.sort(samples);
        return samples[count / 2] / (double) (chains * STEPS);
    }

    private long sample(int chains) {
        long seed = last;
        long sum = 0;
        long t0 = System.nanoTime();
        for (int c = 0; c < chains; c++) {
            // chains from one seed, independent of each other: the core overlaps them, as it overlaps
            // the calls of a throughput timing, so the reference reads what a busy sibling thread on the
            // same core takes from them (a chain fed the last one's result would read only the clock)
            sum += chain(seed);
        }
        long t1 = System.nanoTime();
        last = seed ^ (sum & 1);
        return t1 - t0;
    }

    private long chain(long seed) {
        return MultiplyAddChain.run(seed, mul, add, STEPS);
    }
}
