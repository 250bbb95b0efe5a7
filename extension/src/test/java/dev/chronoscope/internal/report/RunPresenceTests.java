package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The last JVM of a run still running is the one that writes the run's report: another JVM of the
 * run, started here, holds its presence; while it runs this one is not last, and once it has
 * ended — or been killed, leaving its lock to the OS — this one is.
 */
class RunPresenceTests {

    private static final String RUN = "parent 1@2";

    @TempDir
    Path dir;

    @Test
    void aJvmIsLastOnlyOnceTheRunsOtherJvmsHaveEndedEvenByKill() throws Exception {
        Process other = joinInAnotherJvm(RUN);
        try {
            assertThat(leave(RUN)).as("the other JVM of the run still runs").isFalse();
            assertThat(leave("another run")).as("a JVM of another run does not count").isTrue();
        } finally {
            other.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(leave(RUN)).as("killed, the other JVM leaves no presence behind").isTrue();
    }

    /** Joins {@code run} in this JVM and leaves at once: whether this JVM was its last. */
    private boolean leave(String run) throws Exception {
        try (RunPresence.Turn turn = RunPresence.join(dir, run).orElseThrow().leave()) {
            return turn.last();
        }
    }

    private Process joinInAnotherJvm(String run) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), RunPresenceMain.class.getName(),
                dir.toString(), run)).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertThat(out.readLine()).isEqualTo("joined");
        return p;
    }
}
