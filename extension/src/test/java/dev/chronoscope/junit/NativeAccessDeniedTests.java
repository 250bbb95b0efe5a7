package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.ffm.Platform;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static dev.chronoscope.ClockId.CLOCK_REALTIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * With native access denied ({@code --illegal-native-access=deny}) only the TSC truly needs
 * Chronoscope's library: CLOCK_MONOTONIC is read through the JDK instead, every record says native
 * access was denied, and a clock with no equivalent fails with a suggestion that can work. Run in a
 * JVM started with the flag ({@link ChildJvm}).
 */
class NativeAccessDeniedTests {

    static class NativeAccessTestCase {
        @Test
        @SubtractProbeFloor
        void defaultClock(Probe probe) {
            probe.repeat("sum", 200, () -> 1 + 1);
        }

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void monotonic() {
        }

        @Test
        @MeasureWith(CLOCK_REALTIME)
        void realtime() {
        }
    }

    @Test
    void clockMonotonicFallsBackToTheJdkAndEveryRecordSaysWhy() throws Exception {
        assumeTrue(Platform.current().isLinux(), "System.nanoTime() is CLOCK_MONOTONIC on Linux only");
        String out = ChildJvm.runKit(List.of("--illegal-native-access=deny"), NativeAccessTestCase.class.getName());

        assertThat(out).contains("result defaultClock(Probe) TestExecutionResult [status = SUCCESSFUL")
                .contains("result monotonic() TestExecutionResult [status = SUCCESSFUL");
        assertThat(out).containsPattern("result realtime\\(\\) TestExecutionResult \\[status = FAILED.*CLOCK_REALTIME cannot be read "
                + "on this host: .*Choose a clock this host can read, e\\.g\\. NANO_TIME\\.");
        assertThat(out.lines().filter(l -> l.startsWith("record ")).toList()).hasSize(2).allSatisfy(line -> assertThat(line)
                .contains("clock=NANO_TIME").contains("native access denied in this JVM")
                .contains("CLOCK_MONOTONIC cannot be read through libc here"));
        assertThat(out.lines().filter(l -> l.startsWith("out| ")).toList()).anySatisfy(line -> assertThat(line)
                .contains("native access denied"));
    }
}
