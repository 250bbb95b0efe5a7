package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Comparison;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

import java.nio.file.Path;
import java.time.Duration;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * A claim a slowdown could pass (a lower bound, a ratio), passed within x4 of its bound in a JVM that timed other tests
 * before, is decided in a fresh JVM ({@code chronoscope.fork.confirm}): a JVM's history slows a region's code. The
 * fixture's regions do more work in a JVM whose history says so (a static flag this JVM sets): the suite's JVM reads
 * them slow, a fresh JVM does not. 500 dependent multiply-adds take 330-650 ns on the cores this runs on (0.67-1.3 ns a
 * step), which the bounds below leave a factor of two or more on each side of.
 */
class ConfirmedPassTests {

    static final String LABEL = "chain";
    /** Set in this JVM only: a fresh JVM starts without it, as it starts without this JVM's JIT profile. */
    static volatile boolean history;

    @TempDir
    Path dir;

    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class LowerBoundTestCase {

        private static Timing timed(Probe probe, int stepsAfterHistory) {
            int steps = history ? stepsAfterHistory : 500;
            return probe.repeat(LABEL, 300, () -> ConfirmedFailureTests.work(steps));
        }

        /** A timed test before the others, wherever this class runs: theirs is a JVM with a history. */
        @Test
        @Order(0)
        @MeasureWith(NANO_TIME)
        void timedFirst(Probe probe) {
            timed(probe, 500);
        }

        @Test
        @Order(1)
        @MeasureWith(NANO_TIME)
        void slowOnlyAfterOthers(Probe probe) {
            // 2.7-5.2 us here, x1.3-2.6 the bound; 0.33-0.65 us in a fresh JVM
            dev.chronoscope.assertj.ChronoscopeAssertions.assertThat(timed(probe, 4_000)).median()
                    .isGreaterThan(Duration.ofNanos(2_000));
        }

        @Test
        @Order(2)
        @MeasureWith(NANO_TIME)
        void holdsInAnyJvm(Probe probe) {
            // 400-780 ns here, x1.6-3.1 the bound; 330-650 ns in a fresh JVM
            dev.chronoscope.assertj.ChronoscopeAssertions.assertThat(timed(probe, 600)).median()
                    .isGreaterThan(Duration.ofNanos(250));
        }

        @Test
        @Order(3)
        @MeasureWith(NANO_TIME)
        void farBeyondItsBound(Probe probe) {
            dev.chronoscope.assertj.ChronoscopeAssertions.assertThat(timed(probe, 4_000)).median()
                    .isGreaterThan(Duration.ofNanos(20));
        }

        @Test
        @Order(4)
        @MeasureWith(NANO_TIME)
        void anUpperBound(Probe probe) {
            dev.chronoscope.assertj.ChronoscopeAssertions.assertThat(timed(probe, 4_000)).median()
                    .isLessThan(Duration.ofNanos(50_000));
        }

        @Test
        @Order(5)
        @MeasureWith(NANO_TIME)
        void aRatioWithOneSideSlowedOnlyHere(Probe probe) {
            int steps = history ? 3_000 : 500;
            Comparison c = probe.compare("plain", () -> ConfirmedFailureTests.work(500), "slowed",
                    () -> ConfirmedFailureTests.work(steps), 300);
            // first at least twice as fast: x6 here (x3 the bound), x1 in a fresh JVM
            dev.chronoscope.assertj.ChronoscopeAssertions.assertThat(c).firstIsNotSlowerThanSecondByMoreThan(0.5);
        }
    }

    @Test
    void aPassASlowdownCouldMakeAfterOtherTimedTestsIsDecidedInAFreshJvm() {
        history = true;
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.FORK_CONFIRM_KEY, "true")
                .with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms")
                .run(LowerBoundTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("slowOnlyAfterOthers"), finishedWithFailure(
                instanceOf(AssertionFailedError.class), message(m -> m.contains("'p50 > 2 us' passed after ")
                        && m.contains(" timed tests in this JVM (the last ")
                        && m.contains("Not confirmed in a fresh JVM (pid ")))));
        run.tests().assertThatEvents().haveExactly(1, event(test("holdsInAnyJvm"), finishedSuccessfully()));
        run.tests().assertThatEvents().haveExactly(1, event(test("farBeyondItsBound"), finishedSuccessfully()));
        run.tests().assertThatEvents().haveExactly(1, event(test("anUpperBound"), finishedSuccessfully()));
        run.tests().assertThatEvents().haveExactly(1, event(test("aRatioWithOneSideSlowedOnlyHere"), finishedWithFailure(
                message(m -> m.contains("Not confirmed in a fresh JVM (pid ")))));

        long here = ProcessHandle.current().pid();
        JsonRecord confirmed = run.record("LowerBoundTestCase.holdsInAnyJvm()");
        assertThat(confirmed.whole("pid")).isNotEqualTo(here);
        assertThat(confirmed.string("fork.confirming.suiteJvmPass")).contains("'p50 > 250 ns' passed after ");
        assertThat(confirmed.string("outcome")).isEqualTo("passed");
        JsonRecord refuted = run.record("LowerBoundTestCase.slowOnlyAfterOthers()");
        assertThat(refuted.whole("pid")).isNotEqualTo(here);
        assertThat(refuted.string("outcome")).isEqualTo("failed");
        assertThat(run.record("LowerBoundTestCase.farBeyondItsBound()").json()).as("x100 its bound: no history slows so")
                .doesNotContainKey("fork");
        assertThat(run.record("LowerBoundTestCase.anUpperBound()").json()).as("a slowdown cannot pass an upper bound")
                .doesNotContainKey("fork");
        assertThat(run.stdout()).contains("passed after other timed tests; decided again in a fresh JVM")
                .contains("[chronoscope] confirmed: 'p50 > 250 ns' passed after ");
    }

    @Test
    void withoutConfirmationThePassInThisJvmStands() {
        history = true;
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.FORK_CONFIRM_KEY, "false")
                .with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms")
                .run(LowerBoundTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("slowOnlyAfterOthers"), finishedSuccessfully()));
        JsonRecord record = run.record("LowerBoundTestCase.slowOnlyAfterOthers()");
        assertThat(record.whole("pid")).isEqualTo(ProcessHandle.current().pid());
        assertThat(record.json()).doesNotContainKey("fork");
    }
}
