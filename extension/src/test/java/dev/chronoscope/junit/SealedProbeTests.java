package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.internal.measure.MeasuringProbe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.test;

/**
 * {@link Probe} is sealed, permitting Chronoscope's implementation only, which lives in another
 * package. These tests run on the class path, as most users do: all of Chronoscope is then in the
 * unnamed module, where the JVM accepts a public permitted subclass in another package (JVMS 5.3.5;
 * javac accepts the permit because the extension is compiled as a named module). it/module-path
 * proves the module path.
 */
class SealedProbeTests {

    @TempDir
    Path dir;

    @Test
    void probePermitsTheMeasuringProbeOnly() {
        assertThat(Probe.class.isSealed()).isTrue();
        assertThat(Probe.class.getPermittedSubclasses()).containsExactly(MeasuringProbe.class);
    }

    @Test
    void aTestOnTheClassPathReceivesTheSealedInterfacesImplementation() {
        KitRun run = ChronoscopeKit.in(dir).run(OnTheClassPathTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("receivesAndUsesTheProbe"), finishedSuccessfully()));
    }

    @MeasureWith(CLOCK_MONOTONIC)
    static class OnTheClassPathTestCase {
        @Test
        void receivesAndUsesTheProbe(Probe probe) {
            assertThat(Probe.class.getModule().isNamed()).as("Chronoscope on the class path").isFalse();
            assertThat(probe).isInstanceOf(MeasuringProbe.class);
            assertThat(probe.getClass().getPackageName()).isNotEqualTo(Probe.class.getPackageName());
            assertThat(probe.repeat(100, () -> System.nanoTime()).kept()).isPositive();
        }
    }
}
