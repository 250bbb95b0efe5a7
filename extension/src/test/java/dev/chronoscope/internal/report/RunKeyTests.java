package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The run a JVM belongs to. Surefire starts each fork through {@code /bin/sh -c "cd … && java …"}, so
 * the fork's parent is a shell of its own; the forks of one build must still be one run.
 */
class RunKeyTests {

    @TempDir
    Path dir;

    @Test
    void jvmsStartedThroughShellsAsSurefireStartsForksShareTheirStartersRun() throws Exception {
        String first = startedThroughAShell();
        String second = startedThroughAShell();

        String thisJvm = thisJvm();
        assertThat(first).as("each JVM's run is the process that started its shell: this one").isEqualTo(thisJvm);
        assertThat(second).isEqualTo(first);
    }

    @Test
    void onlyAShellThatLaunchesACommandIsLookedThrough() {
        assertThat(RunKey.launchShell("/usr/bin/dash", List.of("-c", "cd /x && java -jar booter.jar"))).isTrue();
        assertThat(RunKey.launchShell("/bin/bash", List.of("-c", "java Main"))).isTrue();
        assertThat(RunKey.launchShell("/bin/bash", List.of())).as("an interactive shell starts runs of its own").isFalse();
        assertThat(RunKey.launchShell("/bin/bash", List.of("build.sh"))).as("so does a script").isFalse();
        assertThat(RunKey.launchShell("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java", List.of("-c", "x"))).isFalse();
    }

    @Test
    void aConfiguredRunIsKeptWithTheStarter() {
        assertThat(RunKey.of(Optional.of("build-42"))).isEqualTo("run build-42 · " + RunKey.current());
        assertThat(RunKey.of(Optional.empty())).isEqualTo(RunKey.current());
    }

    @Test
    void aConfiguredRunReusedByAnotherBuildIsKeptApartFromTheEarlierBuildsRecords() throws Exception {
        String earlierBuild = startedThroughAShell("build-42", "/bin/sh");
        String laterBuild = startedThroughAShell("build-42", "/bin/sh");
        String forkOfThisBuild = startedThroughAShell("build-42", null);

        assertThat(earlierBuild).as("two builds: each its own starter, so two runs").isNotEqualTo(laterBuild);
        assertThat(forkOfThisBuild).as("a JVM this one started through a shell: of the run this JVM starts")
                .isEqualTo("run build-42 · " + thisJvm());
    }

    /** The run key of the JVMs this one starts. */
    private static String thisJvm() {
        ProcessHandle self = ProcessHandle.current();
        return "parent " + self.pid() + "@" + self.info().startInstant().map(Instant::toEpochMilli).orElseThrow();
    }

    /** The run key printed by a JVM started as Surefire starts a fork: {@code /bin/sh -c "cd <dir> && java …"}. */
    private String startedThroughAShell() throws Exception {
        return startedThroughAShell(null, null);
    }

    /**
     * As above, the key of the run configured as {@code configured} (null: none); with {@code build}
     * (a shell run as a script, as Maven is) between this JVM and the shell, so that JVM's starter is
     * a build of its own.
     */
    private String startedThroughAShell(String configured, String build) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = "cd '" + dir + "' && '" + java + "' -cp '" + System.getProperty("java.class.path") + "' "
                + RunKeyMain.class.getName() + (configured == null ? "" : " '" + configured + "'");
        Process p = (build == null ? new ProcessBuilder("/bin/sh", "-c", command)
                : new ProcessBuilder(build, Files.writeString(Files.createTempFile(dir, "build", ".sh"), command + "\n").toString()))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().filter(l -> l.startsWith("run=")).findFirst().orElseThrow(() -> new AssertionError(out)).substring(4);
    }
}
