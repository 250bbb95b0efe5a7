package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.Verdict;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code Probe.throughput} through the engine: batches sized so the clock resolves a short region,
 * figures per call, the mode and batch size in the timing, the section and the record; and the
 * edges of batch sizing — a region slower than a sample's budget (one call per sample), a region
 * that throws inside a batch, and the bounds on samples (the bound on calls, which needs a region
 * the clock never resolves, is in {@link ShortRegionTests}).
 */
class ThroughputTests {

    @TempDir
    Path dir;

    static class ThroughputTestCase {
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
        static final Map<String, Throwable> THROWN = new ConcurrentHashMap<>();

        long a = 0x9E3779B97F4A7C15L; // not final: the JIT cannot fold the chains below
        long c = 0x632BE59BD9B4E019L;
        long x = 1;

        int steps = 64;

        /** 64 dependent multiply-adds: tens of nanoseconds, a short region whose calls overlap back to back. */
        long chain() {
            long h = x;
            for (int i = 0; i < steps; i++) {
                h = h * a + c;
            }
            return h;
        }

        /**
         * 4 dependent multiply-adds: a few nanoseconds, less than a call through an interface costs.
         * Only a loop the region is inlined into times it (docs/explanation/latency-and-throughput.md).
         */
        long chain4() {
            long h = x;
            for (int i = 0; i < 4; i++) {
                h = h * a + c;
            }
            return h;
        }

        /** Busy for ~20 µs: longer alone than a throughput sample needs. */
        long slow() {
            long end = System.nanoTime() + 20_000;
            long n = 0;
            while (System.nanoTime() < end) {
                n++;
            }
            return n;
        }

        @Test
        @SubtractProbeFloor
        void shortRegion(Probe probe) {
            TIMINGS.put("throughput", probe.repeatBackToBack("chain", 2_000, this::chain));
            TIMINGS.put("latency", probe.repeat("chain alone", 2_000, this::chain));
            TIMINGS.put("chain4", probe.repeatBackToBack("chain4", 2_000, this::chain4));
        }

        @Test
        @SubtractProbeFloor
        void slowRegion(Probe probe) {
            TIMINGS.put("slow", probe.repeatBackToBack("slow", 200, this::slow));
        }

        @Test
        @SubtractProbeFloor
        void samplesOutOfBounds(Probe probe) {
            catching("zero", () -> probe.repeatBackToBack("zero", 0, this::chain));
            catching("above", () -> probe.repeatBackToBack("above", Probe.MAX_SAMPLES + 1, this::chain));
        }

        private static void catching(String key, Runnable action) {
            try {
                action.run();
            } catch (RuntimeException e) {
                THROWN.put(key, e);
            }
        }
    }

    /** Run with the region warm-up off, so that the 100th call falls in a pilot batch of 8. */
    static class ThrowingTestCase {
        int calls;

        @Test
        @SubtractProbeFloor
        void throwing(Probe probe) {
            probe.repeatBackToBack("throws", 1_000, () -> {
                if (++calls == 100) {
                    throw new IllegalStateException("region failed at call " + calls);
                }
                return calls;
            });
        }
    }

    @BeforeEach
    void clear() {
        ThroughputTestCase.TIMINGS.clear();
        ThroughputTestCase.THROWN.clear();
    }

    @Test
    void aShortRegionIsTimedPerCallInBatchesTheClockResolves() {
        // the documented region warm-up: each region's loop of its own is code the JIT has not
        // compiled yet, which the kit's 20 ms would not see through (sized at 4 calls, not ~25, here)
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms")
                .run(ThroughputTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(3).failed(0).aborted(0));

        Timing t = ThroughputTestCase.TIMINGS.get("throughput");
        assertThat(t.mode()).isEqualTo(TimingMode.THROUGHPUT);
        // sized to span a microsecond: tens of nanoseconds need tens of calls. Under load the region
        // can be sized while slower than it is timed, so the claim is the batch, and a sample of a
        // quarter of the target at the least (a 4x speed-up between sizing and timing)
        assertThat(t.callsPerSample()).as("tens of nanoseconds need many calls per microsecond").isGreaterThan(4);
        assertThat(t.callsPerSample() * t.rawNanos().p50()).as("a sample's span in ns, %d calls", t.callsPerSample())
                .isGreaterThan(1_000 / 4.0);
        assertThat(t.verdict()).as(t.verdictReason()).isEqualTo(Verdict.RESOLVED);
        assertThat(t.kept() + t.dropped()).isEqualTo(2_000);
        // per call: a whole batch's sample divided by its calls
        assertThat(t.raw().p50()).isCloseTo(t.sortedSample((int) Math.ceil(0.5 * t.kept()) - 1) / (double) t.callsPerSample(),
                within(1e-9));
        // the batch spreads one fenced pair over its calls: at least 5 here (a busy host may size it that
        // small, as above), so the per-call floor is at most a fifth of the pair plus the empty calls' own cost
        assertThat(t.floor().median()).as("the per-call floor of the batch loop is far below the fenced pair's (%d calls)",
                t.callsPerSample()).isLessThan(ThroughputTestCase.TIMINGS.get("latency").floor().median() / 2);
        assertThat(t.median().toNanos()).as("a per-call figure of tens of nanoseconds").isLessThan(1_000);

        Timing latency = ThroughputTestCase.TIMINGS.get("latency");
        assertThat(latency.mode()).isEqualTo(TimingMode.LATENCY);
        assertThat(latency.callsPerSample()).isEqualTo(1);

        // four multiply-adds, inlined into their loop: resolved, and far cheaper per call than 64
        Timing chain4 = ThroughputTestCase.TIMINGS.get("chain4");
        assertThat(chain4.verdict()).as(chain4.verdictReason()).isEqualTo(Verdict.RESOLVED);
        assertThat(chain4.netNanos().p50()).as("64 steps against 4, per call back to back")
                .isLessThan(t.netNanos().p50() / 4);
    }

    @Test
    void theRecordAndTheSectionSayWhichQuestionEachTimingAnswers() {
        KitRun run = ChronoscopeKit.in(dir).run(ThroughputTestCase.class);
        Timing t = ThroughputTestCase.TIMINGS.get("throughput");

        JsonRecord record = run.record("ThroughputTestCase.shortRegion()");
        assertThat(record.timing("chain").string("mode")).isEqualTo("throughput");
        assertThat(record.timing("chain").whole("callsPerSample")).isEqualTo(t.callsPerSample());
        assertThat(record.timing("chain").number("net.p50")).isEqualTo(t.net().p50());
        assertThat(record.timing("chain alone").string("mode")).isEqualTo("latency");
        assertThat(record.timing("chain alone").whole("callsPerSample")).isEqualTo(1);

        String section = run.section("ThroughputTestCase.shortRegion()");
        assertThat(section).contains("mode         throughput: per call, " + t.callsPerSample() + " calls back to back")
                .contains("mode         " + TimingMode.LATENCY.question(1, t.clock()));
        // "fenced" only where the reads are: the TSC's fenced read path, never a POSIX clock
        assertThat(section.contains("fenced reads")).isEqualTo(t.clock() == dev.chronoscope.ClockId.TSC_FENCED);
    }

    @Test
    void aRegionLongerThanASampleNeedsIsTimedOneCallPerSample() {
        ChronoscopeKit.in(dir).run(ThroughputTestCase.class);

        Timing slow = ThroughputTestCase.TIMINGS.get("slow");
        assertThat(slow.mode()).isEqualTo(TimingMode.THROUGHPUT);
        assertThat(slow.callsPerSample()).isEqualTo(1);
        assertThat(slow.verdict()).isEqualTo(Verdict.RESOLVED);
        assertThat(slow.median().toNanos()).isGreaterThanOrEqualTo(20_000);
    }

    @Test
    void samplesOutOfBoundsAreRefusedWithTheBoundAndTheValue() {
        ChronoscopeKit.in(dir).run(ThroughputTestCase.class);

        assertThat(ThroughputTestCase.THROWN.get("zero")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Probe.throughput(\"zero\"): samples must be between 1 and 10000000, was 0");
        assertThat(ThroughputTestCase.THROWN.get("above")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Probe.throughput(\"above\"): samples must be between 1 and 10000000, was 10000001");
    }

    @Test
    void aRegionThrowingInsideABatchPropagatesNamingTheTimingAndRecordsNothingOfIt() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "0ms")
                .run(ThrowingTestCase.class);

        run.tests().assertStatistics(s -> s.failed(1));
        Throwable thrown = run.tests().failed().list().get(0).getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .orElseThrow().getThrowable().orElseThrow();
        assertThat(thrown).isInstanceOf(IllegalStateException.class).hasMessage("region failed at call 100");
        assertThat(thrown.getSuppressed()).singleElement().extracting(Throwable::getMessage).asString()
                .isEqualTo("Probe.throughput(\"throws\"): the region threw while its calls per sample were chosen; nothing of this timing was recorded");
        assertThat(run.record("ThrowingTestCase.throwing()").timings()).extracting(t -> t.string("label"))
                .as("the test's own invocation only").containsExactly("invocation");
    }
}
