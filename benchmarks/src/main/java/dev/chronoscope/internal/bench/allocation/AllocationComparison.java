package dev.chronoscope.internal.bench.allocation;

import dev.chronoscope.ClockId;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.measure.JvmState;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.ProbeSettings;
import dev.chronoscope.internal.measure.Timings;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Counts the heap bytes per call of the same {@link AllocationWorkloads} with JMH's GC profiler
 * ({@code gc.alloc.rate.norm}, one fork) and with Chronoscope's {@code Probe.repeat} (allocation per
 * call on the measuring thread), in one run, and prints them side by side. Not a test: figures, not
 * assertions. The command is in docs/evidence/host-measurements.md, "Allocation per call against JMH's GC profiler".
 *
 * <p>Arguments: {@code --jmh-iterations N} (default 3 of 1 s, after 2 warm-up iterations),
 * {@code --calls N} (default 200,000 Chronoscope calls per workload).
 */
public final class AllocationComparison {

    private AllocationComparison() {
    }

    public static void main(String[] args) throws Exception {
        int iterations = 3;
        int calls = 200_000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--jmh-iterations" -> iterations = Integer.parseInt(args[++i]);
                case "--calls" -> calls = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i] + " (known: --jmh-iterations N, --calls N)");
            }
        }
        Map<String, Double> jmh = runJmh(iterations);

        ClockReader reader = ClockReaders.open(ClockId.NANO_TIME);
        JvmState jvm = new JvmState();
        jvm.prepare(ClockId.NANO_TIME, 1_000_000_000L);
        Timings.Floor floor = Timings.measureFloor(reader, 10_000, 50_000_000L, null);
        Timings.Context context = Timings.Context.of(reader, floor.floor()).subtractFloor(false).step(1, "1 ns").build();
        MeasuringProbe probe = new MeasuringProbe(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(500_000_000L)
                .withFloorSamples(10_000).withFloorBudgetNanos(5_000_000L).withLoopBytesPerCall(floor.loopBytesPerCall())
                .withCompiledRegions(jvm.compiledRegions()).withCoreSpeed(jvm.coreSpeed()));
        AllocationWorkloads w = new AllocationWorkloads();
        Map<String, Supplier<?>> workloads = new LinkedHashMap<>();
        workloads.put("array8", w::array8);
        workloads.put("boxedLong", w::boxedLong);
        workloads.put("arithmetic", w::arithmetic);
        workloads.put("longToString", w::longToString);

        System.out.printf(Locale.ROOT, "%njava %s | loop's own allocation per call (floor's run): %.3f B%n",
                System.getProperty("java.version"), floor.loopBytesPerCall());
        System.out.printf(Locale.ROOT, "%-14s %24s %26s %12s%n", "workload", "JMH gc.alloc.rate.norm B",
                "Chronoscope B/call (halves)", "difference");
        for (Map.Entry<String, Supplier<?>> e : workloads.entrySet()) {
            Timing t = probe.repeat(e.getKey(), calls, e.getValue());
            double chronoscope = t.allocation().orElseThrow(() -> new IllegalStateException(t.allocationUnknownReason())).bytesPerCall();
            double norm = jmh.getOrDefault(e.getKey(), Double.NaN);
            System.out.printf(Locale.ROOT, "%-14s %24.3f %14.3f (%.1f / %.1f) %+12.3f%n", e.getKey(), norm, chronoscope,
                    t.allocation().get().firstHalfBytesPerCall(), t.allocation().get().secondHalfBytesPerCall(), chronoscope - norm);
        }
    }

    private static Map<String, Double> runJmh(int iterations) throws Exception {
        Options options = new OptionsBuilder()
                .include(AllocationWorkloads.class.getName() + ".*")
                .addProfiler(GCProfiler.class)
                .forks(1)
                .warmupIterations(2)
                .warmupTime(TimeValue.seconds(1))
                .measurementIterations(iterations)
                .measurementTime(TimeValue.seconds(1))
                .build();
        Map<String, Double> norm = new LinkedHashMap<>();
        for (RunResult r : new Runner(options).run()) {
            String method = r.getParams().getBenchmark();
            String name = method.substring(method.lastIndexOf('.') + 1);
            for (Map.Entry<String, Result> m : r.getSecondaryResults().entrySet()) {
                if (m.getKey().endsWith("gc.alloc.rate.norm")) {
                    norm.put(name, m.getValue().getScore());
                }
            }
        }
        return norm;
    }
}
