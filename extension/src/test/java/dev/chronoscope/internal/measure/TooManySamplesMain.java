package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;

/**
 * Asks for ten million samples, prints how it was refused (or how many were kept), then times a
 * small region: run in a JVM whose heap cannot hold ten million samples.
 */
public final class TooManySamplesMain {
    public static void main(String[] args) throws Exception {
        ClockReader reader = ClockReaders.open(ClockId.NANO_TIME);
        Timings.Floor floor = Timings.measureFloor(reader, 10_000, 5_000_000L, null);
        Timings.Context context = Timings.Context.of(reader, floor.floor()).step(1, "test").build();
        MeasuringProbe probe = new MeasuringProbe(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(50_000_000L));
        try {
            System.out.println("kept=" + probe.repeat("ten million", 10_000_000, () -> null).kept());
        } catch (IllegalArgumentException e) {
            System.out.println("refused=" + e.getMessage());
        }
        System.out.println("then kept=" + probe.repeat("a hundred", 100, () -> null).kept());
    }
}
