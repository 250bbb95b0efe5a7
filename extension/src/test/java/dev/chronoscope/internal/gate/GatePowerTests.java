package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.internal.json.JsonParser;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class GatePowerTests {

    private static final double THRESHOLD = 0.10;

    @Test
    void aNoiseLimitedGateCatchesTheDetectableChangeNineTimesInTenAndHalfOfItAsTheModelSays() {
        // at 3.1 % the noise sets the bar (2.58 standard errors, 9.2 %, near the threshold's 9.5 %): half the detectable
        // change, 7.4 %, lies only 0.67 standard errors below the bar, and the rule catches it about a quarter of the time
        assertDetection(0.031, 3);
    }

    @Test
    void aThresholdLimitedGateCatchesTheDetectableChangeNineTimesInTenAndHalfOfItAsTheModelSays() {
        // at the rule's smallest spread for regions, 2 %, with 10 runs the threshold sets the bar (4.5 standard errors):
        // half the detectable change is still caught about 6 % of the time, since the rule never assumes less than 2 %
        assertDetection(0.02, 10);
    }

    /**
     * The rule's own verdicts on simulated runs (σ known to it through a pool of many degrees of freedom, as a baseline of
     * several steady timings gives it) catch the printed detectable change 9 times in 10, and half of it as often as the
     * normal model says: Φ((ln(1 + D/2) − bar) / se).
     */
    private static void assertDetection(double sigma, int k) {
        BaselineRule.Spread pool = new BaselineRule.Spread(sigma, 1000, "pooled");
        GatePower power = GatePower.of(sigma, 1000, k, THRESHOLD);
        Random random = new Random(7);
        int caught = 0;
        int halfCaught = 0;
        int trials = 4000;
        for (int i = 0; i < trials; i++) {
            List<BaselineRule.RunMedian> baseline = new ArrayList<>();
            for (int r = 0; r < k; r++) {
                baseline.add(BaselineRule.RunMedian.of(100 * Math.exp(sigma * random.nextGaussian())));
            }
            double noise = sigma * random.nextGaussian();
            if (judge(100 * (1 + power.detectable()) * Math.exp(noise), baseline, pool).regressed()) {
                caught++;
            }
            if (judge(100 * (1 + power.detectable() / 2) * Math.exp(noise), baseline, pool).regressed()) {
                halfCaught++;
            }
        }
        double se = sigma * Math.sqrt(1 + 1.0 / k);
        double bar = Math.max(BaselineRule.t995(1000) * se, Math.log1p(THRESHOLD));
        double halfModel = GatePower.normalCdf((Math.log1p(power.detectable() / 2) - bar) / se);
        assertThat((double) caught / trials).as("caught at the detectable change %s", power.describe()).isBetween(0.87, 0.93);
        assertThat((double) halfCaught / trials).as("caught at half of it, the model says %.3f", halfModel)
                .isBetween(halfModel - 0.03, halfModel + 0.03);
    }

    private static BaselineVerdict judge(double median, List<BaselineRule.RunMedian> baseline, BaselineRule.Spread pool) {
        return BaselineRule.judge(BaselineRule.Kind.LATENCY, BaselineRule.RunMedian.of(median), baseline, Optional.of(pool), THRESHOLD);
    }

    @Test
    void theStatementSaysWhatTheRunsTellAndWhatMoreRunsWouldTell() {
        GatePower steady = GatePower.of(0.009, 40, 3, THRESHOLD);
        assertThat(steady.thresholdReachable()).isTrue();
        assertThat(steady.runsForThreshold()).isEqualTo(1);
        assertThat(steady.describe()).startsWith("spreads 0.9 % between runs: with 3 runs the gate tells changes ≥ 11 % (9 times in 10)")
                .endsWith("at the threshold 10 %, the noise does not limit it");

        GatePower moreRuns = GatePower.of(0.022, 40, 1, THRESHOLD);
        assertThat(moreRuns.runsForThreshold()).isGreaterThan(1);
        assertThat(moreRuns.describe()).contains(moreRuns.runsForThreshold() + " runs → ")
                .contains("the noise no longer limits it below the threshold 10 %");

        GatePower noisy = GatePower.of(0.031, 40, 3, THRESHOLD);
        assertThat(noisy.thresholdReachable()).isFalse();
        assertThat(noisy.detectable()).as("ln 1.1 is beyond 2.58 σ √(4/3): the noise sets the bar").isBetween(0.14, 0.16);
        assertThat(noisy.describe()).contains("the threshold 10 % is out of reach: it needs a steadier region, a single-run spread below 2.5 %");
    }

    @Test
    void theReachableUnchangedShareFollowsTheEquivalenceTest() {
        // |d| + 1.645 σ √(4/3) < ln 1.1 with d ~ N(0, σ² 4/3): at σ = 3 % at most ~73 %
        assertThat(GatePower.reachableUnchanged(0.03, 0, 3, THRESHOLD)).isCloseTo(0.73, within(0.01));
        assertThat(GatePower.reachableUnchanged(0.02, 0, 3, THRESHOLD)).isGreaterThan(0.98);
        assertThat(GatePower.reachableUnchanged(0.06, 0, 3, THRESHOLD)).isZero();
        assertThat(GatePower.normalCdf(1.6449)).isCloseTo(0.95, within(1e-4));
    }

    @Test
    void thePowerTravelsInTheVerdictsRecordAndBack() {
        BaselineVerdict v = BaselineRule.judge(100, List.of(98.0, 100.0, 102.0), THRESHOLD);
        assertThat(v.power()).as("every judged timing states its power").isNotNull();
        assertThat(v.power().runs()).isEqualTo(3);

        BaselineVerdict back = BaselineVerdict.fromJson(JsonParser.parseObject(Json.write(v.toJson())));

        assertThat(back.power()).isEqualTo(v.power());
    }
}
