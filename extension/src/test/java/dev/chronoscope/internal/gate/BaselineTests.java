package dev.chronoscope.internal.gate;

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
        return new Baseline.Run(id, "now", host, List.of(BaselineEntry.builder(KEY, "T.m()", "region")
                .clock("TSC_FENCED").measure("net").medianNs(median).floorP50Ns(floor).kept(1000).resolved(true)
                .quantilesNs(Map.of("p50", median)).build()));
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
        BaselineVerdict v = fiveRuns().compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 200, 42, true),
                HOST, 0.10);

        assertThat(v.verdict()).isEqualTo("regressed");
    }

    @Test
    void anotherHostIsInconclusiveNamingTheDifferingFactsNeverARegression() {
        HostFingerprint other = HostFingerprint.builder().fact("cpuModel", "Intel(R) Xeon(R) Processor").tscHz(2100e6).build();

        BaselineVerdict v = fiveRuns().compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 400, 42, true),
                other, 0.10);

        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).isEqualTo("the baseline was saved on a different host: cpuModel: AMD EPYC 7B13 (baseline) vs "
                + "Intel(R) Xeon(R) Processor (this run); tscMHz: 2445 (baseline) vs 2100 (this run) — timings are not compared across hosts");
    }

    @Test
    void aNewTimingAnotherClockOrAnUnresolvedRegionIsInconclusive() {
        Baseline b = fiveRuns();

        assertThat(b.compare(ObservedTiming.of("[class:x.T]/[method:n()] :: region", BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 100, 42, true),
                HOST, 0.10).reason())
                .isEqualTo("no baseline entry for this timing (a new test or label)");
        assertThat(b.compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "CLOCK_MONOTONIC", "net", 100, 42, true),
                HOST, 0.10).reason())
                .isEqualTo("the baseline was timed with TSC_FENCED, this run with CLOCK_MONOTONIC");
        assertThat(b.compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 100, 42, false),
                HOST, 0.10).verdict()).isEqualTo("inconclusive");
    }

    @Test
    void aTestWhoseFloorWasOffTheBaselinesIsInconclusiveNotRegressed() {
        BaselineVerdict v = fiveRuns().compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 300, 130, true),
                HOST, 0.10);

        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).startsWith("this test's probe floor was 130 ns against 42 ns in the baseline runs (their median), x3.10");
    }

    @Test
    void aFloorThatWentDownSaysSoAndDoesNotBlameABusierHost() {
        BaselineVerdict v = fiveRuns().compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 100, 20, true),
                HOST, 0.10);

        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).startsWith("this test's probe floor was 20 ns against 42 ns in the baseline runs (their median), x0.48 lower")
                .contains("the baseline runs ran on a busier host").doesNotContain("the host was busier");
    }

    /** Runs holding one throughput timing, its batch floor per call {@code batchFloor}, its test's latency floor 30 ns. */
    private static Baseline throughputRuns(double batchFloor, double... medians) {
        List<Baseline.Run> runs = new ArrayList<>();
        for (int i = 0; i < medians.length; i++) {
            runs.add(new Baseline.Run("r" + i, "now", HOST, List.of(BaselineEntry.builder(KEY, "T.m()", "region")
                    .clock("TSC_FENCED").measure("net").medianNs(medians[i]).floorP50Ns(30).kept(100_000)
                    .resolved(true).quantilesNs(Map.of("p50", medians[i])).kind("throughput")
                    .kindFloorP50Ns(batchFloor).build())));
        }
        return new Baseline(runs);
    }

    private static ObservedTiming throughput(double median, double batchFloor) {
        return ObservedTiming.of(KEY, BaselineRule.Kind.THROUGHPUT, "TSC_FENCED", "net", median, batchFloor, true);
    }

    @Test
    void aThroughputTimingIsComparedWithTheBaselinesBatchFloorNotItsTestsLatencyFloor() {
        // the baseline's test floor is 30 ns, its batch floor 0.4 ns per call; this run's batch floor 0.42 ns
        BaselineVerdict v = throughputRuns(0.4, 9.0, 9.1, 9.0).compare(throughput(18.2, 0.42), HOST, 0.10);

        assertThat(v.verdict()).as(v.reason()).isEqualTo("regressed");
    }

    @Test
    void aThroughputTimingAgainstABaselineSavedWithOnlyTheTestsFloorSaysToSaveItAgain() {
        List<Baseline.Run> runs = List.of(new Baseline.Run("old", "now", HOST, List.of(BaselineEntry.builder(KEY, "T.m()", "region")
                .clock("TSC_FENCED").measure("net").medianNs(9.0).floorP50Ns(30).kept(100_000).resolved(true)
                .quantilesNs(Map.of("p50", 9.0)).build())));

        BaselineVerdict v = new Baseline(runs).compare(throughput(9.0, 0.4), HOST, 0.10);

        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).startsWith("the baseline holds no throughput floor for this timing").contains("save the baseline again");
    }

    @Test
    void aThroughputBatchFloorOffTheBaselinesSaysWhichWayItMoved() {
        BaselineVerdict up = throughputRuns(0.4, 9.0, 9.1, 9.0).compare(throughput(9.0, 1.0), HOST, 0.10);

        assertThat(up.reason()).startsWith("this timing's batch floor (per call) was 1 ns against 0.4 ns in the baseline runs")
                .contains("x2.50 higher").contains("the host was busier");
    }

    @Test
    void aBatchFloorThatMovedByATinyShareOfTheMedianDoesNotStopTheComparison() {
        // x1.5 in ratio (0.4 -> 0.6 ns per call), but 0.2 ns against a 100 ns median: it cannot explain a 10 % change
        BaselineVerdict v = throughputRuns(0.4, 100, 101, 100).compare(throughput(100.5, 0.6), HOST, 0.10);

        assertThat(v.verdict()).as(v.reason()).isEqualTo("unchanged");
    }

    @Test
    void aLoneThroughputTimingIsJudgedWithTheSpreadPooledOverTheLatencyTimingsOfLikeNoise() {
        List<Baseline.Run> runs = new ArrayList<>();
        double[][] latency = {{200, 300, 400}, {206, 291, 412}, {194, 309, 388}};
        double[] throughput = {50, 51.5, 48.5};
        for (int r = 0; r < 3; r++) {
            List<BaselineEntry> entries = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                entries.add(BaselineEntry.builder("T.m()#chain" + t, "T.m()", "chain" + t).clock("TSC_FENCED")
                        .measure("net").medianNs(latency[r][t]).floorP50Ns(30).kept(100_000).resolved(true)
                        .quantilesNs(Map.of("p50", latency[r][t])).build());
            }
            entries.add(BaselineEntry.builder(KEY, "T.m()", "region").clock("TSC_FENCED").measure("net")
                    .medianNs(throughput[r]).floorP50Ns(30).kept(100_000).resolved(true)
                    .quantilesNs(Map.of("p50", throughput[r])).kind("throughput").kindFloorP50Ns(0.4).build());
            runs.add(new Baseline.Run("r" + r, "now", HOST, entries));
        }

        BaselineVerdict v = new Baseline(runs).compare(throughput(50.5, 0.4), HOST, 0.10);

        assertThat(v.reason()).contains("pooled over the baseline's timings of like noise (8 degrees of freedom)");
        assertThat(v.verdict()).as(v.reason()).isEqualTo("unchanged");
    }

    @Test
    void baselineRunsWhoseFloorsDisagreeWithEachOtherGiveNoControlAndAreInconclusive() {
        // two runs, floors 20 and 80 ns: their median floor, 50 ns, is off both by more than x1.25
        Baseline b = new Baseline(List.of(run("a", 100, 20, HOST), run("b", 100, 80, HOST)));

        BaselineVerdict v = b.compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 100, 50, true),
                HOST, 0.10);

        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).startsWith("the baseline runs' floors disagree with each other beyond x1.25 of their median (50 ns)");
    }

    @Test
    void aSteadyTimingIsPooledWithTimingsOfLikeNoiseNotWithANoisyOne() {
        // three runs of four steady timings (2 % apart) and one that spreads 30 %: pooled with it, the
        // steady one would be judged with a spread of ~15 % (10 degrees of freedom) and be inconclusive
        double[][] steady = {{98, 100, 102}, {196, 200, 204}, {49, 50, 51}, {980, 1000, 1020}};

        BaselineVerdict v = threeRuns(steady, new double[]{70, 100, 140})
                .compare(ObservedTiming.of("[class:x.T]/[method:m0()] :: region", BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 100, 42, true),
                        HOST, 0.10);

        assertThat(v.verdict()).as(v.reason()).isEqualTo("unchanged");
        assertThat(v.reason()).contains("pooled over the baseline's timings of like noise (8 degrees of freedom)");
    }

    @Test
    void aTimingSpreadingMoreThanTwiceAsMuchIsLeftOutOfASteadyOnesPool() {
        // four timings spreading 3.0 % over three runs and one spreading 8.0 % (x2.7): pooled with it,
        // the steady one's 90 % interval at x1.02 reaches x1.12 (spread 4.5 %, 10 degrees of freedom);
        // without it, x1.09 (3.0 %, 8 degrees of freedom), within the 10 % threshold
        double[][] steady = {{97, 100, 103}, {194, 200, 206}, {291, 300, 309}, {388, 400, 412}};

        BaselineVerdict v = threeRuns(steady, new double[]{92, 100, 108})
                .compare(ObservedTiming.of("[class:x.T]/[method:m0()] :: region", BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 102, 42, true),
                        HOST, 0.10);

        assertThat(v.verdict()).as(v.reason()).isEqualTo("unchanged");
        assertThat(v.reason()).contains("for 'unchanged': 3.0 % pooled over the baseline's timings of like noise (8 degrees of freedom)");
    }

    /** Three runs of timings m0, m1, … with {@code steady}'s medians (one row per timing) and a timing 'noisier'. */
    private static Baseline threeRuns(double[][] steady, double[] noisier) {
        List<Baseline.Run> runs = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            List<BaselineEntry> entries = new ArrayList<>();
            for (int t = 0; t < steady.length; t++) {
                entries.add(entry("[class:x.T]/[method:m" + t + "()] :: region", steady[t][r]));
            }
            entries.add(entry("[class:x.T]/[method:noisier()] :: region", noisier[r]));
            runs.add(new Baseline.Run("r" + r, "now", HOST, entries));
        }
        return new Baseline(runs);
    }

    private static BaselineEntry entry(String key, double median) {
        return BaselineEntry.builder(key, "T.m()", "region").clock("TSC_FENCED").measure("net").medianNs(median)
                .floorP50Ns(42).kept(1000).resolved(true).quantilesNs(Map.of("p50", median)).build();
    }

    @Test
    void aBaselineRunWhoseFloorWasOffIsLeftOutOfTheMedians() {
        List<Baseline.Run> runs = new ArrayList<>(fiveRuns().runs());
        runs.add(run("disturbed", 400, 150, HOST));

        BaselineVerdict v = new Baseline(runs).compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 100, 42, true),
                HOST, 0.10);

        assertThat(v.ratio()).as("against the five undisturbed runs").isBetween(0.99, 1.01);
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
        BaselineVerdict v = underQuota(NO_QUOTA).compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 200, 42, true),
                HOST, CI_QUOTA, 0.10);

        assertThat(v.verdict()).as("the quota is not part of the host fingerprint").isEqualTo("regressed");
        assertThat(v.reason()).endsWith("; the baseline ran in another container: "
                + "CPU quota: none (baseline) vs 30000/100000 us (0.30 CPUs) (this run)");
    }

    @Test
    void theSameQuotaOrAnUnknownOneAddsNothing() {
        String same = underQuota(CI_QUOTA).compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 200, 42, true),
                HOST, CI_QUOTA, 0.10).reason();
        String unknown = underQuota(ContainerFacts.NOT_RECORDED).compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 200, 42, true),
                HOST, CI_QUOTA, 0.10)
                .reason();

        assertThat(same).doesNotContain("container").isEqualTo(unknown);
    }

    @Test
    void aFileThatIsNotABaselineIsRefusedNamingIt() throws Exception {
        Path file = Files.writeString(dir.resolve("b.json"), "{\"runs\": []}");

        assertThatThrownBy(() -> Baseline.read(file)).hasMessageStartingWith("baseline " + file + " has schema null; expected");
    }
}
