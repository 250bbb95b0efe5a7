package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.CoreSpeed;
import dev.chronoscope.internal.gate.ContainerFacts;
import dev.chronoscope.internal.json.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Several JVMs of one run, one report: the records of the run from every file, and no other run's. */
class RunRecordsTests {

    @TempDir
    Path dir;

    static String record(String run, String test, long pid) {
        return ("{'schema':'chronoscope-test/1','run':'%s','test':'%s','uniqueId':'[class:x.%s]','displayName':'d','outcome':'passed',"
                + "'pid':%d,'clock':{'id':'NANO_TIME','readMethod':'System.nanoTime()','unit':'ns'},'frequency':null,'host':'h',"
                + "'floor':{'ns':{'p50':30}},'floorSubtracted':false,'warnings':[],'timings':[{'label':'invocation','kept':1,"
                + "'dropped':{'cpuMigration':0,'negativeDelta':0},'rawNs':{'p50':1000},'netNs':null,'verdict':'RESOLVED',"
                + "'verdictReason':'resolved','distribution':null}]}").formatted(run, test, test, pid).replace('\'', '"');
    }

    @Test
    void aRecordWrittenBeforeClaimsModesAndTimingFloorsReadsWithNoneAndLatency() throws Exception {
        ReportedTest old = ReportedTest.fromJson(JsonParser.parseObject(record("run A", "Old", 1)));

        assertThat(old.claims()).isEmpty();
        ReportedTiming t = old.timings().getFirst();
        assertThat(t.mode()).isEqualTo("latency");
        assertThat(t.callsPerSample()).isEqualTo(1);
        assertThat(t.bytesPerCall()).isNull();
        assertThat(t.medianLowNs()).isNaN();
        assertThat(t.floorNs(30)).as("a latency timing of an old record: the test's floor").isEqualTo(30);
    }

    @Test
    void anOldThroughputTimingHasNoFloorToDrawNotTheLatencyFloor() {
        ReportedTiming t = new ReportedTiming("batch", 100, 0, 0, null, null, "RESOLVED", "r", null, null, "throughput", 64, 24.0,
                Double.NaN, Double.NaN, Double.NaN);

        assertThat(t.floorNs(30)).isNaN();
        assertThat(t.modeText()).isEqualTo("throughput, k = 64");
    }

    @Test
    void aClaimOnATimingTheRecordDoesNotHoldIsAnErrorNamingIt() {
        ReportedTest t = ReportFixtures.test("r");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> t.toBuilder().gate(null).floorSubtracted(true)
                .warnings(List.of()).comparisons(List.of()).container(ContainerFacts.NOT_RECORDED)
                .claims(List.of(new ClaimRecord(List.of(5), "p50 < 1 ms", "passed", "passed", "m")))
                .coreSpeed(CoreSpeed.UNKNOWN).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessage("claim 'p50 < 1 ms' on timing 5 in a record of 2 timings");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ClaimRecord(List.of(0), "c", "maybe", "passed", "m"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("claim outcome 'maybe': expected passed, failed or inconclusive");
    }

    @Test
    void readsTheRunsRecordsFromEveryJvmsFileAndLeavesOtherRunsOut() throws Exception {
        Files.writeString(dir.resolve("chronoscope-20261130-120000-100-aaaaa.jsonl"), record("run A", "First", 100) + "\n"
                + record("run A", "Second", 100) + "\n");
        Files.writeString(dir.resolve("chronoscope-20261130-120001-101-bbbbb.jsonl"), record("run A", "Third", 101) + "\n"
                + "{\"cut\": \n");
        Files.writeString(dir.resolve("chronoscope-20261129-090000-55-ccccc.jsonl"), record("run B", "Stale", 55) + "\n");

        RunRecords records = RunRecords.read(dir, "run A");

        assertThat(records.tests()).extracting(ReportedTest::test).containsExactly("First", "Second", "Third");
        assertThat(records.files()).isEqualTo(2);
        assertThat(records.unreadable()).as("a line another JVM is still writing").isEqualTo(1);
    }

    @Test
    void theReportIsReplacedWholeAndCoversTheRun() throws Exception {
        Files.writeString(dir.resolve("chronoscope-20261130-120000-100-aaaaa.jsonl"), record("run A", "First", 100) + "\n");
        RunReport.write(dir, RunRecords.read(dir, "run A"), Optional.empty());
        Files.writeString(dir.resolve("chronoscope-20261130-120001-101-bbbbb.jsonl"), record("run A", "Second", 101) + "\n");

        RunReport.Written written = RunReport.write(dir, RunRecords.read(dir, "run A"), Optional.empty());

        assertThat(Files.readString(written.html())).contains(">First</h2>").contains(">Second</h2>").contains("from 2 record files (one per JVM and run)");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList())
                    .as("no temporary file left").isEmpty();
        }
        assertThat(JsonParser.parse(Files.readString(written.jmh()))).as("no distributions, no JMH entries").isEqualTo(List.of());
    }
}
