package dev.chronoscope.it.modulepath;

import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;

import java.lang.module.ModuleDescriptor;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Chronoscope used from a named module, with chronoscope-junit on the module path: the module is
 * what its descriptor says, and a timed test measures through the native probe or a POSIX clock.
 */
class ModulePathTests {

    private static final Module CHRONOSCOPE = Probe.class.getModule();

    private long seed = 0x9E3779B97F4A7C15L;

    @Test
    void chronoscopeIsTheNamedModuleDevChronoscopeJunit() {
        assertThat(ModulePathTests.class.getModule().getName()).isEqualTo("dev.chronoscope.it.modulepath");
        assertThat(CHRONOSCOPE.isNamed()).isTrue();
        assertThat(CHRONOSCOPE.getName()).isEqualTo("dev.chronoscope.junit");
    }

    @Test
    void onlyTheApiPackagesAreExported() {
        assertThat(CHRONOSCOPE.getDescriptor().exports()).extracting(ModuleDescriptor.Exports::source)
                .containsExactlyInAnyOrder("dev.chronoscope", "dev.chronoscope.assertj");
        assertThat(CHRONOSCOPE.isExported("dev.chronoscope.internal.junit")).isFalse();
    }

    @Test
    void nativeAccessIsGrantedToTheModule() {
        assertThat(CHRONOSCOPE.isNativeAccessEnabled()).isTrue();
    }

    @Test
    @MeasureWith(ClockId.CLOCK_MONOTONIC)
    void aTimedTestMeasures(Probe probe) {
        Timing t = probe.repeat("xorshift", 10_000, () -> {
            seed ^= seed << 13;
            seed ^= seed >>> 7;
            return seed ^= seed << 17;
        });
        assertThat(t.kept() + t.dropped()).isEqualTo(10_000);
        assertThat(t).median().isLessThan(java.time.Duration.ofMillis(1));
    }

    /**
     * Probe is sealed, and its one permitted implementation lives in another package of the module:
     * on the module path the JVM loads it because both are in the same named module (JVMS 5.3.5).
     */
    @Test
    @MeasureWith(ClockId.CLOCK_MONOTONIC)
    void theProbeIsTheSealedInterfacesPermittedImplementation(Probe probe) {
        assertThat(Probe.class.isSealed()).isTrue();
        assertThat(Probe.class.getPermittedSubclasses()).containsExactly(probe.getClass());
        assertThat(probe.getClass().getModule()).isEqualTo(CHRONOSCOPE);
    }
}
