package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.Baseline;
import dev.chronoscope.internal.gate.BaselineEntry;
import dev.chronoscope.internal.gate.ContainerFacts;
import dev.chronoscope.internal.gate.HostFingerprint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A run's records saved as a baseline run ({@link BaselineSave}): appended, replaced, kept and read back. */
class BaselineSaveTests {

    private static final HostFingerprint HOST = HostFingerprint.builder().fact("cpuModel", "AMD EPYC 7B13").tscHz(2445.4e6)
            .build();
    private static final ContainerFacts CI_QUOTA = new ContainerFacts("v2 cpu:/ci cpuset:/ci memory:/ci",
            "30000/100000 us (0.30 CPUs)", "0-1", "none");

    @TempDir
    Path dir;

    @Test
    void savingAppendsRunsReplacesTheSameRunKeepsTheLastOnesAndReadsBack() throws Exception {
        Path file = dir.resolve("sub/baseline.json");
        RunRecords records = RunRecords.of(List.of(ReportFixtures.test("region")));

        BaselineSave.save(file, "run 1", HOST, records, 2);
        BaselineSave.save(file, "run 2", HOST, records, 2);
        BaselineSave.save(file, "run 2", HOST, records, 2);
        Baseline saved = BaselineSave.save(file, "run 3", HOST, records, 2);

        assertThat(saved.runs()).extracting(Baseline.Run::run).containsExactly("run 2", "run 3");
        Baseline read = Baseline.read(file);
        assertThat(read.runs()).extracting(Baseline.Run::run).containsExactly("run 2", "run 3");
        assertThat(read.runs().getLast().timings()).extracting(BaselineEntry::label).containsExactly("invocation", "region");
        assertThat(read.runs().getLast().timings().get(1).quantilesNs()).containsEntry("p50", 150.0);
        assertThat(read.runs().getLast().host()).isEqualTo(HOST);
    }

    @Test
    void theContainerIsSavedBesideTheFingerprintAndReadBack() throws Exception {
        Path file = dir.resolve("baseline.json");
        BaselineSave.save(file, "run 1", HOST, CI_QUOTA, RunRecords.of(List.of(ReportFixtures.test("region"))), 2);

        Baseline.Run read = Baseline.read(file).runs().getFirst();
        assertThat(read.container()).isEqualTo(CI_QUOTA);
        assertThat(read.host().facts()).as("not in the fingerprint: CI runners differ in quota").doesNotContainKeys("cpuQuota", "container");
        assertThat(Files.readString(file)).contains("\"container\": {");
    }

    @Test
    void aSaveThatFailsOnAFullDiskLeavesNoTemporaryFile() throws Exception {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.isWritable(full), "needs /dev/full, which fails every write with ENOSPC as a full disk does");
        Path file = dir.resolve("baseline.json");
        // the save's temporary file, made a link to /dev/full: it is opened, then the write fails, as on a full disk
        Files.createSymbolicLink(dir.resolve("baseline.json." + ProcessHandle.current().pid() + ".tmp"), full);

        assertThatThrownBy(() -> BaselineSave.save(file, "run 1", HOST, RunRecords.of(List.of(ReportFixtures.test("region"))), 2))
                .hasMessageContaining("No space left on device");

        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no temporary file, no baseline").doesNotContain(
                    "baseline.json." + ProcessHandle.current().pid() + ".tmp", "baseline.json");
        }
    }
}
