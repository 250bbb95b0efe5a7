package dev.chronoscope.internal.bench;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.clock.TscReadPath;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.ffm.Platform;
import dev.chronoscope.internal.ffm.ProbeLibrary;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.measure.JvmState;

import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * {@code Benchmark} is used to check that a region timed from Java through Chronoscope's FFM
 * bindings costs what the same region costs timed from C.
 *
 * <p>It measures, in one process, three things from Java and from C ({@code libchronoscope-bench},
 * built by the same build from the same {@code chronoscope_counter.h}): the plain fenced pair
 * around an empty region (the probe floor), the CPU-reporting pair the {@code TSC_FENCED} clock
 * uses, and a 64-step dependent multiply-add chain timed with the plain pair. Rounds interleave the
 * languages (Java then C, reversed every other round) so both see the same machine state; warm-up
 * rounds run first and are discarded. It prints min, p50, p99 and a 10 %-trimmed mean per language,
 * the Java/C ratios, the per-round spread of the p50 ratio, and the chain net of each language's
 * own floor.
 *
 * <p>Run it with {@code java --enable-native-access=ALL-UNNAMED -cp … dev.chronoscope.internal.bench.Benchmark
 * [--rounds N] [--samples N] [--warmup N]}, or through Maven as described in {@code docs/evidence/probe-against-c.md}.
 */
public final class Benchmark {

    /** Exit code: measured and printed. */
    public static final int EXIT_OK = 0;
    /** Exit code: the command line was wrong; nothing was measured. */
    public static final int EXIT_USAGE = 2;
    /** Exit code: the native libraries (or the TSC_FENCED clock) are not available here. */
    public static final int EXIT_UNAVAILABLE = 3;

    /** Warm-up rounds run at least this many samples each, so a small {@code --samples} still warms the JIT. */
    static final int MIN_WARMUP_SAMPLES = 50_000;

    private static final int CLOCK_MONOTONIC_RAW = 4;
    private static final int JAVA = 0;
    private static final int C = 1;

    /** What the benchmark measures, in the order of every round. */
    enum Measure {
        FLOOR("floor", "plain fenced pair around an empty region"),
        CPU_PAIR("tsc_fenced", "CPU-reporting pair of the TSC_FENCED clock around an empty region"),
        CHAIN("chain64", "64 dependent x = x * mul + add (mul, add read from non-final fields), plain fenced pair");

        final String label;
        final String description;

        Measure(String label, String description) {
            this.label = label;
            this.description = description;
        }
    }

    private Benchmark() {
    }

    public static void main(String[] args) {
        int code = run(args, System.out);
        System.out.flush();
        if (code != EXIT_OK) {
            System.exit(code);
        }
    }

    /** Parses {@code args}, measures and prints to {@code out}; returns the process exit code. */
    public static int run(String[] args, PrintStream out) {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (dev.chronoscope.internal.args.CommandLine.InvalidOptionException e) {
            out.println("chronoscope bench: " + e.getMessage());
            out.print(BenchOptions.USAGE);
            return EXIT_USAGE;
        }
        if (options.help()) {
            out.print(BenchOptions.USAGE);
            return EXIT_OK;
        }
        Optional<String> unavailable = unavailableReason();
        if (unavailable.isPresent()) {
            out.println("chronoscope bench: cannot run on this machine (" + Platform.current() + "): " + unavailable.get());
            out.println("The benchmark compares Java and C reads of the CPU counter, so it needs Chronoscope's native"
                    + " libraries (libchronoscope and libchronoscope-bench, built for linux-x86_64 and linux-aarch64).");
            return EXIT_UNAVAILABLE;
        }
        ClockReader reader;
        try {
            reader = ClockReaders.open(ClockId.TSC_FENCED, TscReadPath.ofThisHost(TscReadPath.Preference.ofSystemProperty()));
        } catch (ClockUnavailableException e) {
            out.println("chronoscope bench: cannot run on this machine: " + e.getMessage());
            return EXIT_UNAVAILABLE;
        }
        new Run(options, reader, out).execute();
        return EXIT_OK;
    }

    /** Empty when everything the benchmark needs is loaded, else what is missing and why. */
    static Optional<String> unavailableReason() {
        if (!ProbeLibrary.isLoaded()) {
            return Optional.of("the native probe libchronoscope is not loaded: " + ProbeLibrary.unavailableReason());
        }
        if (!BenchLibrary.isLoaded()) {
            return Optional.of("the C reference libchronoscope-bench is not loaded: " + BenchLibrary.unavailableReason());
        }
        return Optional.empty();
    }

    /** One benchmark run: the sample buffers, the pooled series and the report. */
    private static final class Run {
        private final BenchOptions options;
        private final ClockReader reader;
        private final PrintStream out;
        private final int n;
        private final long[][][] pooled;        // [measure][language][round * n + i]
        private final long[][][] roundP50;      // [measure][language][round]
        private final long[] javaBuffer;
        private final long[] roundBuffer;
        private long chainResult;
        private String chainMismatch = "";

        Run(BenchOptions options, ClockReader reader, PrintStream out) {
            this.options = options;
            this.reader = reader;
            this.out = out;
            this.n = options.samples();
            int measures = Measure.values().length;
            this.pooled = new long[measures][2][];
            this.roundP50 = new long[measures][2][options.rounds()];
            for (int m = 0; m < measures; m++) {
                for (int lang = 0; lang < 2; lang++) {
                    pooled[m][lang] = new long[options.rounds() * n];
                }
            }
            int bufferSize = Math.max(n, MIN_WARMUP_SAMPLES);
            this.javaBuffer = new long[bufferSize];
            this.roundBuffer = new long[n];
        }

        void execute() {
            long started = System.nanoTime();
            try (Arena arena = Arena.ofConfined()) {
                int bufferSize = javaBuffer.length;
                MemorySegment cBuffer = arena.allocate(JAVA_LONG, bufferSize);
                MemorySegment cpus = arena.allocate(JAVA_INT, 2);
                int warmupSamples = Math.max(n, MIN_WARMUP_SAMPLES);
                for (int w = 0; w < options.warmupRounds(); w++) {
                    for (Measure m : Measure.values()) {
                        runJava(m, warmupSamples);
                        runC(m, cBuffer, cpus, warmupSamples);
                    }
                }
                for (int r = 0; r < options.rounds(); r++) {
                    boolean javaFirst = r % 2 == 0;
                    for (Measure m : Measure.values()) {
                        long javaResult;
                        long cResult;
                        if (javaFirst) {
                            javaResult = runJava(m, n);
                            keep(m, JAVA, r, javaBuffer);
                            cResult = runC(m, cBuffer, cpus, n);
                            keep(m, C, r, cBuffer);
                        } else {
                            cResult = runC(m, cBuffer, cpus, n);
                            keep(m, C, r, cBuffer);
                            javaResult = runJava(m, n);
                            keep(m, JAVA, r, javaBuffer);
                        }
                        if (m == Measure.CHAIN) {
                            chainResult = javaResult;
                            if (javaResult != cResult) {
                                chainMismatch = "round " + r + ": Java 0x" + Long.toHexString(javaResult)
                                        + ", C 0x" + Long.toHexString(cResult);
                            }
                        }
                    }
                }
            }
            long measuredNanos = System.nanoTime() - started;
            Fact<TscCalibration> calibration = new JvmState().calibration();
            report(calibration, measuredNanos);
        }

        /** Whether the plain pairs close with RDTSCP: the reader's path, chosen once from CPUID. */
        private boolean rdtscp() {
            return reader.readPath().map(p -> p.read() == TscReadPath.Read.RDTSCP).orElse(false);
        }

        /** Runs one Java loop into {@code javaBuffer}; returns the chain result (0 for the pairs). */
        private long runJava(Measure m, int count) {
            switch (m) {
                case FLOOR -> JavaWorkloads.fencedPairs(javaBuffer, count, rdtscp());
                case CPU_PAIR -> JavaWorkloads.readerPairs(reader, javaBuffer, count);
                case CHAIN -> {
                    return JavaWorkloads.chain64(javaBuffer, count, rdtscp());
                }
            }
            return 0;
        }

        /** Runs one C loop into {@code cBuffer}; returns the chain result (0 for the pairs). */
        private long runC(Measure m, MemorySegment cBuffer, MemorySegment cpus, int count) {
            switch (m) {
                case FLOOR -> BenchLibrary.fencedPairs(cBuffer, count, rdtscp());
                case CPU_PAIR -> BenchLibrary.fencedCpuPairs(cBuffer, count, cpus, reader.readPath().orElseThrow());
                case CHAIN -> {
                    long result = BenchLibrary.chain64(cBuffer, count, JavaWorkloads.chainMul, JavaWorkloads.chainAdd, rdtscp());
                    JavaWorkloads.sink = result;
                    return result;
                }
            }
            return 0;
        }

        private void keep(Measure m, int lang, int round, long[] javaSamples) {
            System.arraycopy(javaSamples, 0, pooled[m.ordinal()][lang], round * n, n);
            System.arraycopy(javaSamples, 0, roundBuffer, 0, n);
            finishRound(m, lang, round);
        }

        private void keep(Measure m, int lang, int round, MemorySegment cSamples) {
            MemorySegment.copy(cSamples, JAVA_LONG, 0, pooled[m.ordinal()][lang], round * n, n);
            MemorySegment.copy(cSamples, JAVA_LONG, 0, roundBuffer, 0, n);
            finishRound(m, lang, round);
        }

        private void finishRound(Measure m, int lang, int round) {
            Arrays.sort(roundBuffer);
            roundP50[m.ordinal()][lang][round] = SampleStats.percentile(roundBuffer, 50);
        }

        private void report(Fact<TscCalibration> calibration, long measuredNanos) {
            double ticksPerNs = calibration.isKnown() ? calibration.get().hz() / 1e9 : 0;
            boolean tsc = ProbeLibrary.counterKind() == ProbeLibrary.COUNTER_TSC;
            String counter = tsc ? "TSC" : "CNTVCT_EL0";
            out.println("chronoscope bench: the same regions timed from Java (FFM) and from C, in one process, interleaved");
            out.printf(Locale.ROOT, "  rounds      %d measured x %d samples per measure and language; %d warm-up rounds"
                            + " of %d samples run first and are discarded%n",
                    options.rounds(), n, options.warmupRounds(), Math.max(n, MIN_WARMUP_SAMPLES));
            out.println("  order       every round runs each measure in Java, then in C; the order is reversed every other round");
            out.printf(Locale.ROOT, "  statistics  per language, pooled over all rounds: min, p50 and p99 (nearest rank),"
                    + " tmean = mean after dropping the lowest and highest %d %% of samples%n",
                    Math.round(SampleStats.TRIM_FRACTION * 100));
            if (tsc) {
                out.println("  units       ticks are TSC reference ticks, not core cycles");
            } else {
                out.println("  units       ticks are CNTVCT_EL0 (generic timer) ticks, not core cycles");
            }
            if (calibration.isKnown()) {
                out.printf(Locale.ROOT, "  frequency   %s %.4f MHz, Chronoscope's calibration: %s; ns = ticks / %.4f%n",
                        counter, calibration.get().hz() / 1e6, calibration.get().method(), ticksPerNs);
            } else {
                out.println("  frequency   unknown (" + calibration.unknownReason() + "): ticks only");
            }
            out.printf(Locale.ROOT, "  cpu         %s; %d CPUs available to this JVM%n", cpuModel(),
                    Runtime.getRuntime().availableProcessors());
            out.printf(Locale.ROOT, "  jdk         %s (%s, %s)%n", Runtime.version(),
                    System.getProperty("java.vm.name", "?"), System.getProperty("java.vendor", "?"));
            out.println("  java side   critical downcalls into libchronoscope: " + ProbeLibrary.source());
            out.println("  c side      inline reads from chronoscope_counter.h in libchronoscope-bench: " + BenchLibrary.source());

            SampleStats.Summary[][] summaries = new SampleStats.Summary[Measure.values().length][2];
            for (Measure m : Measure.values()) {
                for (int lang = 0; lang < 2; lang++) {
                    summaries[m.ordinal()][lang] = SampleStats.summarizeInPlace(pooled[m.ordinal()][lang]);
                }
            }

            for (Measure m : Measure.values()) {
                SampleStats.Summary java = summaries[m.ordinal()][JAVA];
                SampleStats.Summary c = summaries[m.ordinal()][C];
                out.println();
                out.printf(Locale.ROOT, "%s: %s%n", m.label, m.description);
                out.printf(Locale.ROOT, "  Java: %s%n", javaMethod(m, reader.readPath().orElseThrow()));
                out.printf(Locale.ROOT, "  C:    %s%n", cMethod(m, tsc, reader.readPath().orElseThrow()));
                out.printf(Locale.ROOT, "  %-8s %8s %8s %8s %10s %9s %9s%n", "ticks", "min", "p50", "p99", "tmean",
                        "p50 ns", "tmean ns");
                printRow("Java", java, ticksPerNs);
                printRow("C", c, ticksPerNs);
                out.printf(Locale.ROOT, "  %-8s %8s %8.3f %8s %10.3f%n", "Java/C", "",
                        ratio(java.p50Ticks(), c.p50Ticks()), "", java.trimmedMeanTicks() / c.trimmedMeanTicks());
                double[] ratios = roundRatios(m);
                out.printf(Locale.ROOT, "  per-round p50 ratio Java/C over %d rounds: min %.3f  median %.3f  max %.3f%n",
                        ratios.length, min(ratios), SampleStats.median(ratios), max(ratios));
            }

            SampleStats.Summary javaFloor = summaries[Measure.FLOOR.ordinal()][JAVA];
            SampleStats.Summary cFloor = summaries[Measure.FLOOR.ordinal()][C];
            SampleStats.Summary javaChain = summaries[Measure.CHAIN.ordinal()][JAVA];
            SampleStats.Summary cChain = summaries[Measure.CHAIN.ordinal()][C];
            long javaNet = javaChain.p50Ticks() - javaFloor.p50Ticks();
            long cNet = cChain.p50Ticks() - cFloor.p50Ticks();
            double netDifference = cNet == 0 ? Double.NaN : (double) javaNet / cNet - 1;
            double[] roundNet = roundNetDifferences();
            out.printf(Locale.ROOT, "  net of floor (chain p50 - floor p50, each language its own): Java %d ticks%s,"
                            + " C %d ticks%s: Java %s vs C%n",
                    javaNet, nanos(javaNet, ticksPerNs), cNet, nanos(cNet, ticksPerNs), percent(netDifference));
            out.printf(Locale.ROOT, "  per-round net-of-floor difference: min %s  median %s  max %s%n",
                    percent(min(roundNet)), percent(SampleStats.median(roundNet)), percent(max(roundNet)));
            out.println("  chain results: " + (chainMismatch.isEmpty()
                    ? "Java and C computed the same values in every round (wrapping sum of a round's results 0x"
                            + Long.toHexString(chainResult) + ")"
                    : "Java and C DISAGREE (" + chainMismatch + "): the two loops do not compute the same chain"));

            double floorP50Ratio = ratio(javaFloor.p50Ticks(), cFloor.p50Ticks());
            double floorTmeanRatio = javaFloor.trimmedMeanTicks() / cFloor.trimmedMeanTicks();
            out.println();
            out.println("targets");
            out.printf(Locale.ROOT, "  floor p50 ratio Java/C = 1.00           %8.3f   %s%n", floorP50Ratio,
                    verdict(Math.abs(floorP50Ratio - 1) < 0.005));
            out.printf(Locale.ROOT, "  floor tmean ratio Java/C <= 1.10        %8.3f   %s%n", floorTmeanRatio,
                    verdict(floorTmeanRatio <= 1.10));
            out.printf(Locale.ROOT, "  chain net of floor, Java vs C within 5 %% %8s   %s%n", percent(netDifference),
                    verdict(Math.abs(netDifference) <= 0.05));
            out.printf(Locale.ROOT, "measured in %.1f s%n", measuredNanos / 1e9);
        }

        private void printRow(String language, SampleStats.Summary s, double ticksPerNs) {
            if (ticksPerNs > 0) {
                out.printf(Locale.ROOT, "  %-8s %8d %8d %8d %10.1f %9.1f %9.1f%n", language, s.minTicks(), s.p50Ticks(),
                        s.p99Ticks(), s.trimmedMeanTicks(), s.p50Ticks() / ticksPerNs, s.trimmedMeanTicks() / ticksPerNs);
            } else {
                out.printf(Locale.ROOT, "  %-8s %8d %8d %8d %10.1f %9s %9s%n", language, s.minTicks(), s.p50Ticks(),
                        s.p99Ticks(), s.trimmedMeanTicks(), "-", "-");
            }
        }

        private double[] roundRatios(Measure m) {
            double[] ratios = new double[options.rounds()];
            for (int r = 0; r < ratios.length; r++) {
                ratios[r] = ratio(roundP50[m.ordinal()][JAVA][r], roundP50[m.ordinal()][C][r]);
            }
            return ratios;
        }

        private double[] roundNetDifferences() {
            double[] diffs = new double[options.rounds()];
            int chain = Measure.CHAIN.ordinal();
            int floor = Measure.FLOOR.ordinal();
            for (int r = 0; r < diffs.length; r++) {
                long javaNet = roundP50[chain][JAVA][r] - roundP50[floor][JAVA][r];
                long cNet = roundP50[chain][C][r] - roundP50[floor][C][r];
                diffs[r] = cNet == 0 ? Double.NaN : (double) javaNet / cNet - 1;
            }
            return diffs;
        }
    }

    private static String javaMethod(Measure m, TscReadPath path) {
        boolean rdtscp = path.read() == TscReadPath.Read.RDTSCP;
        return switch (m) {
            case FLOOR, CHAIN -> "ProbeLibrary.COUNTER_BEGIN .. " + (rdtscp ? "COUNTER_END (cs_counter_begin/_end" : "COUNTER_END_LFENCE (cs_counter_begin/_end_lfence")
                    + ", critical downcalls)";
            case CPU_PAIR -> "ClockReaders.open(TSC_FENCED): " + (rdtscp ? "cs_counter_begin_cpu/_end_cpu" : "cs_counter_begin_lf/_end_lf")
                    + ", CPU numbers into a native segment";
        };
    }

    private static String cMethod(Measure m, boolean tsc, TscReadPath path) {
        boolean rdtscp = path.read() == TscReadPath.Read.RDTSCP;
        String plain = !tsc ? "isb;mrs cntvct_el0;isb .. isb;mrs cntvct_el0;isb"
                : rdtscp ? "lfence;rdtsc;lfence .. rdtscp;lfence" : "lfence;rdtsc;lfence .. lfence;rdtsc;lfence";
        String cpu = path.method() + ", CPU numbers stored to memory";
        return switch (m) {
            case FLOOR -> "csb_fenced_pairs, " + plain;
            case CPU_PAIR -> "csb_fenced_cpu_pairs, " + cpu;
            case CHAIN -> "csb_chain64, " + plain + " (mul, add passed as arguments)";
        };
    }

    private static double ratio(long a, long b) {
        return b == 0 ? Double.NaN : (double) a / b;
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(Double.NaN);
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }

    private static String percent(double fraction) {
        return Double.isNaN(fraction) ? "n/a" : String.format(Locale.ROOT, "%+.1f %%", fraction * 100);
    }

    private static String nanos(long ticks, double ticksPerNs) {
        return ticksPerNs > 0 ? String.format(Locale.ROOT, " (%.1f ns)", ticks / ticksPerNs) : "";
    }

    private static String verdict(boolean met) {
        return met ? "met" : "NOT met";
    }

    /** The CPU model from the host facts, or why it is unknown. */
    static String cpuModel() {
        return new JvmState().host().cpuModel().describe();
    }
}
