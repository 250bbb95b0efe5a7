package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A timing of up to 1,000,000 samples gets its sample file; one of more gets none, and a report
 * entry says so where the file would have been listed (docs/reference/record-schema.md, "Report entries and
 * files"). Both sides of the cap are timed for real, in a JVM of their own ({@link ChildJvm}), so
 * that what two million regions do to the JIT is not inherited by later tests: run in the suite's JVM
 * ahead of ThroughputTests, it was followed by ThroughputTests' batch-size check failing in 2 of 2
 * runs of a subset of the suite (0 of 5 without it).
 */
class PublishedSamplesCapTests {

    private static final String EXPLICIT = "explicit begin/end";

    @MeasureWith(CLOCK_MONOTONIC) // no CPU per read, and never backwards: every sample is kept
    static class CapTestCase {
        @Test
        void atTheCap(Probe probe) {
            times(probe, 1_000_000);
        }

        @Test
        void overTheCap(Probe probe) {
            times(probe, 1_000_001);
        }

        private static void times(Probe probe, int regions) {
            for (int i = 0; i < regions; i++) {
                probe.end(probe.begin());
            }
        }
    }

    @Test
    void aMillionSamplesArePublishedAndOneMoreAreNotWhichAReportEntrySays() throws Exception {
        List<String> out = ChildJvm.runKit(List.of("--enable-native-access=ALL-UNNAMED"), CapTestCase.class.getName()).lines().toList();

        assertThat(out).contains("result atTheCap(Probe) TestExecutionResult [status = SUCCESSFUL, throwable = null]",
                "result overTheCap(Probe) TestExecutionResult [status = SUCCESSFUL, throwable = null]");
        assertThat(out).anyMatch(l -> l.startsWith("record CapTestCase.atTheCap()") && l.endsWith("kept=[invocation:1, " + EXPLICIT + ":1000000]"))
                .anyMatch(l -> l.startsWith("record CapTestCase.overTheCap()") && l.endsWith("kept=[invocation:1, " + EXPLICIT + ":1000001]"));

        assertThat(out).as("the sample file of 1,000,000 samples: a header and one line each")
                .contains("file atTheCap(Probe) chronoscope-samples-1.txt lines=1000001 first=# " + EXPLICIT
                        + ": 1000000 samples in ns, sorted ascending");
        assertThat(out).noneMatch(l -> l.startsWith("entry atTheCap(Probe) chronoscope.timing.1.samples="));

        assertThat(out).as("no sample file of 1,000,001 samples").noneMatch(l -> l.startsWith("file overTheCap(Probe) chronoscope-samples-1.txt"))
                .anyMatch(l -> l.startsWith("file overTheCap(Probe) chronoscope-samples-0.txt lines=2 "));
        assertThat(out).contains("entry overTheCap(Probe) chronoscope.timing.1.samples=not published: 1,000,001 samples, "
                + "more than the 1,000,000 a sample file holds; the record holds their statistics")
                .anyMatch(l -> l.startsWith("entry overTheCap(Probe) chronoscope.timing.1=" + EXPLICIT + " | latency: one call alone | p50 "));
    }
}
