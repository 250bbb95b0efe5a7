package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.internal.args.CommandLine;
import dev.chronoscope.internal.measure.CoreSpeedReference;
import dev.chronoscope.internal.measure.JvmState;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * Which reference reads the host's slow spells that workloads meet: for a stretch of wall time, in
 * one JVM, it alternates the core-speed reference ({@link CoreSpeedReference}, multiply-add chains), a
 * memory reference (a random pointer chase over 16 MB, a load waiting on the one before) and short
 * timings of a few corpus workloads, and prints each workload's per-call cost beside both references
 * at the same moment, and how closely each reference follows it (the correlation of their logs).
 * A reference that follows a workload's moves tells its spells; one that stays flat while the
 * workload moves does not.
 *
 * <p>Usage: {@code SpellTracking [--minutes N] [--workloads a,b]}; the workloads are hand-timed
 * loops of {@code System.nanoTime} around 20 ms of calls, results kept in a field.
 */
public final class SpellTracking {

    private static final long WORKLOAD_NANOS = 20_000_000L;
    private static final int CHASE_INTS = 4 << 20;
    private static final int CHASE_LOADS = 200_000;
    /** Rows per window whose medians are correlated. */
    private static final int WINDOW = 9;

    private long kept;
    private volatile Object keptObject;

    record Options(int minutes, List<String> workloads) {
        static Options parse(String... args) throws CommandLine.InvalidOptionException {
            int minutes = 10;
            List<String> workloads = List.of("chain64", "murmur3", "jsonRead", "sort", "lz4");
            Map<String, String> expected = new HashMap<>(Map.of(
                    "--minutes", "expected a number of minutes from 1 to 120",
                    "--workloads", "expected a comma-separated list of " + String.join(", ", WorkloadCatalog.names())));
            for (CommandLine.Option o : CommandLine.parse(args, Set.of(), expected, "--minutes N, --workloads a,b")) {
                String e = expected.get(o.name());
                switch (o.name()) {
                    case "--minutes" -> minutes = (int) CommandLine.wholeNumber(o.name(), o.value(), 1, 120, e);
                    default -> workloads = ThroughputOptions.workloads(o.value(), e);
                }
            }
            return new Options(minutes, workloads);
        }
    }

    public static void main(String[] args) {
        Options options = Commands.parseOrExit(args, Options::parse, "usage: SpellTracking [--minutes N] [--workloads a,b]\n");
        new SpellTracking().run(options);
    }

    private void run(Options options) {
        WorkloadCatalog.Sources sources = WorkloadCatalog.Sources.create();
        List<LongSupplier> calls = options.workloads().stream().map(n -> asCall(WorkloadCatalog.named(n).region().apply(sources))).toList();
        CoreSpeedReference core = new JvmState().coreSpeed();
        int[] chase = cycle(CHASE_INTS, new SplittableRandom(42));
        List<double[]> rows = new ArrayList<>();
        System.out.printf(Locale.ROOT, "# %s, %d minutes; per row: core ns/multiply-add, memory ns/load, then ns/call of %s%n",
                Instant.now(), options.minutes(), String.join(", ", options.workloads()));
        long end = System.nanoTime() + options.minutes() * 60_000_000_000L;
        long warmEnd = System.nanoTime() + 20_000_000_000L;
        while (System.nanoTime() < end) {
            double[] row = new double[2 + calls.size()];
            row[0] = core.nanosPerStep();
            row[1] = chaseNanosPerLoad(chase);
            for (int w = 0; w < calls.size(); w++) {
                row[2 + w] = nanosPerCall(calls.get(w));
            }
            if (System.nanoTime() > warmEnd) {
                rows.add(row);
                System.out.println(Arrays.stream(row).mapToObj(v -> String.format(Locale.ROOT, "%.3f", v))
                        .reduce((a, b) -> a + " " + b).orElseThrow());
            }
        }
        System.out.printf(Locale.ROOT, "# %d rows after 20 s of warm-up (not kept), as medians of %d rows in turn (a moment's"
                + " collection or preemption left out); correlation of their logs with each reference's, and each one's highest /"
                + " lowest%n", rows.size(), WINDOW);
        List<double[]> windows = new ArrayList<>();
        for (int from = 0; from + WINDOW <= rows.size(); from += WINDOW) {
            double[] w = new double[rows.getFirst().length];
            for (int c = 0; c < w.length; c++) {
                int col = c;
                double[] v = rows.subList(from, from + WINDOW).stream().mapToDouble(r -> r[col]).sorted().toArray();
                w[c] = Math.log(v[WINDOW / 2]);
            }
            windows.add(w);
        }
        System.out.printf(Locale.ROOT, "%-10s %8s %8s %8s%n", "series", "r(core)", "r(mem)", "max/min");
        List<String> names = new ArrayList<>(List.of("core", "memory"));
        names.addAll(options.workloads());
        double[] coreSeries = windows.stream().mapToDouble(r -> r[0]).toArray();
        double[] memorySeries = windows.stream().mapToDouble(r -> r[1]).toArray();
        for (int c = 0; c < names.size(); c++) {
            int col = c;
            double[] series = windows.stream().mapToDouble(r -> r[col]).toArray();
            System.out.printf(Locale.ROOT, "%-10s %8.2f %8.2f %8.2f%n", names.get(c), correlation(series, coreSeries),
                    correlation(series, memorySeries),
                    Math.exp(Arrays.stream(series).max().orElse(0) - Arrays.stream(series).min().orElse(0)));
        }
        System.out.println("# (results kept: " + kept + ", " + (keptObject == null ? "no object" : "an object") + ")");
    }

    private LongSupplier asCall(Region region) {
        return switch (region) {
            case Region.OfLong r -> r.region();
            case Region.OfInt r -> () -> r.region().getAsInt();
            case Region.OfObject r -> () -> {
                Object o = r.region().get();
                keptObject = o;
                return 0;
            };
        };
    }

    /** The mean ns per call over about {@value #WORKLOAD_NANOS} ns of calls, in batches of 64 between clock reads. */
    private double nanosPerCall(LongSupplier call) {
        long start = System.nanoTime();
        long calls = 0;
        long now;
        do {
            for (int i = 0; i < 64; i++) {
                kept += call.getAsLong();
            }
            calls += 64;
            now = System.nanoTime();
        } while (now - start < WORKLOAD_NANOS);
        return (now - start) / (double) calls;
    }

    /** A single random cycle through {@code n} slots: each load's address is the one before's value. */
    private static int[] cycle(int n, SplittableRandom random) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int[] next = new int[n];
        for (int i = 0; i < n; i++) {
            next[order[i]] = order[(i + 1) % n];
        }
        return next;
    }

    private double chaseNanosPerLoad(int[] next) {
        int at = (int) (kept & 0xFFFF);
        long start = System.nanoTime();
        for (int i = 0; i < CHASE_LOADS; i++) {
            at = next[at];
        }
        long elapsed = System.nanoTime() - start;
        kept += at;
        return elapsed / (double) CHASE_LOADS;
    }

    private static double correlation(double[] a, double[] b) {
        double ma = Arrays.stream(a).average().orElse(0);
        double mb = Arrays.stream(b).average().orElse(0);
        double sab = 0;
        double saa = 0;
        double sbb = 0;
        for (int i = 0; i < a.length; i++) {
            sab += (a[i] - ma) * (b[i] - mb);
            saa += (a[i] - ma) * (a[i] - ma);
            sbb += (b[i] - mb) * (b[i] - mb);
        }
        return saa == 0 || sbb == 0 ? Double.NaN : sab / Math.sqrt(saa * sbb);
    }
}
