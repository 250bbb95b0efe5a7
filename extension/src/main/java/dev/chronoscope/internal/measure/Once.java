package dev.chronoscope.internal.measure;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * A value computed on first request and then kept: Chronoscope's one way of computing something
 * lazily. Concurrent first requests wait for the one computation; later requests read a volatile
 * field and take no lock. The computation is given at the request, so that it can use what the
 * requester holds (a reader, a budget); only the first request's runs.
 *
 * @param <T> the value's type; the computation must not return null
 */
public final class Once<T> {

    private volatile T value;

    /** The value, computed by {@code compute} if no request has computed it yet. */
    public T get(Supplier<? extends T> compute) {
        T v = value;
        if (v == null) {
            synchronized (this) {
                v = value;
                if (v == null) {
                    v = compute.get();
                    if (v == null) {
                        throw new IllegalStateException("a value computed once cannot be null");
                    }
                    value = v;
                }
            }
        }
        return v;
    }

    /** The value if it has been computed; empty before. */
    public Optional<T> ifComputed() {
        return Optional.ofNullable(value);
    }
}
