package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The report's three files are one run's set or none: a write that fails part-way, or between two
 * files, names its file and leaves neither the earlier run's files nor part of this run's.
 */
class RunReportFilesTests {

    @TempDir
    Path dir;

    @Test
    void aFileThatFailsPartWayIsNamedAndLeavesNoReportOfEitherRun() throws Exception {
        RunReport.Written earlier = RunReport.write(dir, RunRecords.of(List.of(ReportFixtures.test("yesterday-label"))), Optional.empty());
        FillingDisk disk = new FillingDisk();
        disk.room = 0;
        ChannelOpener jmhOnAFullDisk = file -> file.getFileName().toString().startsWith("." + RunReport.JMH)
                ? disk.opener(ChannelOpener.CREATE_NEW).open(file) : ChannelOpener.CREATE_NEW.open(file);

        RunRecords today = RunRecords.of(List.of(ReportFixtures.test("today-label")));
        assertThatThrownBy(() -> RunReport.write(dir, today, Optional.empty(), Optional.empty(), jmhOnAFullDisk))
                .hasMessage("could not write " + earlier.jmh() + " (java.io.IOException: No space left on device); no report of this run "
                        + "is in " + dir.toAbsolutePath().normalize() + ": the earlier run's files were removed before this run's were written");

        assertThat(List.of(earlier.html(), earlier.jmh(), earlier.summary())).as("neither the earlier run's files nor part of this run's")
                .allSatisfy(file -> assertThat(file).doesNotExist());
        assertNoTemporaryFiles();
    }

    @Test
    void aFailureBetweenTwoFilesTakesThisRunsFirstFileAwayAgain() throws Exception {
        RunReport.write(dir, RunRecords.of(List.of(ReportFixtures.test("yesterday-label"))), Optional.empty());
        ReportSet.Pause failsBeforeTheSecond = step -> {
            if (step == 1) {
                throw new IllegalStateException("stopped between files");
            }
        };

        assertThatThrownBy(() -> RunReport.write(dir, RunRecords.of(List.of(ReportFixtures.test("today-label"))), Optional.empty(),
                Optional.empty(), ChannelOpener.CREATE_NEW, failsBeforeTheSecond))
                .hasMessage("could not write " + dir.resolve(RunReport.JMH) + " (java.lang.IllegalStateException: stopped between files); "
                        + "no report of this run is in " + dir + ": the earlier run's files were removed before this run's were written, "
                        + "and this run's files written before the failure were removed again");

        try (var files = Files.list(dir)) {
            assertThat(files.toList()).as("one run's set or none: none").isEmpty();
        }
    }

    @Test
    void aFileThatCannotBeReplacedNorRemovedIsSaidToBeNotThisRuns() throws Exception {
        Path summary = Files.createDirectories(dir.resolve(RunReport.SUMMARY).resolve("in the way"));

        assertThatThrownBy(() -> RunReport.write(dir, RunRecords.of(List.of(ReportFixtures.test("today-label"))), Optional.empty()))
                .hasMessageStartingWith("could not write " + summary.getParent() + " (")
                .hasMessageContaining("this run's files written before the failure were removed again; earlier files that could not be "
                        + "removed, which are not this run's: " + summary.getParent() + " (java.nio.file.DirectoryNotEmptyException: ");
        assertThat(dir.resolve(RunReport.HTML)).doesNotExist();
    }

    private void assertNoTemporaryFiles() throws Exception {
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList())
                    .as("no temporary file left").isEmpty();
        }
    }

    @Test
    void recordsThatCannotBeReadTakeTheEarlierSummaryAwayToo() throws Exception {
        RunReport.write(dir, RunRecords.of(List.of(ReportFixtures.test("yesterday-label"))), Optional.empty());

        List<Path> removed = RunReport.removeStale(dir);

        assertThat(removed).containsExactlyInAnyOrder(dir.resolve(RunReport.HTML), dir.resolve(RunReport.JMH), dir.resolve(RunReport.SUMMARY));
    }
}
