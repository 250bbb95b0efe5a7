package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run's memory stays flat however many tests it times: the runtime counts the tests and the run's
 * end reads their records back from the files, so no test's samples outlive it. The heap after a
 * full collection is read before each of 40 timed tests of 200,000 samples each (0.8 MB each as
 * ints): kept by the run, the last 30 tests' samples would add about 24 MB (measured: 24-25 MB).
 */
class RunMemoryTests {

    static final int SAMPLES = 200_000;
    static final List<Long> HEAP = new CopyOnWriteArrayList<>();

    @TempDir
    Path dir;

    @Test
    void theHeapAfterACollectionDoesNotGrowWithTheTimedTests() {
        HEAP.clear();
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "0ms")
                .with(ChronoscopeConfig.PRINT_SECTIONS_KEY, "false").run(FortyTimedTestsCase.class);

        run.tests().assertStatistics(s -> s.succeeded(40));
        assertThat(HEAP).hasSize(40);
        long growth = HEAP.get(39) - HEAP.get(9);
        assertThat(growth).as("heap after GC before tests 10..40 (MB): %s", HEAP.stream().map(b -> b >> 20).toList())
                .isLessThan(8L << 20);
    }

    /** The used heap right after a full collection, in bytes. */
    static long usedAfterCollection() {
        Runtime r = Runtime.getRuntime();
        System.gc();
        return r.totalMemory() - r.freeMemory();
    }

    static class FortyTimedTestsCase {
        static long acc = 1;

        @BeforeEach
        void heap() {
            HEAP.add(usedAfterCollection());
        }

        @RepeatedTest(40)
        @MeasureWith(ClockId.NANO_TIME)
        void manySamples(Probe probe) {
            probe.repeat("add", SAMPLES, () -> acc += 3);
        }
    }
}
