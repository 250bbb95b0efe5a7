package dev.chronoscope.internal.report;

import dev.chronoscope.ClockId;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.TscFrequency;

import java.util.List;
import java.util.Objects;

/**
 * Everything Chronoscope reports about one timed test: what the timing section shows and the JSON
 * Lines record holds.
 *
 * @param uniqueId    the JUnit unique id of the test
 * @param testName    {@code Class.method(params)} as shown in the section header
 * @param displayName JUnit's display name
 * @param outcome     {@code passed}, {@code failed} or {@code aborted}
 * @param clockWhy    how the clock was chosen
 * @param frequency   the counter's calibrated frequency, for the counter clocks; else null
 * @param host        one line of the host facts that bear on timing
 * @param step        the clock's observed step in its unit, used by the verdicts
 * @param warmup      how the clock's probe path was warmed up, once per JVM
 * @param pinned      where the thread was pinned, or {@code no}
 * @param timings     the invocation's timing first, then each {@link dev.chronoscope.Probe} region's
 * @param aggregate   for a repeated or parameterized test: all its invocations so far; else null
 * @param startedAt   ISO-8601 instant the test's timing started
 * @param pid         the JVM's process id (one Surefire fork)
 */
public record TestRecord(String uniqueId, String testName, String displayName, String outcome, ClockId clock,
                         String clockWhy, String readMethod, TscFrequency frequency, String host, ProbeFloor floor,
                         double step, String stepSource, String warmup, String pinned, List<String> warnings,
                         boolean floorSubtracted, List<Timing> timings, Timing aggregate, String startedAt, long pid) {

    public TestRecord {
        Objects.requireNonNull(uniqueId, "uniqueId");
        Objects.requireNonNull(clock, "clock");
        warnings = List.copyOf(warnings);
        timings = List.copyOf(timings);
    }
}
