package dev.chronoscope.internal.measure;

import dev.chronoscope.Timing;

/**
 * A timed region's span, for JDK Flight Recorder: a {@link JfrRegionEvent} ({@value JfrRegionEvent#NAME})
 * where the runtime has the {@code jdk.jfr} module, else nothing — a runtime built without it
 * ({@code jlink}) times the same, and {@link RuntimeModules} says what it lacks. Which one is decided
 * once, so that no class of {@code jdk.jfr} is loaded where there is none.
 */
public final class TimedRegionEvent {

    private static final boolean JFR = RuntimeModules.has(RuntimeModules.JFR);

    /** What a region's span does: a JFR event's, or nothing. */
    interface Span {
        void end();

        void commitEnded(String testName, Timing timing, long calls);
    }

    private static final Span NONE = new Span() {
        @Override
        public void end() {
        }

        @Override
        public void commitEnded(String testName, Timing timing, long calls) {
        }
    };

    private final Span span;

    private TimedRegionEvent(Span span) {
        this.span = span;
    }

    /** An event whose span starts now. */
    public static TimedRegionEvent started() {
        return new TimedRegionEvent(JFR ? JfrRegionEvent.started() : NONE);
    }

    /** Ends the span now. */
    public void end() {
        span.end();
    }

    /** Ends the span now and commits the event, with {@code timing}'s figures, if a recording wants it. */
    public void commit(String testName, Timing timing, long calls) {
        end();
        commitEnded(testName, timing, calls);
    }

    /**
     * Commits the event, whose span {@link #end()} has closed, with {@code timing}'s figures, if a recording wants it.
     */
    public void commitEnded(String testName, Timing timing, long calls) {
        span.commitEnded(testName, timing, calls);
    }
}
