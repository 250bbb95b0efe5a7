package dev.chronoscope.internal.measure;

import java.util.Arrays;

/**
 * The speed the core runs code at, read with a fixed reference: nanoseconds per dependent 64-bit
 * multiply-add in a chain of {@value #STEPS}, the median of {@value #SAMPLES} samples of
 * {@value #CHAINS} chains back to back ({@code System.nanoTime} around each: a sample is tens of
 * microseconds, far above a read).
 *
 * <p>Why: an invariant TSC (and {@code CLOCK_MONOTONIC}) counts at a fixed rate while the core's own
 * clock follows the host's frequency budget, which other guests and processes spend. On a bhyve
 * guest (AMD Turin, 2026-12-01) this chain read 75 ns per 100 steps for minutes, then 99-101 ns,
 * in spells of tens of seconds, and a 200-step chain's throughput read 190 ns in the first state,
 * 211 ns in the second: unchanged code 11 % slower, a between-run mode the baseline gate judged as
 * a regression whenever its baseline had not seen it. No change to the code under test moves this
 * reference, so a record carries it, and the gate does not compare medians read at another core
 * speed than their baseline's.
 *
 * <p>One per JVM ({@link JvmState#coreSpeed}); its first reading first warms the chain up for
 * {@value #WARM_MILLIS} ms so that the JIT's top tier runs it.
 */
public final class CoreSpeedReference {

    static final int STEPS = 100;
    static final int CHAINS = 200;
    static final int SAMPLES = 15;
    static final int WARM_MILLIS = 30;

    /** Not final: the JIT would fold a chain of constants (as {@link MultiplyAddChain} found). */
    private long mul = 2862933555777941757L;
    private long add = 3037000493L;
    /** Every chain's result lands here, so that the JIT cannot drop the chains. */
    private long last;
    private boolean warmed;

    CoreSpeedReference() {
    }

    /** Nanoseconds per multiply-add now: the median of {@value #SAMPLES} samples, each of {@value #CHAINS} chains. */
    public synchronized double nanosPerStep() {
        if (!warmed) {
            long end = System.nanoTime() + WARM_MILLIS * 1_000_000L;
            while (System.nanoTime() - end < 0) {
                sample();
            }
            warmed = true;
        }
        long[] samples = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            samples[i] = sample();
        }
        Arrays.sort(samples);
        return samples[SAMPLES / 2] / (double) (CHAINS * STEPS);
    }

    private long sample() {
        long x = last;
        long t0 = System.nanoTime();
        for (int c = 0; c < CHAINS; c++) {
            x = chain(x);
        }
        long t1 = System.nanoTime();
        last = x;
        return t1 - t0;
    }

    private long chain(long seed) {
        long m = mul;
        long a = add;
        long x = seed;
        for (int i = 0; i < STEPS; i++) {
            x = x * m + a;
        }
        return x;
    }
}
