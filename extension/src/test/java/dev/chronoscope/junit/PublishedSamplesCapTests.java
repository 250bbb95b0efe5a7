package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.FileEntry;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.Event;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A timing of up to 1,000,000 samples gets its sample file; one of more gets none, and a report
 * entry says so where the file would have been listed (docs/junit-extension.md, "Report entries and
 * files"). Both sides of the cap are timed for real: a million empty regions take well under a second.
 */
class PublishedSamplesCapTests {

    @TempDir
    Path dir;

    @MeasureWith(CLOCK_MONOTONIC) // no CPU per read, and never backwards: every sample is kept
    static class CapTestCase {
        @Test
        void atTheCap(Probe probe) {
            probe.repeat("at the cap", 1_000_000, () -> 0);
        }

        @Test
        void overTheCap(Probe probe) {
            probe.repeat("over the cap", 1_000_001, () -> 0);
        }
    }

    @Test
    void aMillionSamplesArePublishedAndOneMoreAreNotWhichAReportEntrySays() throws IOException {
        KitRun run = ChronoscopeKit.in(dir).run(CapTestCase.class);

        run.tests().assertStatistics(s -> s.started(2).succeeded(2));
        JsonRecord at = run.record("CapTestCase.atTheCap()");
        JsonRecord over = run.record("CapTestCase.overTheCap()");
        assertThat(at.timing("at the cap").whole("kept")).isEqualTo(1_000_000);
        assertThat(over.timing("over the cap").whole("kept")).isEqualTo(1_000_001);

        Path atFile = sampleFile(run, at, "chronoscope-samples-1.txt");
        assertThat(atFile).as("the sample file of 1,000,000 samples").isNotNull();
        try (BufferedReader lines = Files.newBufferedReader(atFile)) {
            assertThat(lines.readLine()).isEqualTo("# at the cap: 1000000 samples in ns, sorted ascending");
            assertThat(lines.lines().count()).isEqualTo(1_000_000);
        }
        assertThat(entries(run, at)).doesNotContainKey("chronoscope.timing.1.samples");

        assertThat(sampleFile(run, over, "chronoscope-samples-1.txt")).as("no sample file of 1,000,001 samples").isNull();
        assertThat(sampleFile(run, over, "chronoscope-samples-0.txt")).as("the invocation's sample file").isNotNull();
        assertThat(entries(run, over)).containsEntry("chronoscope.timing.1.samples", "not published: 1,000,001 samples, "
                + "more than the 1,000,000 a sample file holds; the record holds their statistics");
        assertThat(entries(run, over)).containsKey("chronoscope.timing.1.p50.ns");
    }

    /** The file {@code name} published for the test of {@code record}, or null. */
    private static Path sampleFile(KitRun run, JsonRecord record, String name) {
        return ofTest(run.tests().fileEntryPublished().list(), record).stream()
                .map(e -> e.getPayload(FileEntry.class).orElseThrow().getPath())
                .filter(p -> p.getFileName().toString().equals(name)).findFirst().orElse(null);
    }

    private static Map<String, String> entries(KitRun run, JsonRecord record) {
        List<Event> published = ofTest(run.tests().reportingEntryPublished().list(), record);
        assertThat(published).hasSize(1);
        return published.get(0).getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs();
    }

    private static List<Event> ofTest(List<Event> events, JsonRecord record) {
        return events.stream().filter(e -> e.getTestDescriptor().getUniqueId().toString().equals(record.string("uniqueId"))).toList();
    }
}
