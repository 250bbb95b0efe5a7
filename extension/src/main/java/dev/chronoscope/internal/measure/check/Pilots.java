package dev.chronoscope.internal.measure.check;

import java.util.function.IntFunction;

/**
 * Pilots at k and 2k calls per sample taken when the re-sizing check asks: {@code pair} takes one
 * pair for k, each pilot of {@code samples} samples.
 */
public record Pilots(int samples, IntFunction<PilotPair> pair) {
}
