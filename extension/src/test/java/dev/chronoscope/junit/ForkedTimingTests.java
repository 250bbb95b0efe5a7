package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Fork;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.internal.junit.fork.ForkedTestException;
import dev.chronoscope.internal.report.RunKey;
import dev.chronoscope.internal.host.HostFactsReader;
import dev.chronoscope.internal.junit.ClockChoice;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.chronoscope.ClockId.NANO_TIME;
import static dev.chronoscope.ClockId.TSC_FENCED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * Forked timing: a {@code @Fork} test runs in a fresh JVM through the JUnit Platform Launcher, and
 * this JVM reports the child's outcome, section and record as the test's own; a child that dies or
 * outlives its time fails that test only, naming its command.
 */
class ForkedTimingTests {

    @TempDir
    Path dir;

    /** How many times a fixture's method ran in this JVM: a forked test's never does. */
    static final AtomicInteger RAN_HERE = new AtomicInteger();
    /** Loaded from a non-final field, so the JIT cannot fold the work away. */
    static long seed = 17;

    static long work(int n) {
        long x = seed;
        for (int i = 0; i < n; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    @Fork
    @MeasureWith(NANO_TIME)
    static class OutcomesTestCase {
        @Test
        void passes(Probe probe) {
            RAN_HERE.incrementAndGet();
            assertThat(probe.repeat("chain", 500, () -> work(64)).kept()).isPositive();
        }

        @Test
        void fails() {
            RAN_HERE.incrementAndGet();
            throw new AssertionFailedError("expected 1 but was 2 in pid " + ProcessHandle.current().pid(), 1, 2);
        }

        @Test
        void aborts() {
            RAN_HERE.incrementAndGet();
            Assumptions.abort("nothing to time on this host");
        }

        @ParameterizedTest
        @ValueSource(ints = {16, 32})
        void eachInvocationForked(int n, Probe probe) {
            RAN_HERE.incrementAndGet();
            probe.repeat("chain " + n, 200, () -> work(n));
        }
    }

    @Test
    void theChildsOutcomeSectionAndRecordAreTheTestsOwn() {
        RAN_HERE.set(0);
        KitRun run = ChronoscopeKit.in(dir).run(OutcomesTestCase.class);

        assertThat(RAN_HERE.get()).as("test methods invoked in this JVM").isZero();
        run.tests().assertStatistics(s -> s.started(5).succeeded(3).failed(1).aborted(1));
        run.tests().assertThatEvents().haveExactly(1, event(test("fails"),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message(m -> m.startsWith("expected 1 but was 2 in pid ")
                        && !m.endsWith("pid " + ProcessHandle.current().pid())))));
        run.tests().aborted().assertThatEvents().haveExactly(1, event(test("aborts"),
                org.junit.platform.testkit.engine.EventConditions.abortedWithReason(instanceOf(TestAbortedException.class),
                        message(m -> m.contains("nothing to time on this host")))));

        JsonRecord passed = run.record("OutcomesTestCase.passes()");
        assertThat(passed.string("run")).as("taken into this JVM's run").isEqualTo(RunKey.current());
        assertThat(passed.whole("fork.pid")).isNotEqualTo(ProcessHandle.current().pid());
        assertThat(passed.whole("fork.wallMillis")).isPositive()
                .isGreaterThanOrEqualTo(passed.whole("fork.setupMillis") + passed.whole("fork.testMillis"));
        assertThat(passed.whole("fork.prepareMillis")).as("its clock prepared before its launcher started")
                .isNotNegative().isLessThanOrEqualTo(passed.whole("fork.setupMillis"));
        assertThat(passed.number("fork.coreSpeedReferenceNsPerStep")).as("the run's core-speed reference handed on")
                .isPositive();
        assertThat(passed.string("warmup")).as("the warm-up the preparation did is the test's")
                .startsWith("once per JVM");
        assertThat(passed.whole("jvmHistory.timedTestsBefore")).as("a fresh JVM has timed nothing before").isZero();
        assertThat(passed.timing("chain").whole("kept")).isEqualTo(500);
        assertThat(run.records()).as("one record per forked test that ran: passed, failed, aborted, and each invocation")
                .hasSize(5);
        assertThat(run.record("OutcomesTestCase.aborts()").string("outcome")).isEqualTo("aborted");
        assertThat(run.record("OutcomesTestCase.eachInvocationForked() [1] 16").timing("chain 16").whole("kept")).isEqualTo(200);
        assertThat(run.record("OutcomesTestCase.eachInvocationForked() [2] 32").timing("chain 32").whole("kept")).isEqualTo(200);
        assertThat(run.record("OutcomesTestCase.fails()").string("outcome")).isEqualTo("failed");
        assertThat(run.section("OutcomesTestCase.passes()")).contains("chain");
        assertThat(run.stdout()).contains("[chronoscope] forked: a fresh JVM (pid " + passed.whole("fork.pid") + ") ran this test");
        assertThat(run.reportDir().resolve("chronoscope-summary.md")).as("this run's report, with the forked tests")
                .content().contains("OutcomesTestCase.passes").contains("OutcomesTestCase.eachInvocationForked");
    }

    @Fork
    static class OnTheCounterTestCase {
        @Test
        @MeasureWith(TSC_FENCED)
        void counted(Probe probe) {
            probe.repeat("chain", 200, () -> work(16));
        }
    }

    @Test
    void aForkedJvmConvertsTicksWithTheSuiteJvmsCalibrationAndSaysWhereItWasMeasured() {
        assumeTrue(ClockChoice.tscUsable(HostFactsReader.read()), () -> "this host's TSC is not usable: "
                + ClockChoice.tscFacts(HostFactsReader.read()));

        KitRun run = ChronoscopeKit.in(dir).run(OnTheCounterTestCase.class);

        JsonRecord r = run.record("OnTheCounterTestCase.counted()");
        assertThat(r.whole("fork.pid")).isNotEqualTo(ProcessHandle.current().pid());
        assertThat(r.number("frequency.hz")).isPositive();
        assertThat(r.string("frequency.method")).startsWith("2 windows of 100 ms against CLOCK_MONOTONIC_RAW")
                .endsWith("; measured in the suite's JVM (pid " + ProcessHandle.current().pid()
                        + ") and handed to this fresh JVM");
    }

    static class OptOutTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void forkedByTheKey(Probe probe) {
            probe.repeat("here", 100, () -> work(8));
        }

        @Test
        @Fork(Fork.Mode.NONE)
        @MeasureWith(NANO_TIME)
        void keptHere(Probe probe) {
            RAN_HERE.incrementAndGet();
            probe.repeat("here", 100, () -> work(8));
        }
    }

    @Test
    void theKeyForksEveryTimedTestAndFork_NONE_KeepsOneInThisJvm() {
        RAN_HERE.set(0);
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.FORK_KEY, "per-test").run(OptOutTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(2));
        assertThat(RAN_HERE.get()).isEqualTo(1);
        assertThat(run.record("OptOutTestCase.forkedByTheKey()").json()).containsKey("fork");
        assertThat(run.record("OptOutTestCase.keptHere()").json()).doesNotContainKey("fork");
    }

    @Fork
    @MeasureWith(NANO_TIME)
    static class DyingTestCase {
        @Test
        void dies() {
            Runtime.getRuntime().halt(3);
        }
    }

    @Fork
    @MeasureWith(NANO_TIME)
    static class HangingTestCase {
        @Test
        void hangs() throws InterruptedException {
            Thread.sleep(120_000);
        }
    }

    @Test
    void aChildThatDiesFailsThatTestNamingItsCommand() {
        // the default timeout: on a loaded host a child's start alone may outlast a short one
        KitRun run = ChronoscopeKit.in(dir).run(DyingTestCase.class);

        run.tests().assertStatistics(s -> s.started(1).failed(1));
        run.tests().assertThatEvents().haveExactly(1, event(test("dies"), finishedWithFailure(instanceOf(ForkedTestException.class),
                message(m -> m.contains("ended with exit code 3 without saying how the test ended") && m.contains("command: ")
                        && m.contains("fork-java.args")))));
    }

    @Test
    void aChildThatHangsIsEndedAfterTheTimeoutAndFailsThatTestNamingItsCommand() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.FORK_TIMEOUT_KEY, "8s").run(HangingTestCase.class);

        run.tests().assertStatistics(s -> s.started(1).failed(1));
        run.tests().assertThatEvents().haveExactly(1, event(test("hangs"), finishedWithFailure(instanceOf(ForkedTestException.class),
                message(m -> m.contains("ran longer than " + ChronoscopeConfig.FORK_TIMEOUT_KEY + " = 8s") && m.contains("command: ")))));
    }

    @Test
    void aTestThatCannotBeForkedIsTimedHereAndItsRecordSaysWhy() {
        RAN_HERE.set(0);
        String before = System.getProperty("jdk.module.path");
        System.setProperty("jdk.module.path", dir.toString());
        KitRun run;
        try {
            run = ChronoscopeKit.in(dir).run(OutcomesTestCase.class);
        } finally {
            if (before == null) {
                System.clearProperty("jdk.module.path");
            } else {
                System.setProperty("jdk.module.path", before);
            }
        }
        assertThat(RAN_HERE.get()).isEqualTo(5);
        assertThat(run.record("OutcomesTestCase.passes()").list("warnings")).anySatisfy(w -> assertThat((String) w)
                .contains("@Fork on class").contains("module path").contains("timed in the suite's JVM"));
    }
}
