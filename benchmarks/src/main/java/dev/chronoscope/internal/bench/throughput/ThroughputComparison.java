package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.internal.bench.LoadAverage;
import dev.chronoscope.ClockId;
import dev.chronoscope.Timing;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.args.CommandLine;
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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * Times the same {@link Workloads} with JMH (average time) and with Chronoscope's {@code Probe.throughput}
 * (net per call) and {@code Probe.repeat} (net latency of one call alone), in one run, and prints them side by
 * side with the ratio throughput / JMH. Not a test: figures, not assertions. See
 * docs/latency-and-throughput.md for the command and the figures.
 *
 * <p>With {@code --forks N} each tool runs in N JVMs, taken in turn (JMH's fork i, then Chronoscope's JVM i,
 * so that both see the host in the same state), and the means of the per-JVM figures are compared: for
 * regions of a few nanoseconds one JVM's figure is one draw from a spread of up to 2x, for either tool.
 * Options: {@link ThroughputOptions#USAGE}.
 */
public final class ThroughputComparison {

    private static final String FIGURES = "figures";
    private static final String HOST = "host";

    private ThroughputComparison() {
    }

    /** One JVM's figures for one workload. */
    record Figures(String workload, double throughputNanos, boolean resolved, int callsPerSample, double latencyNanos,
                   boolean latencyResolved) {

        String toLine() {
            return String.join(" ", FIGURES, workload, Double.toString(throughputNanos), Boolean.toString(resolved),
                    Integer.toString(callsPerSample), Double.toString(latencyNanos), Boolean.toString(latencyResolved));
        }

        static Figures parse(String line) {
            String[] f = line.split(" ");
            if (f.length != 7 || !f[0].equals(FIGURES)) {
                throw new IllegalArgumentException("not a figures line: '" + line + "'; expected '" + FIGURES
                        + " <workload> <ns> <resolved> <k> <latency ns> <resolved>'");
            }
            return new Figures(f[1], Double.parseDouble(f[2]), Boolean.parseBoolean(f[3]), Integer.parseInt(f[4]),
                    Double.parseDouble(f[5]), Boolean.parseBoolean(f[6]));
        }
    }

    /** What one JVM of Chronoscope's side measured, and on what. */
    record ChronoscopeRun(String host, List<Figures> figures) {
    }

    public static void main(String[] args) throws Exception {
        ThroughputOptions options;
        try {
            options = ThroughputOptions.parse(args);
        } catch (CommandLine.InvalidOptionException e) {
            System.err.println(e.getMessage());
            System.err.print(ThroughputOptions.USAGE);
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.out.print(ThroughputOptions.USAGE);
            return;
        }
        if (options.forkChild()) {
            ChronoscopeRun run = timeInThisJvm(options);
            System.out.println(HOST + " " + run.host());
            run.figures().forEach(f -> System.out.println(f.toLine()));
            return;
        }
        Map<String, List<Double>> jmh = new LinkedHashMap<>();
        List<ChronoscopeRun> runs = new ArrayList<>();
        for (int fork = 1; fork <= options.forks(); fork++) {
            if (options.jmhIterations() > 0) {
                runJmh(options).forEach((name, avgt) -> jmh.computeIfAbsent(name, n -> new ArrayList<>()).add(avgt));
            }
            runs.add(options.forks() == 1 ? timeInThisJvm(options) : timeInChildJvm(options, fork));
        }
        print(options, jmh, runs);
    }

    private static ChronoscopeRun timeInThisJvm(ThroughputOptions options) throws Exception {
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
        Map<String, LongSupplier> all = Map.of("chain4", w::chain4, "chain64", w::chain64, "fnv64", w::fnv64,
                "chain1024", w::chain1024);
        String host = String.format(Locale.ROOT, "%s | clock %s, resolution %s | load average %s",
                jvm.host().cpuModel().orElse("CPU model unknown"), clock, resolution.describe(), LoadAverage.now());
        List<Figures> figures = new ArrayList<>();
        for (String name : options.workloads()) {
            Timing t = probe.throughput(name + " throughput", options.samples(), all.get(name));
            Timing l = probe.repeat(name + " latency", options.samples(), all.get(name));
            figures.add(new Figures(name, t.netNanos().p50(), t.verdict() == Verdict.RESOLVED, t.callsPerSample(),
                    l.netNanos().p50(), l.isResolved()));
        }
        return new ChronoscopeRun(host, figures);
    }

    /** Chronoscope's side in a fresh JVM, as JMH forks its own; a JVM that fails is said, with its last output. */
    private static ChronoscopeRun timeInChildJvm(ThroughputOptions options, int fork) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(
                        () -> new IllegalStateException("this JVM's java command is not known: cannot start a fork")),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                ThroughputComparison.class.getName()));
        command.addAll(options.childArguments());
        Path log = Files.createTempFile("chronoscope-throughput-fork", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int exit = process.waitFor();
            List<String> lines = Files.readAllLines(log);
            String host = lines.stream().filter(l -> l.startsWith(HOST + " ")).map(l -> l.substring(HOST.length() + 1))
                    .findFirst().orElse(null);
            List<Figures> figures = lines.stream().filter(l -> l.startsWith(FIGURES + " ")).map(Figures::parse).toList();
            if (exit != 0 || host == null || figures.size() != options.workloads().size()) {
                throw new IllegalStateException("Chronoscope's JVM " + fork + " of " + options.forks() + " exited with "
                        + exit + " and " + figures.size() + " of " + options.workloads().size()
                        + " workloads' figures; its last output:\n  "
                        + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 20), lines.size())));
            }
            return new ChronoscopeRun(host, figures);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static void print(ThroughputOptions options, Map<String, List<Double>> jmh, List<ChronoscopeRun> runs) {
        System.out.printf(Locale.ROOT, "%nhost: %s%n", runs.get(0).host());
        System.out.printf(Locale.ROOT, "%d JVM(s) per tool; figures in ns per call; mean [min-max] over the JVMs%n",
                options.forks());
        System.out.printf(Locale.ROOT, "%-10s %22s %26s %8s %11s %22s%n", "workload", "JMH avgt", "Chronoscope tput",
                "ratio", "k", "Chronoscope latency");
        for (String name : options.workloads()) {
            List<Figures> mine = runs.stream().flatMap(r -> r.figures().stream()).filter(f -> f.workload().equals(name))
                    .toList();
            List<Double> theirs = jmh.getOrDefault(name, List.of());
            double tput = mean(mine.stream().map(Figures::throughputNanos).toList());
            double avgt = theirs.isEmpty() ? Double.NaN : mean(theirs);
            long unresolved = mine.stream().filter(f -> !f.resolved()).count();
            long latencyUnresolved = mine.stream().filter(f -> !f.latencyResolved()).count();
            System.out.printf(Locale.ROOT, "%-10s %22s %20s %-5s %8.3f %11s %16s %-5s%n", name, spread(theirs),
                    spread(mine.stream().map(Figures::throughputNanos).toList()), unresolved == 0 ? "" : "(n.r." + unresolved + ")",
                    tput / avgt, range(mine.stream().map(f -> (double) f.callsPerSample()).toList()),
                    spread(mine.stream().map(Figures::latencyNanos).toList()),
                    latencyUnresolved == 0 ? "" : "(n.r." + latencyUnresolved + ")");
        }
        System.out.println("ratio = mean Chronoscope throughput net p50 per call / mean JMH avgt; (n.r.N) = verdict"
                + " NOT_RESOLVED in N JVMs");
        if (options.forks() > 1) {
            System.out.println("per JVM, in the order run (JMH fork i ran just before Chronoscope's JVM i):");
            for (String name : options.workloads()) {
                System.out.printf(Locale.ROOT, "  %-10s JMH %s | Chronoscope %s%n", name,
                        list(jmh.getOrDefault(name, List.of())), list(runs.stream().flatMap(r -> r.figures().stream())
                                .filter(f -> f.workload().equals(name)).map(Figures::throughputNanos).toList()));
            }
        }
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    private static String spread(List<Double> values) {
        if (values.isEmpty()) {
            return "-";
        }
        return values.size() == 1 ? String.format(Locale.ROOT, "%.2f", values.get(0))
                : String.format(Locale.ROOT, "%.2f [%.2f-%.2f]", mean(values), Collections.min(values), Collections.max(values));
    }

    private static String range(List<Double> values) {
        long min = Math.round(Collections.min(values));
        long max = Math.round(Collections.max(values));
        return min == max ? Long.toString(min) : min + "-" + max;
    }

    private static String list(List<Double> values) {
        return values.isEmpty() ? "-" : values.stream().map(v -> String.format(Locale.ROOT, "%.2f", v))
                .collect(Collectors.joining(" "));
    }

    /** One JMH fork of every workload: each one's average time per call. */
    private static Map<String, Double> runJmh(ThroughputOptions options) throws Exception {
        String include = options.workloads().stream().map(w -> WorkloadsJmh.class.getName() + "." + w + "Jmh$")
                .collect(Collectors.joining("|"));
        Options jmhOptions = new OptionsBuilder()
                .include(include)
                .forks(1)
                .warmupIterations(3)
                .warmupTime(TimeValue.seconds(1))
                .measurementIterations(options.jmhIterations())
                .measurementTime(TimeValue.seconds(1))
                .build();
        Collection<RunResult> results = new Runner(jmhOptions).run();
        Map<String, Double> avgt = new LinkedHashMap<>();
        for (RunResult r : results) {
            String method = r.getParams().getBenchmark();
            String name = method.substring(method.lastIndexOf('.') + 1).replace("Jmh", "");
            avgt.put(name, r.getPrimaryResult().getScore());
        }
        return avgt;
    }
}
