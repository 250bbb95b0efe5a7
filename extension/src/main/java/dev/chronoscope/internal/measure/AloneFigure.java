package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.measure.check.CallsAlone;

/**
 * A region's calls timed without its own loop, for the back-to-back check: the per-call p50 net of
 * the floor ({@code net}, NaN where the clock resolved none) and the calls per sample it took
 * ({@code calls}: 1 between the fenced reads, or the smallest batch through the shared loop).
 */
record AloneFigure(double net, int calls) {

    static final AloneFigure NONE = new AloneFigure(Double.NaN, 0);

    /** As the back-to-back check reads it. */
    CallsAlone read() {
        return new CallsAlone(net, calls, BatchSizing.ALONE_SAMPLES);
    }
}
