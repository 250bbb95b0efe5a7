package dev.chronoscope.internal.measure;

import dev.chronoscope.Timing;
import dev.chronoscope.internal.clock.ClockReader;

import java.util.Optional;

/**
 * The regions a test brackets itself, {@code Probe.begin()} and {@code Probe.end(long)}: one open at
 * a time, their samples one timing for the record. Mutable: one per probe, on its test's thread.
 */
final class ExplicitRegions {

    private final Timings.Context context;
    private final String testName;
    private final SampleRecorder samples = new SampleRecorder(1024);
    private boolean open;
    /** The explicit regions as one JFR event: begun at the first begin(), ended at each end(). */
    private TimedRegionEvent event;
    private long begin;
    private int beginCpu;

    ExplicitRegions(Timings.Context context, String testName) {
        this.context = context;
        this.testName = testName;
    }

    /** Why the record misses a region: a begin() that was never ended; empty when none is open. */
    Optional<String> unended() {
        return open ? Optional.of("Probe.begin() was called and never ended with end(): that region "
                + "is not in the record") : Optional.empty();
    }

    /** Opens a region: the clock's reading, which {@link #end} expects back. */
    long begin() {
        if (open) {
            throw new IllegalStateException("Probe.begin() called again before end(): one explicit region may be open "
                    + "at a time");
        }
        open = true;
        if (event == null) {
            event = TimedRegionEvent.started();
        }
        ClockReader reader = context.reader();
        long t = reader.begin();
        beginCpu = reader.beginCpu();
        begin = t;
        return t;
    }

    /** The clock's closing reading: taken first, so that the checks of {@link #end} are outside the region. */
    long read() {
        return context.reader().end();
    }

    /** Closes the region opened at {@code begin}, read as ending at {@code t} ({@link #read()}): its delta. */
    long end(long begin, long t) {
        if (!open) {
            throw new IllegalStateException("Probe.end() called without a matching begin()");
        }
        if (begin != this.begin) {
            throw new IllegalArgumentException("Probe.end(" + begin
                    + "): expected the value the matching begin() returned ("
                    + this.begin + "); the region stays open");
        }
        open = false;
        event.end();
        samples.record(begin, t, beginCpu, context.reader().endCpu());
        return t - begin;
    }

    /** The regions recorded so far, as one timing. */
    Timing recorded() {
        return Timings.build("explicit begin/end", samples, context);
    }

    /**
     * The regions' timing for the test's record, committed as one JFR event spanning the first
     * {@code begin()} to the last {@code end()}.
     */
    Timing recordedForTheRecord() {
        Timing timing = recorded();
        if (event != null) {
            event.commitEnded(testName, timing, samples.samples().size() + samples.droppedMigration()
                    + samples.droppedNegative());
            event = null;
        }
        return timing;
    }

    /** True when regions were recorded, so the report includes them. */
    boolean any() {
        return samples.samples().size() > 0 || samples.dropped() > 0;
    }
}
