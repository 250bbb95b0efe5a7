package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Timed tests in a JVM that compiles methods before their first run ({@code -Xcomp}), through the
 * launcher as a Surefire fork runs them ({@link LauncherMain}, one child JVM): they run, their region
 * keeps its samples, and the record names the mode with the figures.
 */
class CompiledModeTests {

    static class RegionTestCase {
        /** Not final: the JIT must not fold the chain into a constant. */
        private long seed = 7;
        private long multiplier = 6364136223846793005L;

        @Test
        @SubtractProbeFloor
        void chain(Probe probe) {
            probe.repeat("chain", 2_000, () -> {
                long x = seed;
                for (int i = 0; i < 64; i++) {
                    x = x * multiplier + 1442695040888963407L;
                }
                return x;
            });
        }
    }

    @TempDir
    Path dir;

    /**
     * {@code -Xcomp} with its compile-before-first-run limited to {@code dev.*} (Chronoscope's code —
     * probe path, warm-up, measuring loops — and the fixture's region, what the mode changes for a
     * figure): compiling the JDK's and JUnit's classes first as well took 20 s of CPU here, where this
     * takes 4 (the default mode 2.3). The cross-JVM lock is off so that no other build's timed tests
     * are waited for.
     */
    @Test
    void timedTestsRunUnderXcompAndTheirRecordsNameIt() throws Exception {
        List<String> options = new ArrayList<>(List.of("-Xcomp", "--enable-native-access=ALL-UNNAMED", "-XX:CompileCommand=quiet"));
        for (String pkg : List.of("java", "jdk", "sun", "org")) {
            options.add("-XX:CompileCommand=exclude," + pkg + ".*::*");
        }
        String out = ChildJvm.run(options, LauncherMain.class, dir.toString(), RegionTestCase.class.getName(),
                ChronoscopeConfig.TIMING_LOCK_KEY + "=false");

        assertThat(out).contains("tests 1, succeeded 1, failed 0");
        List<JsonRecord> records = JsonRecord.allIn(dir);
        assertThat(records).as(out).singleElement().satisfies(r -> {
            assertThat(r.string("host")).endsWith("| JIT tiered C1 and C2, C2 at the top, -Xcomp: compiled before first run");
            assertThat(r.timing("chain").whole("kept")).isEqualTo(2_000);
        });
    }
}
