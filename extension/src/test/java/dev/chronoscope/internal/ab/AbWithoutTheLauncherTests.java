package dev.chronoscope.internal.ab;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.internal.cli.ChronoscopeMain;
import dev.chronoscope.internal.launch.ChildCommand;
import dev.chronoscope.internal.launch.LaunchMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code java -jar chronoscope-junit.jar ab} runs in a JVM whose class path is Chronoscope's jar alone: no JUnit
 * Platform Launcher there, only on the sides' class paths.
 */
class AbWithoutTheLauncherTests {

    @TempDir
    Path dir;

    @MeasureWith(NANO_TIME)
    static class OneRegionTestCase {
        @Test
        void sums(Probe probe) {
            probe.repeat("sum", 200, () -> 1 + 1);
        }
    }

    @Test
    void theChildMainIsNamedWithoutLoadingIt() {
        assertThat(ChildCommand.LAUNCH_MAIN).isEqualTo(LaunchMain.class.getName());
    }

    @Test
    void aRoundRunsFromAJvmWithChronoscopesClassesAlone() throws Exception {
        String chronoscopeOnly = Path.of(ChronoscopeMain.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI()).toString();
        String sides = System.getProperty("java.class.path");
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", chronoscopeOnly, ChronoscopeMain.class.getName(), "ab",
                "--base-classpath", sides, "--head-classpath", sides, "--class", OneRegionTestCase.class.getName(),
                "--rounds", "1", "--seed", "1", "--out", dir.toString()))
                .redirectErrorStream(true).start();
        boolean ended = p.waitFor(3, TimeUnit.MINUTES);
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(ended).as("ab ended within 3 minutes: %s", output).isTrue();
        assertThat(output).doesNotContain("NoClassDefFoundError").contains("1 rounds completed");
        assertThat(p.exitValue()).as(output).isZero();
    }
}
