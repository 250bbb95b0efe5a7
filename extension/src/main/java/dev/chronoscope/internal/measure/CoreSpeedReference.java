package dev.chronoscope.internal.measure;

import dev.chronoscope.CoreSpeedState;

import dev.chronoscope.internal.ffm.ProbeLibrary;

import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import java.util.function.DoubleSupplier;

/**
 * The speed the core runs code at, read with a fixed reference: nanoseconds per 64-bit multiply-add
 * in {@value #CHAINS} chains of {@value #STEPS} dependent ones, each chain from the same seed and so
 * independent of the others, the median of {@value #SAMPLES} samples ({@code System.nanoTime}
 * around each: a sample is tens of microseconds, far above a read).
 *
 * <p>Why: a counter (the TSC, {@code CLOCK_MONOTONIC}) keeps its rate while what the core gets done
 * per tick follows the host: its frequency budget and whatever shares the physical core; some hosts
 * run at two speeds in spells of seconds to minutes, and calls back to back slow with them while one
 * call alone does not. The chains are independent so that the core overlaps them as it overlaps the
 * calls of a throughput timing. No change to the code under test moves this reference, so a timing
 * and a record carry it as a fact ({@link CoreSpeedState}), the gate compares medians read at the
 * same speed, and a claim whose outcome the slowdown could have changed is inconclusive.
 *
 * <p>The chains run in the probe library's C where it is loaded ({@link ProbeLibrary#MULTIPLY_ADD_CHAINS}):
 * compiled ahead of time, their code is the same in every JVM from the first reading. The Java chains,
 * the fallback, read what the JIT made of them: C1's code, or a loop run partly in C1's and partly in
 * on-stack-replaced code, read as a slower core (docs/evidence/gate-validation.md); which of the two read
 * a figure is {@link #reference()}.
 *
 * <p>One per JVM ({@link JvmState#coreSpeed}); its first reading first runs the chains until they
 * have read no faster for {@value #WARM_MILLIS} ms (at most {@value #WARM_MAX_MILLIS} ms), so that
 * the JIT's top tier runs the Java chains, or the downcall's. The reference state is this JVM's own ({@link
 * #referenceState}):
 * readings of other JVMs are other moments, and one fast moment must not judge a whole boot; a forked test's JVM
 * alone also counts its suite JVM's reference state ({@link #inherit}).
 */
public final class CoreSpeedReference {

    /** The chains compiled ahead of time in the probe library. */
    public static final String NATIVE = "native";
    /** The chains in Java, as the JIT compiles them. */
    public static final String JAVA = "java";

    /** Dependent multiply-adds per chain: enough that a chain's latency, not the loop around it, is read. */
    static final int STEPS = 100;
    /** Independent chains per sample, which the core overlaps: a sample lasts tens of µs, far above a read. */
    static final int CHAINS = 200;
    /** Samples of a full reading: an odd count, whose median a few preempted samples cannot move. */
    static final int SAMPLES = 15;
    /**
     * Samples of a quick reading, the self-check's around a throughput sampling: a moment's preemption
     * lands in one sample, which the median of three leaves out.
     */
    static final int QUICK_SAMPLES = 3;
    /**
     * Chains per sample of a quick reading: a quarter of a full reading's, so that the two readings
     * around a sampling stay a small share of the shortest one (tens of µs against hundreds), and
     * within 1 % of a full reading.
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
    /** The fastest reading so far and the second fastest (NaN until read): the reference state is the second. */
    private double fastest = Double.NaN;
    private double secondFastest = Double.NaN;
    /** Readings from elsewhere than the chains (a test's script), or null: the chains. */
    private final DoubleSupplier scripted;
    /** The chains in C, or null: the Java chains. */
    private final MethodHandle nativeChains;

    /** The chains in C where the probe library has them, else in Java. */
    CoreSpeedReference() {
        this(null, ProbeLibrary.MULTIPLY_ADD_CHAINS);
    }

    /** A reference whose readings are {@code scripted}'s, not the chains': to test what reads the core's speed. */
    CoreSpeedReference(DoubleSupplier scripted) {
        this(scripted, null);
    }

    /** A reference running {@code nativeChains} (null: the Java chains). */
    static CoreSpeedReference running(MethodHandle nativeChains) {
        return new CoreSpeedReference(null, nativeChains);
    }

    private CoreSpeedReference(DoubleSupplier scripted, MethodHandle nativeChains) {
        this.scripted = scripted;
        this.nativeChains = nativeChains;
    }

    /** Which chains read this reference: {@link #NATIVE} or {@link #JAVA}; readings of the two are not compared. */
    public String reference() {
        return nativeChains != null ? NATIVE : JAVA;
    }

    /**
     * Nanoseconds per multiply-add now: the median of {@value #SAMPLES} samples, each {@value #CHAINS}
     * chains from one seed; it counts towards the reference state ({@link #referenceState()}).
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
        count(now);
        return now;
    }

    private void count(double reading) {
        if (Double.isFinite(reading) && reading > 0) {
            if (!(reading >= fastest)) {
                secondFastest = fastest;
                fastest = reading;
            } else if (!(reading >= secondFastest)) {
                secondFastest = reading;
            }
        }
    }

    /**
     * This JVM's reference state, in ns per multiply-add: the second-fastest reading it has made, so
     * that one outlying reading (a moment's boost, a misread sample) cannot set it and two that agree
     * can; NaN before two readings. A JVM that only ever ran in one state reads it as its reference.
     */
    public synchronized double referenceState() {
        return secondFastest;
    }

    /**
     * Counts {@code nanosPerStep}, the reference state of the JVM that started this one (a forked test's suite JVM),
     * as two readings of this JVM's, where {@code reference} names the same chains: a fork lives seconds, often in
     * one state of the host, and with only its own readings would take a slow state for its reference; the suite
     * JVM's is itself the second-fastest of its readings in this run, so one fast moment cannot set it.
     */
    public synchronized void inherit(String reference, double nanosPerStep) {
        if (reference().equals(reference)) {
            count(nanosPerStep);
            count(nanosPerStep);
        }
    }

    /**
     * Counts a reading a forked test's JVM of this run made with {@code reference}'s chains towards this JVM's
     * reference state: a suite JVM that forks its timed tests reads the core itself only before each fork, and
     * its forks' readings are the run's other moments, which the next fork inherits.
     */
    public synchronized void countForked(String reference, double nanosPerStep) {
        if (reference().equals(reference)) {
            count(nanosPerStep);
        }
    }

    /**
     * The core's speed around samples taken since the reading {@code before}: read again now, against the reference
     * state.
     */
    synchronized CoreSpeedState around(double before) {
        double after = quickNanosPerStep();
        return new CoreSpeedState(before, after, referenceState());
    }

    private double warmedReading(int samples, int chains) {
        if (!warmed) {
            // until the readings stop getting faster: a fixed wait left some JVMs' first reading at a
            // lower tier's speed while the compiler threads still worked through start-up code
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
        if (nativeChains != null) {
            return nativeSample(chains);
        }
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

    private long nativeSample(int chains) {
        long seed = last;
        long t0 = System.nanoTime();
        long result;
        try {
            result = (long) nativeChains.invokeExact(seed, mul, add, chains, STEPS);
        } catch (Throwable t) {
            throw new IllegalStateException("the probe library's multiply-add chains failed", t);
        }
        long t1 = System.nanoTime();
        last = seed ^ (result & 1);
        return t1 - t0;
    }

    private long chain(long seed) {
        return MultiplyAddChain.run(seed, mul, add, STEPS);
    }
}
