package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.ClockId;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.args.CommandLine;
import dev.chronoscope.internal.bench.LoadAverage;
import dev.chronoscope.internal.gate.AllocationRule;
import dev.chronoscope.internal.gate.AllocationVerdict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The allocation gate on the corpus, across fresh JVMs: each JVM times every corpus workload with
 * {@code Probe.throughput} and counts its allocation per call, settled and in its first calls; JVMs
 * alternate between the workloads as they are ({@code plain}) and each with one more 16-byte object
 * per call that escapes ({@code plus16}, a real change of the code). Every plain JVM is then judged
 * against other plain JVMs as a baseline (A/A: any {@code regressed} is false) and every plus16 JVM
 * against plain ones (any other verdict is a miss), by {@link AllocationRule}, and by the same rule
 * without the first calls, as it was before them. Where the plain JVMs' settled figures differ (escape
 * analysis removing a different share in each), a 16-byte change can hide inside that spread; the
 * table says how often. Options: {@link Options#USAGE}.
 */
public final class AllocationValidation {

    private static final String LINE = "alloc ";

    /** Where the {@code plus16} variant stores the object of 16 bytes it adds to every call, so that it escapes. */
    static final class Kept {
        volatile Object last;
    }

    private AllocationValidation() {
    }

    record Options(int jvms, List<String> workloads, int samples, String heap, boolean c1Only, Path save, Path table, boolean help) {

        static final String USAGE = """
                usage: AllocationValidation [--jvms N] [--workloads a,b] [--samples N] [--heap SIZE] [--c1-only]
                                            [--save FILE] [--table FILE]
                  --jvms N          fresh JVMs per variant, 2..50 (default 8): N plain, N plus16, taken in turn
                  --workloads a,b   as ThroughputComparison's (default corpus)
                  --samples N       throughput samples per workload (default 3000)
                  --heap SIZE       the pre-touched heap of every JVM (default 1g)
                  --c1-only         the JVMs run -XX:TieredStopAtLevel=1: C1's code, no escape analysis
                  --save FILE       where the JVMs' lines go (default target/allocation-<UTC time>.txt)
                  --table FILE      run nothing: judge and print the lines a run saved
                Exit status: 0 when, at K = 1, no A/A comparison is regressed and every plus16 one is where the plain
                JVMs' settled figures agree; 1 otherwise; 2 on bad options.
                """;

        static Options parse(String... args) throws CommandLine.InvalidOptionException {
            int jvms = 8;
            List<String> workloads = WorkloadCatalog.GROUPS.get(ThroughputOptions.DEFAULT_WORKLOADS);
            int samples = ThroughputOptions.DEFAULT_SAMPLES;
            String heap = "1g";
            boolean c1 = false;
            Path save = Path.of("target", "allocation-" + Instant.now().truncatedTo(ChronoUnit.SECONDS).toString()
                    .replace(":", "") + ".txt");
            Path table = null;
            boolean help = false;
            Map<String, String> expected = new HashMap<>(Map.of(
                    "--jvms", "expected a number of JVMs from 2 to 50",
                    "--workloads", "expected a comma-separated list of " + String.join(", ", WorkloadCatalog.names())
                            + " or the groups " + String.join(", ", WorkloadCatalog.GROUPS.keySet().stream().sorted().toList()),
                    "--samples", "expected a number of samples from " + ThroughputOptions.MIN_SAMPLES + " to "
                            + ThroughputOptions.MAX_SAMPLES,
                    "--heap", "expected a heap size as the JVM takes it, digits and a unit m or g (e.g. 1g, 512m)",
                    "--save", "expected a file to write the JVMs' lines to",
                    "--table", "expected a file a run saved (--save)"));
            for (CommandLine.Option o : CommandLine.parse(args, Set.of("--help", "-h", "--c1-only"), expected,
                    "--jvms N, --workloads a,b, --samples N, --heap SIZE, --c1-only, --save FILE, --table FILE or --help")) {
                String e = expected.get(o.name());
                switch (o.name()) {
                    case "--jvms" -> jvms = (int) CommandLine.wholeNumber(o.name(), o.value(), 2, 50, e);
                    case "--workloads" -> workloads = ThroughputOptions.workloads(o.value(), e);
                    case "--samples" -> samples = (int) CommandLine.wholeNumber(o.name(), o.value(),
                            ThroughputOptions.MIN_SAMPLES, ThroughputOptions.MAX_SAMPLES, e);
                    case "--heap" -> heap = ThroughputOptions.heap(o.value(), e);
                    case "--c1-only" -> c1 = true;
                    case "--save" -> save = Path.of(o.value());
                    case "--table" -> {
                        table = Path.of(o.value());
                        if (!Files.isRegularFile(table)) {
                            throw new CommandLine.InvalidOptionException("option --table: '" + o.value() + "' is not a file; " + e);
                        }
                    }
                    default -> help = true;
                }
            }
            return new Options(jvms, workloads, samples, heap, c1, save, table, help);
        }

        ThroughputOptions asThroughputOptions() {
            return new ThroughputOptions(0, 0, ThroughputOptions.MIN_JMH_MILLIS, samples, 1, workloads, null, heap, false, false);
        }
    }

    /** One JVM's allocation of one workload: settled and in its first calls (NaN: not counted). */
    record Figure(int jvm, String workload, String variant, double settled, double firstCalls, boolean firstCallsCompiled,
                  boolean unsettled, String verdict) {

        String toLine() {
            return String.format(Locale.ROOT, "%s%d %s %s %s %s %s %s %s", LINE, jvm, workload, variant, settled, firstCalls,
                    firstCallsCompiled, unsettled, verdict);
        }

        static Figure parse(String line) {
            String[] f = line.substring(LINE.length()).split(" ");
            return new Figure(Integer.parseInt(f[0]), f[1], f[2], Double.parseDouble(f[3]), Double.parseDouble(f[4]),
                    Boolean.parseBoolean(f[5]), Boolean.parseBoolean(f[6]), f[7]);
        }

        AllocationRule.Counted counted(boolean withFirstCalls) {
            return new AllocationRule.Counted(Double.isFinite(settled) ? settled : null, withFirstCalls && Double.isFinite(firstCalls)
                    ? new AllocationRule.FirstCalls(firstCalls, firstCallsCompiled) : null);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--child")) {
            child(args);
            return;
        }
        Options options = Commands.parseOrExit(args, Options::parse, Options.USAGE);
        if (options.help()) {
            System.out.print(Options.USAGE);
            return;
        }
        List<String> lines;
        if (options.table() != null) {
            lines = Files.readAllLines(options.table());
        } else {
            lines = new ArrayList<>();
            lines.add("# " + Instant.now() + " load " + LoadAverage.now() + (options.c1Only() ? " c1-only" : ""));
            for (int jvm = 1; jvm <= options.jvms(); jvm++) {
                for (String variant : List.of("plain", "plus16")) {
                    lines.addAll(childJvm(options, jvm, variant));
                }
                Files.createDirectories(options.save().toAbsolutePath().getParent());
                Files.write(options.save(), lines);
            }
            lines.add("# ended " + Instant.now() + " load " + LoadAverage.now());
            Files.write(options.save(), lines);
            System.out.println("lines saved in " + options.save());
        }
        lines.stream().filter(l -> l.startsWith("# ")).forEach(System.out::println);
        boolean met = table(lines.stream().filter(l -> l.startsWith(LINE)).map(Figure::parse).toList());
        System.exit(met ? 0 : 1);
    }

    /** One JVM timing every workload in {@code variant}; one that fails is said, with its last output. */
    private static List<String> childJvm(Options options, int jvm, String variant) throws IOException, InterruptedException {
        List<String> childArgs = new ArrayList<>(List.of("--child", String.valueOf(jvm), variant, String.valueOf(options.samples()),
                String.join(",", options.workloads())));
        List<String> command = new ArrayList<>(ThroughputComparison.forkCommand(options.asThroughputOptions(),
                AllocationValidation.class, childArgs));
        if (options.c1Only()) {
            command.add(1, "-XX:TieredStopAtLevel=1");
        }
        Path log = Files.createTempFile("chronoscope-allocation", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int exit = process.waitFor();
            List<String> all = Files.readAllLines(log);
            List<String> figures = all.stream().filter(l -> l.startsWith(LINE)).toList();
            if (exit != 0 || figures.size() != options.workloads().size()) {
                throw new IllegalStateException("JVM " + jvm + " (" + variant + ") exited with " + exit + " and " + figures.size()
                        + " of " + options.workloads().size() + " figures; its last output:\n  "
                        + String.join("\n  ", all.subList(Math.max(0, all.size() - 20), all.size())));
            }
            return figures;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static void child(String[] args) throws Exception {
        int jvm = Integer.parseInt(args[1]);
        String variant = args[2];
        int samples = Integer.parseInt(args[3]);
        ThroughputComparison.Harness harness = ThroughputComparison.Harness.open((ClockId) null);
        WorkloadCatalog.Sources sources = WorkloadCatalog.Sources.create();
        Kept kept = new Kept();
        for (String w : args[4].split(",")) {
            Region region = WorkloadCatalog.named(w).region().apply(sources);
            Timing t = (variant.equals("plus16") ? plus16(region, kept) : region).throughput(harness.probe(), w + " " + variant, samples);
            System.out.println(new Figure(jvm, w, variant, t.allocation().map(a -> a.bytesPerCall()).orElse(Double.NaN),
                    t.allocation().map(a -> a.firstCallsBytesPerCall()).orElse(Double.NaN),
                    t.allocation().map(a -> a.firstCallsCompiled()).orElse(false), t.unsettledWarmup().isPresent(),
                    t.verdict().name()).toLine());
        }
    }

    /** {@code region} with one more object of 16 bytes per call, stored in {@code kept}, where it escapes. */
    static Region plus16(Region region, Kept kept) {
        return switch (region) {
            case Region.OfLong r -> Region.ofLong(() -> {
                kept.last = new Object();
                return r.region().getAsLong();
            });
            case Region.OfInt r -> Region.ofInt(() -> {
                kept.last = new Object();
                return r.region().getAsInt();
            });
            case Region.OfObject r -> Region.ofObject(() -> {
                kept.last = new Object();
                return r.region().get();
            });
        };
    }

    /** Prints the figures and the verdicts; whether K = 1 met its targets (no false regressed, every plus16 caught). */
    static boolean table(List<Figure> figures) {
        Map<String, List<Figure>> plain = new LinkedHashMap<>();
        Map<String, List<Figure>> plus = new LinkedHashMap<>();
        for (Figure f : figures) {
            (f.variant().equals("plain") ? plain : plus).computeIfAbsent(f.workload(), w -> new ArrayList<>()).add(f);
        }
        System.out.println("workload      | plain settled B/call (first calls)        | plus16 settled (first calls)   | unsettled");
        plain.forEach((w, fs) -> System.out.printf(Locale.ROOT, "%-13s | %-41s | %-30s | %d of %d%n", w, range(fs),
                range(plus.getOrDefault(w, List.of())), fs.stream().filter(Figure::unsettled).count()
                        + plus.getOrDefault(w, List.of()).stream().filter(Figure::unsettled).count(),
                fs.size() + plus.getOrDefault(w, List.of()).size()));
        boolean met = true;
        for (int k : new int[] {1, 3}) {
            Tally aa = new Tally();
            Tally aaWithout = new Tally();
            Tally caught = new Tally();
            Tally caughtSteady = new Tally();
            Map<String, Tally> perWorkload = new LinkedHashMap<>();
            Map<String, Tally> aaPerWorkload = new LinkedHashMap<>();
            for (Map.Entry<String, List<Figure>> e : plain.entrySet()) {
                List<Figure> runs = e.getValue();
                for (Figure now : runs) {
                    List<Figure> others = runs.stream().filter(f -> f != now).toList();
                    for (List<Figure> base : subsets(others, k)) {
                        AllocationVerdict v = judge(now, base, true);
                        aa.add(v);
                        aaPerWorkload.computeIfAbsent(e.getKey(), w -> new Tally()).add(v);
                        aaWithout.add(judge(now, base, false));
                    }
                }
                for (Figure now : plus.getOrDefault(e.getKey(), List.of())) {
                    for (List<Figure> base : subsets(runs, k)) {
                        AllocationVerdict v = judge(now, base, true);
                        caught.add(v);
                        if (steady(runs)) {
                            caughtSteady.add(v);
                        }
                        perWorkload.computeIfAbsent(e.getKey(), w -> new Tally()).add(v);
                    }
                }
            }
            System.out.printf(Locale.ROOT, "K = %d  A/A: %s | without first calls: %s%n", k, aa, aaWithout);
            aaPerWorkload.forEach((w, t) -> {
                if (t.regressed > 0) {
                    System.out.printf(Locale.ROOT, "         %s A/A: %s%n", w, t);
                }
            });
            System.out.printf(Locale.ROOT, "K = %d  plus16 against plain: %s%n", k, caught);
            System.out.printf(Locale.ROOT, "K = %d  of them, workloads settled alike in every plain JVM: %s%n", k, caughtSteady);
            perWorkload.forEach((w, t) -> {
                if (t.regressed < t.total) {
                    System.out.printf(Locale.ROOT, "         %s plus16 not caught: %s%n", w, t);
                }
            });
            if (k == 1) {
                met = aa.regressed == 0 && caughtSteady.regressed == caughtSteady.total;
            }
        }
        return met;
    }

    /** Whether every plain JVM's settled figure lies within the rule's tolerance of the others': no escape analysis told apart. */
    private static boolean steady(List<Figure> runs) {
        double max = runs.stream().mapToDouble(Figure::settled).max().orElse(Double.NaN);
        double min = runs.stream().mapToDouble(Figure::settled).min().orElse(Double.NaN);
        return max - min <= AllocationRule.tolerance(max);
    }

    private static AllocationVerdict judge(Figure now, List<Figure> base, boolean withFirstCalls) {
        return AllocationRule.judge(now.counted(withFirstCalls), base.stream().map(f -> f.counted(withFirstCalls)).toList());
    }

    /** Verdicts counted by kind. */
    private static final class Tally {
        int total;
        int regressed;
        int inconclusive;
        int improved;
        int uncounted;

        void add(AllocationVerdict v) {
            total++;
            if (v == null) {
                uncounted++;
            } else if (v.regressed()) {
                regressed++;
            } else if (v.verdict().equals("inconclusive")) {
                inconclusive++;
            } else if (v.verdict().equals("improved")) {
                improved++;
            }
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d comparisons: %d regressed, %d inconclusive, %d improved, %d unchanged%s", total,
                    regressed, inconclusive, improved, total - regressed - inconclusive - improved - uncounted,
                    uncounted > 0 ? ", " + uncounted + " not counted" : "");
        }
    }

    private static String range(List<Figure> fs) {
        if (fs.isEmpty()) {
            return "-";
        }
        long compiled = fs.stream().filter(Figure::firstCallsCompiled).count();
        return values(fs.stream().mapToDouble(Figure::settled).toArray()) + " (" + values(fs.stream().mapToDouble(Figure::firstCalls).toArray())
                + (compiled > 0 ? ", " + compiled + " compiled" : "") + ")";
    }

    /** The distinct values, to a byte, in order: {@code 96/256/272}. */
    private static String values(double[] v) {
        return java.util.Arrays.stream(v).mapToObj(d -> Double.isFinite(d) ? String.valueOf(Math.round(d)) : "?").distinct()
                .sorted((a, b) -> a.equals("?") ? 1 : b.equals("?") ? -1 : Long.compare(Long.parseLong(a), Long.parseLong(b)))
                .reduce((a, b) -> a + "/" + b).orElse("-");
    }

    /** Every subset of {@code all} of size {@code k}, in order. */
    static <T> List<List<T>> subsets(List<T> all, int k) {
        List<List<T>> out = new ArrayList<>();
        collect(all, k, 0, new ArrayList<>(), out);
        return out;
    }

    private static <T> void collect(List<T> all, int k, int from, List<T> chosen, List<List<T>> out) {
        if (chosen.size() == k) {
            out.add(List.copyOf(chosen));
            return;
        }
        for (int i = from; i < all.size(); i++) {
            chosen.add(all.get(i));
            collect(all, k, i + 1, chosen, out);
            chosen.removeLast();
        }
    }
}
