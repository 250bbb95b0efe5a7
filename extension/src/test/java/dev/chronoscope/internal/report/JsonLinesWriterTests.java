package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A disk that fills while a record is written: the record is written whole or not at all, and the report says what was lost. */
class JsonLinesWriterTests {

    @TempDir
    Path dir;

    @Test
    void aRecordCutShortByAFullDiskIsRemovedAndTheNextRecordIsReadable() throws Exception {
        FillingDisk disk = new FillingDisk();
        JsonLinesWriter writer = JsonLinesWriter.newFileIn(dir, disk.opener(ChannelOpener.APPEND));
        String first = RunRecordsTests.record("run A", "First", 1);
        writer.append(first);

        disk.room = 100;
        assertThatThrownBy(() -> writer.append(RunRecordsTests.record("run A", "Second", 1)))
                .isInstanceOf(IOException.class).hasMessage("No space left on device");
        assertThat(Files.readString(writer.file())).as("no part of the record that could not be completed").isEqualTo(first + "\n");
        disk.room = Long.MAX_VALUE;
        writer.append(RunRecordsTests.record("run A", "Third", 1));

        RunRecords records = RunRecords.read(dir, "run A");
        assertThat(records.tests()).extracting(ReportedTest::test).containsExactly("First", "Third");
        assertThat(records.unreadable()).isZero();
        assertThat(records.skippedNote()).isEmpty();
    }

    @Test
    void aPartThatCannotBeCutOffIsALineOfItsOwnAndTheReportsNameItsTest() throws Exception {
        FillingDisk disk = new FillingDisk();
        JsonLinesWriter writer = JsonLinesWriter.newFileIn(dir, disk.opener(ChannelOpener.APPEND));
        writer.append(RunRecordsTests.record("run A", "First", 1));

        disk.room = 100;
        disk.truncateFails = true;
        assertThatThrownBy(() -> writer.append(RunRecordsTests.record("run A", "Second", 1)))
                .isInstanceOf(IOException.class).hasMessage("No space left on device")
                .satisfies(e -> assertThat(e.getSuppressed()).singleElement().satisfies(s -> assertThat(s.getMessage())
                        .startsWith("the part of the record written could not be cut off: java.io.IOException: Input/output error")
                        .endsWith("; the next record starts on a new line")));
        disk.room = Long.MAX_VALUE;
        writer.append(RunRecordsTests.record("run A", "Third", 1));

        RunRecords records = RunRecords.read(dir, "run A");
        assertThat(records.tests()).extracting(ReportedTest::test).as("the record after the fragment is whole")
                .containsExactly("First", "Third");
        assertThat(records.unreadable()).isEqualTo(1);
        assertThat(records.unreadableTests()).containsExactly("Second");
        String note = "1 record line could not be read and was skipped (part of the record of Second, which this report therefore lacks)";
        assertThat(records.skippedNote()).contains(note);
        assertThat(RunReport.console(records)).contains("  " + note);
        assertThat(MarkdownSummary.render(records, "now")).contains("**" + MarkdownSummary.escape(note) + ".**");
        assertThat(HtmlReport.render(records, "now", Optional.empty(), Optional.empty())).contains(note);
    }

    @Test
    void anUnreadableLineNamesOnlyATestOfTheRunWhoseNameItHoldsWhole() {
        assertThat(RunRecords.testNamedIn("{\"schema\":\"s\",\"run\":\"run A\",\"test\":\"T \\\"quoted\\\"\",\"uniqueId\":", "run A"))
                .contains("T \"quoted\"");
        assertThat(RunRecords.testNamedIn("{\"schema\":\"s\",\"run\":\"run B\",\"test\":\"T\",", "run A")).as("another run's").isEmpty();
        assertThat(RunRecords.testNamedIn("{\"schema\":\"s\",\"run\":\"run A\",\"test\":\"cut sho", "run A")).isEmpty();
        assertThat(RunRecords.testNamedIn("garbage", "run A")).isEmpty();
    }
}
