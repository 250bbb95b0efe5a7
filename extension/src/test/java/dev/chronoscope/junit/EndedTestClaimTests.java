package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static dev.chronoscope.ClockId.NANO_TIME;
import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/** A claim on a Timing whose test has ended would be recorded nowhere: it is refused, naming the claim and the timing. */
class EndedTestClaimTests {

    @TempDir
    Path dir;

    @TestMethodOrder(MethodOrderer.MethodName.class)
    static class KeptTimingTestCase {
        static Timing kept;

        @Test
        @MeasureWith(NANO_TIME)
        void a_times(Probe probe) {
            kept = probe.repeat("kept", 200, () -> 1 + 1);
        }

        @Test
        void b_claimsOnTheFirstTestsTiming() {
            assertThat(kept).median().isLessThan(Duration.ofSeconds(1));
        }
    }

    @Test
    void aClaimOnAnEndedTestsTimingIsRefusedOutLoud() {
        KitRun run = ChronoscopeKit.in(dir).run(KeptTimingTestCase.class);

        run.tests().assertThatEvents()
                .haveExactly(1, event(test("a_times"), finishedSuccessfully()))
                .haveExactly(1, event(test("b_claimsOnTheFirstTestsTiming"), finishedWithFailure(instanceOf(IllegalStateException.class),
                        message("the claim 'p50 < 1 s' (passed) is on ['kept'], timed by a test that has ended and whose record is "
                                + "written: no record would hold the claim. Make claims on a Timing in the test that measured it."))));
        assertThat(run.record("KeptTimingTestCase.a_times()").get("claims")).asList().isEmpty();
    }
}
