package dev.chronoscope.junit;

import dev.chronoscope.internal.ffm.Platform;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * With native access denied ({@code --illegal-native-access=deny}) only the TSC truly needs
 * Chronoscope's library: CLOCK_MONOTONIC is read through the JDK instead, every record says native
 * access was denied, and a clock with no equivalent fails with a suggestion that can work.
 */
class NativeAccessDeniedTests {

    @Test
    void clockMonotonicFallsBackToTheJdkAndEveryRecordSaysWhy() throws Exception {
        assumeTrue(Platform.current().isLinux(), "System.nanoTime() is CLOCK_MONOTONIC on Linux only");
        String out = runDenied();

        assertThat(out).contains("result defaultClock(Probe) TestExecutionResult [status = SUCCESSFUL")
                .contains("result monotonic() TestExecutionResult [status = SUCCESSFUL");
        assertThat(out).containsPattern("result realtime\\(\\) TestExecutionResult \\[status = FAILED.*CLOCK_REALTIME cannot be read "
                + "on this host: .*Choose a clock this host can read, e\\.g\\. NANO_TIME\\.");
        assertThat(out.lines().filter(l -> l.startsWith("record ")).toList()).hasSize(2).allSatisfy(line -> assertThat(line)
                .contains("clock=NANO_TIME").contains("native access denied in this JVM")
                .contains("CLOCK_MONOTONIC cannot be read through libc here"));
        assertThat(out).contains("stdout-has-native-access-denied=true");
    }

    private static String runDenied() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path log = Files.createTempFile("chronoscope-denied-", ".log");
        Process process = new ProcessBuilder(List.of(java, "--illegal-native-access=deny", "-cp",
                System.getProperty("java.class.path"), DeniedNativeAccessMain.class.getName()))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean finished = process.waitFor(120, TimeUnit.SECONDS);
        if (!finished) {
            process.destroyForcibly();
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.deleteIfExists(log);
        assertThat(finished).as("the JVM finished within 120 s; it printed:\n" + out).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        return out;
    }
}
