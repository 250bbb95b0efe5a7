package dev.chronoscope.internal.stats.validation;

import dev.chronoscope.internal.bench.LoadAverage;
import dev.chronoscope.internal.measure.MultiplyAddChain;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;
import dev.chronoscope.Comparison;
import dev.chronoscope.Timing;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.measure.JvmState;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.ProbeSettings;
import dev.chronoscope.internal.measure.Timings;
import dev.chronoscope.internal.stats.AssertionSettings;
import dev.chronoscope.internal.stats.BlockBootstrap;
import dev.chronoscope.internal.stats.Bound;
import dev.chronoscope.internal.stats.Decision;
import dev.chronoscope.Outcome;
import dev.chronoscope.internal.stats.PercentileClaim;
import dev.chronoscope.internal.stats.RatioClaim;
import dev.chronoscope.internal.stats.Relation;
import dev.chronoscope.internal.stats.Comparisons;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The validation of Chronoscope's assertions on a real machine — a benchmark, not a test: it
 * measures how often the assertions, at their default settings, claim a difference between two
 * identical regions (A vs A', the false-positive rate), how often they see a region that does
 * twice the work (A vs 2A, the detection rate), and what they make of 10 % more work (A vs A+10%). Everything goes through the code a test uses:
 * {@link MeasuringProbe#compare} with the extension's default floor, warm-up and seed, and the
 * decisions of {@link RatioClaim} and {@link PercentileClaim} that the AssertJ assertions enforce.
 *
 * <p>Regions are a chain of dependent 64-bit multiply-adds ({@code x = x * mul + add}) whose
 * constants live in non-final fields, so the JIT can neither fold nor drop them; A, A' and 2A are
 * one lambda class with a different captured length, so the JIT compiles the same code for all.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp … dev.chronoscope.internal.stats.validation.Validation
 *      [--clock auto|CLOCK_MONOTONIC|TSC_FENCED|…] [--steps 64,512] [--runs 20000] [--repeats 300]
 * </pre>
 */
public final class Validation {

    private Validation() {
    }

    /** {@code steps} dependent multiply-adds; every instance is the same lambda class. */
    static Supplier<Object> work(int steps) {
        return MultiplyAddChain.of(steps);
    }

    record Options(String clock, int[] steps, int runs, int repeats) {
        static Options parse(String[] args) {
            String clock = "auto";
            int[] steps = {64, 512};
            int runs = 20_000;
            int repeats = 300;
            for (int i = 0; i < args.length; i++) {
                String value = i + 1 < args.length ? args[i + 1] : "";
                switch (args[i]) {
                    case "--clock" -> clock = value;
                    case "--steps" -> steps = Arrays.stream(value.split(",")).mapToInt(Integer::parseInt).toArray();
                    case "--runs" -> runs = Integer.parseInt(value.replace("_", ""));
                    case "--repeats" -> repeats = Integer.parseInt(value.replace("_", ""));
                    default -> throw new IllegalArgumentException("unknown option " + args[i]
                            + "; options: --clock auto|<ClockId>, --steps 64,512, --runs 20000, --repeats 300");
                }
                i++;
            }
            return new Options(clock, steps, runs, repeats);
        }
    }

    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args);
        run(options, System.out);
    }

    /** One claim's tally over the repetitions. */
    static final class Tally {
        final String claim;
        final Outcome wrong;
        final String wrongMeans;
        final Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);

        Tally(String claim, Outcome wrong, String wrongMeans) {
            this.claim = claim;
            this.wrong = wrong;
            this.wrongMeans = wrongMeans;
            for (Outcome o : Outcome.values()) {
                counts.put(o, 0);
            }
        }

        void add(Decision d) {
            counts.merge(d.outcome(), 1, Integer::sum);
        }

        int total() {
            return counts.values().stream().mapToInt(Integer::intValue).sum();
        }

        String row() {
            int n = total();
            return String.format(Locale.ROOT, "  %-50s %7s %7s %7s   %s %s", claim, pct(counts.get(Outcome.PASS), n),
                    pct(counts.get(Outcome.FAIL), n), pct(counts.get(Outcome.INCONCLUSIVE), n), wrongMeans,
                    pct(counts.get(wrong), n) + " (" + counts.get(wrong) + "/" + n + ")");
        }
    }

    static String pct(int k, int n) {
        return String.format(Locale.ROOT, "%.1f%%", 100.0 * k / n);
    }

    static void run(Options options, PrintStream out) throws ClockUnavailableException {
        JvmState jvm = new JvmState();
        ClockId clock = chooseClock(options.clock(), jvm);
        long warmupBudget = ChronoscopeConfig.WARMUP_BUDGET.toNanos();
        long regionWarmup = ChronoscopeConfig.REGION_WARMUP_BUDGET.toNanos();
        long floorBudget = ChronoscopeConfig.FLOOR_BUDGET.toNanos();
        jvm.prepare(clock, warmupBudget);
        TscFrequency frequency = null;
        if (clock.countsTicks()) {
            Fact<TscFrequency> f = jvm.frequency();
            frequency = f.get();
        }
        AssertionSettings settings = assertionSettings();
        out.println("chronoscope assertion validation");
        out.println("java " + System.getProperty("java.version") + " | " + Runtime.getRuntime().availableProcessors()
                + " CPUs | " + jvm.host().cpuModel().orElse("CPU model unknown"));
        out.println("settings: defaults - strict " + settings.strict() + ", seed " + settings.seed() + ", "
                + Format.percent(AssertionSettings.CONFIDENCE) + " intervals, " + BlockBootstrap.RESAMPLES
                + " bootstrap resamples, up to " + Comparisons.BLOCK_PAIRS + " block pairs, at least "
                + AssertionSettings.MIN_SAMPLES + " samples, floor " + ChronoscopeConfig.FLOOR_SAMPLES
                + " samples, region warm-up " + ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms, floor not subtracted");
        out.println("comparisons: " + Format.count(options.runs()) + " runs of each region; per workload "
                + options.repeats() + " each of A vs A', A vs 2A and A vs A+10%; load average " + LoadAverage.now());
        for (int steps : options.steps()) {
            workload(clock, frequency, jvm, floorBudget, regionWarmup, steps, options, out);
        }
    }

    private static void workload(ClockId clock, TscFrequency frequency, JvmState jvm, long floorBudget, long regionWarmup,
                                 int steps, Options options, PrintStream out) throws ClockUnavailableException {
        MeasuringProbe reference = probe(clock, frequency, jvm, floorBudget, regionWarmup);
        // Prime the JIT with every region once: measured here, a short region's first measurement in a
        // JVM ran up to 1.7x slower than later ones (its code was still being optimised after the
        // warm-up converged), which would make the reference below meaningless.
        reference.compare("A, priming", "2A, priming", options.runs(), work(steps), work(2 * steps));
        reference.compare("A, priming again", "A+10%, priming", options.runs(), work(steps), work(Math.round(steps * 1.1f)));
        Timing ref = reference.repeat("reference A", options.runs(), work(steps));
        double refNanos = ref.percentileValue(50) * ref.nanosPerUnit();
        Duration refMedian = Duration.ofNanos(Math.round(refNanos));
        Duration refLoose = Duration.ofNanos(Math.round(refNanos * 1.25));
        out.println();
        out.println("workload: A = chain of " + steps + " multiply-adds, 2A = chain of " + 2 * steps + "; clock " + clock
                + " (" + ref.readMethod() + "), effective resolution " + Format.units(ref.clockStep()) + " " + ref.unit().symbol()
                + " (" + ref.clockStepSource() + ")"
                + ", floor p50 " + Format.units(ref.floor().median()) + " " + ref.unit().symbol()
                + "; reference median of A (a separate run) " + Format.duration(refNanos) + ", " + ref.verdictReason());

        List<Tally> same = List.of(
                new Tally("firstIsFasterThanSecond()", Outcome.PASS, "false positive (pass):"),
                new Tally("secondIsFasterThanFirst()", Outcome.PASS, "false positive (pass):"),
                new Tally("firstIsFasterThanSecond().byAtLeast(1.5)", Outcome.PASS, "false positive (pass):"),
                new Tally("isNotSlowerThan(1.10)", Outcome.FAIL, "false alarm (fail):"),
                new Tally("median() < 1.25 x reference median", Outcome.FAIL, "false alarm (fail):"),
                new Tally("median() < reference median (the boundary)", Outcome.PASS, "decided (pass):"));
        List<Tally> twice = List.of(
                new Tally("firstIsFasterThanSecond()", Outcome.PASS, "detected (pass):"),
                new Tally("firstIsFasterThanSecond().byAtLeast(1.5)", Outcome.PASS, "detected (pass):"),
                new Tally("2A isNotSlowerThan(1.10) A", Outcome.FAIL, "detected (fail):"),
                new Tally("2A median() < 1.25 x reference median of A", Outcome.FAIL, "detected (fail):"));
        List<Tally> tenth = List.of(
                new Tally("firstIsFasterThanSecond()", Outcome.PASS, "detected (pass):"),
                new Tally("firstIsFasterThanSecond().byAtLeast(1.5)", Outcome.PASS, "false positive (pass):"),
                new Tally("A+10% isNotSlowerThan(1.05) A", Outcome.FAIL, "detected (fail):"));
        int longer = Math.round(steps * 1.1f);
        List<Double> ratios = new ArrayList<>();
        List<Double> widths = new ArrayList<>();
        int covers = 0;
        long statsNanos = 0;
        long started = System.nanoTime();
        for (int r = 0; r < options.repeats(); r++) {
            // a fresh floor for every comparison, as every test gets one
            MeasuringProbe probe = probe(clock, frequency, jvm, floorBudget, regionWarmup);
            long t0 = System.nanoTime();
            Comparison aa = probe.compare("A", "A'", options.runs(), work(steps), work(steps));
            statsNanos += System.nanoTime() - t0;
            ratios.add(aa.secondOverFirst());
            widths.add(aa.secondOverFirstHigh() / aa.secondOverFirstLow());
            if (aa.secondOverFirstLow() <= 1 && 1 <= aa.secondOverFirstHigh()) {
                covers++;
            }
            same.get(0).add(RatioClaim.decide(aa, Relation.GREATER, 1, "A", "faster than A'"));
            same.get(1).add(RatioClaim.decide(aa, Relation.LESS, 1, "A'", "faster than A"));
            same.get(2).add(RatioClaim.decide(aa, Relation.AT_LEAST, 1.5, "A", "faster than A' by 1.5x"));
            same.get(3).add(RatioClaim.decide(aa, Relation.AT_LEAST, 1 / 1.10, "A", "not slower than A' by 10 %"));
            same.get(4).add(PercentileClaim.decide(aa.first(), 50, List.of(new Bound(Relation.LESS, refLoose))));
            same.get(5).add(PercentileClaim.decide(aa.first(), 50, List.of(new Bound(Relation.LESS, refMedian))));

            Comparison a2 = probe.compare("A vs 2A", "2A", options.runs(), work(steps), work(2 * steps));
            twice.get(0).add(RatioClaim.decide(a2, Relation.GREATER, 1, "A", "faster than 2A"));
            twice.get(1).add(RatioClaim.decide(a2, Relation.AT_LEAST, 1.5, "A", "faster than 2A by 1.5x"));
            // "2A (second) is not slower than A (first) by more than 10 %": median(2A)/median(A) <= 1.10
            twice.get(2).add(RatioClaim.decide(a2, Relation.AT_MOST, 1.10, "2A", "not slower than A by 10 %"));
            twice.get(3).add(PercentileClaim.decide(a2.second(), 50, List.of(new Bound(Relation.LESS, refLoose))));

            Comparison a11 = probe.compare("A vs A+10%", "A+10%", options.runs(), work(steps), work(longer));
            tenth.get(0).add(RatioClaim.decide(a11, Relation.GREATER, 1, "A", "faster than A+10%"));
            tenth.get(1).add(RatioClaim.decide(a11, Relation.AT_LEAST, 1.5, "A", "faster than A+10% by 1.5x"));
            tenth.get(2).add(RatioClaim.decide(a11, Relation.AT_MOST, 1.05, "A+10%", "not slower than A by 5 %"));
        }
        long elapsed = System.nanoTime() - started;
        double[] sorted = ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double[] w = widths.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        out.printf(Locale.ROOT, "A vs A': median(A')/median(A) over %d comparisons: min %s, p50 %s, max %s;"
                        + " interval contains 1 in %s; interval width (high/low) p50 %s%n", sorted.length,
                Format.ratio(sorted[0]), Format.ratio(sorted[(sorted.length + 1) / 2 - 1]), Format.ratio(sorted[sorted.length - 1]),
                pct(covers, sorted.length), Format.ratio(w[(w.length + 1) / 2 - 1]));
        out.printf(Locale.ROOT, "  %-50s %7s %7s %7s%n", "claim (A first, A' second)", "pass", "fail", "inconcl.");
        same.forEach(t -> out.println(t.row()));
        out.printf(Locale.ROOT, "A vs 2A:%n  %-50s %7s %7s %7s%n", "claim (A first, 2A second)", "pass", "fail", "inconcl.");
        twice.forEach(t -> out.println(t.row()));
        out.printf(Locale.ROOT, "A vs A+10%% (a chain of %d):%n  %-50s %7s %7s %7s%n", longer, "claim (A first, A+10% second)",
                "pass", "fail", "inconcl.");
        tenth.forEach(t -> out.println(t.row()));
        out.printf(Locale.ROOT, "time: %.1f s for %d comparisons (%.0f ms each: warm-up, measurement and statistics);"
                        + " load average %s%n", elapsed / 1e9, 3 * options.repeats(), elapsed / 1e6 / (3 * options.repeats()),
                LoadAverage.now());
    }


    private static MeasuringProbe probe(ClockId clock, TscFrequency frequency, JvmState jvm, long floorBudget,
                                        long regionWarmup) throws ClockUnavailableException {
        ClockReader reader = ClockReaders.open(clock);
        Timings.Floor floor = Timings.measureFloor(reader, ChronoscopeConfig.FLOOR_SAMPLES, floorBudget, frequency);
        // as a timed test decides the step: the clock's effective resolution
        EffectiveResolution resolution = jvm.step(clock).resolution(floor);
        Timings.Context context = Timings.Context.of(reader, floor.floor()).frequency(frequency)
                .subtractFloor(false).step(resolution).assertions(assertionSettings()).build();
        return new MeasuringProbe(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(regionWarmup));
    }

    /** A command-line tool: the assertion keys come from the system properties of the same names. */
    private static AssertionSettings assertionSettings() {
        return AssertionSettings.parse(key -> Optional.ofNullable(System.getProperty(key)));
    }

    private static ClockId chooseClock(String name, JvmState jvm) {
        if (!name.equalsIgnoreCase("auto")) {
            return ClockId.valueOf(name.toUpperCase(Locale.ROOT));
        }
        Fact<Boolean> invariant = jvm.host().invariantTscVerdict();
        return invariant.isKnown() && invariant.get() && ClockReaders.isAvailable(ClockId.TSC_FENCED)
                ? ClockId.TSC_FENCED : ClockId.CLOCK_MONOTONIC;
    }
}
