package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each record says what its JVM had timed before the test, the history its figures were taken after, and its section
 * says it on the warm-up line; a forked test's JVM has none.
 */
class JvmHistoryTests {

    @TempDir
    Path dir;

    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    @MeasureWith(NANO_TIME)
    static class TwoInOrderTestCase {
        @Test
        @Order(1)
        void first(Probe probe) {
            probe.repeat("sum", 200, () -> 1 + 1);
        }

        @Test
        @Order(2)
        void second(Probe probe) {
            probe.repeat("sum", 200, () -> 2 + 2);
        }
    }

    @Test
    void theSecondTestsRecordNamesTheFirstAsTheLastTimedBeforeIt() {
        KitRun run = ChronoscopeKit.in(dir).run(TwoInOrderTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(2));
        JsonRecord first = run.record("TwoInOrderTestCase.first()");
        JsonRecord second = run.record("TwoInOrderTestCase.second()");
        assertThat(second.whole("jvmHistory.timedTestsBefore"))
                .isEqualTo(first.whole("jvmHistory.timedTestsBefore") + 1);
        assertThat(second.string("jvmHistory.lastTimedTest")).isEqualTo(first.fullTest());
        assertThat(run.section("TwoInOrderTestCase.second()"))
                .contains("after " + second.whole("jvmHistory.timedTestsBefore") + " timed test")
                .contains("in this JVM (the last " + first.fullTest() + ")");
    }
}
