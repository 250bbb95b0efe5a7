package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A region that throws, through the engine: its own exception fails the test, with one suppressed
 * note naming what it interrupted — the timing, or the comparison and which of its regions — and
 * nothing of that timing or comparison is in the probe's timings or the record, while what the test
 * timed before it is. The note names the phase the region threw in: a region failing on its 1000th
 * call fails in its warm-up, before any sample. ({@code throughput}'s case is in {@link ThroughputTests}.)
 */
class RegionFailureTests {

    @TempDir
    Path dir;

    /** Run with the region warm-up off, so that every call of a region is one the test can count on. */
    static class ThrowingTestCase {
        static final Map<String, List<Timing>> TIMINGS_AFTER = new ConcurrentHashMap<>();
        static final Map<String, Integer> CALLS = new ConcurrentHashMap<>();

        int firstCalls;
        int secondCalls;

        /** Busy for about a microsecond: one call alone is resolved by any clock but a coarse one. */
        static long busy() {
            long end = System.nanoTime() + 1_000;
            long n = 0;
            while (System.nanoTime() < end) {
                n++;
            }
            return n;
        }

        long steady() {
            firstCalls++;
            return busy();
        }

        long failingAtCall5000() {
            if (++secondCalls == 5_000) {
                throw new IllegalStateException("second region failed at call 5000");
            }
            return busy();
        }

        long failingAtOnce() {
            return failingAtOnceStatic();
        }

        static long failingAtOnceStatic() {
            throw new UnsupportedOperationException("not implemented yet");
        }

        @Test
        @SubtractProbeFloor
        void secondRegionThrowsWhileTheComparisonIsTimed(Probe probe) {
            probe.repeat("before", 100, ThrowingTestCase::busy);
            try {
                probe.compare("steady", this::steady, "fails at call 5000", this::failingAtCall5000, 10_000);
            } finally {
                CALLS.put("first", firstCalls);
                TIMINGS_AFTER.put("compare second", probe.timings());
            }
        }

        @Test
        @SubtractProbeFloor
        void firstRegionThrowsAtOnce(Probe probe) {
            try {
                probe.compare(1_000, this::failingAtOnce, this::steady);
            } finally {
                TIMINGS_AFTER.put("compare first", probe.timings());
            }
        }

        @Test
        @SubtractProbeFloor
        void repeatedRegionThrows(Probe probe) {
            probe.repeat("fails", 1_000, this::failingAtOnce);
        }

        @Test
        @SubtractProbeFloor
        void regionRepeatedForABudgetThrows(Probe probe) {
            probe.repeatFor("fails for 10 ms", java.time.Duration.ofMillis(10), this::failingAtOnce);
        }
    }

    @BeforeEach
    void clear() {
        ThrowingTestCase.TIMINGS_AFTER.clear();
        ThrowingTestCase.CALLS.clear();
    }

    private KitRun run() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "0ms").run(ThrowingTestCase.class);
        run.tests().assertStatistics(s -> s.started(4).failed(4));
        return run;
    }

    /** Asserts that {@code method} of the fixture failed with the region's own exception, carrying {@code note} only. */
    private static void assertFailedWithNote(KitRun run, String method, Class<? extends Throwable> type, String message,
                                             String note) {
        Throwable thrown = run.tests().failed().list().stream()
                .filter(e -> e.getTestDescriptor().getDisplayName().startsWith(method + "("))
                .findFirst().orElseThrow()
                .getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
        assertThat(thrown).as(method).isInstanceOf(type).hasMessage(message);
        assertThat(thrown.getSuppressed()).as(method).singleElement().extracting(Throwable::getMessage).asString()
                .isEqualTo(note);
    }

    /** The labels of the timings in the record of the fixture's {@code method}. */
    private static List<String> recorded(KitRun run, String method) {
        return run.record("ThrowingTestCase." + method + "()").timings().stream().map(t -> t.string("label")).toList();
    }

    @Test
    void aComparisonWhoseSecondRegionThrowsNamesItAndRecordsNothingOfTheComparison() {
        KitRun run = run();

        assertFailedWithNote(run, "secondRegionThrowsWhileTheComparisonIsTimed", IllegalStateException.class,
                "second region failed at call 5000", "Probe.compare(\"steady\" vs \"fails at call 5000\"): the second region,"
                        + " \"fails at call 5000\", threw while its samples were taken; nothing of this comparison was recorded");
        assertThat(ThrowingTestCase.CALLS.get("first")).as("the first region had been timed for thousands of samples:"
                + " half a comparison existed when the second threw").isGreaterThan(4_000);
        assertThat(ThrowingTestCase.TIMINGS_AFTER.get("compare second")).extracting(Timing::label)
                .as("the probe's timings").containsExactly("before");
        assertThat(recorded(run, "secondRegionThrowsWhileTheComparisonIsTimed")).containsExactly("invocation", "before");
    }

    @Test
    void aComparisonWhoseFirstRegionThrowsNamesItByItsDefaultLabel() {
        KitRun run = run();

        assertFailedWithNote(run, "firstRegionThrowsAtOnce", UnsupportedOperationException.class, "not implemented yet",
                "Probe.compare(\"region 1 (first)\" vs \"region 2 (second)\"): the first region, \"region 1 (first)\","
                        + " threw while its calls per sample were chosen; nothing of this comparison was recorded");
        assertThat(ThrowingTestCase.TIMINGS_AFTER.get("compare first")).isEmpty();
        assertThat(recorded(run, "firstRegionThrowsAtOnce")).containsExactly("invocation");
    }

    @Test
    void repeatAndRepeatForNameTheTimingTheRegionInterrupted() {
        KitRun run = run();

        assertFailedWithNote(run, "repeatedRegionThrows", UnsupportedOperationException.class, "not implemented yet",
                "Probe.repeat(\"fails\"): the region threw while its samples were taken; nothing of this timing was recorded");
        assertFailedWithNote(run, "regionRepeatedForABudgetThrows", UnsupportedOperationException.class, "not implemented yet",
                "Probe.repeatFor(\"fails for 10 ms\"): the region threw while its samples were taken; nothing of this timing was recorded");
        assertThat(recorded(run, "repeatedRegionThrows")).containsExactly("invocation");
        assertThat(recorded(run, "regionRepeatedForABudgetThrows")).containsExactly("invocation");
    }

    /** Run with the kit's region warm-up, so that a region's early calls are its first calls and its warm-up's. */
    @SubtractProbeFloor
    static class WarmedThrowingTestCase {
        int calls;

        long failingAtCall1000() {
            if (++calls == 1_000) {
                throw new IllegalStateException("failed at call 1000");
            }
            return ThrowingTestCase.busy();
        }

        @Test
        void repeatedRegionThrowsInItsWarmUp(Probe probe) {
            probe.repeat("fails at call 1000", 20_000, this::failingAtCall1000);
        }

        @Test
        void throughputRegionThrowsInItsFirstCall(Probe probe) {
            probe.throughput("fails at once", 100, ThrowingTestCase::failingAtOnceStatic);
        }

        @Test
        void comparedRegionThrowsInItsWarmUp(Probe probe) {
            probe.compare("steady", ThrowingTestCase::busy, "fails at call 1000", this::failingAtCall1000, 20_000);
        }
    }

    @Test
    void theNoteNamesThePhaseTheRegionThrewIn() {
        KitRun run = ChronoscopeKit.in(dir).run(WarmedThrowingTestCase.class);
        run.tests().assertStatistics(s -> s.started(3).failed(3));

        assertFailedWithNote(run, "repeatedRegionThrowsInItsWarmUp", IllegalStateException.class, "failed at call 1000",
                "Probe.repeat(\"fails at call 1000\"): the region threw during its warm-up; nothing of this timing was recorded");
        assertFailedWithNote(run, "throughputRegionThrowsInItsFirstCall", UnsupportedOperationException.class, "not implemented yet",
                "Probe.throughput(\"fails at once\"): the region threw in its first calls, before its warm-up; nothing of this"
                        + " timing was recorded");
        assertFailedWithNote(run, "comparedRegionThrowsInItsWarmUp", IllegalStateException.class, "failed at call 1000",
                "Probe.compare(\"steady\" vs \"fails at call 1000\"): the second region, \"fails at call 1000\", threw during its"
                        + " warm-up; nothing of this comparison was recorded");
    }
}
