package dev.chronoscope.internal.host;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One fact about the host: a value with where it was read from, or "unknown" with the reason it
 * could not be read. Never a guess: a value is present only when it was read or measured.
 *
 * @param value  the value, or {@code null} when unknown
 * @param source where the value came from (a file, a CPUID leaf, a measurement), or the reason it is unknown
 */
public record Fact<T>(T value, String source) {

    public Fact {
        Objects.requireNonNull(source, "source");
    }

    public static <T> Fact<T> of(T value, String source) {
        return new Fact<>(Objects.requireNonNull(value, "value"), source);
    }

    public static <T> Fact<T> unknown(String reason) {
        return new Fact<>(null, reason);
    }

    public boolean isKnown() {
        return value != null;
    }

    public Optional<T> asOptional() {
        return Optional.ofNullable(value);
    }

    /** The value; call only when {@link #isKnown()}. */
    public T get() {
        if (value == null) {
            throw new IllegalStateException("unknown: " + source);
        }
        return value;
    }

    public T orElse(T other) {
        return value == null ? other : value;
    }

    /** The reason the fact is unknown; empty when it is known. */
    public String unknownReason() {
        return value == null ? source : "";
    }

    public <R> Fact<R> map(Function<? super T, ? extends R> mapper) {
        return value == null ? unknown(source) : new Fact<>(mapper.apply(value), source);
    }

    /** A fact derived from this one's value (which may turn out unknown); unknown stays unknown with its reason. */
    public <R> Fact<R> flatMap(Function<? super T, Fact<R>> mapper) {
        return value == null ? unknown(source) : Objects.requireNonNull(mapper.apply(value), "mapper result");
    }

    /** The value as text, or {@code unknown (reason)}. */
    public String describe() {
        return value == null ? "unknown (" + source + ")" : String.valueOf(value);
    }
}
