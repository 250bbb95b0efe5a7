package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BaselineTests {

    @TempDir
    Path dir;

    private static final HostFingerprint HOST = HostFingerprint.builder().fact("cpuModel", "AMD EPYC 7B13").tscHz(2445.4e6).build();
    private static final String KEY = "[class:x.T]/[method:m()] :: region";

    private static Baseline.Run run(String id, double median, double floor, HostFingerprint host) {
        return new Baseline.Run(id, "now", host, List.of(new BaselineEntry(KEY, "T.m()", "region", "TSC_FENCED", "net", median, floor,
                1000, true, Map.of("p50", median))));
    }

    private static Baseline fiveRuns() {
        List<Baseline.Run> runs = new ArrayList<>();
        double[] medians = {98, 100, 102, 99, 101};
        for (int i = 0; i < medians.length; i++) {
            runs.add(run("r" + i, medians[i], 40 + i, HOST));
        }
        return new Baseline(runs);
    }

    @Test
    void aDoubledMedianOnTheSameHostRegresses() {
        BaselineVerdict v = fiveRuns().compare(KEY, "TSC_FENCED", "net", 200, 42, true, HOST, 0.10);

        assertThat(v.verdict()).isEqualTo("regressed");
    }

    @Test
    void anotherHostIsInconclusiveNamingTheDifferingFactsNeverARegression() {
        HostFingerprint other = HostFingerprint.builder().fact("cpuModel", "Intel(R) Xeon(R) Processor").tscHz(2100e6).build();

        BaselineVerdict v = fiveRuns().compare(KEY, "TSC_FENCED", "net", 400, 42, true, other, 0.10);

        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).isEqualTo("the baseline was saved on a different host: cpuModel: AMD EPYC 7B13 (baseline) vs "
                + "Intel(R) Xeon(R) Processor (this run); tscMHz: 2445 (baseline) vs 2100 (this run) — timings are not compared across hosts");
    }

    @Test
    void aNewTimingAnotherClockOrAnUnresolvedRegionIsInconclusive() {
        Baseline b = fiveRuns();

        assertThat(b.compare("[class:x.T]/[method:n()] :: region", "TSC_FENCED", "net", 100, 42, true, HOST, 0.10).reason())
                .isEqualTo("no baseline entry for this timing (a new test or label)");
        assertThat(b.compare(KEY, "CLOCK_MONOTONIC", "net", 100, 42, true, HOST, 0.10).reason())
                .isEqualTo("the baseline was timed with TSC_FENCED, this run with CLOCK_MONOTONIC");
        assertThat(b.compare(KEY, "TSC_FENCED", "net", 100, 42, false, HOST, 0.10).verdict()).isEqualTo("inconclusive");
    }

    @Test
    void aTestWhoseFloorWasOffTheBaselinesIsInconclusiveNotRegressed() {
        BaselineVerdict v = fiveRuns().compare(KEY, "TSC_FENCED", "net", 300, 130, true, HOST, 0.10);

        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).startsWith("this test's probe floor was 130 ns against 42 ns in the baseline runs (their median), x3.10");
    }

    @Test
    void aBaselineRunWhoseFloorWasOffIsLeftOutOfTheMedians() {
        List<Baseline.Run> runs = new ArrayList<>(fiveRuns().runs());
        runs.add(run("disturbed", 400, 150, HOST));

        BaselineVerdict v = new Baseline(runs).compare(KEY, "TSC_FENCED", "net", 100, 42, true, HOST, 0.10);

        assertThat(v.ratio()).as("against the five undisturbed runs").isBetween(0.99, 1.01);
    }

    @Test
    void savingAppendsRunsReplacesTheSameRunKeepsTheLastOnesAndReadsBack() throws Exception {
        Path file = dir.resolve("sub/baseline.json");
        RunRecords records = RunRecords.of(List.of(ReportFixtures.test("region")));

        Baseline.save(file, "run 1", HOST, records, 2);
        Baseline.save(file, "run 2", HOST, records, 2);
        Baseline.save(file, "run 2", HOST, records, 2);
        Baseline saved = Baseline.save(file, "run 3", HOST, records, 2);

        assertThat(saved.runs()).extracting(Baseline.Run::run).containsExactly("run 2", "run 3");
        Baseline read = Baseline.read(file);
        assertThat(read.runs()).extracting(Baseline.Run::run).containsExactly("run 2", "run 3");
        assertThat(read.runs().getLast().timings()).extracting(BaselineEntry::label).containsExactly("invocation", "region");
        assertThat(read.runs().getLast().timings().get(1).quantilesNs()).containsEntry("p50", 150.0);
        assertThat(read.runs().getLast().host()).isEqualTo(HOST);
    }

    private static final ContainerFacts NO_QUOTA = new ContainerFacts("v1 cpu:/ cpuset:/ memory:/", "none", "0-1", "none");
    private static final ContainerFacts CI_QUOTA = new ContainerFacts("v2 cpu:/ci cpuset:/ci memory:/ci",
            "30000/100000 us (0.30 CPUs)", "0-1", "none");

    private static Baseline underQuota(ContainerFacts container) {
        return new Baseline(fiveRuns().runs().stream().map(r -> new Baseline.Run(r.run(), r.savedAt(), r.host(), r.timings(), container))
                .toList());
    }

    @Test
    void aComparisonUnderAnotherCpuQuotaIsStillMadeAndSaysTheQuotaDiffers() {
        BaselineVerdict v = underQuota(NO_QUOTA).compare(KEY, "TSC_FENCED", "net", 200, 42, true, HOST, CI_QUOTA, 0.10);

        assertThat(v.verdict()).as("the quota is not part of the host fingerprint").isEqualTo("regressed");
        assertThat(v.reason()).endsWith("; the baseline ran in another container: "
                + "CPU quota: none (baseline) vs 30000/100000 us (0.30 CPUs) (this run)");
    }

    @Test
    void theSameQuotaOrAnUnknownOneAddsNothing() {
        String same = underQuota(CI_QUOTA).compare(KEY, "TSC_FENCED", "net", 200, 42, true, HOST, CI_QUOTA, 0.10).reason();
        String unknown = underQuota(ContainerFacts.NOT_RECORDED).compare(KEY, "TSC_FENCED", "net", 200, 42, true, HOST, CI_QUOTA, 0.10)
                .reason();

        assertThat(same).doesNotContain("container").isEqualTo(unknown);
    }

    @Test
    void theContainerIsSavedBesideTheFingerprintAndReadBack() throws Exception {
        Path file = dir.resolve("baseline.json");
        Baseline.save(file, "run 1", HOST, CI_QUOTA, RunRecords.of(List.of(ReportFixtures.test("region"))), 2);

        Baseline.Run read = Baseline.read(file).runs().getFirst();
        assertThat(read.container()).isEqualTo(CI_QUOTA);
        assertThat(read.host().facts()).as("not in the fingerprint: CI runners differ in quota").doesNotContainKeys("cpuQuota", "container");
        assertThat(Files.readString(file)).contains("\"container\": {");
    }

    @Test
    void aFileThatIsNotABaselineIsRefusedNamingIt() throws Exception {
        Path file = Files.writeString(dir.resolve("b.json"), "{\"runs\": []}");

        assertThatThrownBy(() -> Baseline.read(file)).hasMessageStartingWith("baseline " + file + " has schema null; expected");
    }
}
