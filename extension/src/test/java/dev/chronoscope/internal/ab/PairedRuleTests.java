package dev.chronoscope.internal.ab;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The paired rule's verdicts in the gate's words, on rounds whose ratios are known. */
class PairedRuleTests {

    /** Rounds whose ratios head/base are {@code ratios}, on a clock of 1 ns steps around 1 µs. */
    private static List<PairedRule.Pair> rounds(double... ratios) {
        List<PairedRule.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < ratios.length; i++) {
            pairs.add(new PairedRule.Pair(i + 1, 1000, 1000 * ratios[i], 1, 1));
        }
        return pairs;
    }

    @Test
    void aDoublingIsRegressedInThreeSteadyRounds() {
        PairedRule.Verdict v = PairedRule.judge(rounds(2.02, 1.97, 2.05), 0.10);
        assertThat(v.verdict()).isEqualTo("regressed");
        assertThat(v.low()).isGreaterThan(1.10);
        assertThat(v.power()).contains("3 rounds tell changes");
    }

    @Test
    void aHalvingIsImproved() {
        assertThat(PairedRule.judge(rounds(0.51, 0.49, 0.50), 0.10).verdict()).isEqualTo("improved");
    }

    @Test
    void steadyRoundsNearOneAreUnchanged() {
        PairedRule.Verdict v = PairedRule.judge(rounds(1.01, 0.99, 1.02, 0.98, 1.00), 0.10);
        assertThat(v.verdict()).isEqualTo("unchanged");
        assertThat(v.reason()).startsWith("90 % interval");
    }

    @Test
    void aChangeBeyondTheThresholdThatTheRoundsDisagreeOnIsInconclusive() {
        PairedRule.Verdict v = PairedRule.judge(rounds(1.6, 0.9, 1.3), 0.10);
        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).startsWith("the change exceeds the threshold but not the noise between rounds");
    }

    @Test
    void aChangeBelowTheThresholdIsNeverRegressedHoweverSteady() {
        assertThat(PairedRule.judge(rounds(1.05, 1.05, 1.05, 1.05, 1.05, 1.05), 0.10).verdict()).isNotEqualTo("regressed");
    }

    @Test
    void identicalRoundsUseTheLeastSpreadNotZero() {
        PairedRule.Verdict v = PairedRule.judge(rounds(1.2, 1.2), 0.10);
        assertThat(v.spread()).isEqualTo(PairedRule.MIN_SPREAD);
        // 1 degree of freedom: t = 63.7 makes even identical rounds too few to tell ×1.2
        assertThat(v.verdict()).isEqualTo("inconclusive");
    }

    @Test
    void oneRoundTellsNothingOfTheSpread() {
        PairedRule.Verdict v = PairedRule.judge(rounds(3.0), 0.10);
        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).contains("one round tells nothing of the spread between rounds");
    }

    @Test
    void aCoarseClocksRoundingIsCountedAndDoesNotShrinkWithRounds() {
        List<PairedRule.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            // medians of 40 and 50 ns on a clock of 10 ns steps: each may lie 5 ns off
            pairs.add(new PairedRule.Pair(i + 1, 40, 50, 10, 10));
        }
        PairedRule.Verdict v = PairedRule.judge(pairs, 0.10);
        assertThat(v.rounding()).isGreaterThan(0.1);
        assertThat(v.verdict()).isEqualTo("inconclusive");
        assertThat(v.reason()).contains("each median rounded by up to half its clock's step");
    }
}
