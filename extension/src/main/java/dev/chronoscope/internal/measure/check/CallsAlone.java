package dev.chronoscope.internal.measure.check;

/**
 * A region's calls timed without its own loop, for the back-to-back check: the per-call p50 net of the
 * floor ({@code net}, NaN where the clock resolved none), the calls per sample it took ({@code calls}: 1
 * between the fenced reads, or the smallest batch through the shared loop) and its {@code samples}.
 */
public record CallsAlone(double net, int calls, int samples) {
}
