package dev.chronoscope.junit;

import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * The work-beside self-check through the engine: a region that hands its work to another thread,
 * which does it while the calls go on (as a cache's asynchronous maintenance does), is
 * {@link Verdict#REFUSED} and a claim on it aborts; a region that waits for another thread's work
 * (a task submitted and its result awaited) has that work within its calls, and is not refused for it.
 */
class WorkBesideTests {

    @TempDir
    Path dir;

    /** Steps of work the worker does per handed-off call: about a microsecond, far more than the call. */
    static final int STEPS = 1_000;

    static long chain(long x, int steps) {
        for (int i = 0; i < steps; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    /**
     * Each call adds a unit of work to a counter; a worker thread takes the units one by one and
     * does each, and spins while there is none: CPU time spent beside the calls, never within them.
     */
    static class HandedOffTestCase {
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
        /** The worker's CPU time over the test's wall time, per test method: the share of a CPU the host gave it. */
        static final Map<String, Double> WORKER_SHARE = new ConcurrentHashMap<>();
        private final AtomicLong pending = new AtomicLong();
        private long startedAt;
        private final AtomicBoolean running = new AtomicBoolean(true);
        private Thread worker;
        static volatile long done;

        @BeforeEach
        void startWorker() {
            worker = new Thread(() -> {
                long x = 1;
                while (running.get()) {
                    if (pending.get() > 0) {
                        pending.decrementAndGet();
                        x = chain(x, STEPS);
                    } else {
                        Thread.onSpinWait();
                    }
                }
                done = x;
            }, "handed-off-work");
            worker.setDaemon(true);
            worker.start();
            startedAt = System.nanoTime();
        }

        @AfterEach
        void stopWorker(org.junit.jupiter.api.TestInfo info) throws InterruptedException {
            long cpu = ManagementFactory.getThreadMXBean().getThreadCpuTime(worker.getId());
            WORKER_SHARE.put(info.getTestMethod().orElseThrow().getName(), cpu / (double) (System.nanoTime() - startedAt));
            running.set(false);
            worker.join();
        }

        long handOff() {
            return pending.incrementAndGet();
        }

        @Test
        @SubtractProbeFloor
        void throughput(Probe probe) {
            TIMINGS.put("throughput", probe.throughput("handed off", 50_000, this::handOff));
        }

        @Test
        @SubtractProbeFloor
        void claimOnIt(Probe probe) {
            Timing t = probe.throughput("handed off, claimed", 50_000, this::handOff);
            dev.chronoscope.assertj.ChronoscopeAssertions.assertThat(t).median().isLessThan(Duration.ofSeconds(1));
        }
    }

    /** Each call submits the work to a one-thread executor and waits for its result: the work is within the call. */
    static class AwaitedTestCase {
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
        private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "awaited-work");
            t.setDaemon(true);
            return t;
        });
        private long x = 1;

        @AfterEach
        void stop() {
            executor.shutdownNow();
        }

        long awaited() {
            try {
                x = executor.submit(() -> chain(x, 20 * STEPS)).get();
                return x;
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException(e);
            }
        }

        @Test
        @SubtractProbeFloor
        void latency(Probe probe) {
            TIMINGS.put("latency", probe.repeat("awaited", 500, this::awaited));
        }
    }

    @BeforeEach
    void clear() {
        HandedOffTestCase.TIMINGS.clear();
        HandedOffTestCase.WORKER_SHARE.clear();
        AwaitedTestCase.TIMINGS.clear();
    }

    /** The check reads other threads' CPU time and the timing thread's waits: where either cannot be read it says nothing. */
    private static void assumeTheCheckCanRead() {
        assumeThat(ManagementFactory.getThreadMXBean().isThreadCpuTimeSupported() && ManagementFactory.getThreadMXBean()
                .isThreadCpuTimeEnabled()).as("this JVM counts each thread's CPU time").isTrue();
        assumeThat(Files.isReadable(Path.of("/proc/thread-self/status")))
                .as("/proc/thread-self/status, whose voluntary_ctxt_switches count the timing thread's waits").isTrue();
    }

    @Test
    void aRegionWhoseWorkRunsBesideItOnAnotherThreadIsRefusedAndItsClaimsAbort() {
        assumeTheCheckCanRead();
        assumeThat(Runtime.getRuntime().availableProcessors()).as("a CPU for the worker beside the timing thread")
                .isGreaterThanOrEqualTo(2);
        KitRun run = ChronoscopeKit.in(dir).run(HandedOffTestCase.class);

        Timing t = HandedOffTestCase.TIMINGS.get("throughput");
        // the check needs the worker to have run beside the calls: a host too busy to give it a CPU leaves no work beside
        double share = HandedOffTestCase.WORKER_SHARE.getOrDefault("throughput", 0.0);
        assumeThat(t.verdict() == Verdict.REFUSED || share >= 0.5).as("the host gave the worker thread %.0f %% of a CPU"
                + " during the test, where the check needs it busy beside the calls; %s", 100 * share, t.verdictReason()).isTrue();
        assertThat(t.verdict()).as(t.verdictReason()).isEqualTo(Verdict.REFUSED);
        // another check may refuse the same sampling first (the JIT finishing the loop): its reason then comes first
        assertThat(t.verdictReason()).contains("self-check work beside: while the samples were taken (")
                .contains("of each half's time: handed-off-work").contains("and the timing thread never waited for them");
        assertThat(run.section("HandedOffTestCase.throughput()")).contains("REFUSED | self-check ").contains("self-check work beside");
        assertThat(run.record("HandedOffTestCase.throughput()").timing("handed off").string("verdict")).isEqualTo("REFUSED");
        double claimShare = HandedOffTestCase.WORKER_SHARE.getOrDefault("claimOnIt", 0.0);
        assumeThat(run.tests().aborted().count() == 1 || claimShare >= 0.5).as("the host gave the claim's worker thread"
                + " %.0f %% of a CPU during its test, where the check needs it busy beside the calls", 100 * claimShare).isTrue();
        run.tests().assertThatEvents().haveExactly(1, event(test("claimOnIt"), abortedWithReason(instanceOf(TestAbortedException.class),
                message(m -> m.contains("a self-check refused the figure (self-check ") && m.contains("self-check work beside")))));
    }

    @Test
    void aRegionThatWaitsForAnotherThreadsWorkHasItWithinItsCallsAndIsNotRefusedForIt() {
        assumeTheCheckCanRead();
        ChronoscopeKit.in(dir).run(AwaitedTestCase.class);

        Timing t = AwaitedTestCase.TIMINGS.get("latency");
        assertThat(t.verdictReason()).as("the other thread's work is within the calls").doesNotContain("work beside");
    }
}
