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
 * (a task submitted and its result awaited) has that work within its calls, and is not refused for it;
 * bursts of other work beside some samplings are sampled again, not refused.
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
            TIMINGS.put("throughput", probe.repeatBackToBack("handed off", 50_000, this::handOff));
        }

        @Test
        @SubtractProbeFloor
        void claimOnIt(Probe probe) {
            Timing t = probe.repeatBackToBack("handed off, claimed", 50_000, this::handOff);
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

    /**
     * A region whose first two samplings have another thread of the JVM busy beside them, and no later
     * one: bursts of the JVM's other work, as Surefire's stream flusher writes the tests' output. The
     * worker looks at the timing thread's stack every millisecond; once it is in a sampling
     * ({@code RegionTimer.sample}), the worker spins on a chain for nine tenths of that sampling's calls
     * and of the next one's, then sleeps for good. The region itself has no branch that changes with the burst, so the JIT has
     * nothing to recompile when it starts.
     */
    static class BurstBesideTestCase {
        static final int SAMPLES = 2_000;
        /** Samplings with work beside: two, so that one taken again for the JIT still leaves one to show the burst. */
        static final int BURSTS = 2;
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
        /** The worker's CPU time over the burst's wall time: the share of a CPU the host gave it. */
        static final Map<String, Double> WORKER_SHARE = new ConcurrentHashMap<>();
        /** Whether the worker placed its bursts, having seen the first sampling within a fifth of its calls. */
        static final Map<String, Boolean> PLACED = new ConcurrentHashMap<>();
        static volatile long done;
        private volatile long calls;
        private volatile boolean running = true;
        private Thread worker;
        private long burstCpu;
        private long burstNanos;
        /** Whether the worker gave up placing bursts: it saw the first sampling too late to know where it began. */
        private volatile boolean gaveUp;
        private final java.util.concurrent.CountDownLatch warm = new java.util.concurrent.CountDownLatch(1);

        @BeforeEach
        void startWorker() {
            Thread timing = Thread.currentThread();
            worker = new Thread(() -> {
                long x = 1;
                var threads = ManagementFactory.getThreadMXBean();
                // the worker's code compiled before the test, each branch taken: a compilation during a sampling
                // (or a branch first taken there, recompiled) would have the samples taken again for the JIT
                for (int i = 0; i < 2_000; i++) {
                    boolean even = i % 2 == 0;
                    x += spin(x, even ? calls : Long.MAX_VALUE, System.nanoTime() + 50_000) + threads.getCurrentThreadCpuTime()
                            + ((even ? hasFrame(Thread.currentThread(), ".Thread", "run") : hasFrame(timing, ".RegionTimer", "sample"))
                            ? 1 : 0);
                }
                warm.countDown();
                // the first sampling began after `lo` calls and before `hi`: read around the first look that saw it
                long lo = -1;
                long hi = -1;
                long before = -1;
                boolean seenOutside = false;
                int bursts = 0;
                while (running) {
                    if (hi < 0 && !gaveUp) {
                        long callsBefore = calls;
                        boolean in = hasFrame(timing, ".RegionTimer", "sample");
                        if (in && seenOutside && calls - before <= SAMPLES / 5) {
                            lo = before;
                            hi = calls;
                        } else if (in) {
                            // seen too late to place bursts within samplings: none, and the test says so
                            gaveUp = true;
                        }
                        seenOutside |= !in;
                        before = callsBefore;
                    }
                    // samplings taken again follow each other without other calls: the next one starts SAMPLES calls on
                    if (hi >= 0 && bursts < BURSTS && calls >= hi + bursts * (long) SAMPLES) {
                        long cpu = threads.getCurrentThreadCpuTime();
                        long start = System.nanoTime();
                        x = spin(x, lo + bursts * (long) SAMPLES + SAMPLES * 9 / 10, Long.MAX_VALUE);
                        burstNanos += System.nanoTime() - start;
                        burstCpu += threads.getCurrentThreadCpuTime() - cpu;
                        bursts++;
                    }
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                done = x;
            }, "burst-of-other-work");
            worker.setDaemon(true);
            worker.start();
            // the timing begins once the worker watches: a worker still warming up would miss the first sampling
            try {
                warm.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** A chain until the region has been called {@code untilCalls} times or {@code deadline} has passed. */
        private long spin(long x, long untilCalls, long deadline) {
            while (running && calls < untilCalls && System.nanoTime() < deadline) {
                x = chain(x, 64);
            }
            return x;
        }

        /** Whether {@code thread} is in a method {@code method} of a class whose name ends with {@code classSuffix}. */
        private static boolean hasFrame(Thread thread, String classSuffix, String method) {
            for (StackTraceElement frame : thread.getStackTrace()) {
                if (frame.getClassName().endsWith(classSuffix) && frame.getMethodName().equals(method)) {
                    return true;
                }
            }
            return false;
        }

        @AfterEach
        void stopWorker() throws InterruptedException {
            running = false;
            worker.join();
            WORKER_SHARE.put("burst", burstNanos <= 0 ? 0.0 : burstCpu / (double) burstNanos);
            PLACED.put("burst", !gaveUp && burstNanos > 0);
        }

        /** About 10 µs a call: each half of the sampling lasts ~10 ms, beyond the check's minimum of work beside. */
        long region() {
            long x = ++calls;
            for (int i = 0; i < 8_192; i++) {
                x = x * SelfCheckTests.SpellRegion.multiplier + i;
            }
            return x;
        }

        @Test
        @SubtractProbeFloor
        void latency(Probe probe) {
            TIMINGS.put("burst", probe.repeat("burst beside", SAMPLES, this::region));
        }
    }

    @BeforeEach
    void clear() {
        HandedOffTestCase.TIMINGS.clear();
        HandedOffTestCase.WORKER_SHARE.clear();
        AwaitedTestCase.TIMINGS.clear();
        BurstBesideTestCase.TIMINGS.clear();
        BurstBesideTestCase.WORKER_SHARE.clear();
        BurstBesideTestCase.PLACED.clear();
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

    @Test
    void burstsOfOtherWorkBesideSomeSamplingsAreSampledAgainAndNotRefused() {
        assumeTheCheckCanRead();
        assumeThat(Runtime.getRuntime().availableProcessors()).as("a CPU for the worker beside the timing thread")
                .isGreaterThanOrEqualTo(2);
        // the documented region warm-up: the region's code compiled before its samples, so that no resampling goes to the JIT
        KitRun run = ChronoscopeKit.in(dir).with(dev.chronoscope.ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY,
                dev.chronoscope.ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms").run(BurstBesideTestCase.class);

        run.tests().assertStatistics(stats -> stats.succeeded(1));
        assumeThat(BurstBesideTestCase.PLACED.getOrDefault("burst", false)).as("the worker saw the first sampling begin"
                + " within a fifth of its calls, where it could place its bursts within samplings").isTrue();
        Timing t = BurstBesideTestCase.TIMINGS.get("burst");
        assertThat(t.verdictReason()).as("the bursts lasted two samplings only").doesNotContain("work beside");
        String section = run.section("BurstBesideTestCase.latency()");
        double share = BurstBesideTestCase.WORKER_SHARE.getOrDefault("burst", 0.0);
        assumeThat(section.contains("was sampled again") || share >= 0.5).as("the host gave the worker thread %.0f %% of a"
                + " CPU during the burst, where the check needs it busy beside the calls", 100 * share).isTrue();
        assumeThat(section).as("the JIT took both resamplings").doesNotContain("(2 of at most 2 times): HotSpot");
        assertThat(section).containsPattern("'burst beside' was sampled again \\([12] of at most 2 times\\): while the samples"
                + " were taken \\([0-9.]+ ms\\), other threads of this JVM used [0-9.]+ ms of CPU \\([^)]*burst-of-other-work");
    }
}
