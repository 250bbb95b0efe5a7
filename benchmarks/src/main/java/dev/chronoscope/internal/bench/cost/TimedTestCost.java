package dev.chronoscope.internal.bench.cost;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.RepeatedTest;
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
 * {@code chronoscope.region.warmup.budget=5ms}. See docs/latency-and-throughput.md.
 */
public final class TimedTestCost {

    static final int TESTS = 300;
    static final int CALLS = 2_000;

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
        long seed = 42;

        @RepeatedTest(TESTS)
        @SubtractProbeFloor
        void timed(Probe probe) {
            Timing t = probe.repeat("work", CALLS, () -> work(seed));
            NET_P50_NS.add(t.netNanos().p50());
        }
    }

    /** The same work, timed by hand with nanoTime. */
    public static class PlainCase {
        static volatile long sink;
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
        LauncherDiscoveryRequestBuilder timedRequest = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(TimedCase.class))
                .configurationParameter(ChronoscopeConfig.REPORT_DIR_KEY, reports.toString())
                .configurationParameter(ChronoscopeConfig.PRINT_SECTIONS_KEY, "false");
        for (String arg : args) {
            int eq = arg.indexOf('=');
            timedRequest.configurationParameter(arg.substring(0, eq), arg.substring(eq + 1));
        }
        Launcher launcher = LauncherFactory.create();
        Costs plain = run(launcher, LauncherDiscoveryRequestBuilder.request().selectors(selectClass(PlainCase.class)).build());
        Costs timed = run(launcher, timedRequest.build());

        long plainMedian = median(plain.nanos);
        long timedMedian = median(timed.nanos.subList(1, timed.nanos.size()));
        System.out.printf(Locale.ROOT, "configuration: %s%n", args.length == 0 ? "defaults" : String.join(" ", args));
        System.out.printf(Locale.ROOT, "tests: %d timed (%d failed), %d plain; each %d calls of a 16-step xorshift-multiply%n",
                timed.nanos.size(), timed.failed, plain.nanos.size(), CALLS);
        System.out.printf(Locale.ROOT, "median per test: timed %.2f ms, plain %.2f ms, overhead %.2f ms%n",
                timedMedian / 1e6, plainMedian / 1e6, (timedMedian - plainMedian) / 1e6);
        System.out.printf(Locale.ROOT, "garbage per test (median bytes allocated by the test's thread): timed %.2f MB"
                        + " (samples: %d kB), plain %.2f MB%n", median(timed.bytes.subList(1, timed.bytes.size())) / 1e6,
                CALLS * 8 / 1000, median(plain.bytes) / 1e6);
        System.out.printf(Locale.ROOT, "first timed test: %.1f ms, %.1f ms more than the median (per-JVM probe warm-up"
                + " and one-off set-up)%n", timed.nanos.get(0) / 1e6, (timed.nanos.get(0) - timedMedian) / 1e6);
        List<Double> net = new ArrayList<>(TimedCase.NET_P50_NS);
        net.sort(null);
        System.out.printf(Locale.ROOT, "region net p50 across tests: median %.1f ns, p10 %.1f ns, p90 %.1f ns%n",
                net.get(net.size() / 2), net.get(net.size() / 10), net.get(net.size() * 9 / 10));
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
