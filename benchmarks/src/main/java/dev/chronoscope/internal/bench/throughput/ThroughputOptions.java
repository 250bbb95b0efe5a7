package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.internal.args.CommandLine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The throughput comparison's options: {@code --jmh-iterations N}, {@code --samples N},
 * {@code --forks N}, {@code --workloads a,b} (also as {@code --name=value}) and {@code --help}.
 * {@code --fork-child} is how the comparison starts its own Chronoscope JVMs; not for users.
 *
 * @param jmhIterations measured JMH iterations of 1 s per fork (after 3 of warm-up); 0 skips JMH
 * @param samples       Chronoscope throughput and latency samples per workload
 * @param forks         JVMs per tool: JMH forks, and as many fresh JVMs for Chronoscope's side
 * @param workloads     the workloads to time, in {@link #WORKLOADS} order
 * @param forkChild     this JVM is one of Chronoscope's forks: print results for the parent to read
 * @param help          print the usage and time nothing
 */
record ThroughputOptions(int jmhIterations, int samples, int forks, List<String> workloads, boolean forkChild,
                         boolean help) {

    static final List<String> WORKLOADS = List.of("chain4", "chain64", "fnv64", "chain1024");

    static final int DEFAULT_JMH_ITERATIONS = 5;
    static final int DEFAULT_SAMPLES = 3_000;
    static final int MAX_JMH_ITERATIONS = 100;
    static final int MIN_SAMPLES = 100;
    static final int MAX_SAMPLES = 1_000_000;
    static final int MAX_FORKS = 50;

    static final String USAGE = """
            usage: ThroughputComparison [--jmh-iterations N] [--samples N] [--forks N] [--workloads a,b]
              --jmh-iterations N  JMH iterations of 1 s per fork after 3 of warm-up, 0..%d (default %d; 0 skips JMH)
              --samples N         Chronoscope samples per workload, %d..%d (default %d)
              --forks N           JVMs per tool, 1..%d (default 1): JMH forks, and Chronoscope in as many
                                  fresh JVMs (1: in this JVM); each prints its own figure and the means compare
              --workloads a,b     some of %s (default all)
            """.formatted(MAX_JMH_ITERATIONS, DEFAULT_JMH_ITERATIONS, MIN_SAMPLES, MAX_SAMPLES, DEFAULT_SAMPLES,
            MAX_FORKS, String.join(", ", WORKLOADS));

    static ThroughputOptions parse(String... args) throws CommandLine.InvalidOptionException {
        int iterations = DEFAULT_JMH_ITERATIONS;
        int samples = DEFAULT_SAMPLES;
        int forks = 1;
        List<String> workloads = WORKLOADS;
        boolean child = false;
        boolean help = false;
        Map<String, String> expected = Map.of(
                "--jmh-iterations", "expected a number of JMH iterations from 0 to " + MAX_JMH_ITERATIONS,
                "--samples", "expected a number of samples from " + MIN_SAMPLES + " to " + MAX_SAMPLES,
                "--forks", "expected a number of JVMs per tool from 1 to " + MAX_FORKS,
                "--workloads", "expected a comma-separated list of " + String.join(", ", WORKLOADS));
        for (CommandLine.Option o : CommandLine.parse(args, Set.of("--help", "-h", "--fork-child"), expected,
                "--jmh-iterations N, --samples N, --forks N, --workloads a,b or --help")) {
            switch (o.name()) {
                case "--jmh-iterations" -> iterations = (int) CommandLine.wholeNumber(o.name(), o.value(), 0,
                        MAX_JMH_ITERATIONS, expected.get(o.name()));
                case "--samples" -> samples = (int) CommandLine.wholeNumber(o.name(), o.value(), MIN_SAMPLES,
                        MAX_SAMPLES, expected.get(o.name()));
                case "--forks" -> forks = (int) CommandLine.wholeNumber(o.name(), o.value(), 1, MAX_FORKS,
                        expected.get(o.name()));
                case "--workloads" -> workloads = workloads(o.value(), expected.get(o.name()));
                case "--fork-child" -> child = true;
                default -> help = true;
            }
        }
        return new ThroughputOptions(iterations, samples, forks, workloads, child, help);
    }

    /** The named workloads in {@link #WORKLOADS} order, each named once. */
    private static List<String> workloads(String value, String expected) throws CommandLine.InvalidOptionException {
        List<String> named = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            String name = part.strip();
            if (!WORKLOADS.contains(name)) {
                throw new CommandLine.InvalidOptionException("option --workloads: '" + name + "' in '" + value
                        + "' is not a workload; " + expected);
            }
            named.add(name);
        }
        return WORKLOADS.stream().filter(named::contains).toList();
    }

    /** The arguments that make a fork child time what this run times. */
    List<String> childArguments() {
        return List.of("--fork-child", "--jmh-iterations", "0", "--samples", Integer.toString(samples), "--workloads",
                String.join(",", workloads));
    }
}
