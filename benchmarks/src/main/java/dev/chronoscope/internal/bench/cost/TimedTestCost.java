package dev.chronoscope.internal.bench.cost;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * What a timed test costs: runs {@value #TESTS} timed tests (each a {@code repeat} of 2,000 calls
 * of a small region) through the JUnit Launcher, and as many plain tests timing the same region
 * with {@code System.nanoTime} loops, and prints the median wall time per test of each, the
 * difference (the overhead of a timed test), the garbage per test (bytes the test's thread
 * allocated, from {@code com.sun.management.ThreadMXBean}), the first timed test's extra time (the
 * per-JVM probe warm-up and one-off set-up), and the median net p50 of the region, to check that a
 * cheaper setting measures the same. Not a test: figures, not assertions.
 *
 * <p>Arguments: {@code key=value} configuration parameters passed to the run, e.g.
 * {@code chronoscope.region.warmup.budget=5ms}. See docs/evidence/costs.md.
 */
public final class TimedTestCost {

    static final int TESTS = 300;
    static final int CALLS = 2_000;
    static final int DISTINCT = 30;

    private TimedTestCost() {
    }

    /** A small region: 16 dependent xorshift-multiply steps over a non-final seed. */
    static long work(long seed) {
        long x = seed;
        for (int i = 0; i < 16; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x *= 0x9E3779B97F4A7C15L;
        }
        return x;
    }

    /** The timed tests. */
    public static class TimedCase {
        static final List<Double> NET_P50_NS = java.util.Collections.synchronizedList(new ArrayList<>());
        static final List<Double> FLOOR_P50_NS = java.util.Collections.synchronizedList(new ArrayList<>());
        long seed = 42;

        @RepeatedTest(TESTS)
        @SubtractProbeFloor
        void timed(Probe probe) {
            Timing t = probe.repeat("work", CALLS, () -> work(seed));
            NET_P50_NS.add(t.netNanos().p50());
            FLOOR_P50_NS.add(t.floor().nanos().p50());
        }
    }

    /**
     * {@value #DISTINCT} timed tests, each with a region of its own class (a lambda the JIT has not
     * compiled before): what a suite of different performance tests pays, where the repeated test
     * above pays a region warm-up once and later invocations find its code compiled.
     */
    public static class DistinctCase {
        static final List<Double> NET_P50_NS = java.util.Collections.synchronizedList(new ArrayList<>());
        /** Each region's net p50 per run of this class, in the order run: its first timing, then its second. */
        static final Map<Integer, List<Double>> NET_P50_NS_BY_REGION = new ConcurrentHashMap<>();
        long seed = 42;

        private static void keep(int region, Timing t) {
            NET_P50_NS.add(t.netNanos().p50());
            NET_P50_NS_BY_REGION.computeIfAbsent(region, r -> java.util.Collections.synchronizedList(new ArrayList<>()))
                    .add(t.netNanos().p50());
        }

        @Test
        @SubtractProbeFloor
        void region01(Probe probe) {
            keep(1, probe.repeat("work", CALLS, () -> work(seed + 1)));
        }

        @Test
        @SubtractProbeFloor
        void region02(Probe probe) {
            keep(2, probe.repeat("work", CALLS, () -> work(seed + 2)));
        }

        @Test
        @SubtractProbeFloor
        void region03(Probe probe) {
            keep(3, probe.repeat("work", CALLS, () -> work(seed + 3)));
        }

        @Test
        @SubtractProbeFloor
        void region04(Probe probe) {
            keep(4, probe.repeat("work", CALLS, () -> work(seed + 4)));
        }

        @Test
        @SubtractProbeFloor
        void region05(Probe probe) {
            keep(5, probe.repeat("work", CALLS, () -> work(seed + 5)));
        }

        @Test
        @SubtractProbeFloor
        void region06(Probe probe) {
            keep(6, probe.repeat("work", CALLS, () -> work(seed + 6)));
        }

        @Test
        @SubtractProbeFloor
        void region07(Probe probe) {
            keep(7, probe.repeat("work", CALLS, () -> work(seed + 7)));
        }

        @Test
        @SubtractProbeFloor
        void region08(Probe probe) {
            keep(8, probe.repeat("work", CALLS, () -> work(seed + 8)));
        }

        @Test
        @SubtractProbeFloor
        void region09(Probe probe) {
            keep(9, probe.repeat("work", CALLS, () -> work(seed + 9)));
        }

        @Test
        @SubtractProbeFloor
        void region10(Probe probe) {
            keep(10, probe.repeat("work", CALLS, () -> work(seed + 10)));
        }

        @Test
        @SubtractProbeFloor
        void region11(Probe probe) {
            keep(11, probe.repeat("work", CALLS, () -> work(seed + 11)));
        }

        @Test
        @SubtractProbeFloor
        void region12(Probe probe) {
            keep(12, probe.repeat("work", CALLS, () -> work(seed + 12)));
        }

        @Test
        @SubtractProbeFloor
        void region13(Probe probe) {
            keep(13, probe.repeat("work", CALLS, () -> work(seed + 13)));
        }

        @Test
        @SubtractProbeFloor
        void region14(Probe probe) {
            keep(14, probe.repeat("work", CALLS, () -> work(seed + 14)));
        }

        @Test
        @SubtractProbeFloor
        void region15(Probe probe) {
            keep(15, probe.repeat("work", CALLS, () -> work(seed + 15)));
        }

        @Test
        @SubtractProbeFloor
        void region16(Probe probe) {
            keep(16, probe.repeat("work", CALLS, () -> work(seed + 16)));
        }

        @Test
        @SubtractProbeFloor
        void region17(Probe probe) {
            keep(17, probe.repeat("work", CALLS, () -> work(seed + 17)));
        }

        @Test
        @SubtractProbeFloor
        void region18(Probe probe) {
            keep(18, probe.repeat("work", CALLS, () -> work(seed + 18)));
        }

        @Test
        @SubtractProbeFloor
        void region19(Probe probe) {
            keep(19, probe.repeat("work", CALLS, () -> work(seed + 19)));
        }

        @Test
        @SubtractProbeFloor
        void region20(Probe probe) {
            keep(20, probe.repeat("work", CALLS, () -> work(seed + 20)));
        }

        @Test
        @SubtractProbeFloor
        void region21(Probe probe) {
            keep(21, probe.repeat("work", CALLS, () -> work(seed + 21)));
        }

        @Test
        @SubtractProbeFloor
        void region22(Probe probe) {
            keep(22, probe.repeat("work", CALLS, () -> work(seed + 22)));
        }

        @Test
        @SubtractProbeFloor
        void region23(Probe probe) {
            keep(23, probe.repeat("work", CALLS, () -> work(seed + 23)));
        }

        @Test
        @SubtractProbeFloor
        void region24(Probe probe) {
            keep(24, probe.repeat("work", CALLS, () -> work(seed + 24)));
        }

        @Test
        @SubtractProbeFloor
        void region25(Probe probe) {
            keep(25, probe.repeat("work", CALLS, () -> work(seed + 25)));
        }

        @Test
        @SubtractProbeFloor
        void region26(Probe probe) {
            keep(26, probe.repeat("work", CALLS, () -> work(seed + 26)));
        }

        @Test
        @SubtractProbeFloor
        void region27(Probe probe) {
            keep(27, probe.repeat("work", CALLS, () -> work(seed + 27)));
        }

        @Test
        @SubtractProbeFloor
        void region28(Probe probe) {
            keep(28, probe.repeat("work", CALLS, () -> work(seed + 28)));
        }

        @Test
        @SubtractProbeFloor
        void region29(Probe probe) {
            keep(29, probe.repeat("work", CALLS, () -> work(seed + 29)));
        }

        @Test
        @SubtractProbeFloor
        void region30(Probe probe) {
            keep(30, probe.repeat("work", CALLS, () -> work(seed + 30)));
        }
    }

    /** The same work, timed by hand with nanoTime. */
    public static class PlainCase {
        /** Each result escapes through a volatile write the JIT cannot drop; one per test instance, no shared state. */
        volatile long sink;
        long seed = 42;

        @RepeatedTest(TESTS)
        void plain() {
            long[] samples = new long[CALLS];
            for (int i = 0; i < CALLS; i++) {
                long t0 = System.nanoTime();
                sink = work(seed);
                samples[i] = System.nanoTime() - t0;
            }
            Arrays.sort(samples);
        }
    }

    /** Wall time and allocated bytes of each test, on the thread that ran it. */
    static final class Costs implements TestExecutionListener {
        private final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        private final Map<String, long[]> open = new ConcurrentHashMap<>();
        final List<Long> nanos = new ArrayList<>();
        final List<Long> bytes = new ArrayList<>();
        int failed;

        @Override
        public void executionStarted(TestIdentifier id) {
            if (id.isTest()) {
                open.put(id.getUniqueId(), new long[]{System.nanoTime(), threads.getCurrentThreadAllocatedBytes()});
            }
        }

        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            if (id.isTest()) {
                long[] start = open.remove(id.getUniqueId());
                nanos.add(System.nanoTime() - start[0]);
                bytes.add(threads.getCurrentThreadAllocatedBytes() - start[1]);
                if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                    failed++;
                    result.getThrowable().ifPresent(t -> System.err.println(id.getDisplayName() + ": " + t));
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Path reports = Files.createTempDirectory("chronoscope-cost");
        try {
            measure(reports, args);
        } finally {
            // the records were read for the warm-up line; nothing in them is kept
            try (java.util.stream.Stream<Path> files = Files.walk(reports)) {
                for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
    }

    private static void measure(Path reports, String[] args) throws Exception {
        Launcher launcher = LauncherFactory.create();
        Costs plain = run(launcher, LauncherDiscoveryRequestBuilder.request().selectors(selectClass(PlainCase.class)).build());
        // the repeated case first: its first test pays the per-JVM warm-up, which the distinct case then finds done
        Costs repeated = run(launcher, timedRequest(TimedCase.class, reports, args));
        Costs distinct = run(launcher, timedRequest(DistinctCase.class, reports, args));
        List<Double> firstTimings = new ArrayList<>(DistinctCase.NET_P50_NS);
        DistinctCase.NET_P50_NS.clear();
        // the same region classes again: each one's second timing, its code compiled long since; a first
        // timing that ended before the region's code was optimised would read higher than its second
        Costs again = run(launcher, timedRequest(DistinctCase.class, reports, args));

        long plainMedian = median(plain.nanos);
        System.out.printf(Locale.ROOT, "configuration: %s%n", args.length == 0 ? "defaults" : String.join(" ", args));
        System.out.printf(Locale.ROOT, "plain tests: %d, each %d calls of a 16-step xorshift-multiply timed with nanoTime: median %.2f ms,"
                + " garbage %.2f MB%n", plain.nanos.size(), CALLS, plainMedian / 1e6, median(plain.bytes) / 1e6);
        print("repeated: one @RepeatedTest, one region class", repeated, plainMedian, TimedCase.NET_P50_NS);
        print("distinct: one test per region class", distinct, plainMedian, firstTimings);
        print("distinct again: each region class's second timing", again, plainMedian, DistinctCase.NET_P50_NS);
        List<Double> ratios = new ArrayList<>();
        // a region whose test failed in either run has no pair of timings: left out, and counted below
        DistinctCase.NET_P50_NS_BY_REGION.values().stream().filter(runs -> runs.size() == 2)
                .forEach(runs -> ratios.add(runs.get(0) / runs.get(1)));
        ratios.sort(null);
        if (ratios.isEmpty()) {
            System.out.printf(Locale.ROOT, "a region's first timing / its second: no region was timed twice (failed: %d first, %d"
                    + " second)%n", distinct.failed, again.failed);
        } else {
            System.out.printf(Locale.ROOT, "a region's first timing / its second, net p50: median %.3f, min %.3f, max %.3f (%d of %d"
                            + " regions timed twice)%n", ratios.get(ratios.size() / 2), ratios.get(0), ratios.get(ratios.size() - 1),
                    ratios.size(), DISTINCT);
        }
        System.out.printf(Locale.ROOT, "first timed test: %.1f ms, %.1f ms more than the repeated tests' median (per-JVM probe"
                + " warm-up and one-off set-up)%n", repeated.nanos.get(0) / 1e6, (repeated.nanos.get(0) - median(repeated.nanos)) / 1e6);
        System.out.printf(Locale.ROOT, "the first timed test's warm-up line: %s%n", firstWarmup(reports));
        List<Double> floors = new ArrayList<>(TimedCase.FLOOR_P50_NS);
        System.out.printf(Locale.ROOT, "probe floor p50 of the repeated tests: first test %.1f ns, median of all %.1f ns%n",
                floors.get(0), floors.stream().sorted().toList().get(floors.size() / 2));
    }

    /** The {@code warmup} member of the first record written: the per-JVM probe warm-up, as the record states it. */
    private static String firstWarmup(Path reports) throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.list(reports)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".jsonl")).sorted().toList()) {
                for (String line : Files.readAllLines(file)) {
                    int at = line.indexOf("\"warmup\":\"");
                    if (at >= 0) {
                        int start = at + "\"warmup\":\"".length();
                        return line.substring(start, line.indexOf('"', start));
                    }
                }
            }
        }
        return "no record";
    }

    private static LauncherDiscoveryRequest timedRequest(Class<?> testClass, Path reports, String[] args) {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(testClass))
                .configurationParameter(ChronoscopeConfig.REPORT_DIR_KEY, reports.toString())
                .configurationParameter(ChronoscopeConfig.PRINT_SECTIONS_KEY, "false");
        for (String arg : args) {
            int eq = arg.indexOf('=');
            request.configurationParameter(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return request.build();
    }

    /** One line of figures for a timed case; the repeated case's first test (the per-JVM work) is left out of its medians. */
    private static void print(String title, Costs timed, long plainMedian, List<Double> netP50) {
        List<Long> nanos = timed.nanos.subList(1, timed.nanos.size());
        List<Long> bytes = timed.bytes.subList(1, timed.bytes.size());
        long median = median(nanos);
        List<Double> net = new ArrayList<>(netP50);
        net.sort(null);
        System.out.printf(Locale.ROOT, "%s: %d tests (%d failed): median %.2f ms, overhead %.2f ms over plain; garbage %.2f MB"
                        + " (samples: %d kB); region net p50 median %.1f ns (p10 %.1f, p90 %.1f)%n", title, timed.nanos.size(),
                timed.failed, median / 1e6, (median - plainMedian) / 1e6, median(bytes) / 1e6, CALLS * 8 / 1000,
                net.get(net.size() / 2), net.get(net.size() / 10), net.get(net.size() * 9 / 10));
        if (nanos.size() >= 100) {
            // a cost that grows with the tests run before (state kept per run) shows as a later median above an earlier one
            int tenth = nanos.size() / 10;
            System.out.printf(Locale.ROOT, "  per tenth of these tests, in order, median ms:%s%n", java.util.stream.IntStream.range(0, 10)
                    .mapToObj(i -> String.format(Locale.ROOT, " %.2f", median(nanos.subList(i * tenth, (i + 1) * tenth)) / 1e6))
                    .collect(java.util.stream.Collectors.joining()));
        }
    }

    private static Costs run(Launcher launcher, LauncherDiscoveryRequest request) {
        Costs costs = new Costs();
        launcher.execute(request, costs);
        return costs;
    }

    private static long median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }
}
