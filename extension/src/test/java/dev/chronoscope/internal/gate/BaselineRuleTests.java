package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.gate.BaselineRule.Kind;
import dev.chronoscope.internal.gate.BaselineRule.RunMedian;
import dev.chronoscope.internal.gate.BaselineRule.Spread;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class BaselineRuleTests {

    /** Three runs 2 % apart around 100 ns. */
    private static final List<Double> STEADY = List.of(98.0, 100.0, 102.0);

    @Test
    void aTwofoldSlowdownAgainstSteadyRunsIsARegressionWithTheRatioAndItsInterval() {
        BaselineVerdict v = BaselineRule.judge(200, STEADY, 0.10);

        assertThat(v.verdict()).isEqualTo("regressed");
        assertThat(v.ratio()).isCloseTo(2.0, within(0.01));
        assertThat(v.low()).isGreaterThan(1.0).isLessThan(v.ratio());
        assertThat(v.high()).isGreaterThan(v.ratio());
        assertThat(v.reason()).contains("median 200 ns vs 100.0 ns (geometric mean of 3 baseline runs)").contains("threshold 10 %");
    }

    @Test
    void threeSteadyRunsAreEnoughForUnchanged() {
        BaselineVerdict v = BaselineRule.judge(100, STEADY, 0.10);

        assertThat(v.verdict()).as(v.reason()).isEqualTo("unchanged");
        assertThat(v.reason()).startsWith("90 % interval x0.9");
    }

    @Test
    void threeRunsThatSpreadMorePayForTheirFewDegreesOfFreedom() {
        List<Double> fivePercent = List.of(95.0, 100.0, 105.0);

        BaselineVerdict v = BaselineRule.judge(100, fivePercent, 0.10);

        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).contains("between-run spread used: 5.0 % from this timing's 3 baseline runs");
        // the same spread pooled over many timings costs the normal quantile, not Student's with 2 df
        BaselineVerdict pooled = BaselineRule.judge(Kind.LATENCY, RunMedian.of(100), fivePercent.stream().map(RunMedian::of).toList(),
                Optional.of(new Spread(0.051, 40, "5.1 % pooled")), 0.10);
        assertThat(v.high() / v.ratio()).isGreaterThan(1.5);
        assertThat(pooled.high() / pooled.ratio()).isLessThan(1.25);
    }

    @Test
    void withAPoolAFewRunsThatHappenToSpreadMoreAreJudgedWithThePoolTheyBelongTo() {
        // three runs 3 % apart; the baseline's timings of like noise, these runs among them, pool to 2 % with 40 degrees
        BaselineVerdict v = BaselineRule.judge(Kind.LATENCY, RunMedian.of(100), List.of(97.0, 100.0, 103.0).stream()
                .map(RunMedian::of).toList(), Optional.of(new Spread(0.02, 40, "2.0 % pooled")), 0.10);

        assertThat(v.reason()).contains("between-run spread used: 2.0 % pooled");
        assertThat(v.verdict()).as(v.reason()).isEqualTo("unchanged");
    }

    @Test
    void unchangedIsJudgedWithThePoolOfItsSteadierKinAndARegressionWithTheWiderOne() {
        // three runs 3 % apart; pooled with a noisier timing 6 %, without it 2 %
        List<RunMedian> runs = List.of(97.0, 100.0, 103.0).stream().map(RunMedian::of).toList();
        Optional<Spread> wide = Optional.of(new Spread(0.06, 10, "6.0 % pooled"));
        Optional<Spread> steadier = Optional.of(new Spread(0.02, 8, "2.0 % pooled"));

        BaselineVerdict same = BaselineRule.judge(Kind.LATENCY, RunMedian.of(100), runs, wide, steadier, 0.10);
        BaselineVerdict slower = BaselineRule.judge(Kind.LATENCY, RunMedian.of(112), runs, wide, steadier, 0.10);

        assertThat(same.verdict()).as(same.reason()).isEqualTo("unchanged");
        assertThat(same.reason()).contains("between-run spread used: 6.0 % pooled; for 'unchanged': 2.0 % pooled");
        // with 2 % its 99 % interval would lie above 1 (x1.04..x1.21); with 6 %, x0.88..x1.42
        assertThat(slower.verdict()).as(slower.reason()).isEqualTo("inconclusive");
        assertThat(BaselineRule.judge(Kind.LATENCY, RunMedian.of(112), runs, steadier, 0.10).verdict()).isEqualTo("regressed");
    }

    @Test
    void noRegressionWhileABaselineRunWasAsSlowAndNoImprovementWhileOneWasAsFast() {
        // three runs, one of them in a slower mode (as a JIT decision makes some runs of a throughput
        // timing 11-20 % slower); the pool stands in for their spread at 2 %, so its interval alone
        // would call 1.13x certain
        List<RunMedian> runs = new java.util.ArrayList<>(List.of(RunMedian.of(100), RunMedian.of(101), RunMedian.of(121)));
        java.util.Optional<BaselineRule.Spread> pool = java.util.Optional.of(new BaselineRule.Spread(0.02, 60, "2 % pooled"));

        BaselineVerdict asSlow = BaselineRule.judge(Kind.LATENCY, RunMedian.of(121), runs, pool, 0.10);
        assertThat(asSlow.verdict()).isEqualTo("inconclusive");
        assertThat(asSlow.reason()).startsWith("the change exceeds the threshold and the interval, but a baseline run read 121 ns, "
                + "as far out: one run of the unchanged code was already this slow; ");
        assertThat(BaselineRule.judge(Kind.LATENCY, RunMedian.of(122), runs, pool, 0.10).verdict())
                .as("beyond the slowest run").isEqualTo("regressed");

        runs.set(2, RunMedian.of(80));
        assertThat(BaselineRule.judge(Kind.LATENCY, RunMedian.of(80), runs, pool, 0.10).reason())
                .contains("a baseline run read 80 ns, as far out: one run of the unchanged code was already this fast");
        assertThat(BaselineRule.judge(Kind.LATENCY, RunMedian.of(79), runs, pool, 0.10).verdict()).isEqualTo("improved");
    }

    @Test
    void aHalvingIsAnImprovement() {
        assertThat(BaselineRule.judge(50, STEADY, 0.10).verdict()).isEqualTo("improved");
    }

    @Test
    void aChangeBeyondTheThresholdButWithinTheBetweenRunNoiseIsInconclusive() {
        List<Double> noisy = List.of(80.0, 100.0, 125.0);

        BaselineVerdict v = BaselineRule.judge(130, noisy, 0.10);

        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).startsWith("the change exceeds the threshold but not the between-run noise");
    }

    @Test
    void aChangeWithinTheNoiseButBelowTheThresholdIsNotARegression() {
        assertThat(BaselineRule.judge(105, List.of(100.0, 100.0, 100.0, 100.0, 100.0), 0.10).verdict()).isNotEqualTo("regressed");
    }

    @Test
    void withOneRunTheSpreadIsAssumedWideSoOnlyLargeChangesAreDecided() {
        BaselineVerdict doubled = BaselineRule.judge(200, List.of(100.0), 0.10);
        BaselineVerdict slightly = BaselineRule.judge(125, List.of(100.0), 0.10);

        assertThat(doubled.verdict()).isEqualTo("regressed");
        assertThat(doubled.reason()).contains("10 % assumed for latency timings: 1 baseline run and no pooled estimate");
        assertThat(slightly.verdict()).isEqualTo("inconclusive");
        assertThat(BaselineRule.judge(100, List.of(100.0), 0.10).verdict()).as("one run cannot show a change is below 10 %")
                .isEqualTo("inconclusive");
    }

    @Test
    void anInvocationIsJudgedWithTheNoiseOfInvocations() {
        // one baseline run, 2.41x: what failed an unchanged test when invocations were judged as regions
        BaselineVerdict invocation = BaselineRule.judge(Kind.INVOCATION, RunMedian.of(241), List.of(RunMedian.of(100)),
                Optional.empty(), 0.10);
        BaselineVerdict region = BaselineRule.judge(Kind.LATENCY, RunMedian.of(241), List.of(RunMedian.of(100)), Optional.empty(), 0.10);

        assertThat(region.verdict()).isEqualTo("regressed");
        assertThat(invocation.verdict()).isEqualTo("inconclusive");
        assertThat(invocation.reason()).contains("40 % assumed for invocation timings");
    }

    @Test
    void aRunNoisierThanItsBaselineWidensTheInterval() {
        List<RunMedian> precise = List.of(new RunMedian(98, 0.001), new RunMedian(100, 0.001), new RunMedian(102, 0.001));

        BaselineVerdict quiet = BaselineRule.judge(Kind.LATENCY, new RunMedian(100, 0.001), precise, Optional.empty(), 0.10);
        BaselineVerdict noisy = BaselineRule.judge(Kind.LATENCY, new RunMedian(100, 0.05), precise, Optional.empty(), 0.10);

        assertThat(quiet.verdict()).isEqualTo("unchanged");
        assertThat(noisy.verdict()).isEqualTo("inconclusive");
        assertThat(noisy.reason()).contains("plus this run's own noise beyond the baseline runs' (5.0 %)");
    }

    @Test
    void identicalBaselineMediansUseTheMinimumSpreadNotZero() {
        BaselineVerdict v = BaselineRule.judge(100, List.of(100.0, 100.0, 100.0), 0.10);

        assertThat(v.high()).isGreaterThan(1.0);
        assertThat(v.reason()).contains("between-run spread used: the minimum for latency timings, 2 %");
    }

    /** A 60-step chain on a clock of 10 ns steps: its runs' medians read 60 or 70 ns, the same code. */
    private static final List<RunMedian> SIXTY_THRICE = List.of(new RunMedian(60, Double.NaN, 10), new RunMedian(60, Double.NaN, 10),
            new RunMedian(60, Double.NaN, 10));

    @Test
    void aMedianOneClockStepAboveItsBaselineIsNotARegressionTwoStepsAre() {
        Optional<Spread> pool = Optional.of(new Spread(0.02, 40, "2.0 % pooled"));

        BaselineVerdict oneStep = BaselineRule.judge(Kind.LATENCY, new RunMedian(70, Double.NaN, 10), SIXTY_THRICE, pool, 0.10);
        BaselineVerdict stepUnknown = BaselineRule.judge(Kind.LATENCY, new RunMedian(70, Double.NaN), SIXTY_THRICE, pool, 0.10);
        BaselineVerdict twoSteps = BaselineRule.judge(Kind.LATENCY, new RunMedian(80, Double.NaN, 10), SIXTY_THRICE, pool, 0.10);

        assertThat(oneStep.verdict()).as(oneStep.reason()).isEqualTo("inconclusive");
        assertThat(oneStep.reason()).startsWith("the change exceeds the threshold but not the between-run noise and the clock's rounding")
                .endsWith("; each run's median rounded by up to half the clock's step of 10 ns per call (this run's 7.1 %)");
        assertThat(stepUnknown.verdict()).as("x1.17 at 2 %%, no step known: " + stepUnknown.reason()).isEqualTo("regressed");
        assertThat(twoSteps.verdict()).as(twoSteps.reason()).isEqualTo("regressed");
        // 5/70 for this run, 5/60 for each of three baseline runs' mean, on the scale of the spread: √((0.0714² + 0.0833²/3) / (4/3))
        assertThat(oneStep.power().rounding()).isCloseTo(0.0746, within(0.0005));
        assertThat(oneStep.power().detectable()).as("the rounding counted with the spread").isGreaterThan(stepUnknown.power().detectable() * 1.5);
        assertThat(oneStep.power().describe()).contains("each run's median is rounded by up to 7.5 % (half the clock's step), counted with the spread");
    }

    @Test
    void aMedianOneClockStepBelowItsBaselineIsNotAnImprovement() {
        List<RunMedian> seventy = List.of(new RunMedian(70, Double.NaN, 10), new RunMedian(70, Double.NaN, 10), new RunMedian(70, Double.NaN, 10));
        Optional<Spread> pool = Optional.of(new Spread(0.02, 40, "2.0 % pooled"));

        assertThat(BaselineRule.judge(Kind.LATENCY, new RunMedian(60, Double.NaN, 10), seventy, pool, 0.10).verdict()).isEqualTo("inconclusive");
        assertThat(BaselineRule.judge(Kind.LATENCY, new RunMedian(50, Double.NaN, 10), seventy, pool, 0.10).verdict()).isEqualTo("improved");
    }

    @Test
    void thePooledSpreadSumsEachTimingsSquaresOverTheirDegreesOfFreedom() {
        double l = Math.log(1.05);
        // four timings of 3 runs, each ln-deviations -l, 0, +l: 2 l^2 over 2 df each
        List<List<Double>> four = List.of(List.of(100 / 1.05, 100.0, 105.0), List.of(200 / 1.05, 200.0, 210.0),
                List.of(10 / 1.05, 10.0, 10.5), List.of(1 / 1.05, 1.0, 1.05));

        Spread s = BaselineRule.pooled(four).orElseThrow();

        assertThat(s.df()).isEqualTo(8);
        assertThat(s.sigma()).isCloseTo(l, within(1e-9));
        assertThat(BaselineRule.pooled(four.subList(0, 2))).as("4 degrees of freedom are too few").isEmpty();
    }

    @Test
    void studentsQuantilesFallTowardsTheNormalOne() {
        assertThat(BaselineRule.t995(2)).isEqualTo(9.925);
        assertThat(BaselineRule.t995(30)).isEqualTo(2.750);
        assertThat(BaselineRule.t995(31)).isLessThan(2.750).isGreaterThan(2.5758);
        assertThat(BaselineRule.t995(10_000)).isCloseTo(2.5758, within(0.001));
        assertThat(BaselineRule.t995(0)).isEqualTo(2.5758);
        assertThat(BaselineRule.t95(2)).isEqualTo(2.920);
        assertThat(BaselineRule.t95(0)).isEqualTo(1.6449);
    }
}
