package dev.chronoscope.junit;

import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A {@code Probe.compare} in the test's record names its two timings and holds the ratio of their
 * medians with its interval, as the {@link Comparison} the test got; the run report draws the two
 * as one plot.
 */
class ComparisonRecordTests {

    @TempDir
    Path dir;

    static class ComparisonTestCase {
        /** The comparison the test got, for the test to check the record against. */
        static final AtomicReference<Comparison> MADE = new AtomicReference<>();
        private long seed = 3;

        @Test
        @SubtractProbeFloor
        void compares(Probe probe) {
            probe.repeat("alone", 1_000, () -> seed + 1);
            MADE.set(probe.compare("shift <<", () -> seed << 2, "multiply &", () -> seed * 4, 2_000));
        }

        @Test
        @SubtractProbeFloor
        void comparesNothing(Probe probe) {
            probe.repeat("alone", 1_000, () -> seed + 1);
        }
    }

    @Test
    void theRecordNamesTheComparedTimingsAndHoldsTheRatioWithItsInterval() throws IOException {
        KitRun run = ChronoscopeKit.in(dir).run(ComparisonTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(2));
        Comparison made = ComparisonTestCase.MADE.get();

        JsonRecord record = run.record("ComparisonTestCase.compares()");
        assertThat(record.timings()).extracting(t -> t.string("label")).containsExactly("invocation", "alone", "shift <<", "multiply &");
        assertThat(record.list("comparisons")).hasSize(1);
        assertThat(record.whole("comparisons.0.first")).isEqualTo(2);
        assertThat(record.string("comparisons.0.firstLabel")).isEqualTo("shift <<");
        assertThat(record.whole("comparisons.0.second")).isEqualTo(3);
        assertThat(record.string("comparisons.0.secondLabel")).isEqualTo("multiply &");
        assertThat(record.number("comparisons.0.ratio")).isCloseTo(made.secondOverFirst(), within(1e-12));
        assertThat(record.number("comparisons.0.low")).isCloseTo(made.secondOverFirstLow(), within(1e-12));
        if (Double.isFinite(made.secondOverFirstHigh())) {
            assertThat(record.number("comparisons.0.high")).isCloseTo(made.secondOverFirstHigh(), within(1e-12));
        } else {
            assertThat(record.isNull("comparisons.0.high")).as("an infinite bound is written as null").isTrue();
        }
        assertThat(record.number("comparisons.0.confidenceLevel")).isEqualTo(made.confidenceLevel());
        assertThat(run.record("ComparisonTestCase.comparesNothing()").list("comparisons")).isEmpty();

        String html = Files.readString(run.reportDir().resolve(RunReport.HTML), StandardCharsets.UTF_8);
        assertThat(html.split("<div class=\"comparison\">", -1)).as("one comparison").hasSize(2);
        assertThat(html.split("<div class=\"timing\" id=", -1)).as("an entry per region: 2 + 2").hasSize(5);
        assertThat(html.split("<p class=\"invocation num\" id=", -1)).as("a line per invocation").hasSize(3);
        assertThat(html.split("<svg ", -1)).as("a plot per region, but one for the compared two: 4 - 1").hasSize(4);
        assertThat(html).contains("Probe.compare: shift &lt;&lt; vs multiply &amp;");
    }

    @Test
    void recordsWrittenBeforeComparisonsWereRecordedStillRead() {
        Map<String, Object> record = TestJson.parseObject("""
                {"run": "r", "test": "T.t()", "uniqueId": "u", "displayName": "t()", "outcome": "passed", "pid": 1,
                 "clock": {"id": "NANO_TIME", "readMethod": "System.nanoTime()", "unit": "ns"}, "frequency": null, "host": "h",
                 "floor": {"ns": {"p50": 20}}, "floorSubtracted": false, "warnings": [], "timings": []}""");

        assertThat(dev.chronoscope.internal.report.ReportedTest.fromJson(record).comparisons()).isEmpty();
        assertThat(dev.chronoscope.internal.report.ReportedTest.fromJson(record).gate()).isNull();
    }
}
