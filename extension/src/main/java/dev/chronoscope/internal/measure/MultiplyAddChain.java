package dev.chronoscope.internal.measure;

import java.util.function.Supplier;

/**
 * A reference region: a chain of dependent 64-bit multiply-adds whose constants live in non-final
 * fields, so the JIT can neither fold the chain nor drop it (its result is returned and consumed).
 * Every chain is the same lambda class, so chains of different lengths run the same compiled code.
 * Used where a known amount of work is needed: the assertion validation and tests.
 */
public final class MultiplyAddChain {

    /**
     * Not final: a constant multiplier let the JIT fold the chain (it ran 2x faster than C). Fields
     * of an object each chain captures rather than static ones: the JIT folds neither, and no chain
     * shares state with another.
     */
    private long mul = 6364136223846793005L;
    private long add = 1442695040888963407L;

    private MultiplyAddChain() {
    }

    /** {@code steps} dependent multiply-adds (a few cycles each). */
    public static Supplier<Object> of(int steps) {
        MultiplyAddChain constants = new MultiplyAddChain();
        return () -> run(steps, constants.mul, constants.add, steps);
    }

    /**
     * {@code steps} dependent multiply-adds {@code x = x * mul + add} from {@code x}: the chain every
     * reference region here runs (small enough for the JIT to inline into its caller). Pass the
     * constants from non-final fields, or the JIT folds the chain.
     */
    public static long run(long x, long mul, long add, int steps) {
        long r = x;
        for (int i = 0; i < steps; i++) {
            r = r * mul + add;
        }
        return r;
    }
}
