package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A probe belongs to its test's thread: used from two threads at once, the second use is refused
 * naming both threads; used from another thread while the test waits, it works.
 */
class ProbeThreadsTests {

    @TempDir
    Path dir;

    static class ThreadsTestCase {
        static final List<String> REFUSED = new CopyOnWriteArrayList<>();

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void twoThreadsAtOnce(Probe probe) throws Exception {
            CountDownLatch inRegion = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            AtomicBoolean first = new AtomicBoolean(true);
            Thread other = new Thread(() -> probe.repeat("blocking", 50, () -> {
                if (first.getAndSet(false)) {
                    inRegion.countDown();
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return 1;
            }), "timing-thread");
            other.start();
            assertThat(inRegion.await(30, TimeUnit.SECONDS)).isTrue();
            try {
                probe.repeat("meanwhile", 10, () -> 2);
            } catch (IllegalStateException e) {
                REFUSED.add(e.getMessage());
            } finally {
                release.countDown();
                other.join(30_000);
            }
        }

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void aPoolThreadWhileTheTestWaits(Probe probe) throws Exception {
            ExecutorService pool = Executors.newSingleThreadExecutor();
            try {
                Future<Timing> timing = pool.submit(() -> probe.repeat("on the pool", 100, () -> 3));
                assertThat(timing.get(30, TimeUnit.SECONDS).kept()).isEqualTo(100);
            } finally {
                pool.shutdownNow();
            }
            probe.repeat("on the test's thread", 100, () -> 4);
        }
    }

    @Test
    void concurrentUseIsRefusedNamingBothThreadsAndSequentialUseWorks() {
        ThreadsTestCase.REFUSED.clear();
        KitRun run = ChronoscopeKit.in(dir).run(ThreadsTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(2).failed(0));
        assertThat(ThreadsTestCase.REFUSED).singleElement().asString().startsWith("Probe.repeat on thread \""
                + Thread.currentThread().getName() + "\" while thread \"timing-thread\" was using this Probe: a Probe belongs to "
                + "its test's thread and is used by one thread at a time.");
        assertThat(run.record("ThreadsTestCase.twoThreadsAtOnce()").timings()).extracting(t -> t.string("label"))
                .containsExactly("invocation", "blocking");
        assertThat(run.record("ThreadsTestCase.aPoolThreadWhileTheTestWaits()").timings()).extracting(t -> t.string("label"))
                .containsExactly("invocation", "on the pool", "on the test's thread");
    }
}
