package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.internal.args.CommandLine;

/** What the throughput package's commands share: options parsed, or the error said with the usage and exit status 2. */
final class Commands {

    /** Parses a command's arguments into its options. */
    @FunctionalInterface
    interface Parser<T> {
        T parse(String... args) throws CommandLine.InvalidOptionException;
    }

    private Commands() {
    }

    /** {@code args} parsed by {@code parser}; on bad options the error and {@code usage} go to stderr and the JVM exits with 2. */
    static <T> T parseOrExit(String[] args, Parser<T> parser, String usage) {
        try {
            return parser.parse(args);
        } catch (CommandLine.InvalidOptionException e) {
            System.err.println(e.getMessage());
            System.err.print(usage);
            System.exit(2);
            throw new IllegalStateException("unreachable: the JVM exits", e);
        }
    }
}
