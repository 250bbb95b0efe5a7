package dev.chronoscope.junit;

import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A report directory whose records cannot be read never keeps an earlier run's report looking current. */
class DamagedReportDirectoryTests {

    @TempDir
    Path dir;

    @Test
    void recordsThatCannotBeReadRemoveTheEarlierRunsReportAndSaySo() throws Exception {
        ChronoscopeKit kit = ChronoscopeKit.in(dir);
        Path reportDir = kit.reportDir();
        Files.createDirectories(reportDir);
        Path stale = Files.writeString(reportDir.resolve(RunReport.HTML), "<html>yesterday's run</html>");
        // a record "file" no one can read: a directory by that name (unreadable even to root)
        Path unreadable = Files.createDirectory(reportDir.resolve("chronoscope-20261201-000000-1-aaaaa.jsonl"));

        KitRun run = kit.run(FaultsTests.TimedTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        assertThat(stale).doesNotExist();
        assertThat(run.stderr()).contains("[chronoscope] could not read the run's records in " + reportDir.toAbsolutePath()
                + ": java.io.IOException: could not read " + unreadable).contains("removed the earlier run report [" + stale + "]");
    }
}
