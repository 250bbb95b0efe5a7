package dev.chronoscope.junit;

import dev.chronoscope.SubtractProbeFloor;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

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
}
