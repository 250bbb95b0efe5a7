package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.args.CommandLine.InvalidOptionException;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.format.Text;
import dev.chronoscope.internal.json.Json;
import dev.chronoscope.internal.report.ReportedTest;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;

/**
 * {@code Ab} is used to compare two builds on one machine: the {@code ab} command. Each round runs the base and the
 * head once, each in a fresh JVM, one after the other in an order drawn for the round from the seed; after a fixed
 * number of rounds (or the budget) each timing both sides have is judged on its rounds' paired ratios
 * ({@link PairedRule}). A round where a side fails to start, times out or leaves no record is named and dropped,
 * up to {@code --max-failed-rounds}; one more stops the run, saying so.
 *
 * <p>Exit codes: 0 done (and no regression, with {@code --fail-on-regression}), 1 a gated timing regressed with
 * {@code --fail-on-regression}, or no round completed; 2 the command line was wrong.
 */
public final class Ab {

    public static final int EXIT_OK = 0;
    public static final int EXIT_REGRESSED = 1;
    public static final int EXIT_USAGE = 2;

    static final String PREFIX = "chronoscope ab: ";
    public static final String JSON = "chronoscope-ab.json";
    public static final String MARKDOWN = "chronoscope-ab.md";
    public static final String HTML = "chronoscope-ab.html";

    private Ab() {
    }

    /** Runs the command with {@code args}, printing to {@code out} and {@code err}; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        AbOptions options;
        try {
            options = AbOptions.parse(args);
        } catch (InvalidOptionException e) {
            err.println(PREFIX + e.getMessage());
            err.print(AbOptions.USAGE);
            return EXIT_USAGE;
        }
        if (options.help()) {
            out.print(AbOptions.USAGE);
            return EXIT_OK;
        }
        for (Side side : List.of(options.base(), options.head())) {
            Optional<String> missing = SideLauncher.missingLauncher(side);
            if (missing.isPresent()) {
                err.println(PREFIX + missing.get());
                return EXIT_USAGE;
            }
        }
        try {
            return compare(options, out, err);
        } catch (IOException | UncheckedIOException e) {
            err.println(PREFIX + "could not run the comparison in " + options.out().toAbsolutePath() + ": " + e);
            return EXIT_REGRESSED;
        }
    }

    private static int compare(AbOptions options, PrintStream out, PrintStream err) throws IOException {
        Path rounds = options.out().resolve("rounds");
        clearRounds(rounds);
        SideLauncher launcher = SideLauncher.in(options, options.out());
        printHeader(options, out);
        Random order = new Random(options.seed());
        List<Round> completed = new ArrayList<>();
        List<Round.Failed> failed = new ArrayList<>();
        long start = System.nanoTime();
        String stop = "all " + options.rounds() + " rounds ran";
        for (int n = 1; n <= options.rounds(); n++) {
            long elapsed = System.nanoTime() - start;
            int ran = n - 1;
            if (ran > 0 && elapsed + elapsed / ran > options.budgetNanos()) {
                stop = String.format(Locale.ROOT, "the budget of %s: %d rounds took %s, another would end past it",
                        Format.seconds(options.budgetNanos()), ran, Format.seconds(elapsed));
                break;
            }
            Ran round = runRound(launcher, options, rounds, n, order.nextBoolean());
            if (round.failure() != null) {
                failed.add(round.failure());
                out.printf(Locale.ROOT, "%sround %d/%d dropped: the %s side %s%n", PREFIX, n, options.rounds(),
                        round.failure().side(), round.failure().reason());
                if (failed.size() > options.maxFailedRounds()) {
                    stop = String.format(Locale.ROOT, "%d rounds failed, more than --max-failed-rounds %d",
                            failed.size(), options.maxFailedRounds());
                    break;
                }
                continue;
            }
            completed.add(round.completed());
            printRound(options, round.completed(), out);
        }
        return finish(options, AbResult.of(completed, failed, stop, options.seed(), options.threshold(),
                options.base(), options.head()), stop, out, err);
    }

    private static void printHeader(AbOptions options, PrintStream out) {
        out.printf(Locale.ROOT, "%sbase: %s%n%shead: %s%n", PREFIX, options.base().describe(), PREFIX,
                options.head().describe());
        if (options.base().way() == Side.Way.CLASSPATH || options.head().way() == Side.Way.CLASSPATH) {
            out.println(PREFIX + "selection: " + options.selection().describe());
        }
        out.printf(Locale.ROOT, "%s%d rounds, budget %s, threshold %s, seed %d%s%n", PREFIX, options.rounds(),
                Format.seconds(options.budgetNanos()), PairedRule.percent(options.threshold()), options.seed(),
                options.seedGiven() ? "" : " (drawn; --seed repeats it)");
    }

    /** One round: a completed round, or the failure that dropped it. */
    private record Ran(Round completed, Round.Failed failure) {
    }

    /** Runs both sides of round {@code n}, in the drawn order, stopping at the first side that fails. */
    private static Ran runRound(SideLauncher launcher, AbOptions options, Path rounds, int n, boolean baseFirst)
            throws IOException {
        long roundStart = System.nanoTime();
        List<Side> sides = baseFirst ? List.of(options.base(), options.head())
                : List.of(options.head(), options.base());
        List<ReportedTest> base = null;
        List<ReportedTest> head = null;
        int[] exits = new int[2];
        for (Side side : sides) {
            SideLauncher.SideRun run = launcher.run(side,
                    rounds.resolve(String.format(Locale.ROOT, "r%03d-%s", n, side.name())));
            Optional<String> why = run.failure();
            List<ReportedTest> tests = why.isPresent() ? List.of() : Round.records(run.directory());
            if (why.isEmpty() && tests.isEmpty()) {
                why = Optional.of(noRecord(side, run));
            }
            if (why.isPresent()) {
                return new Ran(null, new Round.Failed(n, side.name(), why.get()));
            }
            if (side == options.base()) {
                base = tests;
                exits[0] = run.exitCode();
            } else {
                head = tests;
                exits[1] = run.exitCode();
            }
        }
        long wall = System.nanoTime() - roundStart;
        return new Ran(new Round(n, baseFirst, base, head, wall, exits[0], exits[1]), null);
    }

    private static String noRecord(Side side, SideLauncher.SideRun run) {
        return "left no record in " + run.directory() + " (exit code " + run.exitCode() + "; log: " + run.log()
                + (side.way() == Side.Way.COMMAND
                        ? "; does its Chronoscope read CHRONOSCOPE_REPORT_DIR? else pass"
                                + " -Dchronoscope.report.dir={dir} in the command"
                        : "")
                + ")";
    }

    private static void printRound(AbOptions options, Round round, PrintStream out) {
        out.printf(Locale.ROOT, "%sround %d/%d: %s, %d + %d records, %s%s%n", PREFIX, round.number(),
                options.rounds(), round.baseFirst() ? "base, head" : "head, base", round.base().size(),
                round.head().size(), Format.seconds(round.wallNanos()),
                round.baseExit() != 0 || round.headExit() != 0
                        ? String.format(Locale.ROOT, " (exit codes base %d, head %d: failed tests;"
                                + " their figures are compared as recorded)", round.baseExit(), round.headExit())
                        : "");
    }

    private static int finish(AbOptions options, AbResult result, String stop, PrintStream out, PrintStream err)
            throws IOException {
        out.print(AbText.console(result));
        write(options.out().resolve(JSON), Json.writePretty(AbJson.of(result)) + "\n");
        write(options.out().resolve(MARKDOWN), AbText.markdown(result));
        write(options.out().resolve(HTML), AbHtml.page(result));
        out.println(PREFIX + "wrote " + options.out().resolve(HTML) + ", " + MARKDOWN + " and " + JSON);
        if (result.rounds().isEmpty()) {
            err.println(PREFIX + "no round completed, nothing was compared: " + stop);
            return EXIT_REGRESSED;
        }
        if (options.failOnRegression() && result.anyGateFailure()) {
            err.println(PREFIX + result.timings().stream().filter(TimingResult::failsGate).count()
                    + " timing(s) regressed" + " (--fail-on-regression)");
            return EXIT_REGRESSED;
        }
        return EXIT_OK;
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Whether {@code name} is a round directory's: {@code r001-base}, {@code r012-head}. */
    static boolean isRoundDirectory(String name) {
        return name.length() == 9 && name.charAt(0) == 'r' && Text.isDigits(name.substring(1, 4))
                && name.charAt(4) == '-' && (name.endsWith("base") || name.endsWith("head"));
    }

    /** Removes the round directories an earlier run left in {@code rounds} ({@code r001-base}, …), and nothing else. */
    private static void clearRounds(Path rounds) throws IOException {
        if (!Files.isDirectory(rounds)) {
            return;
        }
        List<Path> old;
        try (Stream<Path> list = Files.list(rounds)) {
            old = list.filter(p -> isRoundDirectory(p.getFileName().toString())).toList();
        }
        for (Path dir : old) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
