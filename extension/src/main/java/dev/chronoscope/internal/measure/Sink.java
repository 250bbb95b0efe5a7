package dev.chronoscope.internal.measure;

/**
 * Makes a region's result escape so the JIT cannot drop the work that produced it. The check is a
 * plain load of a volatile field and a compare (a volatile read costs a plain load on x86-64 and
 * aarch64), which the compiler cannot fold because the field could change; the store happens only
 * when the result is that very object, i.e. never in practice.
 */
public final class Sink {

    private volatile Object marker = new Object();
    private volatile long longMarker = 0x9E3779B97F4A7C15L;
    private volatile double doubleMarker = Math.PI * 0x1p40;
    @SuppressWarnings("unused")
    private Object escaped;

    public void consume(Object result) {
        if (result == marker) {
            escaped = result;
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
