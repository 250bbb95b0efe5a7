package dev.chronoscope.internal.measure;

import com.google.common.hash.Hashing;
import dev.chronoscope.ClockId;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import org.apache.commons.lang3.StringUtils;

import java.util.function.Supplier;

/**
 * Times library code with {@code Probe.throughput} on {@code CLOCK_MONOTONIC}, each workload named
 * in the arguments ({@code join}, {@code murmur}, {@code isBlank}) {@code -Dreps} times, printing the
 * per-call figures, the verdict (and a refusal's reason) and the thread's minor page faults around
 * each timing: the runs behind docs/evidence/real-library-code.md. Run it in a
 * fresh JVM with the test class path, with and without {@code -XX:+AlwaysPreTouch}.
 */
public final class LibraryThroughputMain {
    static String[] words = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"};
    static byte[] bytes = new byte[64];

    static long minflt() throws Exception {
        String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/thread-self/stat"));
        return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[7]);
    }

    public static void main(String[] args) throws Exception {
        ClockReader reader = ClockReaders.open(ClockId.CLOCK_MONOTONIC);
        System.err.println(new Warmer(reader, new CompiledRegions().compilerWatch()).probePath(1_000_000_000L).describe("ns"));
        Timings.Floor floor = Timings.measureFloor(reader, 10_000, 5_000_000L, null);
        CompiledRegions regions = new CompiledRegions();
        Timings.Context context = Timings.Context.of(reader, floor.floor()).step(10, "test").build();
        MeasuringProbe probe = new MeasuringProbe(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(500_000_000L)
                .withFloorSamples(10_000).withFloorBudgetNanos(5_000_000L).withTestName("main").withCompiledRegions(regions)
                .withCoreSpeed(new CoreSpeedReference()));
        int reps = Integer.getInteger("reps", 3);
        for (int r = 0; r < reps; r++) {
            for (String w : args) {
                Supplier<?> s = switch (w) {
                    case "join" -> () -> StringUtils.join(words, ',');
                    case "murmur" -> () -> Hashing.murmur3_128().hashBytes(bytes);
                    case "isBlank" -> () -> StringUtils.isBlank("                                       x");
                    default -> throw new IllegalArgumentException(w);
                };
                long f0 = minflt();
                long t0 = System.nanoTime();
                Timing t = Boolean.getBoolean("latency") ? probe.repeat(w, 2_000, s) : probe.repeatBackToBack(w, 2_000, s);
                System.err.printf("XX %-8s k=%-4d min %.1f p50 %.1f p90 %.1f ns %s in %d ms, %d faults%n", w, t.callsPerSample(), t.rawNanos().min(),
                        t.rawNanos().p50(), t.rawNanos().p90(), t.verdict(), (System.nanoTime() - t0) / 1_000_000, minflt() - f0);
                if (!t.isResolved()) {
                    System.err.println("   " + t.verdictReason());
                }
            }
        }
        probe.warmupWarnings().forEach(x -> System.err.println("WW " + x));
    }
}
