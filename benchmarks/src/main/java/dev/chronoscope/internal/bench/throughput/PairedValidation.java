package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.ClockId;
import dev.chronoscope.Outcome;
import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFiles;
import dev.chronoscope.internal.host.HostLoad;
import dev.chronoscope.internal.args.CommandLine;
import dev.chronoscope.internal.bench.LoadAverage;
import dev.chronoscope.internal.stats.Bound;
import dev.chronoscope.internal.stats.PercentileClaim;
import dev.chronoscope.internal.stats.Relation;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Validation paired in time: for each round and each workload, one JMH fork of the workload's method (and of its
 * other harness styles, {@link CorpusJmhStyles}), then right after it one fresh Chronoscope JVM that times the
 * same method with {@code Probe.throughput} and decides four claims against that JMH figure, then one more JMH
 * fork of the method, which tells whether the host's state moved during the pairing; both tools' JVMs on
 * one pre-touched heap. A figure is judged against the JMH figure taken in the same minutes, as the host's state
 * moves both tools' figures between rounds ({@link PairedTable}). The raw lines go to a file ({@code --save}); a
 * second run, under load, is held against a quiet run's file ({@code --quiet}). Options: {@link Options#USAGE}.
 */
public final class PairedValidation {

    static final String HOST = "host ";

    private PairedValidation() {
    }

    /** The command's options; JMH's iterations as in the issue that asked for the pairing: 5 + 5 of 400 ms. */
    record Options(int rounds, List<String> workloads, ClockId clock, int samples, String heap, int jmhIterations,
                   int jmhWarmup, int jmhMillis, Path save, Path quiet, Path table, boolean suite, boolean help) {

        static final String USAGE = """
                usage: PairedValidation [--rounds N] [--workloads a,b] [--clock NAME] [--samples N] [--heap SIZE]
                                        [--jmh-iterations N] [--jmh-warmup N] [--jmh-time MS] [--save FILE] [--quiet FILE]
                                        [--table FILE] [--suite]
                  --rounds N          rounds over the workloads, 1..50 (default 3); each round times every workload
                                      once with each tool, JMH's fork right before Chronoscope's JVM
                  --workloads a,b     as ThroughputComparison's (default corpus)
                  --clock NAME        Chronoscope's clock (default TSC_FENCED where the TSC is usable, else CLOCK_MONOTONIC)
                  --samples N         Chronoscope's throughput samples per workload (default 3000)
                  --heap SIZE         the one pre-touched heap every JVM of both tools gets (default 1g)
                  --jmh-iterations N  JMH's measured iterations per fork (default 5); --jmh-warmup N its warm-up
                                      iterations (default 5); --jmh-time MS each one's length (default 400)
                  --save FILE         where the paired figures' lines go (default target/paired-<UTC time>.txt)
                  --quiet FILE        a quiet run's saved lines: every figure resolved here with nothing recorded
                                      beside it must lie within ±25 % of that run's median for the workload
                  --table FILE        time nothing: judge and print the figures a run saved (with --quiet, against it)
                  --suite             as a test suite: each round times every workload in one Chronoscope JVM, in
                                      an order of its own (as listed, reversed, then shuffled, the round the seed),
                                      right after one JMH fork of each; without it, one fresh JVM per figure
                Exit status: 0 when every target is met, 1 when one is missed, 2 on bad options.
                """;

        static Options parse(String... args) throws CommandLine.InvalidOptionException {
            int rounds = 3;
            List<String> workloads = WorkloadCatalog.GROUPS.get(ThroughputOptions.DEFAULT_WORKLOADS);
            ClockId clock = null;
            int samples = ThroughputOptions.DEFAULT_SAMPLES;
            String heap = "1g";
            int iterations = 5;
            int warmup = 5;
            int millis = 400;
            Path save = Path.of("target", "paired-" + Instant.now().truncatedTo(ChronoUnit.SECONDS).toString()
                    .replace(":", "") + ".txt");
            Path quiet = null;
            Path table = null;
            boolean help = false;
            boolean suite = false;
            Map<String, String> expected = new java.util.HashMap<>(Map.of(
                    "--rounds", "expected a number of rounds from 1 to " + ThroughputOptions.MAX_FORKS,
                    "--workloads", "expected a comma-separated list of " + String.join(", ", WorkloadCatalog.names())
                            + " or the groups " + String.join(", ", WorkloadCatalog.GROUPS.keySet().stream().sorted().toList()),
                    "--clock", "expected one of " + String.join(", ", java.util.Arrays.stream(ClockId.values()).map(Enum::name).toList()),
                    "--samples", "expected a number of samples from " + ThroughputOptions.MIN_SAMPLES + " to "
                            + ThroughputOptions.MAX_SAMPLES,
                    "--heap", "expected a heap size as the JVM takes it, digits and a unit m or g (e.g. 1g, 512m), from "
                            + ThroughputOptions.MIN_HEAP_MIB + "m to " + ThroughputOptions.MAX_HEAP_MIB / 1024 + "g",
                    "--jmh-iterations", "expected a number of JMH iterations from 1 to " + ThroughputOptions.MAX_JMH_ITERATIONS,
                    "--jmh-warmup", "expected a number of JMH warm-up iterations from 0 to " + ThroughputOptions.MAX_JMH_ITERATIONS,
                    "--jmh-time", "expected an iteration length in ms from " + ThroughputOptions.MIN_JMH_MILLIS + " to "
                            + ThroughputOptions.MAX_JMH_MILLIS,
                    "--save", "expected a file to write the paired figures to",
                    "--quiet", "expected a file a quiet run saved (--save)"));
            expected.put("--table", "expected a file a run saved (--save)");
            for (CommandLine.Option o : CommandLine.parse(args, Set.of("--help", "-h", "--suite"), expected,
                    "--rounds N, --workloads a,b, --clock NAME, --samples N, --heap SIZE, --jmh-iterations N,"
                            + " --jmh-warmup N, --jmh-time MS, --save FILE, --quiet FILE, --table FILE, --suite or --help")) {
                String e = expected.get(o.name());
                switch (o.name()) {
                    case "--rounds" -> rounds = (int) CommandLine.wholeNumber(o.name(), o.value(), 1, ThroughputOptions.MAX_FORKS, e);
                    case "--workloads" -> workloads = ThroughputOptions.workloads(o.value(), e);
                    case "--clock" -> clock = ThroughputOptions.clock(o.value(), e);
                    case "--samples" -> samples = (int) CommandLine.wholeNumber(o.name(), o.value(),
                            ThroughputOptions.MIN_SAMPLES, ThroughputOptions.MAX_SAMPLES, e);
                    case "--heap" -> heap = ThroughputOptions.heap(o.value(), e);
                    case "--jmh-iterations" -> iterations = (int) CommandLine.wholeNumber(o.name(), o.value(), 1,
                            ThroughputOptions.MAX_JMH_ITERATIONS, e);
                    case "--jmh-warmup" -> warmup = (int) CommandLine.wholeNumber(o.name(), o.value(), 0,
                            ThroughputOptions.MAX_JMH_ITERATIONS, e);
                    case "--jmh-time" -> millis = (int) CommandLine.wholeNumber(o.name(), o.value(),
                            ThroughputOptions.MIN_JMH_MILLIS, ThroughputOptions.MAX_JMH_MILLIS, e);
                    case "--save" -> save = Path.of(o.value());
                    case "--quiet" -> quiet = savedFile(o, e);
                    case "--table" -> table = savedFile(o, e);
                    case "--suite" -> suite = true;
                    default -> help = true;
                }
            }
            return new Options(rounds, workloads, clock, samples, heap, iterations, warmup, millis, save, quiet, table, suite, help);
        }

        private static Path savedFile(CommandLine.Option o, String expected) throws CommandLine.InvalidOptionException {
            Path file = Path.of(o.value());
            if (!Files.isRegularFile(file)) {
                throw new CommandLine.InvalidOptionException("option " + o.name() + ": '" + o.value() + "' is not a file; "
                        + expected);
            }
            return file;
        }

        /** The same settings as the throughput comparison's options, for the JMH runner and the heap they share. */
        ThroughputOptions asThroughputOptions() {
            return new ThroughputOptions(jmhIterations, jmhWarmup, jmhMillis, samples, rounds, workloads, clock, heap,
                    false, false);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && (args[0].equals("--child") || args[0].equals("--child-suite"))) {
            PairedChild.main(args);
            return;
        }
        Options options = Commands.parseOrExit(args, Options::parse, Options.USAGE);
        if (options.help()) {
            System.out.print(Options.USAGE);
            return;
        }
        List<PairedFigure> quiet = options.quiet() == null ? List.of() : read(options.quiet());
        PairedTable table = options.table() != null
                ? new PairedTable(read(options.table()), quiet, "Paired figures saved in " + options.table()
                        + (quiet.isEmpty() ? "" : ", held against the quiet run in " + options.quiet()))
                : run(options, quiet);
        table.print(System.out);
        if (options.table() == null) {
            System.out.println("Paired figures saved in " + options.save().toAbsolutePath());
        }
        System.exit(table.targetsMet() ? 0 : 1);
    }

    static List<PairedFigure> read(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(PairedFigure::isLine).map(PairedFigure::parse).toList();
    }

    private static PairedTable run(Options options, List<PairedFigure> quiet) throws Exception {
        Instant start = Instant.now();
        Files.createDirectories(options.save().toAbsolutePath().getParent());
        Files.writeString(options.save(), "", StandardCharsets.UTF_8);
        List<PairedFigure> figures = new ArrayList<>();
        String host = "";
        for (int round = 1; round <= options.rounds(); round++) {
            List<String> lines = options.suite() ? suiteRound(options, round) : freshRound(options, round);
            if (host.isEmpty()) {
                host = lines.stream().filter(l -> l.startsWith(HOST)).map(l -> l.substring(HOST.length())).findFirst()
                        .orElse("");
            }
            figures.addAll(lines.stream().filter(PairedFigure::isLine).map(PairedFigure::parse).toList());
        }
        String heading = String.format(Locale.ROOT, "Paired validation, %s .. %s UTC: %d rounds of %d workloads, each"
                        + " Chronoscope figure (net mean per call, %d throughput samples) %s (%d + %d iterations of %d"
                        + " ms); %s%n%s%s", start.truncatedTo(ChronoUnit.SECONDS),
                Instant.now().truncatedTo(ChronoUnit.SECONDS), options.rounds(), options.workloads().size(),
                options.samples(), options.suite()
                        ? "taken in one JVM per round that times every workload in the round's order, right after one"
                          + " JMH fork of each workload's method"
                        : "in a fresh JVM of its own right after a JMH fork of the same method",
                options.jmhWarmup(), options.jmhIterations(), options.jmhMillis(),
                options.asThroughputOptions().heapDescription(), host,
                quiet.isEmpty() ? "" : "\nheld against the quiet run in " + options.quiet());
        return new PairedTable(figures, quiet, heading);
    }

    /** One round as forks: per workload a JMH fork, a fresh Chronoscope JVM, and one more JMH fork. */
    private static List<String> freshRound(Options options, int round) throws Exception {
        List<String> all = new ArrayList<>();
        for (String w : options.workloads()) {
            WorkloadCatalog.Workload workload = WorkloadCatalog.named(w);
            JmhPairing pairing = JmhPairing.before(options.asThroughputOptions(), workload);
            List<String> childArgs = new ArrayList<>(List.of("--child"));
            childArgs.addAll(shared(options, round));
            childArgs.addAll(pairing.arguments());
            List<String> lines = childJvm(options, childArgs, w, round);
            PairedFigure figure = lines.stream().filter(PairedFigure::isLine).map(PairedFigure::parse).findFirst()
                    .orElseThrow();
            if (!workload.jmhInChronoscopesJvm()) {
                // the same fork again right after: where the two disagree, the host's state moved during the pairing
                figure = figure.withJmhAfter(jmhAfter(options.asThroughputOptions(), workload));
            }
            lines.stream().filter(l -> l.startsWith(HOST)).findFirst().ifPresent(all::add);
            all.add(figure.toLine());
            saved(options, round, figure);
        }
        return all;
    }

    /**
     * One round as a suite: a JMH fork of each workload's method, then one Chronoscope JVM timing every workload in the
     * round's order, as a test JVM times its tests' regions one after another.
     */
    private static List<String> suiteRound(Options options, int round) throws Exception {
        List<String> order = suiteOrder(options.workloads(), round);
        System.err.println("round " + round + " order: " + String.join(", ", order));
        List<String> childArgs = new ArrayList<>(List.of("--child-suite"));
        childArgs.addAll(shared(options, round));
        for (String w : order) {
            WorkloadCatalog.Workload workload = WorkloadCatalog.named(w);
            if (workload.jmhInChronoscopesJvm()) {
                throw new IllegalArgumentException("--suite times no workload whose JMH figure is taken inside"
                        + " Chronoscope's JVM (" + w + "): its JMH run would be part of the other workloads' history");
            }
            childArgs.addAll(JmhPairing.before(options.asThroughputOptions(), workload).arguments());
        }
        List<String> lines = childJvm(options, childArgs, String.join(",", order), round);
        List<PairedFigure> figures = lines.stream().filter(PairedFigure::isLine).map(PairedFigure::parse).toList();
        if (figures.size() != order.size()) {
            throw new IllegalStateException("the suite JVM of round " + round + " gave " + figures.size() + " figures for "
                    + order.size() + " workloads");
        }
        for (PairedFigure figure : figures) {
            saved(options, round, figure);
        }
        return lines;
    }

    /** The workloads in round {@code round}'s order: as listed, reversed, then shuffled with the round as the seed. */
    static List<String> suiteOrder(List<String> workloads, int round) {
        List<String> order = new ArrayList<>(workloads);
        if (round == 2) {
            java.util.Collections.reverse(order);
        } else if (round > 2) {
            java.util.Collections.shuffle(order, new java.util.Random(round));
        }
        return order;
    }

    private static void saved(Options options, int round, PairedFigure figure) throws IOException {
        Files.writeString(options.save(), figure.toLine() + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        System.err.printf(Locale.ROOT, "round %d/%d %-12s JMH %s, Chronoscope %s %s%s (load %s)%n", round,
                options.rounds(), figure.workload(), PairedFigure.ns(figure.jmh()), PairedFigure.ns(figure.mean()),
                figure.verdict(), figure.refusedBy().equals("-") ? "" : " by " + figure.refusedBy(), figure.load());
    }

    /** What every Chronoscope JVM of a round is told: round, samples, clock and JMH's iterations. */
    private static List<String> shared(Options options, int round) {
        return List.of(Integer.toString(round), Integer.toString(options.samples()),
                options.clock() == null ? "default" : options.clock().name(), Integer.toString(options.jmhIterations()),
                Integer.toString(options.jmhWarmup()), Integer.toString(options.jmhMillis()));
    }

    /** JMH's figure of {@code workload}'s own method in one more fork, right after Chronoscope's JVM. */
    private static double jmhAfter(ThroughputOptions jmhOptions, WorkloadCatalog.Workload workload) throws Exception {
        Path speedLog = Files.createTempFile("chronoscope-jmh-core-speed", ".txt");
        try {
            return ThroughputComparison.runJmhBenchmarks(jmhOptions, List.of(workload.jmhBenchmark()), VerboseMode.SILENT, 1, speedLog)
                    .get(workload.name() + "Jmh").avgtNanos();
        } finally {
            Files.deleteIfExists(speedLog);
        }
    }

    /** One Chronoscope JVM timing one workload; one that fails is said, with its last output. */
    private static List<String> childJvm(Options options, List<String> childArgs, String workload, int round)
            throws IOException, InterruptedException {
        List<String> command = ThroughputComparison.forkCommand(options.asThroughputOptions(), PairedValidation.class, childArgs);
        Path log = Files.createTempFile("chronoscope-paired", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int exit = process.waitFor();
            List<String> lines = Files.readAllLines(log);
            if (exit != 0 || lines.stream().noneMatch(PairedFigure::isLine)) {
                throw new IllegalStateException("Chronoscope's JVM for " + workload + " in round " + round + " exited with "
                        + exit + " and " + (lines.stream().anyMatch(PairedFigure::isLine) ? "a" : "no") + " figure; its last output:\n  "
                        + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 20), lines.size())));
            }
            return lines;
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
