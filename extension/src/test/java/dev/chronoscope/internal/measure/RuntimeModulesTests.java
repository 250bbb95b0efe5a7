package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What a record says of a runtime that lacks modules Chronoscope reads optional facts through, one module or several. */
class RuntimeModulesTests {

    @Test
    void aRuntimeWithEveryModuleIsNotWarnedAbout() {
        assertThat(RuntimeModules.warning(List.of())).isEmpty();
    }

    @Test
    void eachMissingModuleIsNamedWithWhatIsNotRead() {
        assertThat(RuntimeModules.warning(List.of(RuntimeModules.JFR))).contains("this runtime lacks the module jdk.jfr, so these are not "
                + "read: no JFR events of timed regions. The timings themselves are taken as anywhere else; add the modules to the runtime "
                + "(jlink --add-modules jdk.jfr) to have them");
        assertThat(RuntimeModules.warning(List.of(RuntimeModules.MANAGEMENT, RuntimeModules.HOTSPOT_MANAGEMENT)).orElseThrow())
                .startsWith("this runtime lacks the modules java.management, jdk.management, so these are not read: no garbage "
                        + "collections while sampling, heap size or JIT compilation time; no JIT options (the JIT's mode is assumed from "
                        + "the defaults), allocation or thread CPU time.");
    }
}
