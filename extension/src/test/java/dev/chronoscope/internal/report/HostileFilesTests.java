package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.Baseline;
import dev.chronoscope.internal.gate.BaselineEntry;
import dev.chronoscope.internal.gate.HostFingerprint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Damaged and hostile files in the report directory or as a baseline: a record line is skipped
 * and counted, a baseline is refused naming the file, the fault and where — never a stack
 * overflow, a null pointer, a flooded message or quadratic time.
 */
class HostileFilesTests {

    @TempDir
    Path dir;

    private static final HostFingerprint HOST = HostFingerprint.builder().fact("cpuModel", "AMD EPYC 7B13").build();

    private static String record(String test) {
        return ("{'schema':'chronoscope-test/1','run':'run A','test':'%s','uniqueId':'[class:x.%s]','displayName':'d','outcome':'passed',"
                + "'pid':1,'clock':{'id':'NANO_TIME','readMethod':'System.nanoTime()','unit':'ns'},'frequency':null,'host':'h',"
                + "'floor':{'ns':{'p50':30}},'floorSubtracted':false,'warnings':[],'timings':[{'label':'invocation','kept':1,"
                + "'dropped':{'cpuMigration':0,'negativeDelta':0},'rawNs':{'p50':1000},'netNs':null,'verdict':'RESOLVED',"
                + "'verdictReason':'resolved','distribution':null}]}").formatted(test, test).replace('\'', '"');
    }

    @Test
    void aRecordLineCutInsideAUtf8CharacterIsSkippedAndCounted() throws Exception {
        byte[] whole = (record("Первый") + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] cut = record("Второй").getBytes(StandardCharsets.UTF_8);
        // cut after the first byte of the two-byte 'В'
        int at = new String(cut, StandardCharsets.UTF_8).indexOf("Второй");
        int bytesBefore = record("Второй").substring(0, at).getBytes(StandardCharsets.UTF_8).length;
        byte[] content = Arrays.copyOf(whole, whole.length + bytesBefore + 1);
        System.arraycopy(cut, 0, content, whole.length, bytesBefore + 1);
        Files.write(dir.resolve("chronoscope-20261201-100000-1-aaaaa.jsonl"), content);

        RunRecords records = RunRecords.read(dir, "run A");

        assertThat(records.tests()).extracting(ReportedTest::test).containsExactly("Первый");
        assertThat(records.unreadable()).isEqualTo(1);
    }

    @Test
    void deeplyNestedLinesAreSkippedInRecordsAndRefusedInBaselinesNamingTheFile() throws Exception {
        String nested = "[".repeat(200_000);
        Files.writeString(dir.resolve("chronoscope-20261201-100000-1-aaaaa.jsonl"), record("First") + "\n" + nested + "\n");

        RunRecords records = RunRecords.read(dir, "run A");
        assertThat(records.tests()).extracting(ReportedTest::test).containsExactly("First");
        assertThat(records.unreadable()).isEqualTo(1);

        Path baseline = Files.writeString(dir.resolve("baseline.json"), "{\"schema\": \"chronoscope-baseline/1\", \"runs\": " + nested);
        assertThatThrownBy(() -> Baseline.read(baseline)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("baseline " + baseline + " is not JSON: arrays and objects nested more than 64 deep at ");
    }

    @Test
    void aHugeFileThatIsNotABaselineIsQuotedInAShortExcerpt() throws Exception {
        String big = "x".repeat(5_000_000);
        for (String content : List.of("\"" + big + "\"", "{\"schema\": \"" + big + "\"}", big, "{\"a\": [" + "1,".repeat(2_000_000) + "}")) {
            Path file = Files.writeString(dir.resolve("big.json"), content);
            assertThatThrownBy(() -> Baseline.read(file)).isInstanceOf(IOException.class)
                    .hasMessageStartingWith("baseline " + file)
                    .satisfies(e -> assertThat(e.getMessage().length()).as(e.getMessage().substring(0, Math.min(300, e.getMessage().length()))).isLessThan(400));
        }
    }

    private static String baseline(String run, String entry) {
        return ("{'schema': 'chronoscope-baseline/1', 'runs': [{%s'savedAt': 'now', 'host': {'cpuModel': 'x'}, 'timings': [{%s}]}]}")
                .formatted(run, entry).replace('\'', '"');
    }

    private static final String ENTRY = "'test': 'T.m()', 'label': 'region', 'measure': 'net', 'medianNs': 57.1, "
            + "'floorP50Ns': null, 'kept': 200, 'resolved': true, 'quantilesNs': {'p50': 87.0}";

    @Test
    void aBaselineEntryOrRunWithoutARequiredMemberIsNamedWithTheFileAndWhere() throws Exception {
        Path noClock = Files.writeString(dir.resolve("no-clock.json"), baseline("'run': 'r', ", "'key': 'k', " + ENTRY));
        assertThatThrownBy(() -> Baseline.read(noClock)).hasMessage("baseline " + noClock + " does not have the chronoscope-baseline/1 "
                + "shape: runs[0].timings[0] has no \"clock\"; expected a string");

        Path noKey = Files.writeString(dir.resolve("no-key.json"), baseline("'run': 'r', ", "'clock': 'TSC', " + ENTRY));
        assertThatThrownBy(() -> Baseline.read(noKey)).hasMessage("baseline " + noKey + " does not have the chronoscope-baseline/1 "
                + "shape: runs[0].timings[0] has no \"key\"; expected a string");

        Path noRun = Files.writeString(dir.resolve("no-run.json"), baseline("", "'key': 'k', 'clock': 'TSC', " + ENTRY));
        assertThatThrownBy(() -> Baseline.read(noRun)).hasMessage("baseline " + noRun + " does not have the chronoscope-baseline/1 "
                + "shape: runs[0] has no \"run\"; expected a string");
        // saving into it says the same, rather than failing on the missing run id
        assertThatThrownBy(() -> BaselineSave.save(noRun, "run B", HOST, RunRecords.of(List.of()), 10))
                .hasMessageContaining("runs[0] has no \"run\"; expected a string");

        Path wrongType = Files.writeString(dir.resolve("wrong.json"), baseline("'run': 'r', ", "'key': 7, 'clock': 'TSC', " + ENTRY));
        assertThatThrownBy(() -> Baseline.read(wrongType)).hasMessageEndingWith("runs[0].timings[0].key is the number 7.0; expected a string");

        Path valid = Files.writeString(dir.resolve("valid.json"), baseline("'run': 'r', ", "'key': 'k', 'clock': 'TSC', " + ENTRY));
        assertThat(Baseline.read(valid).runs().getFirst().timings().getFirst().floorP50Ns()).isNaN();
    }

    @Test
    void aBaselineThatIsNotUtf8SaysSoAndWhere() throws Exception {
        byte[] good = baseline("'run': 'r', ", "'key': 'k', 'clock': 'TSC', " + ENTRY).replace("T.m()", "T.m\n()").getBytes(StandardCharsets.UTF_8);
        int at = new String(good, StandardCharsets.UTF_8).indexOf("()");
        good[at] = (byte) 0xFF;
        Path file = Files.write(dir.resolve("latin.json"), good);

        assertThatThrownBy(() -> Baseline.read(file)).hasMessage("baseline " + file + " is not UTF-8: the byte 0xFF at offset " + at
                + " (line 2, byte 1 of the line) is not part of a whole UTF-8 character");
    }

    @Test
    void aLargeBaselineOfTimingsNoLongerRunIsListedInLinearTimeAndSummarised() {
        int n = 150_000;
        List<BaselineEntry> entries = new ArrayList<>(n);
        String prefix = "[engine:junit-jupiter]/[class:com.example.some.long.pkg.SomePerformanceTests]/[method:timed";
        for (int i = 0; i < n; i++) {
            entries.add(BaselineEntry.builder(prefix + i + "(dev.chronoscope.Probe)] :: region", "SomePerformanceTests.timed" + i + "(Probe)", "region")
                    .clock("TSC_FENCED").measure("net").medianNs(100).floorP50Ns(40).kept(1000).resolved(true)
                    .quantilesNs(Map.of()).build());
        }
        Baseline baseline = new Baseline(List.of(new Baseline.Run("r", "now", HOST, entries)));

        // linear: well under a second here; the scan per key it replaces took minutes for this many
        BaselineListing listing = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> BaselineListing.of("b.json", baseline, HOST, RunRecords.of(List.of())));

        assertThat(listing.vanished()).hasSize(n);
        assertThat(listing.lines()).hasSize(BaselineListing.LISTED + 1);
        assertThat(listing.lines().getLast()).isEqualTo("in the baseline, not timed in this run: 149,980 more (150,000 in all; "
                + "the run report lists up to 1,000)");
        assertThat(HtmlReport.render(RunRecords.of(List.of()), "now", java.util.Optional.of(listing)))
                .contains("<li>… and 149,000 more (150,000 in all)</li>");
    }
}
