package dev.chronoscope.internal.measure;

/**
 * Makes a region's result escape so the JIT cannot drop the work that produced it, as JMH's
 * {@code Blackhole} does.
 *
 * <p>An object is stored into a field on a branch that is really taken, ever more rarely (a
 * pseudo-random draw against a mask that widens each time it is taken): the branch's profile is
 * never empty, so the compiler keeps the store, the object escapes and escape analysis cannot
 * remove its allocation or the work only it needed. A branch that is never taken would be compiled
 * as an uncommon trap, at which a scalar-replaced object is only rematerialized, so the store would
 * not keep anything alive. A primitive is compared with a volatile field, which the compiler can
 * neither fold nor predict, so the value must be computed. Every loop that times a region pays the
 * same {@code consume} for its empty region too, so the floor holds the sink's cost.
 */
public final class Sink {

    /** Widens by one bit each time an object is stored, so stores grow rarer: about log2(calls) in all. */
    private volatile int escapeMask = 1;
    /** A linear congruential draw (Numerical Recipes' constants): full period modulo 2^32. */
    private int draw = (int) System.nanoTime();
    private volatile long longMarker = 0x9E3779B97F4A7C15L;
    private volatile double doubleMarker = Math.PI * 0x1p40;
    @SuppressWarnings("unused")
    private Object escaped;

    public void consume(Object result) {
        int mask = escapeMask;
        int next = draw * 1_664_525 + 1_013_904_223;
        draw = next;
        if ((next & mask) == 0) {
            escaped = result;
            escapeMask = (mask << 1) + 1;
        }
    }

    /** Takes {@code int} results too, widened, so that an {@code int} region is not boxed. */
    public void consume(long result) {
        if (result == longMarker) {
            escaped = result;
        }
    }

    public void consume(double result) {
        if (result == doubleMarker) {
            escaped = result;
        }
    }
}
