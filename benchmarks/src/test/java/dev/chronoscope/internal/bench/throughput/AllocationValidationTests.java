package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.internal.args.CommandLine;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** AllocationValidation's judging of saved lines: no JVM is started. */
class AllocationValidationTests {

    @Test
    void aFigureLineReadsBackAsTheSameFigure() {
        AllocationValidation.Figure f = new AllocationValidation.Figure(3, "murmur3", "plus16", 248.0, 320.0, false, true, "RESOLVED");
        assertThat(AllocationValidation.Figure.parse(f.toLine())).isEqualTo(f);
    }

    @Test
    void everySubsetOfKIsTakenOnce() {
        assertThat(AllocationValidation.subsets(List.of(1, 2, 3, 4, 5, 6, 7), 3)).hasSize(35).doesNotHaveDuplicates();
        assertThat(AllocationValidation.subsets(List.of(1, 2, 3), 1)).containsExactly(List.of(1), List.of(2), List.of(3));
    }

    @Test
    void escapeAnalysisMovingASettledFigureIsNotRegressedAndSixteenBytesMoreAreWhereJvmsSettleAlike() {
        List<AllocationValidation.Figure> figures = new ArrayList<>();
        double[] murmur = {232, 288, 232, 288};
        for (int jvm = 1; jvm <= 4; jvm++) {
            figures.add(new AllocationValidation.Figure(jvm, "murmur3", "plain", murmur[jvm - 1], 304, false, false, "RESOLVED"));
            figures.add(new AllocationValidation.Figure(jvm, "murmur3", "plus16", murmur[jvm - 1] + 16, 320, false, false, "RESOLVED"));
            figures.add(new AllocationValidation.Figure(jvm, "regex", "plain", 384, 384, false, false, "RESOLVED"));
            figures.add(new AllocationValidation.Figure(jvm, "regex", "plus16", 400, 400, false, false, "RESOLVED"));
        }
        PrintStream out = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        boolean met;
        try {
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            met = AllocationValidation.table(figures);
        } finally {
            System.setOut(out);
        }
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertThat(met).as(printed).isTrue();
        // 4 JVMs x 3 others per workload: murmur3's 232/288 pairs moved both ways: inconclusive; the settled rule alone calls them regressed or improved
        assertThat(printed).contains("K = 1  A/A: 24 comparisons: 0 regressed, 8 inconclusive, 0 improved")
                .contains("| without first calls: 24 comparisons: 4 regressed")
                .contains("K = 1  of them, workloads settled alike in every plain JVM: 16 comparisons: 16 regressed");
    }

    @Test
    void badOptionsAreNamedWithWhatWasExpected() throws Exception {
        assertThatThrownBy(() -> AllocationValidation.Options.parse("--jvms", "1")).isInstanceOf(CommandLine.InvalidOptionException.class)
                .hasMessageContaining("--jvms").hasMessageContaining("from 2 to 50");
        assertThat(AllocationValidation.Options.parse().jvms()).isEqualTo(8);
    }
}
