package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;

import java.util.List;

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
        assertThat(v.reason()).contains("median 200 ns vs 100.0 ns (geometric mean of 3 baseline runs)")
                .contains("between-run spread 2.0 % estimated from 3 baseline runs").contains("threshold 10 %");
    }

    @Test
    void theSameMedianIsUnchangedOnlyWhenEnoughRunsBoundTheNoiseWithinTheThreshold() {
        List<Double> tenSteadyRuns = List.of(98.0, 100.0, 102.0, 99.0, 101.0, 98.0, 100.0, 102.0, 99.0, 101.0);

        assertThat(BaselineRule.judge(100, tenSteadyRuns, 0.10).verdict()).isEqualTo("unchanged");
        assertThat(BaselineRule.judge(100, STEADY, 0.10).verdict()).as("three runs leave the 99 % interval wider than 10 %")
                .isEqualTo("inconclusive");
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
    void belowThreeRunsTheSpreadIsAssumedWideSoOnlyLargeChangesAreDecided() {
        BaselineVerdict doubled = BaselineRule.judge(200, List.of(100.0), 0.10);
        BaselineVerdict slightly = BaselineRule.judge(125, List.of(100.0), 0.10);

        assertThat(doubled.verdict()).isEqualTo("regressed");
        assertThat(doubled.reason()).contains("between-run spread assumed 10 %: 1 baseline run, fewer than 3 to estimate it");
        assertThat(slightly.verdict()).isEqualTo("inconclusive");
        assertThat(BaselineRule.judge(100, List.of(100.0), 0.10).verdict()).as("one run cannot show a change is below 10 %")
                .isEqualTo("inconclusive");
    }

    @Test
    void identicalBaselineMediansUseTheMinimumSpreadNotZero() {
        BaselineVerdict v = BaselineRule.judge(100, List.of(100.0, 100.0, 100.0), 0.10);

        assertThat(v.high()).isGreaterThan(1.0);
        assertThat(v.reason()).contains("(used: the minimum, 2 %)");
    }

    @Test
    void studentsQuantilesFallTowardsTheNormalOne() {
        assertThat(BaselineRule.t995(2)).isEqualTo(9.925);
        assertThat(BaselineRule.t995(30)).isEqualTo(2.750);
        assertThat(BaselineRule.t995(31)).isLessThan(2.750).isGreaterThan(2.5758);
        assertThat(BaselineRule.t995(10_000)).isCloseTo(2.5758, within(0.001));
    }
}
