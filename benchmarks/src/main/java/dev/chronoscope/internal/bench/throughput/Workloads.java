package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.internal.measure.MultiplyAddChain;

/**
 * The code both JMH and Chronoscope time in the throughput comparison, from ~2 ns to ~1 µs a call.
 * Every constant is loaded from a non-final field: the JIT folds constant arithmetic (a constant
 * chain ran 2x faster than C's, merged), and each call starts from the same input, so consecutive
 * calls are independent and the CPU may overlap them, in both harnesses alike.
 */
public class Workloads extends CoreSpeedLogged {

    /** Knuth's MMIX LCG multiplier and increment; not final on purpose: see the class comment. */
    public long mul = 6364136223846793005L;
    public long add = 1442695040888963407L;
    public long seed = 0x9E3779B97F4A7C15L;
    public long fnvOffset = 0xcbf29ce484222325L;
    public long fnvPrime = 0x100000001b3L;
    public int steps4 = 4;
    public int steps64 = 64;
    public int steps1024 = 1024;
    public final byte[] bytes64 = new byte[64];

    public Workloads() {
        for (int i = 0; i < bytes64.length; i++) {
            bytes64[i] = (byte) (31 * i + 7);
        }
    }

    private long chain(int steps) {
        return MultiplyAddChain.run(seed, mul, add, steps);
    }

    /** 4 dependent multiply-adds. */
    public long chain4() {
        return chain(steps4);
    }

    /** 64 dependent multiply-adds. */
    public long chain64() {
        return chain(steps64);
    }

    /** 1024 dependent multiply-adds. */
    public long chain1024() {
        return chain(steps1024);
    }

    /** FNV-1a over 64 bytes. */
    public long fnv64() {
        long h = fnvOffset;
        long p = fnvPrime;
        for (byte b : bytes64) {
            h ^= b & 0xff;
            h *= p;
        }
        return h;
    }
}
