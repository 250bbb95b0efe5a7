package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A test that leaves its thread interrupted (or whose region interrupts it) keeps its record, and
 * its thread's interrupt status: writing the record must neither fail on the status nor clear it.
 */
class InterruptedThreadTests {

    @TempDir
    Path dir;

    /** Registered on the class, so its {@code afterEach} runs after Chronoscope's, which writes the record. */
    static final class InterruptStatus implements AfterEachCallback {
        static final Map<String, Boolean> AFTER_RECORD = new ConcurrentHashMap<>();

        @Override
        public void afterEach(ExtensionContext context) {
            // read and cleared: the kit runs on this test's own thread
            AFTER_RECORD.put(context.getRequiredTestMethod().getName(), Thread.interrupted());
        }
    }

    @ExtendWith(InterruptStatus.class)
    static class InterruptingTestCase {
        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void interruptsAfterItsRegion(Probe probe) {
            probe.repeat("sum", 200, () -> 1 + 1);
            Thread.currentThread().interrupt();
        }

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void aRegionInterrupts(Probe probe) {
            probe.repeat("interrupting", 200, () -> {
                Thread.currentThread().interrupt();
                return 1;
            });
        }
    }

    @Test
    void theRecordIsWrittenAndTheInterruptStatusKept() {
        InterruptStatus.AFTER_RECORD.clear();
        KitRun run = ChronoscopeKit.in(dir).run(InterruptingTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(2).failed(0));
        assertThat(run.records()).extracting(JsonRecord::test)
                .containsExactlyInAnyOrder("InterruptingTestCase.interruptsAfterItsRegion()", "InterruptingTestCase.aRegionInterrupts()");
        JsonRecord interrupting = run.record("InterruptingTestCase.aRegionInterrupts()");
        assertThat(interrupting.whole("timings.0.kept")).isPositive();
        assertThat(interrupting.isNull("timings.0.noise.involuntaryContextSwitches"))
                .as("the context switches are read around the region all the same").isFalse();
        assertThat(InterruptStatus.AFTER_RECORD).containsEntry("interruptsAfterItsRegion", true).containsEntry("aRegionInterrupts", true);
        assertThat(run.stderr()).doesNotContain("ClosedByInterruptException");
    }
}
