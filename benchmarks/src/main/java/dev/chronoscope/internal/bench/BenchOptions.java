package dev.chronoscope.internal.bench;

import dev.chronoscope.internal.args.CommandLine;

import java.util.Map;
import java.util.Set;

/**
 * The benchmark's command-line options: {@code --rounds N}, {@code --samples N} and
 * {@code --warmup N} (also as {@code --name=N}), and {@code --help}.
 *
 * @param rounds       measured rounds; each runs every measure once in Java and once in C
 * @param samples      samples per measure, language and round
 * @param warmupRounds rounds run first and discarded (JIT compilation, first-call costs)
 * @param help         {@code --help} was given: print the usage and measure nothing
 */
record BenchOptions(int rounds, int samples, int warmupRounds, boolean help) {

    static final int DEFAULT_ROUNDS = 20;
    static final int DEFAULT_SAMPLES = 100_000;
    static final int DEFAULT_WARMUP_ROUNDS = 5;

    static final int MAX_ROUNDS = 10_000;
    static final int MIN_SAMPLES = 100;
    static final int MAX_SAMPLES = 10_000_000;
    static final int MAX_WARMUP_ROUNDS = 1_000;
    /** rounds x samples: every sample of every measure and language is kept, 8 bytes each, 6 series. */
    static final long MAX_TOTAL_SAMPLES = 20_000_000L;

    static final String USAGE = """
            usage: bench [--rounds N] [--samples N] [--warmup N]
              --rounds N   measured rounds, 1..%d (default %d)
              --samples N  samples per measure, language and round, %d..%d (default %d)
              --warmup N   rounds run first and discarded, 0..%d (default %d)
              rounds x samples may be at most %d (all samples are kept in memory)
            """.formatted(MAX_ROUNDS, DEFAULT_ROUNDS, MIN_SAMPLES, MAX_SAMPLES, DEFAULT_SAMPLES,
            MAX_WARMUP_ROUNDS, DEFAULT_WARMUP_ROUNDS, MAX_TOTAL_SAMPLES);

    static BenchOptions defaults() {
        return new BenchOptions(DEFAULT_ROUNDS, DEFAULT_SAMPLES, DEFAULT_WARMUP_ROUNDS, false);
    }

    static BenchOptions parse(String... args) throws CommandLine.InvalidOptionException {
        int rounds = DEFAULT_ROUNDS;
        int samples = DEFAULT_SAMPLES;
        int warmup = DEFAULT_WARMUP_ROUNDS;
        boolean help = false;
        Map<String, String> expected = Map.of(
                "--rounds", "expected a number of rounds from 1 to " + MAX_ROUNDS,
                "--samples", "expected a number of samples per round from " + MIN_SAMPLES + " to " + MAX_SAMPLES,
                "--warmup", "expected a number of warm-up rounds from 0 to " + MAX_WARMUP_ROUNDS);
        for (CommandLine.Option o : CommandLine.parse(args, Set.of("--help", "-h"), expected,
                "--rounds N, --samples N, --warmup N or --help")) {
            switch (o.name()) {
                case "--rounds" -> rounds = (int) CommandLine.wholeNumber(o.name(), o.value(), 1, MAX_ROUNDS, expected.get(o.name()));
                case "--samples" -> samples = (int) CommandLine.wholeNumber(o.name(), o.value(), MIN_SAMPLES, MAX_SAMPLES,
                        expected.get(o.name()));
                case "--warmup" -> warmup = (int) CommandLine.wholeNumber(o.name(), o.value(), 0, MAX_WARMUP_ROUNDS,
                        expected.get(o.name()));
                default -> help = true;
            }
        }
        if ((long) rounds * samples > MAX_TOTAL_SAMPLES) {
            throw new CommandLine.InvalidOptionException("--rounds " + rounds + " x --samples " + samples + " = "
                    + (long) rounds * samples + " samples per series; expected at most " + MAX_TOTAL_SAMPLES
                    + " (every sample is kept in memory)");
        }
        return new BenchOptions(rounds, samples, warmup, help);
    }
}
