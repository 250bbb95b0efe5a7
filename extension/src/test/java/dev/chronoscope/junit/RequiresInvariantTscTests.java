package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.RequiresInvariantTsc;
import dev.chronoscope.internal.ffm.ProbeLibrary;
import dev.chronoscope.internal.junit.ClockChoice;
import dev.chronoscope.internal.host.HostFactsReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/** {@code @RequiresInvariantTsc}: skip with the facts, fail when configured, class level, the real host. */
class RequiresInvariantTscTests {

    @TempDir
    Path dir;

    static class MethodLevelTestCase {
        @Test
        @RequiresInvariantTsc
        void needsTheTsc() {
        }

        @Test
        void needsNothing() {
        }
    }

    @RequiresInvariantTsc
    static class ClassLevelTestCase {
        @Test
        void first() {
        }

        @Test
        void second() {
        }
    }

    @Test
    void onAHostWithoutInvariantTscTheTestIsSkippedWithTheFactsAsReason() {
        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.NoInvariantTsc.class).run(MethodLevelTestCase.class);

        run.tests().assertThatEvents()
                .haveExactly(1, event(test("needsTheTsc"), skippedWithReason(reason -> reason.startsWith("@RequiresInvariantTsc not met: ")
                        && reason.contains("invariant TSC: no (described)")
                        && reason.contains("cpuinfo: no constant_tsc, no nonstop_tsc")
                        && reason.contains("clocksource: tsc")
                        && reason.contains("missing an invariant TSC")
                        && !reason.contains("RDTSCP"))))
                .haveExactly(1, event(test("needsNothing"), finishedSuccessfully()));
        run.tests().assertStatistics(s -> s.skipped(1).started(1).succeeded(1));
        assertThat(run.records()).as("a skipped test is not timed").isEmpty();
    }

    @Test
    void theReasonNamesTheSourceOfEachFactAsDescribed() {
        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.NoInvariantTsc.class).run(MethodLevelTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("needsTheTsc"),
                skippedWithReason(reason -> reason.contains("invariant TSC: no (described)"))));
    }

    @Test
    void onAHostWhoseKernelKeepsTimeWithHpetTheTestIsSkipped() {
        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.HpetClocksource.class).run(MethodLevelTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("needsTheTsc"), skippedWithReason(reason ->
                reason.contains("invariant TSC: yes")
                        && reason.contains("clocksource: hpet (the kernel does not keep time with the TSC)"))));
    }

    @Test
    void configuredToFailTheTestFailsWithTheFacts() {
        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.NoInvariantTsc.class)
                .with(ChronoscopeConfig.UNMET_REQUIREMENT_KEY, "fail")
                .run(MethodLevelTestCase.class);

        run.tests().assertThatEvents()
                .haveExactly(1, event(test("needsTheTsc"), finishedWithFailure(instanceOf(AssertionFailedError.class),
                        message(m -> m.contains("@RequiresInvariantTsc not met (chronoscope.requirements.unmet = fail)")
                                && m.contains("invariant TSC: no (described)")
                                && m.contains("clocksource: tsc")))))
                .haveExactly(1, event(test("needsNothing"), finishedSuccessfully()));
        run.tests().assertStatistics(s -> s.skipped(0).failed(1).succeeded(1));
    }

    @Test
    void onAClassItDisablesTheWholeClass() {
        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.NoInvariantTsc.class).run(ClassLevelTestCase.class);

        run.containers().assertThatEvents().haveExactly(1, event(container(ClassLevelTestCase.class),
                skippedWithReason(reason -> reason.startsWith("@RequiresInvariantTsc not met: ")
                        && reason.contains("invariant TSC: no"))));
        run.tests().assertStatistics(s -> s.started(0).skipped(0));
        assertThat(run.records()).isEmpty();
    }

    @Test
    void onAClassConfiguredToFailEveryTestFails() {
        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.HpetClocksource.class)
                .with(ChronoscopeConfig.UNMET_REQUIREMENT_KEY, "FAIL")
                .run(ClassLevelTestCase.class);

        run.tests().assertThatEvents().haveExactly(2, event(test(), finishedWithFailure(
                instanceOf(AssertionFailedError.class), message(m -> m.contains("clocksource: hpet")))));
    }

    @Test
    void onADescribedInvariantHostTheTestRunsAndIsTimed() {
        assumeTrue(dev.chronoscope.internal.ffm.ProbeLibrary.isLoaded(),
                () -> "the native probe must be loaded for the TSC to be usable, and is not (the build bundles it only"
                        + " where it found a C compiler): " + dev.chronoscope.internal.ffm.ProbeLibrary.unavailableReason());

        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.InvariantTsc.class)
                .with(ChronoscopeConfig.UNMET_REQUIREMENT_KEY, "fail")
                .run(MethodLevelTestCase.class);

        run.tests().assertStatistics(s -> s.started(2).succeeded(2));
        assertThat(run.record("MethodLevelTestCase.needsTheTsc()").string("clock.id")).isEqualTo("TSC_FENCED");
    }

    @Test
    void onThisHostTheTestRunsWhereItsTscIsUsable() {
        assumeTrue(ClockChoice.tscUsable(HostFactsReader.read()), () -> "this host's TSC is not usable: "
                + ClockChoice.tscFacts(HostFactsReader.read()));

        KitRun run = ChronoscopeKit.in(dir).run(MethodLevelTestCase.class, ClassLevelTestCase.class);

        run.tests().assertStatistics(s -> s.skipped(0).started(4).succeeded(4));
        assertThat(run.records()).extracting(JsonRecord::test).containsExactlyInAnyOrder(
                "MethodLevelTestCase.needsTheTsc()", "ClassLevelTestCase.first()", "ClassLevelTestCase.second()");
        assertThat(run.records()).allSatisfy(r -> assertThat(r.string("clock.id")).isEqualTo("TSC_FENCED"));
    }
}
