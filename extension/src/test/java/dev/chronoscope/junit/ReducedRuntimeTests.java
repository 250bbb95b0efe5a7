package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Timed tests on a runtime built with {@code jlink} without {@code jdk.jfr} and
 * {@code java.management} (so without {@code jdk.management} either), through the launcher as a
 * Surefire fork runs them ({@link LauncherMain}, one child JVM): they run and keep their samples,
 * and every record says which modules are missing and what is therefore not read. Skipped, naming
 * why, where this JDK has no {@code jlink} or it cannot link a runtime.
 */
class ReducedRuntimeTests {

    /** What JUnit's launcher and Chronoscope need, and nothing that brings JFR or the management API. */
    private static final String MODULES = "java.base,java.logging,java.xml,jdk.unsupported";

    @TempDir
    Path dir;

    @Test
    void timedTestsRunWithoutJfrAndManagementAndEveryRecordSaysWhatIsMissing() throws Exception {
        Path runtime = linked(dir.resolve("runtime"));
        Path reports = dir.resolve("reports");

        String out = ChildJvm.run(List.of(), runtime.resolve("bin/java").toString(), List.of("--enable-native-access=ALL-UNNAMED"),
                LauncherMain.class, reports.toString(), CompiledModeTests.RegionTestCase.class.getName(),
                ChronoscopeConfig.TIMING_LOCK_KEY + "=false");

        assertThat(out).contains("tests 1, succeeded 1, failed 0");
        List<JsonRecord> records = JsonRecord.allIn(reports);
        assertThat(records).as(out).singleElement().satisfies(r -> {
            assertThat(r.timing("chain").whole("kept")).isEqualTo(2_000);
            assertThat(r.list("warnings")).anySatisfy(w -> assertThat(w.toString())
                    .startsWith("this runtime lacks the modules jdk.jfr, java.management, jdk.management, so these are not read: no JFR "
                            + "events of timed regions; no garbage collections while sampling, heap size or JIT compilation time;")
                    .endsWith("add the modules to the runtime (jlink --add-modules jdk.jfr,java.management,jdk.management) to have them"));
        });
    }

    /** A runtime of {@link #MODULES} linked into {@code target} from this JDK; the test is skipped, saying why, where none can be. */
    private static Path linked(Path target) throws Exception {
        Path jlink = Path.of(System.getProperty("java.home"), "bin", "jlink");
        assumeTrue(Files.isExecutable(jlink), "this JDK has no jlink (" + jlink + "): no runtime without jdk.jfr can be built here");
        Path log = Files.createTempFile("chronoscope-jlink-", ".log");
        try {
            Process p = new ProcessBuilder(jlink.toString(), "--add-modules", MODULES, "--strip-debug", "--no-header-files",
                    "--no-man-pages", "--output", target.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean finished = p.waitFor(120, TimeUnit.SECONDS);
            if (!finished) {
                p.destroyForcibly();
            }
            assumeTrue(finished && p.exitValue() == 0, "jlink could not link a runtime of " + MODULES + " from this JDK: "
                    + Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
        return target;
    }
}
