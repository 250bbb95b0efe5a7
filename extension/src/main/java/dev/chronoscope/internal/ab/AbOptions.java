package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.args.CommandLine;
import dev.chronoscope.internal.args.CommandLine.InvalidOptionException;
import dev.chronoscope.internal.format.Text;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code AbOptions} is used to say what the {@code ab} command compares and how ({@link #USAGE}). Every error names
 * the option, the value and what was expected; the command exits with 2 on one.
 *
 * @param rounds           the fixed number of rounds K: each runs the base once and the head once
 * @param budgetNanos      no round starts that would, at the rounds' mean wall time so far, end past this
 * @param seed             the seed of the per-round order; drawn where not given, printed either way
 * @param threshold        the relative change that matters, as the gate's {@code chronoscope.baseline.threshold}
 * @param maxFailedRounds  rounds where a side failed that are dropped before the command stops, naming why
 * @param sideTimeoutNanos the longest one side of one round may run before it is stopped and its round dropped
 * @param java             the {@code java} command of the classpath way's child JVMs
 * @param jvmArgs          JVM options of both sides' child JVMs
 */
public record AbOptions(Side base, Side head, Selection selection, int rounds, long budgetNanos, long seed,
                        boolean seedGiven, double threshold, int maxFailedRounds, long sideTimeoutNanos, String java,
                        List<String> jvmArgs, Path out,
                        boolean failOnRegression, boolean help) {

    public static final int DEFAULT_ROUNDS = 10;
    public static final int MAX_ROUNDS = 999;
    public static final long DEFAULT_BUDGET_NANOS = 60L * 60 * 1_000_000_000L;
    public static final double DEFAULT_THRESHOLD = 0.10;
    public static final int DEFAULT_MAX_FAILED_ROUNDS = 2;
    public static final long DEFAULT_SIDE_TIMEOUT_NANOS = 30L * 60 * 1_000_000_000L;
    public static final String DEFAULT_OUT = "target/chronoscope-ab";
    /**
     * JVM options every classpath-way child gets first: the probe's native access, as the jar's manifest gives {@code
     * java -jar}.
     */
    static final List<String> CHILD_JVM_ARGS = List.of("--enable-native-access=ALL-UNNAMED");

    public static final String USAGE = """
            usage: ab (--base-classpath CP | --base-classpath-file F | --base-command CMD)
                      (--head-classpath CP | --head-classpath-file F | --head-command CMD)
                      [--base-dir D] [--head-dir D] [--class C]... [--package P]... [--include-tag T]... \
            [--exclude-tag T]...
                      [--rounds K] [--budget 60m] [--seed N] [--threshold 10%%] [--max-failed-rounds N] \
            [--side-timeout 30m]
                      [--java PATH] [--jvm-arg A]... [--base-jvm-arg A]... [--head-jvm-arg A]... [--out DIR] \
            [--fail-on-regression]
              Runs the base and the head build once per round, each in a fresh JVM, in an order drawn per round,
              and judges each timing (test and label) on the rounds' paired ratios head/base.
              --X-classpath CP     the side's test class path (entries separated by '%s'), run in a child JVM through
                                   the JUnit Platform Launcher: junit-platform-launcher must be on it
              --X-classpath-file F the same, read from a file (as mvn dependency:build-classpath writes it)
              --X-command CMD      any command that runs the side's timed tests (through /bin/sh -c); its records are
                                   directed to the round's directory by the environment variable CHRONOSCOPE_REPORT_DIR,
                                   and {dir} in CMD is replaced by that directory
              --X-dir D            the side's working directory (default: the current one)
              --class, --package, --include-tag, --exclude-tag   what the classpath way runs (default: every test
                                   class in the class path's directories)
              --rounds K           rounds, 1..%d (default %d); fixed: every timing is judged on all rounds run
              --budget T           no round starts that would end past T, e.g. 20m, 90s, 2h (default 60m)
              --seed N             the seed of the per-round order (default: drawn, and printed)
              --threshold P        the change that matters, 1%%..500%% (default 10%%), as the baseline gate's
              --max-failed-rounds N  rounds where a side failed or crashed that are dropped before stopping (default %d)
              --side-timeout T     the longest one side may run in one round (default 30m)
              --java PATH          the java of the child JVMs (default: the one running this command)
              --jvm-arg A          a JVM option of both sides' child JVMs; --base-jvm-arg, --head-jvm-arg: of one side
              --out DIR            where the rounds' records and the results go (default %s)
              --fail-on-regression exit with 1 when a timing regressed
            """.formatted(File.pathSeparator, MAX_ROUNDS, DEFAULT_ROUNDS, DEFAULT_MAX_FAILED_ROUNDS, DEFAULT_OUT);

    public AbOptions {
        jvmArgs = List.copyOf(jvmArgs);
    }

    private static final Set<String> FLAGS = Set.of("--fail-on-regression", "--help", "-h");
    private static final Map<String, String> VALUED = valued();

    private static Map<String, String> valued() {
        Map<String, String> v = new HashMap<>();
        for (String side : List.of(Side.BASE, Side.HEAD)) {
            v.put("--" + side + "-classpath", "a class path");
            v.put("--" + side + "-classpath-file", "a file holding a class path");
            v.put("--" + side + "-command", "a command");
            v.put("--" + side + "-dir", "a directory");
            v.put("--" + side + "-jvm-arg", "a JVM option");
        }
        for (String name : List.of("--class", "--package", "--include-tag", "--exclude-tag")) {
            v.put(name, "a name");
        }
        v.put("--rounds", "a number of rounds");
        v.put("--budget", "a duration such as 20m");
        v.put("--seed", "a whole number");
        v.put("--threshold", "a percentage such as 10%");
        v.put("--max-failed-rounds", "a number of rounds");
        v.put("--side-timeout", "a duration such as 30m");
        v.put("--java", "the path of a java command");
        v.put("--jvm-arg", "a JVM option");
        v.put("--out", "a directory");
        return Map.copyOf(v);
    }

    /** The options {@code args} give; throws naming the first wrong one. */
    public static AbOptions parse(String... args) throws InvalidOptionException {
        try {
            return parsed(args);
        } catch (Unchecked e) {
            throw (InvalidOptionException) e.getCause();
        }
    }

    private static AbOptions parsed(String... args) throws InvalidOptionException {
        Map<String, List<String>> given = new HashMap<>();
        boolean failOnRegression = false;
        boolean help = false;
        for (CommandLine.Option o : CommandLine.parse(args, FLAGS, VALUED, "the options in 'ab --help'")) {
            switch (o.name()) {
                case "--fail-on-regression" -> failOnRegression = true;
                case "--help", "-h" -> help = true;
                default -> given.computeIfAbsent(o.name(), k -> new ArrayList<>()).add(o.value());
            }
        }
        if (help) {
            return new AbOptions(null, null, null, 0, 0, 0, false, 0, 0, 0, null, List.of(), null, false, true);
        }
        for (String single : List.of("--rounds", "--budget", "--seed", "--threshold", "--max-failed-rounds",
                "--side-timeout", "--java", "--out", "--base-classpath", "--base-classpath-file", "--base-command",
                "--base-dir", "--head-classpath",
                "--head-classpath-file", "--head-command", "--head-dir")) {
            if (given.getOrDefault(single, List.of()).size() > 1) {
                throw new InvalidOptionException("option " + single + " was given " + given.get(single).size()
                        + " times; expected it once");
            }
        }
        Side base = side(Side.BASE, given);
        Side head = side(Side.HEAD, given);
        Selection selection = new Selection(all(given, "--class"), all(given, "--package"), all(given, "--include-tag"),
                all(given, "--exclude-tag"));
        if (!selection.isEmpty() && base.way() == Side.Way.COMMAND && head.way() == Side.Way.COMMAND) {
            String named = List.of("--class", "--package", "--include-tag", "--exclude-tag").stream()
                    .filter(given::containsKey).findFirst().orElseThrow();
            throw new InvalidOptionException("option " + named
                    + " selects tests for the classpath way, and both sides are commands:"
                    + " select in the commands instead (e.g. -Dgroups=performance)");
        }
        int rounds = one(given, "--rounds").map(v -> (int) whole("--rounds", v, 1, MAX_ROUNDS,
                "expected a number of rounds from 1 to " + MAX_ROUNDS)).orElse(DEFAULT_ROUNDS);
        long budget = one(given, "--budget").map(v -> duration("--budget", v)).orElse(DEFAULT_BUDGET_NANOS);
        Long seed = one(given, "--seed").map(v -> whole("--seed", v, Long.MIN_VALUE, Long.MAX_VALUE,
                "expected a whole number")).orElse(null);
        double threshold = one(given, "--threshold").map(AbOptions::threshold).orElse(DEFAULT_THRESHOLD);
        int maxFailed = one(given, "--max-failed-rounds").map(v -> (int) whole("--max-failed-rounds", v, 0, MAX_ROUNDS,
                "expected a number of rounds from 0 to " + MAX_ROUNDS)).orElse(DEFAULT_MAX_FAILED_ROUNDS);
        long sideTimeout = one(given, "--side-timeout").map(v -> duration("--side-timeout", v))
                .orElse(DEFAULT_SIDE_TIMEOUT_NANOS);
        String java = one(given, "--java").orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Path out = path("--out", one(given, "--out").orElse(DEFAULT_OUT));
        return new AbOptions(base, head, selection, rounds, budget, seed == null
                ? System.nanoTime() ^ System.currentTimeMillis() : seed, seed != null, threshold, maxFailed,
                sideTimeout, java, all(given, "--jvm-arg"), out, failOnRegression, false);
    }

    private static Side side(String name, Map<String, List<String>> given) throws InvalidOptionException {
        String cp = "--" + name + "-classpath";
        String cpFile = "--" + name + "-classpath-file";
        String command = "--" + name + "-command";
        List<String> ways = List.of(cp, cpFile, command).stream().filter(given::containsKey).toList();
        if (ways.isEmpty()) {
            throw new InvalidOptionException("the " + name + " build needs one of " + cp + ", " + cpFile + " or "
                    + command);
        }
        if (ways.size() > 1) {
            throw new InvalidOptionException("options " + String.join(" and ", ways) + " both say how to start the "
                    + name + " build; expected one of them");
        }
        Path dir = path("--" + name + "-dir", one(given, "--" + name + "-dir").orElse("."));
        if (!Files.isDirectory(dir)) {
            throw new InvalidOptionException("option --" + name + "-dir: '" + dir
                    + "' is not a directory; expected the " + name + " build's working directory");
        }
        List<String> jvmArgs = all(given, "--" + name + "-jvm-arg");
        if (ways.getFirst().equals(command)) {
            String cmd = given.get(command).getFirst();
            if (cmd.isBlank()) {
                throw new InvalidOptionException("option " + command + " is blank; expected a command that runs the "
                        + name + " build's timed tests");
            }
            if (!jvmArgs.isEmpty()) {
                throw new InvalidOptionException("option --" + name
                        + "-jvm-arg applies to the classpath way; give JVM options in " + command + " instead");
            }
            return new Side(name, Side.Way.COMMAND, List.of(), cmd, dir, List.of());
        }
        String text = ways.getFirst().equals(cp) ? given.get(cp).getFirst()
                : read(cpFile, path(cpFile, given.get(cpFile).getFirst()));
        List<String> entries = Arrays.stream(Text.split(text.strip(), File.pathSeparatorChar)).map(String::strip)
                .filter(e -> !e.isEmpty()).toList();
        if (entries.isEmpty()) {
            throw new InvalidOptionException("option " + ways.getFirst()
                    + " holds no class path entry; expected entries separated by '" + File.pathSeparator + "'");
        }
        return new Side(name, Side.Way.CLASSPATH, entries, null, dir, jvmArgs);
    }

    private static String read(String option, Path file) throws InvalidOptionException {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new InvalidOptionException("option " + option + ": could not read '" + file + "' (" + e
                    + "); expected a file" + " holding a class path");
        }
    }

    private static Path path(String option, String value) throws InvalidOptionException {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new InvalidOptionException("option " + option + ": '" + value.replace("\0", "\\0")
                    + "' is not a path (" + e.getReason() + ")");
        }
    }

    private static List<String> all(Map<String, List<String>> given, String name) {
        return given.getOrDefault(name, List.of());
    }

    private static java.util.Optional<String> one(Map<String, List<String>> given, String name) {
        return given.getOrDefault(name, List.of()).stream().findFirst();
    }

    /** The checked error of a value, carried through the Optional chains above. */
    private static final class Unchecked extends RuntimeException {
        Unchecked(InvalidOptionException e) {
            super(e);
        }
    }

    private static long whole(String option, String value, long min, long max, String expected) {
        try {
            return CommandLine.wholeNumber(option, value, min, max, expected);
        } catch (InvalidOptionException e) {
            throw new Unchecked(e);
        }
    }

    /** {@code 90s}, {@code 20m}, {@code 2h} in nanoseconds, at least one second. */
    static long duration(String option, String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        long unit = v.endsWith("h") ? 3_600 : v.endsWith("m") ? 60 : v.endsWith("s") ? 1 : 0;
        if (unit > 0) {
            try {
                long n = Long.parseLong(v.substring(0, v.length() - 1).strip());
                if (n >= 1 && n <= 7 * 24 * 3_600 / unit) {
                    return n * unit * 1_000_000_000L;
                }
            } catch (NumberFormatException ignored) {
                // said below
            }
        }
        throw new Unchecked(new InvalidOptionException("option " + option + ": '" + value
                + "' is not a duration; expected a whole"
                + " number with a unit s, m or h, from 1s to a week (e.g. 20m)"));
    }

    static double threshold(String value) {
        String v = value.strip();
        v = (v.endsWith("%") ? v.substring(0, v.length() - 1) : v).strip();
        try {
            double p = Double.parseDouble(v);
            if (p >= 1 && p <= 500 && v.chars().allMatch(c -> Character.isDigit(c) || c == '.')) {
                return p / 100;
            }
        } catch (NumberFormatException ignored) {
            // said below
        }
        throw new Unchecked(new InvalidOptionException("option --threshold: '" + value
                + "' is not a percentage from 1% to 500%" + " (e.g. 10%)"));
    }
}
