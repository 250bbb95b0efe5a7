package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.internal.report.TimingSection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.FileEntry;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Text that cannot be encoded or printed as given: a label with a lone surrogate (which UTF-8 cannot
 * encode) is kept as it is in the record, and escaped where it is printed (the section and the
 * sample file's header), so the sample file is written whole. Control characters, which a label
 * cannot hold, are escaped the same way wherever a test's name is printed (JUnit 5.12 and later
 * already replace them in display names; earlier versions pass them on).
 */
class UnprintableTextTests {

    @TempDir
    Path dir;

    static final String LABEL = "half \uD800 a pair";

    static class UnprintableTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void named(Probe probe) {
            probe.repeat(LABEL, 100, () -> 1 + 1);
        }
    }

    @Test
    void theRecordKeepsTheTextAndWhatIsPrintedEscapesIt() throws Exception {
        KitRun run = ChronoscopeKit.in(dir).run(UnprintableTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        List<JsonRecord> records = run.records();
        assertThat(records).hasSize(1);
        JsonRecord record = records.getFirst();
        assertThat(record.timings().get(1).string("label")).as("the record keeps the lone surrogate").isEqualTo(LABEL);

        assertThat(run.stdout()).contains("timing       half \\ud800 a pair\n");
        FileEntry samples = run.tests().fileEntryPublished().stream().map(e -> e.getPayload(FileEntry.class).orElseThrow())
                .filter(f -> f.getPath().getFileName().toString().equals("chronoscope-samples-1.txt")).findFirst().orElseThrow();
        List<String> content = Files.readAllLines(samples.getPath(), StandardCharsets.UTF_8);
        assertThat(content.getFirst()).isEqualTo("# half \\ud800 a pair: 100 samples in ns, sorted ascending");
        assertThat(content).hasSize(101);
        assertThat(run.stderr()).doesNotContain("could not publish");
    }

    @Test
    void controlCharactersAndLoneSurrogatesArePrintedAsEscapesAndPairsAsTheyAre() {
        assertThat(TimingSection.printable("T.m() one\nline \u0000 nul \u001b[31m red\t\r\u007f\u0085"))
                .isEqualTo("T.m() one\\nline \\u0000 nul \\u001b[31m red\\t\\r\\u007f\\u0085");
        assertThat(TimingSection.printable("pair \uD83D\uDE00, lone \uDE00 and \uD83D")).isEqualTo("pair \uD83D\uDE00, lone \\ude00 and \\ud83d");
        String plain = "plain ünïcödé";
        assertThat(TimingSection.printable(plain)).isSameAs(plain);
    }
}
