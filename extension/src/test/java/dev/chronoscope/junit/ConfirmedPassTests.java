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
import java.util.function.UnaryOperator;

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
 * them slow, a fresh JVM does not. Each bound is set by a reference region timed beside the claim, so that where the
 * figure lies against it does not depend on the host's speed or load.
 */
class ConfirmedPassTests {

    static final String LABEL = "chain";
    /** Set in this JVM only: a fresh JVM starts without it, as it starts without this JVM's JIT profile. */
    static volatile boolean history;

    @TempDir
    Path dir;

    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class LowerBoundTestCase {

        /** 500 steps in any JVM: the yardstick each test's bound is set by, timed beside it, whatever the host's speed. */
        private static Duration reference(Probe probe) {
            return probe.repeat("reference", 300, () -> ConfirmedFailureTests.work(500)).median();
        }

        private static Timing timed(Probe probe, int stepsAfterHistory) {
            int steps = history ? stepsAfterHistory : 500;
            return probe.repeat(LABEL, 300, () -> ConfirmedFailureTests.work(steps));
        }

        /** The median of {@code stepsAfterHistory} steps (500 in a fresh JVM) claimed above {@code bound} of the reference. */
        private static void medianAbove(Probe probe, int stepsAfterHistory, UnaryOperator<Duration> bound) {
            Duration reference = reference(probe);
            dev.chronoscope.assertj.ChronoscopeAssertions.assertThat(timed(probe, stepsAfterHistory)).median()
                    .isGreaterThan(bound.apply(reference));
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
            medianAbove(probe, 3_000, r -> r.multipliedBy(2)); // x6 the reference here, x3 the bound; x1 in a fresh JVM
        }

        @Test
        @Order(2)
        @MeasureWith(NANO_TIME)
        void holdsInAnyJvm(Probe probe) {
            medianAbove(probe, 600, r -> r.multipliedBy(4).dividedBy(5)); // x1.5 the bound here, x1.25 in a fresh JVM
        }

        @Test
        @Order(3)
        @MeasureWith(NANO_TIME)
        void farBeyondItsBound(Probe probe) {
            medianAbove(probe, 3_000, r -> r.dividedBy(10));
        }

        @Test
        @Order(4)
        @MeasureWith(NANO_TIME)
        void anUpperBound(Probe probe) {
            Duration reference = reference(probe);
            dev.chronoscope.assertj.ChronoscopeAssertions.assertThat(timed(probe, 3_000)).median()
                    .isLessThan(reference.multipliedBy(100));
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
        KitRun run = runAfterHistory(true);

        run.tests().assertThatEvents().haveExactly(1, event(test("slowOnlyAfterOthers"), finishedWithFailure(
                instanceOf(AssertionFailedError.class), message(m -> m.contains("'p50 > ") && m.contains("' passed after ")
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
        assertThat(confirmed.string("fork.confirming.suiteJvmPass")).startsWith("'p50 > ").contains("' passed after ");
        assertThat(confirmed.string("outcome")).isEqualTo("passed");
        JsonRecord refuted = run.record("LowerBoundTestCase.slowOnlyAfterOthers()");
        assertThat(refuted.whole("pid")).isNotEqualTo(here);
        assertThat(refuted.string("outcome")).isEqualTo("failed");
        assertThat(run.record("LowerBoundTestCase.farBeyondItsBound()").json()).as("x60 its bound: no history slows so")
                .doesNotContainKey("fork");
        assertThat(run.record("LowerBoundTestCase.anUpperBound()").json()).as("a slowdown cannot pass an upper bound")
                .doesNotContainKey("fork");
        assertThat(run.stdout()).contains("passed after other timed tests; decided again in a fresh JVM")
                .contains("[chronoscope] confirmed: 'p50 > ")
                .contains("decided again in a fresh JVM: 3 passes a slowed figure could have made (1 held, 2 not)");
    }

    @Test
    void withoutConfirmationThePassInThisJvmStands() {
        KitRun run = runAfterHistory(false);

        run.tests().assertThatEvents().haveExactly(1, event(test("slowOnlyAfterOthers"), finishedSuccessfully()));
        JsonRecord record = run.record("LowerBoundTestCase.slowOnlyAfterOthers()");
        assertThat(record.whole("pid")).isEqualTo(ProcessHandle.current().pid());
        assertThat(record.json()).doesNotContainKey("fork");
    }

    /** The fixture in this JVM, its "history" set, with the documented region warm-up and confirmation on or off. */
    private KitRun runAfterHistory(boolean confirm) {
        history = true;
        return ChronoscopeKit.in(dir).with(ChronoscopeConfig.FORK_CONFIRM_KEY, String.valueOf(confirm))
                .with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms")
                .run(LowerBoundTestCase.class);
    }
}
