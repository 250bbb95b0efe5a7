package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.JsonParser;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The core's speed as the gate's guard on region timings, with the figures of the bhyve guest
 * where it was found: the reference at 0.75 ns per step in the fast state and 1.0 in the slow one, a
 * 200-step chain's throughput at 190 and 211 ns with them.
 */
class SpeedControlTests {

    private static final HostFingerprint HOST = HostFingerprint.builder().fact("cpuModel", "AMD Turin").tscHz(2096e6).build();
    private static final String KEY = "[class:x.T]/[method:m()] :: chain";
    private static final CoreSpeed FAST = new CoreSpeed(0.75, 0.755);
    private static final CoreSpeed SLOW = new CoreSpeed(0.99, 1.0);

    /** Ten baseline runs of the chain, the i-th at {@code medians[i]} ns with the core at {@code speeds[i]}. */
    private static Baseline baseline(double[] medians, CoreSpeed... speeds) {
        List<Baseline.Run> runs = new ArrayList<>();
        for (int i = 0; i < medians.length; i++) {
            runs.add(new Baseline.Run("r" + i, "now", HOST, List.of(BaselineEntry.builder(KEY, "T.m()", "chain")
                    .clock("TSC_FENCED").measure("net").medianNs(medians[i]).floorP50Ns(30).kept(20_000)
                    .resolved(true).quantilesNs(Map.of("p50", medians[i])).kind("throughput").kindFloorP50Ns(0.4)
                    .coreSpeed(speeds[i % speeds.length]).build())));
        }
        return new Baseline(runs);
    }

    private static final double[] FAST_RUNS = {189, 190, 191, 190, 188, 190, 192, 190, 189, 191};

    private static BaselineVerdict judge(Baseline b, double median, CoreSpeed speed) {
        return judge(b, BaselineRule.Kind.THROUGHPUT, median, speed);
    }

    private static BaselineVerdict judge(Baseline b, BaselineRule.Kind kind, double median, CoreSpeed speed) {
        return b.compare(ObservedTiming.of(KEY, kind, "TSC_FENCED", "net", median, kind == BaselineRule.Kind.THROUGHPUT ? 0.4 : 30, true)
                .withTestFloorNs(30).withCoreSpeed(speed), HOST, 0.10);
    }

    @Test
    void unchangedCodeReadInTheSlowStateAgainstFastRunsOnlyIsInconclusiveNamingTheSpeedsNotRegressed() {
        Baseline b = baseline(FAST_RUNS, FAST);

        BaselineVerdict v = judge(b, 211, SLOW);

        assertThat(v.verdict()).as(v.reason()).isEqualTo("inconclusive");
        assertThat(v.reason()).startsWith("the core ran at another speed than in the baseline runs: its speed reference read"
                + " 0.990 ns per multiply-add before the test, 1.000 after, against 0.750 ns per multiply-add in the baseline runs"
                + " (the median of their faster readings), x1.33, beyond x1.10; as read it is regressed (ratio 1.1")
                .contains("code slows with the core by more or less than this reference");
    }

    @Test
    void withoutTheCoresSpeedTheSameFiguresAreFalselyRegressed() {
        // the control is what tells them apart: the same medians, speeds unknown
        BaselineVerdict v = judge(baseline(FAST_RUNS, CoreSpeed.UNKNOWN), 211, CoreSpeed.UNKNOWN);

        assertThat(v.verdict()).as(v.reason()).isEqualTo("regressed");
    }

    @Test
    void anUnchangedVerdictAndARunAtTheBaselinesSpeedAreJudgedAsBefore() {
        double[] mixed = {190, 211, 189, 191, 212, 190, 188, 210, 191, 190};
        CoreSpeed[] speeds = {FAST, SLOW, FAST, FAST, SLOW, FAST, FAST, SLOW, FAST, FAST};
        Baseline b = baseline(mixed, speeds);

        // the baseline has seen the slow state: no regression to guard, whatever the speed
        assertThat(judge(b, 211, SLOW).verdict()).as(judge(b, 211, SLOW).reason()).isNotEqualTo("regressed");
        BaselineVerdict regressed = judge(baseline(FAST_RUNS, FAST), 2 * 190, FAST);
        assertThat(regressed.verdict()).as(regressed.reason()).isEqualTo("regressed");
        assertThat(regressed.reason()).doesNotContain("core");
    }

    @Test
    void aLatencyTimingReadInTheSlowStateIsGuardedToo() {
        // one call alone of a 60-step chain read 50-51 ns net in the fast state and 60-70 ns in the slow one (core 0.96-0.97
        // ns per step), the floor 30 ns in both: fresh JVMs of the gate's fixture, docs/evidence/gate-validation.md
        double[] fast = {50, 50, 51, 50, 50, 51, 50, 50, 50, 51};
        BaselineVerdict slow = judge(latency(fast, FAST), BaselineRule.Kind.LATENCY, 70, SLOW);

        assertThat(slow.verdict()).as(slow.reason()).isEqualTo("inconclusive");
        assertThat(slow.reason()).startsWith("the core ran at another speed than in the baseline runs").contains("as read it is regressed");
        // at the baseline's speed the same median is a regression, and a test's invocation is judged as read
        assertThat(judge(latency(fast, FAST), BaselineRule.Kind.LATENCY, 70, FAST).verdict()).isEqualTo("regressed");
        BaselineVerdict invocation = judge(latency(fast, FAST), BaselineRule.Kind.INVOCATION, 140, SLOW);
        assertThat(invocation.reason()).doesNotContain("core");
    }

    /** Ten baseline runs of a latency timing, the i-th at {@code medians[i]} ns, the core at {@code speed}. */
    private static Baseline latency(double[] medians, CoreSpeed speed) {
        List<Baseline.Run> runs = new ArrayList<>();
        for (int i = 0; i < medians.length; i++) {
            runs.add(new Baseline.Run("r" + i, "now", HOST, List.of(BaselineEntry.builder(KEY, "T.m()", "chain")
                    .clock("TSC_FENCED").measure("net").medianNs(medians[i]).floorP50Ns(30).kept(20_000)
                    .resolved(true).quantilesNs(Map.of("p50", medians[i])).kind("latency").kindFloorP50Ns(30)
                    .coreSpeed(speed).build())));
        }
        return new Baseline(runs);
    }

    @Test
    void anImprovementReadOnAFasterCoreIsInconclusiveARegressionIsJudged() {
        CoreSpeed faster = new CoreSpeed(0.56, 0.57);
        Baseline b = baseline(FAST_RUNS, FAST);

        assertThat(judge(b, 160, faster).verdict()).as(judge(b, 160, faster).reason()).isEqualTo("inconclusive");
        assertThat(judge(b, 120, faster).reason()).contains("the median of their slower readings");
        // and a regression on a faster core is judged as read: the faster core cannot have made it
        assertThat(judge(b, 380, faster).verdict()).as(judge(b, 380, faster).reason()).isEqualTo("regressed");
    }

    @Test
    void aRegressionReadOnASlowerCoreStandsOnlyBeyondTheSlowdownSquared() {
        // in one JVM whose reference read 1.43x slower, a sort read 1.77x slower: up to the slowdown squared is the host's
        Baseline b = baseline(FAST_RUNS, FAST);

        BaselineVerdict within = judge(b, 1.5 * 190, SLOW);
        assertThat(within.verdict()).as(within.reason()).isEqualTo("inconclusive");
        assertThat(within.reason()).contains("as read it is regressed (ratio 1.500)");

        // the core x1.33 slower: code slows up to x1.78; a change of x4 is beyond that, and the verdict says why it stands
        BaselineVerdict beyond = judge(b, 4 * 190, SLOW);
        assertThat(beyond.verdict()).as(beyond.reason()).isEqualTo("regressed");
        assertThat(beyond.reason()).startsWith("the core ran x1.33 slower than in the baseline runs (0.990 ns per multiply-add before "
                + "the test, 1.000 after) and none of them ran at that speed; code slows with the core by up to that squared, x1.78, "
                + "and the change lies beyond it");
        // and an improvement read on a faster core, the other way round
        CoreSpeed faster = new CoreSpeed(0.56, 0.57);
        assertThat(judge(b, 190 / 1.5, faster).verdict()).isEqualTo("inconclusive");
        assertThat(judge(b, 190 / 4.0, faster).verdict()).isEqualTo("improved");
    }

    @Test
    void aRegressionReadOnASlowerCoreIsJudgedAgainstTheBaselineRunsOfThatSpeedWhereThereAreAny() {
        double[] mostlyFast = {190, 211, 189, 191, 190, 192, 188, 210, 191, 190};
        CoreSpeed[] speeds = {FAST, SLOW, FAST, FAST, FAST, FAST, FAST, SLOW, FAST, FAST};
        Baseline b = baseline(mostlyFast, speeds);

        BaselineVerdict slowed = judge(b, 1.5 * 211, SLOW);

        assertThat(slowed.verdict()).as(slowed.reason()).isEqualTo("regressed");
        assertThat(slowed.ratio()).isCloseTo(1.5, org.assertj.core.api.Assertions.within(0.01));
        assertThat(slowed.reason()).startsWith("the core ran x1.33 slower than in the baseline runs (0.990 ns per multiply-add before the "
                + "test, 1.000 after), so this is judged against the 2 of them whose core ran at this test's slower speed throughout; ");
        // unchanged code in the slow state, against the slow runs: no regression
        assertThat(judge(b, 212, SLOW).verdict()).as(judge(b, 212, SLOW).reason()).isNotEqualTo("regressed");
        // a test whose core changed speed during it may have timed in either state: against the slower state's runs, the
        // state explains none of a regression still read there
        BaselineVerdict changed = judge(b, 1.5 * 211, new CoreSpeed(0.75, 1.0));
        assertThat(changed.verdict()).as(changed.reason()).isEqualTo("regressed");
        assertThat(judge(b, 1.04 * 211, new CoreSpeed(0.75, 1.0)).verdict()).isNotEqualTo("regressed");
        // a baseline whose runs all changed speed during them holds no run of a known state: inconclusive, as without like runs
        BaselineVerdict none = judge(baseline(FAST_RUNS, FAST, new CoreSpeed(0.75, 1.0)), 1.5 * 211, SLOW);
        assertThat(none.verdict()).as(none.reason()).isEqualTo("inconclusive");
        assertThat(none.reason()).startsWith("the core ran at another speed than in the baseline runs");
    }

    @Test
    void readingsOfTheOtherReferencesChainsAreNotCompared() {
        // a baseline read with the Java chains, a run read with the C ones: the speeds are another measure, unknown here
        CoreSpeed slowInC = new CoreSpeed(0.99, 1.0, CoreSpeed.NATIVE);

        BaselineVerdict v = judge(baseline(FAST_RUNS, FAST), 211, slowInC);

        assertThat(v.verdict()).as(v.reason()).isEqualTo("regressed");
        assertThat(v.reason()).doesNotContain("core");
        // against runs read with the same chains, the guard applies as before
        BaselineVerdict like = judge(baseline(FAST_RUNS, new CoreSpeed(0.75, 0.755, CoreSpeed.NATIVE)), 211, slowInC);
        assertThat(like.verdict()).as(like.reason()).isEqualTo("inconclusive");
    }

    @Test
    void aBaselineSavedBeforeSpeedsWereReadIsJudgedAsBefore() {
        BaselineVerdict v = judge(baseline(FAST_RUNS, CoreSpeed.UNKNOWN), 190, SLOW);

        assertThat(v.verdict()).as(v.reason()).isEqualTo("unchanged");
    }

    @Test
    void theCoresSpeedRoundTripsThroughTheBaselineFile() {
        BaselineEntry e = BaselineEntry.builder(KEY, "T.m()", "chain").clock("TSC_FENCED").measure("net")
                .medianNs(190).floorP50Ns(30).kept(20_000).resolved(true).quantilesNs(Map.of("p50", 190.0))
                .kind("latency").kindFloorP50Ns(30).coreSpeed(SLOW).build();

        Map<String, Object> json = new java.util.HashMap<>(JsonParser.parseObject(e.toJson().toString()));
        assertThat(BaselineEntry.fromJson(json, "entry").coreSpeed()).isEqualTo(SLOW);
        json.remove("coreSpeed");
        assertThat(BaselineEntry.fromJson(json, "entry").coreSpeed()).isEqualTo(CoreSpeed.UNKNOWN);
        // entries saved before the reference was named were read with the Java chains
        BaselineEntry inC = BaselineEntry.builder(KEY, "T.m()", "chain").clock("TSC_FENCED").measure("net")
                .medianNs(190).floorP50Ns(30).kept(20_000).resolved(true).quantilesNs(Map.of("p50", 190.0))
                .kind("latency").kindFloorP50Ns(30).coreSpeed(new CoreSpeed(0.7, 0.71, CoreSpeed.NATIVE)).build();
        Map<String, Object> c = new java.util.HashMap<>(JsonParser.parseObject(inC.toJson().toString()));
        assertThat(BaselineEntry.fromJson(c, "entry").coreSpeed().reference()).isEqualTo(CoreSpeed.NATIVE);
        @SuppressWarnings("unchecked")
        Map<String, Object> speed = new java.util.HashMap<>((Map<String, Object>) c.get("coreSpeed"));
        speed.remove("reference");
        c.put("coreSpeed", speed);
        assertThat(BaselineEntry.fromJson(c, "entry").coreSpeed().reference()).isEqualTo(CoreSpeed.JAVA);
    }
}
