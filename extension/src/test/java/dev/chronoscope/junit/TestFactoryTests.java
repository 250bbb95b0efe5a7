package dev.chronoscope.junit;

import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/** A test factory returns tests rather than running one: Chronoscope times its class's tests, not the factory. */
class TestFactoryTests {

    @TempDir
    Path dir;

    @Test
    void aFactoryInATimedClassIsNotTimedAndItsDynamicTestsRun() {
        KitRun run = ChronoscopeKit.in(dir).run(FactoryTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(3).failed(0));
        assertThat(run.records()).extracting(JsonRecord::test).containsExactly("FactoryTestCase.plain()");
        assertThat(run.stdout()).doesNotContain("FactoryTestCase.dynamic");
    }

    @SubtractProbeFloor
    static class FactoryTestCase {
        @Test
        void plain() {
            assertThat(Math.sqrt(4)).isEqualTo(2);
        }

        @TestFactory
        Stream<DynamicTest> dynamic() {
            return Stream.of(1, 2).map(i -> DynamicTest.dynamicTest("case " + i, () -> assertThat(i).isPositive()));
        }
    }

    @SubtractProbeFloor
    static class FactoryWithAProbeTestCase {
        @TestFactory
        Stream<DynamicTest> dynamic(Probe probe) {
            return Stream.of(DynamicTest.dynamicTest("case", () -> probe.repeat("work", 10, () -> 1)));
        }
    }

    @Test
    void aProbeOnAFactoryIsRefusedSayingWhyAndWhereToTime() {
        KitRun run = ChronoscopeKit.in(dir).run(FactoryWithAProbeTestCase.class);

        run.containers().assertThatEvents().haveExactly(1, event(container("dynamic"), finishedWithFailure(
                instanceOf(ParameterResolutionException.class),
                message(m -> m.startsWith("A Probe cannot be a parameter of the @TestFactory ")
                        && m.contains("a factory returns dynamic tests rather than running one, so Chronoscope times no factory")
                        && !m.contains("annotate it")))));
        assertThat(run.records()).isEmpty();
    }
}
