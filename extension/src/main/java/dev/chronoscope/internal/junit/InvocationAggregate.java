package dev.chronoscope.internal.junit;

import dev.chronoscope.Timing;
import dev.chronoscope.internal.measure.SampleRecorder;
import dev.chronoscope.internal.measure.Timings;

/**
 * The invocations of one repeated or parameterized test method, summarised together: kept in the
 * method's (the template's) store while its invocations run, possibly in parallel.
 */
final class InvocationAggregate {

    private final SampleRecorder recorder = new SampleRecorder(16);
    private int invocations;

    synchronized void add(long begin, long end, int beginCpu, int endCpu) {
        recorder.record(begin, end, beginCpu, endCpu);
        invocations++;
    }

    /** All invocations so far, with the latest invocation's floor and settings. */
    synchronized Timing timing(Timings.Context context) {
        return Timings.build("all invocations (" + invocations + " so far)", recorder, context);
    }
}
