package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AllocationRuleTests {

    private static final HostFingerprint HOST = HostFingerprint.builder().fact("cpuModel", "AMD EPYC 7B13").tscHz(2445.4e6).build();
    private static final String KEY = "[class:x.T]/[method:m()] :: region";

    @Test
    void moreBytesThanEveryBaselineRunBeyondTheToleranceRegressWithTheirOwnLine() {
        AllocationVerdict v = AllocationRule.judge(80.0, List.of(64.0, 64.0, 64.0));

        assertThat(v.regressed()).isTrue();
        assertThat(v.reason()).isEqualTo("allocation 64 → 80 B/call, beyond the baseline runs' 64–64 (3 runs, tolerance 0.6 B/call)");
    }

    @Test
    void theToleranceIsHalfAByteOrOnePercentWhicheverIsLarger() {
        assertThat(AllocationRule.judge(64.6, List.of(64.0)).verdict()).isEqualTo("unchanged");
        assertThat(AllocationRule.judge(64.7, List.of(64.0)).verdict()).isEqualTo("regressed");
        assertThat(AllocationRule.judge(0.4, List.of(0.0)).verdict()).isEqualTo("unchanged");
        assertThat(AllocationRule.judge(0.6, List.of(0.0)).verdict()).isEqualTo("regressed");
        assertThat(AllocationRule.judge(10_090.0, List.of(10_000.0)).verdict()).isEqualTo("unchanged");
        assertThat(AllocationRule.judge(10_110.0, List.of(10_000.0)).verdict()).isEqualTo("regressed");
        assertThat(AllocationRule.judge(40.0, List.of(64.0, 63.9)).verdict()).isEqualTo("improved");
    }

    @Test
    void notCountedHereIsNoVerdictAndNotCountedInTheBaselineIsInconclusive() {
        assertThat(AllocationRule.judge(null, List.of(64.0))).isNull();
        assertThat(AllocationRule.judge(64.0, Arrays.asList(null, null)).verdict()).isEqualTo("inconclusive");
    }

    @Test
    void theBaselineJudgesAllocationIndependentlyOfTheTime() {
        List<Baseline.Run> runs = new ArrayList<>();
        double[] medians = {98, 100, 102};
        for (int i = 0; i < medians.length; i++) {
            runs.add(new Baseline.Run("r" + i, "now", HOST, List.of(new BaselineEntry(KEY, "T.m()", "region", "TSC_FENCED", "net",
                    medians[i], 40, 1000, true, Map.of("p50", medians[i]), "latency", 40, CoreSpeed.UNKNOWN, 64.0))));
        }
        Baseline b = new Baseline(runs);

        BaselineVerdict v = b.compare(new Baseline.Observed(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 100, Double.NaN, 40,
                Double.NaN, true, CoreSpeed.UNKNOWN, 80.0), HOST, 0.10);

        assertThat(v.verdict()).as("the time").isEqualTo("unchanged");
        assertThat(v.allocation().verdict()).isEqualTo("regressed");
        assertThat(v.failsGate()).isTrue();
        assertThat(v.allocation().notGated("not gated: off").gated()).isFalse();
        assertThat(v.withAllocation(v.allocation().notGated("not gated: off")).failsGate()).isFalse();
    }

    @Test
    void theBytesPerCallAreSavedInTheBaselineAndReadBack() throws Exception {
        BaselineEntry e = new BaselineEntry(KEY, "T.m()", "region", "TSC_FENCED", "net", 100, 40, 1000, true, Map.of("p50", 100.0),
                "latency", 40, CoreSpeed.UNKNOWN, 79.972);
        Baseline b = new Baseline(List.of(new Baseline.Run("r", "now", HOST, List.of(e))));
        java.nio.file.Path file = java.nio.file.Files.createTempFile("baseline", ".json");
        try {
            java.nio.file.Files.writeString(file, b.toJson());
            assertThat(Baseline.read(file).runs().getFirst().timings().getFirst().bytesPerCall()).isEqualTo(79.972);
        } finally {
            java.nio.file.Files.delete(file);
        }
    }
}
