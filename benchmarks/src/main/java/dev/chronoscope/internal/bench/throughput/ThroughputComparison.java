package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.internal.bench.LoadAverage;
import dev.chronoscope.ClockId;
import dev.chronoscope.Timing;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.measure.JvmFacts;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.Timings;
import dev.chronoscope.internal.stats.AssertionSettings;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Times the same {@link Workloads} with JMH (average time, one fork) and with Chronoscope's
 * {@code Probe.throughput} (net per call) and {@code Probe.repeat} (net latency of one call alone),
 * in one run, and prints them side by side with the ratio throughput / JMH. Not a test: figures,
 * not assertions. See docs/latency-and-throughput.md for the command and the figures.
 *
 * <p>Arguments: {@code --jmh-iterations N} (default 5, of 1 s each, after 3 warm-up iterations),
 * {@code --samples N} (default 3000 throughput samples per workload).
 */
public final class ThroughputComparison {

    private ThroughputComparison() {
    }

    public static void main(String[] args) throws Exception {
        int iterations = 5;
        int samples = 3_000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--jmh-iterations" -> iterations = Integer.parseInt(args[++i]);
                case "--samples" -> samples = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + " (known: --jmh-iterations N, --samples N)");
            }
        }
        Map<String, Double> jmh = iterations > 0 ? runJmh(iterations) : Map.of();

        JvmFacts jvm = new JvmFacts();
        ClockId clock = jvm.host().invariantTscVerdict().isKnown() && jvm.host().invariantTscVerdict().get()
                && ClockReaders.isAvailable(ClockId.TSC_FENCED) ? ClockId.TSC_FENCED : ClockId.CLOCK_MONOTONIC;
        jvm.prepare(clock, 1_000_000_000L);
        jvm.warmup(clock, 1_000_000_000L);
        TscFrequency frequency = clock.countsTicks() ? jvm.frequency().get() : null;
        ClockReader reader = ClockReaders.open(clock);
        Timings.Floor floor = Timings.measureFloor(reader, 10_000, 50_000_000L, frequency);
        EffectiveResolution resolution = jvm.step(clock).resolution(floor);
        MeasuringProbe probe = new MeasuringProbe(new Timings.Context(reader, frequency, floor.floor(), true, resolution,
                AssertionSettings.defaults()), 500_000_000L, 10_000, 5_000_000L, "", floor.loopBytesPerCall(), jvm.compiledRegions());

        Workloads w = new Workloads();
        Map<String, LongSupplier> workloads = new LinkedHashMap<>();
        workloads.put("chain4", w::chain4);
        workloads.put("chain64", w::chain64);
        workloads.put("fnv64", w::fnv64);
        workloads.put("chain1024", w::chain1024);

        System.out.printf(Locale.ROOT, "%nhost: %s | clock %s, resolution %s | load average %s%n",
                jvm.host().cpuModel().orElse("CPU model unknown"), clock, resolution.describe(), LoadAverage.now());
        System.out.printf(Locale.ROOT, "%-10s %12s %22s %8s %14s %22s%n", "workload", "JMH avgt ns",
                "Chronoscope tput ns", "ratio", "k per sample", "Chronoscope latency ns");
        for (Map.Entry<String, LongSupplier> e : workloads.entrySet()) {
            Timing t = probe.throughput(e.getKey() + " throughput", samples, e.getValue());
            Timing l = probe.repeat(e.getKey() + " latency", samples, e.getValue());
            double tput = t.netNanos().p50();
            double avgt = jmh.getOrDefault(e.getKey(), Double.NaN);
            System.out.printf(Locale.ROOT, "%-10s %12.2f %15.2f %-6s %8.3f %14d %15.2f %-6s%n", e.getKey(), avgt, tput,
                    t.verdict() == dev.chronoscope.Verdict.RESOLVED ? "" : "(n.r.)", tput / avgt, t.callsPerSample(),
                    l.netNanos().p50(), l.isResolved() ? "" : "(n.r.)");
        }
        System.out.println("ratio = Chronoscope throughput net p50 per call / JMH avgt; (n.r.) = verdict NOT_RESOLVED");
    }

    private static Map<String, Double> runJmh(int iterations) throws Exception {
        Options options = new OptionsBuilder()
                .include(WorkloadsJmh.class.getName() + ".*")
                .forks(1)
                .warmupIterations(3)
                .warmupTime(TimeValue.seconds(1))
                .measurementIterations(iterations)
                .measurementTime(TimeValue.seconds(1))
                .build();
        Collection<RunResult> results = new Runner(options).run();
        Map<String, Double> avgt = new LinkedHashMap<>();
        for (RunResult r : results) {
            String method = r.getParams().getBenchmark();
            String name = method.substring(method.lastIndexOf('.') + 1).replace("Jmh", "");
            avgt.put(name, r.getPrimaryResult().getScore());
        }
        return avgt;
    }

}
