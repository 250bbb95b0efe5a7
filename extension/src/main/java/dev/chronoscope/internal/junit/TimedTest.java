package dev.chronoscope.internal.junit;

import dev.chronoscope.ProbeFloor;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.SampleRecorder;
import dev.chronoscope.internal.measure.Timings;


/**
 * One timed test's state between {@code beforeTestExecution} and {@code afterTestExecution}: the
 * clock and its readers, the floor, the probe handed to the test, the invocation's sample, and how
 * to undo pinning. Lives in the test's extension-context store; used by the test's thread.
 */
final class TimedTest {

    final Settings settings;
    final HostFacts host;
    final ClockChoice choice;
    final TscFrequency frequency;
    final ProbeFloor floor;
    final Timings.Context context;
    final MeasuringProbe probe;
    /** Its own reader, so that the test's probe regions cannot overwrite the CPUs of the invocation's reads. */
    final ClockReader invocationReader;
    final SampleRecorder invocation = new SampleRecorder(1);
    final String warmup;
    final Pinning pinning;
    final String startedAt;
    final boolean subtractFloor;
    /** Things that happened during the test that its record must mention. */
    final java.util.List<String> notes = new java.util.ArrayList<>();

    TimedTest(Settings settings, HostFacts host, ClockChoice choice, TscFrequency frequency, ProbeFloor floor,
              Timings.Context context, MeasuringProbe probe, ClockReader invocationReader, String warmup, Pinning pinning, String startedAt, boolean subtractFloor) {
        this.settings = settings;
        this.host = host;
        this.choice = choice;
        this.frequency = frequency;
        this.floor = floor;
        this.context = context;
        this.probe = probe;
        this.invocationReader = invocationReader;
        this.warmup = warmup;
        this.pinning = pinning;
        this.startedAt = startedAt;
        this.subtractFloor = subtractFloor;
    }
}
