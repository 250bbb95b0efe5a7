package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.ClockId;
import dev.chronoscope.Comparison;
import dev.chronoscope.Timing;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.internal.bench.LoadAverage;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.measure.JvmState;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.ProbeSettings;
import dev.chronoscope.internal.measure.Timings;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Times the same workloads ({@link WorkloadCatalog}: this project's chains and the validation corpus of
 * third-party code) with JMH (average time) and with Chronoscope's {@code Probe.throughput} (net per call)
 * and {@code Probe.repeat} (net latency of one call alone), and two pairs of them with {@code Probe.compare},
 * in one run; prints them side by side ({@link ValidationTable}) and checks the validation targets. See
 * docs/evidence/jmh-agreement.md for the command and the figures.
 *
 * <p>With {@code --forks N} each tool runs in N JVMs, taken in turn (JMH's fork i of every workload, then
 * Chronoscope's JVM i, so that both see the host in the same state), and medians over the JVMs are compared:
 * one JVM's figure is one draw from a spread, for either tool. Options: {@link ThroughputOptions#USAGE}.
 */
public final class ThroughputComparison {

    private static final String FIGURES = "figures";
    private static final String RATIO = "ratio";
    private static final String HOST = "host";
    private static final String JMH_HERE = "jmh-here";

    private ThroughputComparison() {
    }

    /**
     * One JVM's figures for one workload.
     *
     * @param throughputMeanNanos the throughput timing's net mean per call: an average over the calls,
     *                            as JMH's avgt is, so the figure compared with it
     * @param speedBefore         the core's speed right before the throughput timing (ns per multiply-add,
     *                            {@code CoreSpeedReference}; NaN where not read)
     * @param speedAfter          the same right after it
     * @param reason              the throughput timing's verdict reason (last on the line: it has spaces)
     */
    record Figures(String workload, double throughputNanos, double throughputMeanNanos, String verdict, int callsPerSample,
                   double latencyNanos, String latencyVerdict, double speedBefore, double speedAfter, String reason) {

        boolean resolved() {
            return verdict.equals("RESOLVED");
        }

        /**
         * Refused by the core-speed self-check alone: the probe read the core slower around the samples than
         * this JVM had seen it, and said so rather than print the figure as the code's cost.
         */
        boolean refusedForCoreSpeed() {
            return verdict.equals("REFUSED") && reason.startsWith(CORE_SPEED_REFUSAL) && !reason.contains("; also: ");
        }

        /** The slower of the two core-speed readings around the timing (NaN where either was not read). */
        double slowestSpeed() {
            return Double.isNaN(speedBefore) || Double.isNaN(speedAfter) ? Double.NaN : Math.max(speedBefore, speedAfter);
        }

        String toLine() {
            return String.join(" ", FIGURES, workload, Double.toString(throughputNanos),
                    Double.toString(throughputMeanNanos), verdict,
                    Integer.toString(callsPerSample), Double.toString(latencyNanos), latencyVerdict,
                    Double.toString(speedBefore), Double.toString(speedAfter), reason.replace('\n', ' '));
        }

        static Figures parse(String line) {
            String[] f = line.split(" ", 11);
            if (f.length < 10 || !f[0].equals(FIGURES)) {
                throw new IllegalArgumentException("not a figures line: '" + line + "'; expected '" + FIGURES
                        + " <workload> <ns> <mean ns> <verdict> <k> <latency ns> <verdict> <speed before> <speed after>"
                        + " <reason>'");
            }
            return new Figures(f[1], Double.parseDouble(f[2]), Double.parseDouble(f[3]), f[4], Integer.parseInt(f[5]),
                    Double.parseDouble(f[6]), f[7], Double.parseDouble(f[8]), Double.parseDouble(f[9]),
                    f.length == 11 ? f[10] : "");
        }
    }

    /**
     * One JVM's {@code Probe.compare} of a pairing.
     *
     * @param ratio          {@code Comparison.ratio()}: the second's median over the first's
     * @param callsPerSample calls per sample (1: one call alone; more: batched)
     */
    record RatioFigures(String first, String second, double ratio, double low, double high, int callsPerSample,
                        String firstVerdict, String secondVerdict) {

        String pairing() {
            return new WorkloadCatalog.Pairing(first, second).name();
        }

        String toLine() {
            return String.join(" ", RATIO, first, second, Double.toString(ratio), Double.toString(low),
                    Double.toString(high), Integer.toString(callsPerSample), firstVerdict, secondVerdict);
        }

        static RatioFigures parse(String line) {
            String[] f = line.split(" ");
            if (f.length != 9 || !f[0].equals(RATIO)) {
                throw new IllegalArgumentException("not a ratio line: '" + line + "'; expected '" + RATIO
                        + " <first> <second> <ratio> <low> <high> <k> <verdict> <verdict>'");
            }
            return new RatioFigures(f[1], f[2], Double.parseDouble(f[3]), Double.parseDouble(f[4]),
                    Double.parseDouble(f[5]), Integer.parseInt(f[6]), f[7], f[8]);
        }
    }

    /**
     * What one JVM of Chronoscope's side measured, and on what; {@code jmhHere}: JMH's figures for the
     * workloads it timed inside this JVM, after Chronoscope ({@link WorkloadCatalog.Workload#jmhInChronoscopesJvm()}).
     */
    record ChronoscopeRun(String host, List<Figures> figures, List<RatioFigures> ratios, Map<String, JmhFigure> jmhHere) {

        /** Without JMH inside the JVM. */
        ChronoscopeRun(String host, List<Figures> figures, List<RatioFigures> ratios) {
            this(host, figures, ratios, Map.of());
        }
    }

    /**
     * A whole run: JMH's figure per workload and fork (each fork's median iteration, ns per call), the
     * slowest core-speed reading around that fork's measured iterations (ns per multiply-add, NaN where
     * not read), and Chronoscope's JVMs, in the order run.
     */
    record Results(Map<String, List<Double>> jmh, Map<String, List<Double>> jmhSpeeds, List<ChronoscopeRun> runs,
                   Instant start, Instant end) {

        /** Without JMH's core-speed readings. */
        Results(Map<String, List<Double>> jmh, List<ChronoscopeRun> runs, Instant start, Instant end) {
            this(jmh, Map.of(), runs, start, end);
        }
    }

    /**
     * One JMH run's figure for a workload (its median iteration) and the slowest core-speed reading around
     * its measured iterations.
     */
    record JmhFigure(double avgtNanos, double slowestSpeed, double bytesPerOp) {

        /** A figure whose allocation JMH's GC profiler did not count. */
        JmhFigure(double avgtNanos, double slowestSpeed) {
            this(avgtNanos, slowestSpeed, Double.NaN);
        }

        String toLine(String workload) {
            return String.join(" ", JMH_HERE, workload, Double.toString(avgtNanos), Double.toString(slowestSpeed));
        }

        static Map.Entry<String, JmhFigure> parse(String line) {
            String[] f = line.split(" ");
            if (f.length != 4 || !f[0].equals(JMH_HERE)) {
                throw new IllegalArgumentException("not a line of JMH's figures in a Chronoscope JVM: '" + line
                        + "'; expected '" + JMH_HERE + " <workload> <avgt ns> <slowest core-speed reading>'");
            }
            return Map.entry(f[1], new JmhFigure(Double.parseDouble(f[2]), Double.parseDouble(f[3])));
        }
    }

    public static void main(String[] args) throws Exception {
        ThroughputOptions options = Commands.parseOrExit(args, ThroughputOptions::parse, ThroughputOptions.USAGE);
        if (options.help()) {
            System.out.print(ThroughputOptions.USAGE);
            return;
        }
        if (options.forkChild()) {
            ChronoscopeRun run = timeInThisJvm(options);
            System.out.println(HOST + " " + run.host());
            run.figures().forEach(f -> System.out.println(f.toLine()));
            run.ratios().forEach(r -> System.out.println(r.toLine()));
            run.jmhHere().forEach((w, f) -> System.out.println(f.toLine(w)));
            return;
        }
        ValidationTable table = ValidationTable.of(options, run(options, VerboseMode.NORMAL), ValidationTable.VALIDATION);
        table.print(System.out);
        System.exit(table.targetsMet() ? 0 : 1);
    }

    /** Both tools over {@code options.forks()} JVMs each, in turn; JMH's own output at {@code jmhVerbosity}. */
    static Results run(ThroughputOptions options, VerboseMode jmhVerbosity) throws Exception {
        Instant start = Instant.now();
        Map<String, List<Double>> jmh = new LinkedHashMap<>();
        Map<String, List<Double>> jmhSpeeds = new LinkedHashMap<>();
        List<ChronoscopeRun> runs = new ArrayList<>();
        for (int fork = 1; fork <= options.forks(); fork++) {
            // JMH's figures of fork i: from its own forks, and from inside Chronoscope's JVM i
            Map<String, JmhFigure> jmhFigures = new LinkedHashMap<>(options.jmhIterations() > 0
                    ? runJmh(options, jmhVerbosity) : Map.of());
            ChronoscopeRun run = options.forks() == 1 ? timeInThisJvm(options) : timeInChildJvm(options, fork);
            jmhFigures.putAll(run.jmhHere());
            jmhFigures.forEach((name, f) -> {
                jmh.computeIfAbsent(name, n -> new ArrayList<>()).add(f.avgtNanos());
                jmhSpeeds.computeIfAbsent(name, n -> new ArrayList<>()).add(f.slowestSpeed());
            });
            runs.add(run);
        }
        return new Results(jmh, jmhSpeeds, runs, start, Instant.now());
    }

    /** What a Chronoscope JVM times with: its state, clock, the clock's resolution and a probe. */
    record Harness(JvmState jvm, ClockId clock, EffectiveResolution resolution, MeasuringProbe probe) {

        /** A harness on {@code requested}, or (null) on the TSC where it is usable, else {@code CLOCK_MONOTONIC}. */
        static Harness open(ClockId requested) throws ClockUnavailableException {
            JvmState jvm = new JvmState();
            ClockId clock = requested != null ? requested
                    : jvm.host().invariantTscVerdict().isKnown() && jvm.host().invariantTscVerdict().get()
                    && ClockReaders.isAvailable(ClockId.TSC_FENCED) ? ClockId.TSC_FENCED : ClockId.CLOCK_MONOTONIC;
            if (!ClockReaders.isAvailable(clock)) {
                throw new ClockUnavailableException(clock, "option --clock: no reader of it on this host ("
                        + System.getProperty("os.name") + ", " + System.getProperty("os.arch") + "); expected a clock this"
                        + " host can read (the doctor lists them)");
            }
            jvm.prepare(clock, 1_000_000_000L);
            TscFrequency frequency = clock.countsTicks() ? jvm.frequency().get() : null;
            ClockReader reader = ClockReaders.open(clock);
            Timings.Floor floor = Timings.measureFloor(reader, 10_000, 50_000_000L, frequency);
            EffectiveResolution resolution = jvm.step(clock).resolution(floor);
            Timings.Context context = Timings.Context.of(reader, floor.floor()).frequency(frequency).step(resolution)
                    .build();
            MeasuringProbe probe = new MeasuringProbe(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(500_000_000L)
                    .withFloorSamples(10_000).withFloorBudgetNanos(5_000_000L).withLoopBytesPerCall(floor.loopBytesPerCall())
                    .withCompiledRegions(jvm.compiledRegions()).withCoreSpeed(jvm.coreSpeed()));
            return new Harness(jvm, clock, resolution, probe);
        }
    }

    private static ChronoscopeRun timeInThisJvm(ThroughputOptions options) throws Exception {
        Harness harness = Harness.open(options.clock());
        JvmState jvm = harness.jvm();
        ClockId clock = harness.clock();
        EffectiveResolution resolution = harness.resolution();
        MeasuringProbe probe = harness.probe();

        WorkloadCatalog.Sources sources = WorkloadCatalog.Sources.create();
        Map<String, Region> regions = new LinkedHashMap<>();
        options.workloads().forEach(name -> regions.put(name, WorkloadCatalog.named(name).region().apply(sources)));
        String load = LoadAverage.now();
        // the core's speed before and after the workloads (CoreSpeedReference): which JVMs met a slow state of the host
        double speedBefore = jvm.coreSpeed().nanosPerStep();
        List<Figures> figures = new ArrayList<>();
        for (Map.Entry<String, Region> e : regions.entrySet()) {
            // around each timing, as JMH's forks read it around each iteration: the state the host was in
            double before = jvm.coreSpeed().nanosPerStep();
            Timing t = e.getValue().throughput(probe, e.getKey() + " throughput", options.samples());
            double after = jvm.coreSpeed().nanosPerStep();
            Timing l = e.getValue().latency(probe, e.getKey() + " latency", options.samples());
            figures.add(new Figures(e.getKey(), t.netNanos().p50(), t.netNanos().mean(), t.verdict().name(), t.callsPerSample(),
                    l.netNanos().p50(), l.verdict().name(), before, after, String.valueOf(t.verdictReason())));
        }
        List<RatioFigures> ratios = new ArrayList<>();
        for (WorkloadCatalog.Pairing p : options.pairings()) {
            Comparison c = regions.get(p.first()).compare(probe, p.first(), regions.get(p.second()), p.second(),
                    options.samples());
            ratios.add(new RatioFigures(p.first(), p.second(), c.secondOverFirst(), c.secondOverFirstLow(), c.secondOverFirstHigh(),
                    c.first().callsPerSample(), c.first().verdict().name(), c.second().verdict().name()));
        }
        String host = String.format(Locale.ROOT, "%s | java %s | clock %s, resolution %s%s%.3f..%.3f ns per multiply-add"
                        + " | load average %s", jvm.host().cpuModel().orElse("CPU model unknown"), System.getProperty("java.version"),
                clock, resolution.describe(), CORE_SPEED, speedBefore, jvm.coreSpeed().nanosPerStep(), load);
        // last, so that JMH's own code is in the history of no workload Chronoscope timed
        Map<String, JmhFigure> jmhHere = options.jmhIterations() > 0 ? runJmhHere(options) : Map.of();
        return new ChronoscopeRun(host, figures, ratios, jmhHere);
    }

    /** How the core-speed self-check's refusal begins (the core-speed check of a claim, ClaimMessages.coreSlower in the extension). */
    static final String CORE_SPEED_REFUSAL = "self-check core speed:";

    /** Where a JVM's host line gives its core speed, before and after its workloads. */
    static final String CORE_SPEED = " | core speed ";

    /** The command of a fresh JVM on this one's java and class path, with {@code options}' heap, running {@code main}. */
    static List<String> forkCommand(ThroughputOptions options, Class<?> main, List<String> arguments) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(
                        () -> new IllegalStateException("this JVM's java command is not known: cannot start a fork")),
                "--enable-native-access=ALL-UNNAMED"));
        command.addAll(options.heapJvmOptions());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(arguments);
        return command;
    }

    /** Chronoscope's side in a fresh JVM, as JMH forks its own; a JVM that fails is said, with its last output. */
    private static ChronoscopeRun timeInChildJvm(ThroughputOptions options, int fork) throws IOException, InterruptedException {
        List<String> command = forkCommand(options, ThroughputComparison.class, options.childArguments());
        Path log = Files.createTempFile("chronoscope-throughput-fork", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int exit = process.waitFor();
            List<String> lines = Files.readAllLines(log);
            String host = lines.stream().filter(l -> l.startsWith(HOST + " ")).map(l -> l.substring(HOST.length() + 1))
                    .findFirst().orElse(null);
            List<Figures> figures = lines.stream().filter(l -> l.startsWith(FIGURES + " ")).map(Figures::parse).toList();
            List<RatioFigures> ratios = lines.stream().filter(l -> l.startsWith(RATIO + " ")).map(RatioFigures::parse).toList();
            Map<String, JmhFigure> jmhHere = new LinkedHashMap<>();
            lines.stream().filter(l -> l.startsWith(JMH_HERE + " ")).map(JmhFigure::parse)
                    .forEach(e -> jmhHere.put(e.getKey(), e.getValue()));
            int jmhHereExpected = options.jmhIterations() > 0 ? jmhHereWorkloads(options).size() : 0;
            if (exit != 0 || host == null || figures.size() != options.workloads().size()
                    || ratios.size() != options.pairings().size() || jmhHere.size() != jmhHereExpected) {
                throw new IllegalStateException("Chronoscope's JVM " + fork + " of " + options.forks() + " exited with "
                        + exit + ", " + figures.size() + " of " + options.workloads().size() + " workloads' figures, "
                        + ratios.size() + " of " + options.pairings().size() + " comparisons and JMH's figures for "
                        + jmhHere.size() + " of " + jmhHereExpected + " workloads it times in that JVM; its last output:\n  "
                        + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 20), lines.size())));
            }
            return new ChronoscopeRun(host, figures, ratios, jmhHere);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /**
     * One JMH fork of every workload JMH times in a fork of its own: each one's median iteration, average
     * time per call in ns, and the slowest core-speed reading around its measured iterations ({@link CoreSpeedLog}).
     */
    private static Map<String, JmhFigure> runJmh(ThroughputOptions options, VerboseMode verbosity) throws Exception {
        List<String> forked = options.workloads().stream()
                .filter(w -> !WorkloadCatalog.named(w).jmhInChronoscopesJvm()).toList();
        if (forked.isEmpty()) {
            return Map.of();
        }
        Path speedLog = Files.createTempFile("chronoscope-jmh-core-speed", ".txt");
        try {
            return runJmh(options, forked, verbosity, 1, speedLog);
        } finally {
            Files.deleteIfExists(speedLog);
        }
    }

    /** The workloads JMH times inside Chronoscope's JVM, after it. */
    private static List<String> jmhHereWorkloads(ThroughputOptions options) {
        return options.workloads().stream().filter(w -> WorkloadCatalog.named(w).jmhInChronoscopesJvm()).toList();
    }

    /**
     * JMH without a fork (its benchmarks run in this JVM) on the workloads whose cost depends on what the JVM
     * ran before ({@link WorkloadCatalog.Workload#jmhInChronoscopesJvm()}): the same compiled code Chronoscope
     * timed, so the two harnesses are held against each other on one history, not on two.
     */
    private static Map<String, JmhFigure> runJmhHere(ThroughputOptions options) throws Exception {
        List<String> here = jmhHereWorkloads(options);
        if (here.isEmpty()) {
            return Map.of();
        }
        Path speedLog = Files.createTempFile("chronoscope-jmh-core-speed", ".txt");
        String before = System.getProperty(CoreSpeedLog.PROPERTY);
        System.setProperty(CoreSpeedLog.PROPERTY, speedLog.toString());
        try {
            return runJmh(options, here, VerboseMode.SILENT, 0, speedLog);
        } finally {
            if (before == null) {
                System.clearProperty(CoreSpeedLog.PROPERTY);
            } else {
                System.setProperty(CoreSpeedLog.PROPERTY, before);
            }
            Files.deleteIfExists(speedLog);
        }
    }

    /** JMH on {@code workloads} with {@code forks} forks (0: in this JVM), its core-speed readings in {@code speedLog}. */
    private static Map<String, JmhFigure> runJmh(ThroughputOptions options, List<String> workloads, VerboseMode verbosity,
                                               int forks, Path speedLog) throws Exception {
        Map<String, JmhFigure> byMethod = runJmhBenchmarks(options,
                workloads.stream().map(w -> WorkloadCatalog.named(w).jmhBenchmark()).toList(), verbosity, forks, speedLog);
        Map<String, JmhFigure> figures = new LinkedHashMap<>();
        byMethod.forEach((method, figure) -> figures.put(workloadOf(method), figure));
        for (String w : workloads) {
            if (!figures.containsKey(w)) {
                throw new IllegalStateException("JMH gave no result for workload '" + w + "' (benchmark "
                        + WorkloadCatalog.named(w).jmhBenchmark() + "); it gave " + figures.keySet());
            }
        }
        return figures;
    }

    /**
     * JMH on the benchmark methods named (class and method), {@code forks} forks each (0: in this JVM): each
     * method's median iteration, ns per operation, by its simple name, and the slowest core-speed reading around
     * its measured iterations (from {@code speedLog}; NaN where not read).
     */
    static Map<String, JmhFigure> runJmhBenchmarks(ThroughputOptions options, List<String> benchmarks,
                                                   VerboseMode verbosity, int forks, Path speedLog) throws Exception {
        return runJmhBenchmarks(options, benchmarks, verbosity, forks, speedLog, false);
    }

    /**
     * As {@link #runJmhBenchmarks(ThroughputOptions, List, VerboseMode, int, Path)}, with {@code gcProfiler} JMH's GC
     * profiler counting each benchmark's bytes per operation ({@code gc.alloc.rate.norm}).
     */
    static Map<String, JmhFigure> runJmhBenchmarks(ThroughputOptions options, List<String> benchmarks, VerboseMode verbosity,
                                                   int forks, Path speedLog, boolean gcProfiler) throws Exception {
        String include = benchmarks.stream().map(b -> "^" + Pattern.quote(b) + "$").collect(Collectors.joining("|"));
        OptionsBuilder builder = new OptionsBuilder();
        builder.include(include)
                .forks(forks)
                .warmupIterations(options.jmhWarmupIterations())
                .warmupTime(TimeValue.milliseconds(options.jmhIterationMillis()))
                .measurementIterations(options.jmhIterations())
                .measurementTime(TimeValue.milliseconds(options.jmhIterationMillis()))
                .verbosity(verbosity);
        if (gcProfiler) {
            builder.addProfiler(org.openjdk.jmh.profile.GCProfiler.class);
        }
        if (forks > 0) {
            // one call: a second jvmArgsAppend would replace this one's arguments. JMH's forks get the heap
            // Chronoscope's JVMs get (--heap): a pre-touched heap for JMH alone steadied its allocating workloads
            // but moved its ~3-5 ns figures by up to 0.5 ns (docs/evidence/jmh-agreement.md, "JMH's murmur3 modes")
            List<String> jvmArgs = new ArrayList<>(options.heapJvmOptions());
            jvmArgs.add("-D" + CoreSpeedLog.PROPERTY + "=" + speedLog);
            if (Runtime.version().feature() >= 23) {
                // JMH 1.37 reads field offsets through sun.misc.Unsafe: four lines of warning per fork from JDK 23 on
                jvmArgs.add("--sun-misc-unsafe-memory-access=allow");
            }
            builder.jvmArgsAppend(jvmArgs.toArray(String[]::new));
        }
        Map<String, Double> avgt = new LinkedHashMap<>();
        Map<String, Double> bytes = new LinkedHashMap<>();
        for (RunResult r : new Runner(builder.build()).run()) {
            org.openjdk.jmh.results.Result<?> norm = r.getAggregatedResult().getSecondaryResults().get("gc.alloc.rate.norm");
            if (norm != null) {
                bytes.put(simpleName(r.getParams().getBenchmark()), norm.getScore());
            }
            String method = r.getParams().getBenchmark();
            List<Double> iterations = new ArrayList<>();
            for (BenchmarkResult b : r.getBenchmarkResults()) {
                for (IterationResult i : b.getIterationResults()) {
                    iterations.add(i.getPrimaryResult().getScore());
                }
            }
            avgt.put(simpleName(method), ValidationTable.median(iterations));
        }
        Map<String, Double> speeds = new LinkedHashMap<>();
        CoreSpeedLog.slowestByBenchmark(speedLog).forEach((method, speed) -> speeds.put(simpleName(method), speed));
        Map<String, JmhFigure> figures = new LinkedHashMap<>();
        avgt.forEach((name, figure) -> figures.put(name, new JmhFigure(figure, speeds.getOrDefault(name, Double.NaN),
                bytes.getOrDefault(name, Double.NaN))));
        return figures;
    }

    /** "…CorpusJmh.joinJmh" gives "joinJmh". */
    private static String simpleName(String method) {
        return method.substring(method.lastIndexOf('.') + 1);
    }

    /** The workload a JMH benchmark method times: "…CorpusJmh.joinJmh" and "joinJmh" give "join". */
    private static String workloadOf(String method) {
        return simpleName(method).replaceFirst("Jmh$", "");
    }

    /** The run's span in UTC, to the second, for the table's heading. */
    static String span(Results results) {
        return results.start().truncatedTo(ChronoUnit.SECONDS) + " .. " + results.end().truncatedTo(ChronoUnit.SECONDS);
    }
}
