package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/** Where a {@link Probe} parameter is refused, and by whom. */
class ParameterResolutionTests {

    @TempDir
    Path dir;

    @MeasureWith(CLOCK_MONOTONIC)
    static class ProbeInBeforeEachTestCase {
        @BeforeEach
        void setUp(Probe probe) {
        }

        @Test
        void timed() {
        }
    }

    @MeasureWith(CLOCK_MONOTONIC)
    static class ProbeInAfterEachTestCase {
        @Test
        void timed() {
        }

        @AfterEach
        void tearDown(Probe probe) {
        }
    }

    @MeasureWith(CLOCK_MONOTONIC)
    static class ProbeInConstructorTestCase {
        ProbeInConstructorTestCase(Probe probe) {
        }

        @Test
        void timed() {
        }
    }

    static class ProbeWithoutAnnotationTestCase {
        @Test
        void untimed(Probe probe) {
        }
    }

    @MeasureWith(CLOCK_MONOTONIC)
    static class ProbeOnTheTestTestCase {
        @Test
        void timed(Probe probe) {
            probe.repeat(10, () -> 1);
        }
    }

    @Test
    void aProbeOnABeforeEachMethodIsRefusedNamingTheMethod() {
        KitRun run = ChronoscopeKit.in(dir).run(ProbeInBeforeEachTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("timed"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message(m -> m.startsWith("A Probe can only be a parameter of the timed test method itself")
                        && m.contains("ProbeInBeforeEachTestCase.setUp(dev.chronoscope.Probe)")))));
    }

    @Test
    void aProbeOnAnAfterEachMethodIsRefusedNamingTheMethod() {
        KitRun run = ChronoscopeKit.in(dir).run(ProbeInAfterEachTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("timed"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message(m -> m.contains("ProbeInAfterEachTestCase.tearDown(dev.chronoscope.Probe)")))));
    }

    @Test
    void aProbeInATestClassConstructorIsRefused() {
        KitRun run = ChronoscopeKit.in(dir).run(ProbeInConstructorTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("timed"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message(m -> m.contains("ProbeInConstructorTestCase(dev.chronoscope.Probe)")))));
    }

    @Test
    void withoutAChronoscopeAnnotationJUnitFindsNoResolver() {
        KitRun run = ChronoscopeKit.in(dir).run(ProbeWithoutAnnotationTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("untimed"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message(m -> m.startsWith("No ParameterResolver registered for parameter [dev.chronoscope.Probe")))));
    }

    @Test
    void onTheTimedTestMethodItIsResolved() {
        KitRun run = ChronoscopeKit.in(dir).run(ProbeOnTheTestTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("timed"), finishedSuccessfully()));
    }
}
