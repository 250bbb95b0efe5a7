package dev.chronoscope.internal.gate;

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
        assertThat(v.reason()).isEqualTo("allocation 64 → 80 B/call, beyond the baseline runs' 64–64 (3 runs, tolerance 0.5 B/call)");
    }

    @Test
    void theToleranceIsHalfAByteOrAFiftiethOfAPercentWhicheverIsLarger() {
        assertThat(AllocationRule.judge(64.5, List.of(64.0)).verdict()).isEqualTo("unchanged");
        assertThat(AllocationRule.judge(64.6, List.of(64.0)).verdict()).isEqualTo("regressed");
        assertThat(AllocationRule.judge(0.4, List.of(0.0)).verdict()).isEqualTo("unchanged");
        assertThat(AllocationRule.judge(0.6, List.of(0.0)).verdict()).isEqualTo("regressed");
        assertThat(AllocationRule.judge(16_408.0, List.of(16_400.0)).verdict()).isEqualTo("unchanged");
        assertThat(AllocationRule.judge(16_416.0, List.of(16_400.0)).verdict()).as("16 B more in 16 kB").isEqualTo("regressed");
        assertThat(AllocationRule.judge(40.0, List.of(64.0, 63.9)).verdict()).isEqualTo("improved");
    }

    @Test
    void aSettledFigureMovingWithinWhatItsUnchangedFirstCallsAllocateIsTheJitsAndNotJudged() {
        // a Guava hash of 64 B in fresh JVMs: settled at 96, 256 or 272 B per call, its first calls 332 in every one
        AllocationVerdict rose = AllocationRule.judge(counted(272, 332), List.of(counted(256, 332)));
        assertThat(rose.verdict()).isEqualTo("inconclusive");
        assertThat(rose.reason()).isEqualTo("allocation 256 → 272 B/call, beyond the baseline runs' 256–256 (1 run, tolerance 0.5"
                + " B/call), but within what its first calls allocate before C2's escape analysis (332 B/call; the baseline's 332):"
                + " the JIT removed less of it in this JVM, as it can for unchanged code; not judged");
        AllocationVerdict fell = AllocationRule.judge(counted(96, 332.5), List.of(counted(256, 332), counted(272, 333)));
        assertThat(fell.verdict()).isEqualTo("inconclusive");
        assertThat(fell.reason()).contains("C2's escape analysis removed more of it in this JVM");
    }

    @Test
    void aRiseOfTheFirstCallsIsTheCodesAndStillRegresses() {
        AllocationVerdict code = AllocationRule.judge(counted(272, 348), List.of(counted(256, 332)));
        assertThat(code.verdict()).isEqualTo("regressed");
        assertThat(code.reason()).endsWith("; its first calls, before C2's escape analysis: 332 → 348 B/call");
        // first calls within their 1 % of each other, but escape analysis removed nothing in the baseline: the code's
        // (a 16.4 kB region, its first calls raised by one-time work here and there)
        assertThat(AllocationRule.judge(counted(16_416, 16_433), List.of(counted(16_400, 16_417))).verdict()).isEqualTo("regressed");
        // beyond the fewest bytes any run's first calls allocated
        assertThat(AllocationRule.judge(counted(300, 306), List.of(counted(232, 296))).verdict()).isEqualTo("regressed");
        // beyond the first calls themselves: not what escape analysis left
        assertThat(AllocationRule.judge(counted(400, 332), List.of(counted(256, 332))).verdict()).isEqualTo("regressed");
        // a baseline without its first calls counted: judged on the settled figures alone
        assertThat(AllocationRule.judge(counted(272, 332), List.of(new AllocationRule.Counted(256.0, null))).verdict())
                .isEqualTo("regressed");
        // first calls that ran code compiled before them, here or in the baseline: escape analysis cannot be told apart
        AllocationRule.Counted compiled = new AllocationRule.Counted(336.0, new AllocationRule.FirstCalls(336, true));
        AllocationVerdict untold = AllocationRule.judge(compiled, List.of(counted(280, 280)));
        assertThat(untold.verdict()).isEqualTo("inconclusive");
        assertThat(untold.reason()).endsWith("but the first calls of this run ran code the JVM had compiled before them, so C2's"
                + " escape analysis, which removes a different share in each JVM, cannot be told from a change of the code; not judged");
        assertThat(AllocationRule.judge(counted(280, 280), List.of(compiled)).reason()).contains("the first calls of a baseline run");
        assertThat(AllocationRule.judge(compiled, List.of(new AllocationRule.Counted(336.0, null))).verdict()).isEqualTo("unchanged");
        // fell while the code allocates more: escape analysis hid the change in this JVM, so neither verdict is given
        AllocationVerdict hidden16 = AllocationRule.judge(counted(264, 320), List.of(counted(288, 304)));
        assertThat(hidden16.verdict()).isEqualTo("inconclusive");
        assertThat(hidden16.reason()).contains("its first calls, before C2's escape analysis: 304 → 320 B/call: the code allocates more");
        // 16 B less in 16 kB that escape analysis leaves alone, its first calls within their 1 %: improved
        assertThat(AllocationRule.judge(counted(16_384, 16_390), List.of(counted(16_400, 16_400))).verdict()).isEqualTo("improved");
        // code that allocates less before C2 is improved, whatever escape analysis does
        assertThat(AllocationRule.judge(counted(96, 300), List.of(counted(256, 332))).verdict()).isEqualTo("improved");
        // within the range while the first calls rose: the code changed, escape analysis hid it here
        AllocationVerdict hidden = AllocationRule.judge(counted(256, 348), List.of(counted(256, 332)));
        assertThat(hidden.verdict()).isEqualTo("inconclusive");
        assertThat(hidden.reason()).endsWith("; its first calls, before C2's escape analysis: 332 → 348 B/call: the code allocates"
                + " more, and C2's escape analysis removed it in this JVM; not judged");
    }

    private static AllocationRule.Counted counted(double settled, double firstCalls) {
        return new AllocationRule.Counted(settled, new AllocationRule.FirstCalls(firstCalls, false));
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
            runs.add(new Baseline.Run("r" + i, "now", HOST, List.of(BaselineEntry.builder(KEY, "T.m()", "region")
                    .clock("TSC_FENCED").measure("net").medianNs(medians[i]).floorP50Ns(40).kept(1000).resolved(true)
                    .quantilesNs(Map.of("p50", medians[i])).kind("latency").kindFloorP50Ns(40)
                    .coreSpeed(CoreSpeed.UNKNOWN).bytesPerCall(64.0).build())));
        }
        Baseline b = new Baseline(runs);

        BaselineVerdict v = b.compare(ObservedTiming.of(KEY, BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", 100, 40, true)
                .withAllocation(80.0, null), HOST, 0.10);

        assertThat(v.verdict()).as("the time").isEqualTo("unchanged");
        assertThat(v.allocation().verdict()).isEqualTo("regressed");
        assertThat(v.failsGate()).isTrue();
        assertThat(v.allocation().notGated("not gated: off").gated()).isFalse();
        assertThat(v.withAllocation(v.allocation().notGated("not gated: off")).failsGate()).isFalse();
    }

    @Test
    void theBytesPerCallAreSavedInTheBaselineAndReadBack() throws Exception {
        BaselineEntry e = BaselineEntry.builder(KEY, "T.m()", "region").clock("TSC_FENCED").measure("net")
                .medianNs(100).floorP50Ns(40).kept(1000).resolved(true).quantilesNs(Map.of("p50", 100.0))
                .kind("latency").kindFloorP50Ns(40).coreSpeed(CoreSpeed.UNKNOWN).bytesPerCall(79.972)
                .firstCalls(new AllocationRule.FirstCalls(96.5, false)).build();
        Baseline b = new Baseline(List.of(new Baseline.Run("r", "now", HOST, List.of(e))));
        java.nio.file.Path file = java.nio.file.Files.createTempFile("baseline", ".json");
        try {
            java.nio.file.Files.writeString(file, b.toJson());
            assertThat(Baseline.read(file).runs().getFirst().timings().getFirst().bytesPerCall()).isEqualTo(79.972);
            assertThat(Baseline.read(file).runs().getFirst().timings().getFirst().firstCalls()).isEqualTo(new AllocationRule.FirstCalls(96.5, false));
        } finally {
            java.nio.file.Files.delete(file);
        }
    }
}
