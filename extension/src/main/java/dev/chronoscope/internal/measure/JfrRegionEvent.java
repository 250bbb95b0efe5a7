package dev.chronoscope.internal.measure;

import dev.chronoscope.Timing;
import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A timed region as a JDK Flight Recorder event, {@value #NAME}: it spans the region's timed loop,
 * so a recording shows Chronoscope's measurements on the timeline beside GC and compilation. Costs
 * nothing measurable where no recording is active: the figures are only filled in when
 * {@link #shouldCommit()} says the event will be kept. Loaded only where the runtime has the
 * {@code jdk.jfr} module ({@link TimedRegionEvent}).
 */
@Name(JfrRegionEvent.NAME)
@Label("Timed Region")
@Category({"Chronoscope"})
@Description("A region timed by Chronoscope: its test, label, clock, calls, median and p99, floor, verdict and "
        + "allocation")
@StackTrace(false)
final class JfrRegionEvent extends Event implements TimedRegionEvent.Span {

    static final String NAME = "dev.chronoscope.TimedRegion";

    @Label("Test")
    String test;

    @Label("Label")
    String label;

    @Label("Clock")
    String clock;

    @Label("Mode")
    @Description("latency: one call alone between two reads; throughput: per call of a batch; invocation: the test "
            + "method's invocation")
    String mode;

    @Label("Calls")
    long calls;

    @Label("Median")
    @Timespan(Timespan.NANOSECONDS)
    long medianNanos;

    @Label("99th Percentile")
    @Timespan(Timespan.NANOSECONDS)
    long p99Nanos;

    @Label("Floor Median")
    @Timespan(Timespan.NANOSECONDS)
    long floorNanos;

    @Label("Verdict")
    String verdict;

    @Label("Refused By")
    @Description("the ids of the self-checks that refused the figure, comma-separated; empty where none did")
    String refusedBy;

    @Label("Allocated per Call")
    @DataAmount(DataAmount.BYTES)
    @Description("heap bytes per call on the measuring thread; -1 where not counted")
    double allocatedBytesPerCall;

    /** An event whose span starts now. */
    static JfrRegionEvent started() {
        JfrRegionEvent event = new JfrRegionEvent();
        event.begin();
        return event;
    }

    @Override
    public void commitEnded(String testName, Timing timing, long calls) {
        if (!shouldCommit()) {
            return;
        }
        this.test = testName;
        this.label = timing.label();
        this.clock = timing.clock().name();
        this.mode = timing.label().equals("invocation") ? "invocation" : timing.mode().key();
        this.calls = calls;
        if (timing.kept() > 0) {
            this.medianNanos = Math.round(timing.rawNanos().p50());
            this.p99Nanos = Math.round(timing.rawNanos().p99());
        }
        this.floorNanos = Math.round(timing.floor().nanos().p50());
        this.verdict = timing.verdict().name();
        this.refusedBy = String.join(",", timing.refusedBy().stream().map(dev.chronoscope.SelfCheck::key).toList());
        this.allocatedBytesPerCall = timing.allocation().map(a -> a.bytesPerCall()).orElse(-1.0);
        commit();
    }
}
