package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;

/** Times ten million empty regions and prints how many were kept; run in a JVM with a small heap. */
public final class TenMillionSamplesMain {
    public static void main(String[] args) throws Exception {
        ClockReader reader = ClockReaders.open(ClockId.NANO_TIME);
        Timings.Floor floor = Timings.measureFloor(reader, 10_000, 5_000_000L, null);
        Timings.Context context = Timings.Context.of(reader, floor.floor()).step(1, "test").build();
        MeasuringProbe probe = new MeasuringProbe(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(50_000_000L));
        Timing t = probe.repeat("ten million", 10_000_000, () -> null);
        System.out.println("kept+dropped=" + (t.kept() + t.dropped()));
    }
}
