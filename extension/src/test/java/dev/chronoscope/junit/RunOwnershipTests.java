package dev.chronoscope.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.junit.PlanPreparation;
import dev.chronoscope.internal.junit.ChronoscopeRuntime;
import dev.chronoscope.internal.junit.Settings;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder.request;

/**
 * One runtime owns a run: every timed test of the run is timed by it and its records are kept by
 * it; and the extension and the launcher listener find a test's annotations by the same rule —
 * including for test methods inherited from a superclass or an interface.
 */
class RunOwnershipTests {

    @TempDir
    Path dir;

    /** A test method declared in a superclass; the clock is chosen on the class that runs it. */
    abstract static class TimedBase {
        @Test
        @SubtractProbeFloor
        void inherited(Probe probe) {
            probe.repeat("inherited", 100, () -> 1 + 1);
        }
    }

    @MeasureWith(ClockId.NANO_TIME)
    static class InheritedTestCase extends TimedBase {
    }

    /** A default test method of an interface. */
    interface TimedDefault {
        @Test
        @SubtractProbeFloor
        default void fromInterface(Probe probe) {
            probe.repeat("default", 100, () -> 2 + 2);
        }
    }

    @MeasureWith(ClockId.CLOCK_MONOTONIC_RAW)
    static class InterfaceDefaultTestCase implements TimedDefault {
    }

    @Test
    void theExtensionChoosesTheClockOnTheClassThatRunsAnInheritedTest() {
        KitRun run = ChronoscopeKit.in(dir).run(InheritedTestCase.class, InterfaceDefaultTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(2).failed(0));
        assertThat(run.record("InheritedTestCase.inherited(Probe)").string("clock.id")).isEqualTo("NANO_TIME");
        assertThat(run.record("InterfaceDefaultTestCase.fromInterface(Probe)").string("clock.id")).isEqualTo("CLOCK_MONOTONIC_RAW");
    }

    @Test
    void theLauncherListenerPreparesTheSameClocksTheExtensionUses() {
        TestPlan plan = LauncherFactory.create().discover(request()
                .selectors(selectClass(InheritedTestCase.class), selectClass(InterfaceDefaultTestCase.class)).build());

        Set<ClockId> clocks = PlanPreparation.clocks(plan, Settings.read(key -> Optional.empty()),
                () -> { throw new AssertionError("no test here uses the default clock, so the host is not needed"); });

        assertThat(clocks).containsExactlyInAnyOrder(ClockId.NANO_TIME, ClockId.CLOCK_MONOTONIC_RAW);
    }

    @Test
    void aPlanWithoutTimedTestsPreparesNothing() {
        TestPlan plan = LauncherFactory.create().discover(request().selectors(selectClass(UntimedTestCase.class)).build());

        assertThat(PlanPreparation.clocks(plan, Settings.read(key -> Optional.empty()),
                HostFacts.builder()::build)).isEmpty();
    }

    static class UntimedTestCase {
        @Test
        void untimed() {
        }
    }

    /** Each class's after-all callback: the run's runtime and how many timed tests it had counted then. */
    record Snapshot(ChronoscopeRuntime runtime, int timedTests) {
    }

    static final List<Snapshot> SEEN = new ArrayList<>();

    static final AfterAllCallback RUNTIME_SPY = (ExtensionContext context) -> {
        ChronoscopeRuntime runtime = ChronoscopeRuntime.of(context);
        SEEN.add(new Snapshot(runtime, runtime.timedTests()));
    };

    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    @MeasureWith(ClockId.NANO_TIME)
    static class TwoTimedTestsCase {
        @RegisterExtension
        static final AfterAllCallback SPY = RUNTIME_SPY;

        @Test
        @Order(1)
        void first() {
        }

        @Test
        @Order(2)
        void second() {
        }
    }

    @MeasureWith(ClockId.NANO_TIME)
    static class AnotherClassCase {
        @RegisterExtension
        static final AfterAllCallback SPY = RUNTIME_SPY;

        @Test
        void third() {
        }
    }

    @Test
    void oneRuntimeCountsEveryTimedTestOfTheRunAndTheRecordsAreWrittenInTheOrderTheTestsFinished() {
        SEEN.clear();
        KitRun run = ChronoscopeKit.in(dir).run(TwoTimedTestsCase.class, AnotherClassCase.class);

        run.tests().assertStatistics(s -> s.succeeded(3));
        assertThat(SEEN).hasSize(2);
        assertThat(SEEN.get(0).runtime()).as("one runtime for the whole run").isSameAs(SEEN.get(1).runtime());
        assertThat(SEEN).extracting(Snapshot::timedTests).containsExactly(2, 3);
        assertThat(run.records()).extracting(JsonRecord::test).as("every record written, in finish order").containsExactly(
                "TwoTimedTestsCase.first()", "TwoTimedTestsCase.second()",
                "AnotherClassCase.third()");
    }

    @Test
    void eachRunHasItsOwnRuntime() {
        SEEN.clear();
        ChronoscopeKit.in(dir).run(AnotherClassCase.class);
        ChronoscopeKit.in(dir).run(AnotherClassCase.class);

        assertThat(SEEN).hasSize(2);
        assertThat(SEEN.get(0).runtime()).isNotSameAs(SEEN.get(1).runtime());
        assertThat(SEEN.get(1).timedTests()).isEqualTo(1);
    }
}
