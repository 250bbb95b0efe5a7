package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.MeasureWith;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * Under Jupiter's parallel execution, run through the real launcher: a timed test runs alone,
 * untimed tests still run in parallel with each other, and the record says which happened. The
 * fixtures sleep rather than compute, so that overlap does not depend on free CPUs.
 */
class ParallelExclusivityTests {

    @TempDir
    Path dir;

    /** Each fixture test's start and end, System.nanoTime(). */
    static final Map<String, long[]> SPANS = new ConcurrentHashMap<>();

    static void during(String name, long millis) throws InterruptedException {
        long start = System.nanoTime();
        Thread.sleep(millis);
        SPANS.put(name, new long[] {start, System.nanoTime()});
    }

    static class TimedTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void timed() throws InterruptedException {
            during("timed", 150);
        }
    }

    static class UntimedTestCase {
        @Test
        void a() throws InterruptedException {
            during("a", 100);
        }

        @Test
        void b() throws InterruptedException {
            during("b", 100);
        }

        @Test
        void c() throws InterruptedException {
            during("c", 100);
        }
    }

    static class MoreUntimedTestCase {
        @Test
        void d() throws InterruptedException {
            during("d", 100);
        }

        @Test
        void e() throws InterruptedException {
            during("e", 100);
        }

        @Test
        void f() throws InterruptedException {
            during("f", 100);
        }
    }

    private List<JsonRecord> run(boolean exclusive) throws IOException {
        SPANS.clear();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request()
                .selectors(selectClass(UntimedTestCase.class), selectClass(TimedTestCase.class), selectClass(MoreUntimedTestCase.class))
                .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
                .configurationParameter("junit.jupiter.execution.parallel.mode.default", "concurrent")
                .configurationParameter("junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
                .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
                .configurationParameter("junit.jupiter.execution.parallel.config.fixed.parallelism", "4")
                .configurationParameter(ChronoscopeConfig.EXCLUSIVE_KEY, String.valueOf(exclusive))
                .configurationParameter(ChronoscopeConfig.REPORT_DIR_KEY, dir.toString())
                .configurationParameter(ChronoscopeConfig.PRINT_SECTIONS_KEY, "false")
                .configurationParameter(ChronoscopeConfig.FLOOR_SAMPLES_KEY, "2000")
                .build(), summary);
        assertThat(summary.getSummary().getTestsSucceededCount()).as(summary.getSummary().getFailures().toString()).isEqualTo(7);
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".jsonl")).flatMap(f -> {
                try {
                    return Files.readAllLines(f).stream();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).map(JsonRecord::parse).toList();
        }
    }

    private static boolean overlap(long[] x, long[] y) {
        return x[0] < y[1] && y[0] < x[1];
    }

    @Test
    void aTimedTestRunsAloneWhileUntimedTestsRunInParallel() throws IOException {
        List<JsonRecord> records = run(true);

        long[] timed = SPANS.get("timed");
        assertThat(SPANS).hasSize(7);
        SPANS.forEach((name, span) -> {
            if (!name.equals("timed")) {
                assertThat(overlap(span, timed)).as("untimed test %s overlapped the timed test", name).isFalse();
            }
        });
        long overlappingPairs = SPANS.entrySet().stream().filter(e -> !e.getKey().equals("timed"))
                .flatMap(x -> SPANS.entrySet().stream().filter(y -> !y.getKey().equals("timed") && x.getKey().compareTo(y.getKey()) < 0)
                        .filter(y -> overlap(x.getValue(), y.getValue()))).count();
        assertThat(overlappingPairs).as("untimed tests still ran in parallel with each other").isPositive();
        assertThat(records).hasSize(1);
        assertThat(records.get(0).get("warnings").toString()).contains("parallel execution is on: this test ran alone");
    }

    @Test
    void turnedOffTheRecordSaysOtherTestsMayHaveRunAlongside() throws IOException {
        List<JsonRecord> records = run(false);

        assertThat(records).hasSize(1);
        assertThat(records.get(0).get("warnings").toString()).contains("parallel execution is on and "
                + "chronoscope.parallel.exclusive = false: other tests may have run alongside this one");
    }
}
