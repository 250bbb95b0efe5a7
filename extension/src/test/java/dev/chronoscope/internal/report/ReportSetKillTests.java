package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run report's files are one run's set or none, even where the JVM writing them is killed between
 * two files: a second run's writer ({@link ReportWriterMain}, a JVM of its own) is stopped right
 * before its second file goes into place, by SIGTERM (it then says on stderr what the directory
 * holds) and by SIGKILL; no file of the first run is left beside the second run's.
 */
class ReportSetKillTests {

    private static final List<String> NAMES = List.of(RunReport.HTML, RunReport.JMH, RunReport.SUMMARY);

    @TempDir
    Path dir;

    @Test
    void sigtermBetweenTwoFilesLeavesOnlyTheSecondRunsFilesAndSaysWhichAreMissing() throws Exception {
        String err = secondRunStopped(60_000, false);

        assertThat(present()).containsExactly(RunReport.HTML);
        assertOnlyOfRun("today-label");
        assertThat(err).contains("[chronoscope] the JVM is ending while it writes the run report in " + dir.toRealPath())
                .contains("[chronoscope] the run report was not finished before the JVM ended; " + dir.toRealPath() + " holds ["
                        + RunReport.HTML + "], not [" + RunReport.JMH + ", " + RunReport.SUMMARY + "]: the earlier run's files were "
                        + "removed before this run's were written, so any file there is this run's");
    }

    @Test
    void sigtermDuringAShortWriteLetsItFinish() throws Exception {
        String err = secondRunStopped(500, false);

        assertThat(present()).containsExactlyElementsOf(NAMES);
        assertOnlyOfRun("today-label");
        assertThat(err).contains("[chronoscope] the run report write ended before the JVM did; " + dir.toRealPath() + " holds "
                + NAMES);
    }

    @Test
    void sigkillBetweenTwoFilesLeavesNoFileOfTheEarlierRun() throws Exception {
        secondRunStopped(60_000, true);

        assertThat(present()).containsExactly(RunReport.HTML);
        assertOnlyOfRun("today-label");

        RunReport.write(dir, RunRecords.of(List.of(ReportFixtures.test("tomorrow-label"))), Optional.empty());
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList())
                    .as("the killed writer's temporary files are removed by the next write").isEmpty();
        }
    }

    /**
     * Writes the first run's report here, then starts the second run's writer, paused for {@code millis}
     * before its second file, and stops it there with SIGTERM, or SIGKILL where {@code forcibly}: what it said on stderr.
     */
    private String secondRunStopped(long millis, boolean forcibly) throws Exception {
        RunReport.write(dir, RunRecords.of(List.of(ReportFixtures.test("yesterday-label"))), Optional.empty());
        Process writer = pausedWriter("today-label", millis);
        if (forcibly) {
            writer.destroyForcibly();
        } else {
            writer.destroy();
        }
        return finished(writer);
    }

    /** A writer of run {@code label}'s report, paused for {@code millis} right before its second file goes into place. */
    private Process pausedWriter(String label, long millis) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), ReportWriterMain.class.getName(),
                dir.toRealPath().toString(), label, "1", Long.toString(millis))).redirectError(errors().toFile()).start();
        String first = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        assertThat(first).as("the writer reached its pause").isEqualTo("paused");
        return p;
    }

    /** What the process said on stderr, once it has ended (within 30 s): read from a file, since destroying a process closes its pipes. */
    private String finished(Process p) throws Exception {
        boolean ended = p.waitFor(30, TimeUnit.SECONDS);
        String err = Files.readString(errors(), StandardCharsets.UTF_8);
        assertThat(ended).as(err).isTrue();
        return err;
    }

    /** The writer's stderr, beside the report's files. */
    private Path errors() {
        return dir.resolve("writer.err");
    }

    private List<String> present() {
        return NAMES.stream().filter(n -> Files.exists(dir.resolve(n))).toList();
    }

    private void assertOnlyOfRun(String label) throws Exception {
        for (String name : present()) {
            assertThat(Files.readString(dir.resolve(name))).as(name).contains(label).doesNotContain("yesterday-label");
        }
    }
}
