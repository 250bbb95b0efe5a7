package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The report's three files are each this run's or absent: a write that fails part-way names its file and leaves no earlier run's. */
class RunReportFilesTests {

    @TempDir
    Path dir;

    @Test
    void aFileThatFailsPartWayIsNamedAndTheEarlierRunsFileByItsNameIsRemoved() throws Exception {
        RunReport.Written earlier = RunReport.write(dir, RunRecords.of(List.of(ReportFixtures.test("yesterday-label"))), Optional.empty());
        String earlierSummary = Files.readString(earlier.summary());
        FillingDisk disk = new FillingDisk();
        disk.room = 0;
        ChannelOpener jmhOnAFullDisk = file -> file.getFileName().toString().startsWith("." + RunReport.JMH)
                ? disk.opener(ChannelOpener.CREATE_NEW).open(file) : ChannelOpener.CREATE_NEW.open(file);

        RunRecords today = RunRecords.of(List.of(ReportFixtures.test("today-label")));
        assertThatThrownBy(() -> RunReport.write(dir, today, Optional.empty(), Optional.empty(), jmhOnAFullDisk))
                .hasMessage("could not write " + earlier.jmh() + " (java.io.IOException: No space left on device; "
                        + "the earlier run's file was removed)");

        assertThat(earlier.jmh()).as("the earlier run's JMH file, which would pass for this run's").doesNotExist();
        assertThat(Files.readString(earlier.html())).contains("today-label").doesNotContain("yesterday-label");
        assertThat(Files.readString(earlier.summary())).isNotEqualTo(earlierSummary).contains("today-label");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList())
                    .as("no temporary file left").isEmpty();
        }
    }

    @Test
    void aFileThatCannotBeReplacedNorRemovedIsSaidToBeNotThisRuns() throws Exception {
        Path summary = Files.createDirectories(dir.resolve(RunReport.SUMMARY).resolve("in the way"));

        assertThatThrownBy(() -> RunReport.write(dir, RunRecords.of(List.of(ReportFixtures.test("today-label"))), Optional.empty()))
                .hasMessageStartingWith("could not write " + summary.getParent() + " (")
                .hasMessageContaining("; the earlier run's file could not be removed either (java.nio.file.DirectoryNotEmptyException: "
                        + summary.getParent() + "): it is not this run's)");
        assertThat(dir.resolve(RunReport.HTML)).exists();
    }

    @Test
    void recordsThatCannotBeReadTakeTheEarlierSummaryAwayToo() throws Exception {
        RunReport.write(dir, RunRecords.of(List.of(ReportFixtures.test("yesterday-label"))), Optional.empty());

        List<Path> removed = RunReport.removeStale(dir);

        assertThat(removed).containsExactlyInAnyOrder(dir.resolve(RunReport.HTML), dir.resolve(RunReport.JMH), dir.resolve(RunReport.SUMMARY));
    }
}
