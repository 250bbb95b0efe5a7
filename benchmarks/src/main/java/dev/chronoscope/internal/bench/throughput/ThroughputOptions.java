package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.args.CommandLine;
import dev.chronoscope.internal.format.Text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The throughput comparison's options: {@code --jmh-iterations N}, {@code --jmh-warmup N},
 * {@code --jmh-time MS}, {@code --samples N}, {@code --forks N}, {@code --workloads a,b},
 * {@code --clock NAME}, {@code --heap SIZE} (also as {@code --name=value}) and {@code --help}. {@code --fork-child} is how the
 * comparison starts its own Chronoscope JVMs; not for users.
 *
 * @param jmhIterations       measured JMH iterations per fork; 0 skips JMH
 * @param jmhWarmupIterations JMH warm-up iterations per fork, before the measured ones
 * @param jmhIterationMillis  the length of each JMH iteration, warm-up or measured
 * @param samples             Chronoscope throughput and latency samples per workload (and per side of a comparison)
 * @param forks               JVMs per tool: JMH forks, and as many fresh JVMs for Chronoscope's side
 * @param workloads           the workloads to time, in {@link WorkloadCatalog#ALL} order
 * @param clock               Chronoscope's clock; {@code null}: {@code TSC_FENCED} where the TSC is usable,
 *                            {@code CLOCK_MONOTONIC} elsewhere
 * @param heap                the heap both tools' JVMs get, {@code -Xms} = {@code -Xmx} = this size pre-touched
 *                            ({@code -XX:+AlwaysPreTouch}), as a JVM option's size ("1g", "512m");
 *                            {@code null}: each JVM's default heap
 * @param forkChild           this JVM is one of Chronoscope's forks: print results for the parent to read
 * @param help                print the usage and time nothing
 */
record ThroughputOptions(int jmhIterations, int jmhWarmupIterations, int jmhIterationMillis, int samples, int forks,
                         List<String> workloads, ClockId clock, String heap, boolean forkChild, boolean help) {

    static final int DEFAULT_JMH_ITERATIONS = 5;
    static final int DEFAULT_JMH_WARMUP = 3;
    static final int DEFAULT_JMH_MILLIS = 1_000;
    static final int DEFAULT_SAMPLES = 3_000;
    static final int MAX_JMH_ITERATIONS = 100;
    static final int MIN_JMH_MILLIS = 10;
    static final int MAX_JMH_MILLIS = 60_000;
    static final int MIN_SAMPLES = 100;
    static final int MAX_SAMPLES = 1_000_000;
    static final int MAX_FORKS = 50;
    static final String DEFAULT_WORKLOADS = "corpus";
    /** The smallest heap {@code --heap} takes, in MiB: what the corpus's JVMs need with JMH inside. */
    static final int MIN_HEAP_MIB = 128;
    /** The largest, in MiB: a pre-touched heap is resident for the whole JVM, on a host shared with the other tool. */
    static final int MAX_HEAP_MIB = 16 * 1024;

    static final String USAGE = """
            usage: ThroughputComparison [--forks N] [--clock NAME] [--workloads a,b] [--samples N]
                                        [--jmh-iterations N] [--jmh-warmup N] [--jmh-time MS] [--heap SIZE]
              --forks N           JVMs per tool, 1..%d (default 1): JMH forks, and Chronoscope in as many
                                  fresh JVMs (1: in this JVM), taken in turn; figures are compared over the JVMs
              --clock NAME        Chronoscope's clock, one of %s
                                  (default TSC_FENCED where the TSC is usable, else CLOCK_MONOTONIC)
              --workloads a,b     workloads or groups: %s
                                  (default %s); groups: %s
              --samples N         Chronoscope samples per workload, %d..%d (default %d)
              --jmh-iterations N  measured JMH iterations per fork, 0..%d (default %d; 0 skips JMH)
              --jmh-warmup N      JMH warm-up iterations per fork, 0..%d (default %d)
              --jmh-time MS       each JMH iteration's length in ms, %d..%d (default %d)
              --heap SIZE         both tools' JVMs get one heap of SIZE (e.g. 1g, 512m; %d MiB..%d GiB), pre-touched
                                  (-Xms = -Xmx = SIZE, -XX:+AlwaysPreTouch): no first-touch page faults in
                                  either tool's figures, one heap layout for both (default: each JVM's default
                                  heap, growing as it is used); needs --forks 2 or more
            Exit status: 0 when every target checked is met, 1 when one is missed, 2 on bad options.
            """.formatted(MAX_FORKS, String.join(", ", Arrays.stream(ClockId.values()).map(Enum::name).toList()),
            String.join(", ", WorkloadCatalog.names()), DEFAULT_WORKLOADS, groups(), MIN_SAMPLES, MAX_SAMPLES,
            DEFAULT_SAMPLES, MAX_JMH_ITERATIONS, DEFAULT_JMH_ITERATIONS, MAX_JMH_ITERATIONS, DEFAULT_JMH_WARMUP,
            MIN_JMH_MILLIS, MAX_JMH_MILLIS, DEFAULT_JMH_MILLIS, MIN_HEAP_MIB, MAX_HEAP_MIB / 1024);

    static ThroughputOptions parse(String... args) throws CommandLine.InvalidOptionException {
        int iterations = DEFAULT_JMH_ITERATIONS;
        int warmup = DEFAULT_JMH_WARMUP;
        int millis = DEFAULT_JMH_MILLIS;
        int samples = DEFAULT_SAMPLES;
        int forks = 1;
        List<String> workloads = WorkloadCatalog.GROUPS.get(DEFAULT_WORKLOADS);
        ClockId clock = null;
        String heap = null;
        boolean child = false;
        boolean help = false;
        Map<String, String> expected = Map.of(
                "--jmh-iterations", "expected a number of JMH iterations from 0 to " + MAX_JMH_ITERATIONS,
                "--jmh-warmup", "expected a number of JMH warm-up iterations from 0 to " + MAX_JMH_ITERATIONS,
                "--jmh-time", "expected an iteration length in ms from " + MIN_JMH_MILLIS + " to " + MAX_JMH_MILLIS,
                "--samples", "expected a number of samples from " + MIN_SAMPLES + " to " + MAX_SAMPLES,
                "--forks", "expected a number of JVMs per tool from 1 to " + MAX_FORKS,
                "--workloads", "expected a comma-separated list of " + String.join(", ", WorkloadCatalog.names())
                        + " or the groups " + String.join(", ", WorkloadCatalog.GROUPS.keySet().stream().sorted().toList()),
                "--clock", "expected one of " + String.join(", ", Arrays.stream(ClockId.values()).map(Enum::name).toList()),
                "--heap", "expected a heap size as the JVM takes it, digits and a unit m or g (e.g. 1g, 512m), from "
                        + MIN_HEAP_MIB + "m to " + MAX_HEAP_MIB / 1024 + "g");
        for (CommandLine.Option o : CommandLine.parse(args, Set.of("--help", "-h", "--fork-child"), expected,
                "--forks N, --clock NAME, --workloads a,b, --samples N, --jmh-iterations N, --jmh-warmup N,"
                        + " --jmh-time MS, --heap SIZE or --help")) {
            switch (o.name()) {
                case "--jmh-iterations" -> iterations = (int) CommandLine.wholeNumber(o.name(), o.value(), 0,
                        MAX_JMH_ITERATIONS, expected.get(o.name()));
                case "--jmh-warmup" -> warmup = (int) CommandLine.wholeNumber(o.name(), o.value(), 0,
                        MAX_JMH_ITERATIONS, expected.get(o.name()));
                case "--jmh-time" -> millis = (int) CommandLine.wholeNumber(o.name(), o.value(), MIN_JMH_MILLIS,
                        MAX_JMH_MILLIS, expected.get(o.name()));
                case "--samples" -> samples = (int) CommandLine.wholeNumber(o.name(), o.value(), MIN_SAMPLES,
                        MAX_SAMPLES, expected.get(o.name()));
                case "--forks" -> forks = (int) CommandLine.wholeNumber(o.name(), o.value(), 1, MAX_FORKS,
                        expected.get(o.name()));
                case "--workloads" -> workloads = workloads(o.value(), expected.get(o.name()));
                case "--clock" -> clock = clock(o.value(), expected.get(o.name()));
                case "--heap" -> heap = heap(o.value(), expected.get(o.name()));
                case "--fork-child" -> child = true;
                default -> help = true;
            }
        }
        if (heap != null && forks < 2 && !help) {
            throw new CommandLine.InvalidOptionException("option --heap " + heap + " is for the JVMs this comparison"
                    + " starts, and with --forks " + forks + " Chronoscope times in this JVM, whose heap is already set;"
                    + " expected --forks 2 or more with --heap (or this JVM started with -Xms" + heap + " -Xmx" + heap
                    + " -XX:+AlwaysPreTouch and no --heap)");
        }
        return new ThroughputOptions(iterations, warmup, millis, samples, forks, workloads, clock, heap, child, help);
    }

    /** {@code value} as the JVM's -Xmx takes it, lower case, when it is whole MiB or GiB within the bounds. */
    static String heap(String value, String expected) throws CommandLine.InvalidOptionException {
        String size = value.strip().toLowerCase(Locale.ROOT);
        char unit = size.isEmpty() ? ' ' : size.charAt(size.length() - 1);
        String digits = size.isEmpty() ? "" : size.substring(0, size.length() - 1);
        if ((unit != 'm' && unit != 'g') || !Text.isDigits(digits) || digits.length() > 6) {
            throw new CommandLine.InvalidOptionException("option --heap: '" + value + "' is not a heap size; " + expected);
        }
        long mib = Long.parseLong(digits) * (unit == 'g' ? 1024 : 1);
        if (mib < MIN_HEAP_MIB || mib > MAX_HEAP_MIB) {
            throw new CommandLine.InvalidOptionException("option --heap: '" + value + "' is " + mib + " MiB; " + expected);
        }
        return size;
    }

    /** The options a JVM of either tool starts with for {@link #heap}; none for the default heap. */
    List<String> heapJvmOptions() {
        return heap == null ? List.of() : List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+AlwaysPreTouch");
    }

    /** How the table's header says which heap both tools' JVMs ran with. */
    String heapDescription() {
        return heap == null ? "each JVM's default heap (growing as it is used)"
                : "one heap of " + heap + " in every JVM of both tools, pre-touched (" + String.join(" ", heapJvmOptions()) + ")";
    }

    /** The named workloads (a group stands for its members) in {@link WorkloadCatalog#ALL} order, each once. */
    static List<String> workloads(String value, String expected) throws CommandLine.InvalidOptionException {
        List<String> named = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            String name = part.strip();
            if (WorkloadCatalog.GROUPS.containsKey(name)) {
                named.addAll(WorkloadCatalog.GROUPS.get(name));
            } else if (WorkloadCatalog.names().contains(name)) {
                named.add(name);
            } else {
                throw new CommandLine.InvalidOptionException("option --workloads: '" + name + "' in '" + value
                        + "' is not a workload; " + expected);
            }
        }
        return WorkloadCatalog.names().stream().filter(named::contains).toList();
    }

    static ClockId clock(String value, String expected) throws CommandLine.InvalidOptionException {
        try {
            return ClockId.valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.InvalidOptionException("option --clock: '" + value + "' is not a clock; " + expected);
        }
    }

    private static String groups() {
        Map<String, List<String>> sorted = new LinkedHashMap<>();
        WorkloadCatalog.GROUPS.keySet().stream().sorted().forEach(g -> sorted.put(g, WorkloadCatalog.GROUPS.get(g)));
        StringBuilder text = new StringBuilder();
        sorted.forEach((g, members) -> text.append(text.isEmpty() ? "" : "; ").append(g).append(" (")
                .append(members.size()).append(")"));
        return text.toString();
    }

    /** The pairings whose two workloads this run times. */
    List<WorkloadCatalog.Pairing> pairings() {
        return WorkloadCatalog.PAIRINGS.stream()
                .filter(p -> workloads.contains(p.first()) && workloads.contains(p.second())).toList();
    }

    /**
     * The arguments that make a fork child time what this run times; its JMH options are for the workloads
     * JMH times inside Chronoscope's JVM ({@link WorkloadCatalog.Workload#jmhInChronoscopesJvm()}).
     */
    List<String> childArguments() {
        List<String> args = new ArrayList<>(List.of("--fork-child", "--jmh-iterations", Integer.toString(jmhIterations),
                "--jmh-warmup", Integer.toString(jmhWarmupIterations), "--jmh-time", Integer.toString(jmhIterationMillis),
                "--samples", Integer.toString(samples), "--workloads", String.join(",", workloads)));
        if (clock != null) {
            args.addAll(List.of("--clock", clock.name()));
        }
        return args;
    }
}
