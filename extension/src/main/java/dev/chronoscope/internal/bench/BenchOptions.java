package dev.chronoscope.internal.bench;

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

    /** A command line the benchmark cannot run with; the message names the option, the value and what was expected. */
    static final class InvalidOptionException extends Exception {
        InvalidOptionException(String message) {
            super(message);
        }
    }

    static BenchOptions parse(String... args) throws InvalidOptionException {
        int rounds = DEFAULT_ROUNDS;
        int samples = DEFAULT_SAMPLES;
        int warmup = DEFAULT_WARMUP_ROUNDS;
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            switch (name) {
                case "--help", "-h" -> {
                    if (value != null) {
                        throw new InvalidOptionException("option " + name + " takes no value, got '" + value + "'");
                    }
                    help = true;
                }
                case "--rounds", "--samples", "--warmup" -> {
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new InvalidOptionException("option " + name + " needs a value: " + expected(name));
                        }
                        value = args[++i];
                    }
                    int n = parseCount(name, value);
                    switch (name) {
                        case "--rounds" -> rounds = n;
                        case "--samples" -> samples = n;
                        default -> warmup = n;
                    }
                }
                default -> throw new InvalidOptionException("unknown option '" + arg
                        + "'; expected --rounds N, --samples N, --warmup N or --help");
            }
        }
        if ((long) rounds * samples > MAX_TOTAL_SAMPLES) {
            throw new InvalidOptionException("--rounds " + rounds + " x --samples " + samples + " = "
                    + (long) rounds * samples + " samples per series; expected at most " + MAX_TOTAL_SAMPLES
                    + " (every sample is kept in memory)");
        }
        return new BenchOptions(rounds, samples, warmup, help);
    }

    private static int parseCount(String name, String value) throws InvalidOptionException {
        long min = switch (name) {
            case "--rounds" -> 1;
            case "--samples" -> MIN_SAMPLES;
            default -> 0;
        };
        long max = switch (name) {
            case "--rounds" -> MAX_ROUNDS;
            case "--samples" -> MAX_SAMPLES;
            default -> MAX_WARMUP_ROUNDS;
        };
        long n;
        try {
            n = Long.parseLong(value.strip().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new InvalidOptionException("option " + name + ": '" + value + "' is not a whole number; "
                    + expected(name));
        }
        if (n < min || n > max) {
            throw new InvalidOptionException("option " + name + ": " + value + " is out of range; " + expected(name));
        }
        return (int) n;
    }

    private static String expected(String name) {
        return switch (name) {
            case "--rounds" -> "expected a number of rounds from 1 to " + MAX_ROUNDS;
            case "--samples" -> "expected a number of samples per round from " + MIN_SAMPLES + " to " + MAX_SAMPLES;
            default -> "expected a number of warm-up rounds from 0 to " + MAX_WARMUP_ROUNDS;
        };
    }
}
