package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The Markdown summary as GitHub reads it (CommonMark with GFM tables), the step summary it is appended to, and the files' permissions. */
class MarkdownSummaryTests {

    @TempDir
    Path dir;

    @Test
    void aLabelWithMarkdownInItIsOneCellOfText() {
        String label = "a | b *not bold* [x](http://example.com) <i>\nnext";
        ReportedTest t = ReportFixtures.test(label);

        String markdown = MarkdownSummary.render(RunRecords.of(List.of(t)), "now");

        List<List<String>> rows = GfmTables.rows(markdown);
        assertThat(rows).hasSize(2);
        assertThat(rows).allSatisfy(r -> assertThat(r).hasSize(9));
        assertThat(rows).anySatisfy(r -> assertThat(r.get(2)).isEqualTo(label.replace('\n', ' ')));
        assertThat(GfmTables.links(markdown)).as("links nothing").isZero();
    }

    @Test
    void listsTheWorstRowsFirstAndSaysHowManyAreLeftOut() {
        RunReportScaleTests.Suite suite = RunReportScaleTests.suite(30, 1);

        String markdown = MarkdownSummary.render(suite.records(), "now");

        List<List<String>> rows = GfmTables.rows(markdown);
        // 3 tests with a failed claim, 30 x 5 timings regressed or inconclusive against the baseline (none ok): the first 100
        assertThat(rows).hasSize(MarkdownSummary.MAX_ROWS);
        assertThat(rows.subList(0, 3)).allSatisfy(r -> assertThat(r.getFirst()).isEqualTo("failed"));
        assertThat(rows.get(3).getFirst()).isEqualTo("regressed");
        assertThat(markdown).contains("50 more timings (50 of them not ok) are in " + RunReport.HTML + ".");
    }

    @Test
    void isAppendedToTheStepSummaryWhenTheVariableNamesAFile() throws Exception {
        Path summary = Files.writeString(dir.resolve("summary.md"), "### run\n", StandardCharsets.UTF_8);
        Path step = dir.resolve("step.md");

        assertThat(RunReport.appendToStepSummary(null, summary)).isEmpty();
        assertThat(RunReport.appendToStepSummary(" ", summary)).isEmpty();
        assertThat(step).doesNotExist();
        assertThat(RunReport.appendToStepSummary(step.toString(), summary)).contains(step);
        assertThat(RunReport.appendToStepSummary(step.toString(), summary)).contains(step);

        assertThat(Files.readString(step)).as("appended, as each step's tools do").isEqualTo("### run\n\n### run\n\n");
    }

    @Test
    void theReportFilesGetTheUmasksPermissionsLikeAnyNewFile() throws Exception {
        RunReport.Written written = RunReport.write(dir.resolve("report"), RunRecords.of(List.of(ReportFixtures.test("r"))), Optional.empty());
        var expected = Files.getPosixFilePermissions(Files.createFile(dir.resolve("plain")));

        for (Path file : List.of(written.html(), written.jmh(), written.summary())) {
            assertThat(Files.getPosixFilePermissions(file)).as(file.toString()).isEqualTo(expected);
        }
        try (var left = Files.list(written.html().getParent())) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no temporary file left")
                    .containsExactlyInAnyOrder(RunReport.HTML, RunReport.JMH, RunReport.SUMMARY);
        }
    }
}
