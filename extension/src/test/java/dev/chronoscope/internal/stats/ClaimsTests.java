package dev.chronoscope.internal.stats;

import dev.chronoscope.Comparison;
import dev.chronoscope.Outcome;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The inconclusive rule, claim by claim, on timings and comparisons made of chosen samples. */
class ClaimsTests {

    /** 1,001 samples spread evenly over 900..1100 ns: median 1000 ns, floor 30 ns, step 1 ns. */
    private final Timing steady = Synthetic.timing("steady", Synthetic.around(1000, 100, 1001));

    @Test
    void passesWhenTheWholeIntervalIsOnTheClaimedSide() {
        assertThat(steady.verdict()).isEqualTo(Verdict.RESOLVED);
        Decision d = Synthetic.median(steady, Relation.LESS, 1100);
        assertThat(d.outcome()).isEqualTo(Outcome.PASS);
        assertThat(d.headline()).startsWith("The p50 of 'steady' is less than 1.100 us: its 95 % interval [");
    }

    @Test
    void aPassSaysTheSlowdownThatCouldHaveMadeItWhereASlowdownCanPassTheClaim() {
        // median 1000 ns, its 95 % interval [993 ns, 1.007 us]
        assertThat(Synthetic.median(steady, Relation.GREATER, 400).slowdownToPass()).isCloseTo(993.0 / 400, within(0.01));
        assertThat(Synthetic.median(steady, Relation.LESS, 1100).slowdownToPass()).as("an upper bound: no slowdown").isNaN();
        assertThat(Synthetic.median(steady, Relation.GREATER, 1200).slowdownToPass()).as("failed").isNaN();
        Decision between = PercentileClaim.decide(steady, 50, List.of(new Bound(Relation.AT_LEAST, 500),
                new Bound(Relation.AT_MOST, 5000)));
        assertThat(between.slowdownToPass()).as("its lower bound's").isCloseTo(993.0 / 500, within(0.01));
    }

    @Test
    void aBoundFinerThanANanosecondDecidesAndAQuantumBelowOneUnitPrintsInNanoseconds() {
        // a call of about 3 ns, its clock's quantum per call 0.0062 ns (a batch's): 4 ns and 3 ns, all a Duration can say, are too coarse
        Timing call = Synthetic.timing("call", Synthetic.context(0, 0.0062, false), Synthetic.around(3, 0, 1001));

        Decision below = PercentileClaim.decide(call, 50, List.of(new Bound(Relation.LESS, 3.5)));
        Decision above = PercentileClaim.decide(call, 50, List.of(new Bound(Relation.GREATER, 2.5)));

        assertThat(below.outcome()).isEqualTo(Outcome.PASS);
        assertThat(below.headline()).startsWith("The p50 of 'call' is less than 3.500 ns");
        assertThat(above.outcome()).isEqualTo(Outcome.PASS);
        assertThat(PercentileClaim.decide(call, 50, List.of(new Bound(Relation.LESS, 2.9))).render(false))
                .contains("effective resolution 0.00620 ns (synthetic step)").doesNotContain("0.0 ");
        assertThatThrownBy(() -> new Bound(Relation.LESS, Double.NaN)).hasMessage("the bound must be a finite number of nanoseconds, not NaN");
    }

    @Test
    void failsWhenTheWholeIntervalIsOnTheOtherSideWithEveryNumberInTheMessage() {
        Decision d = Synthetic.median(steady, Relation.LESS, 900);
        assertThat(d.outcome()).isEqualTo(Outcome.FAIL);
        // ranks 470..532 of 1001 -> values 993.8..1006.2 -> 994..1006 ns, widened by the 1 ns step
        String message = d.render(false);
        assertThat(message).startsWith("Expected the p50 of 'steady' to be less than 900 ns, but its 95 % interval [")
                .contains("lies at or above 900 ns.")
                .contains("claim      p50 < 900 ns")
                .contains("estimate   p50 1 us, 95 % interval [993 ns, 1.007 us]")
                .contains("binomial coverage")
                .contains("samples    1,001 kept, 0 dropped")
                .contains("clock      CLOCK_MONOTONIC (synthetic), effective resolution 1 ns (synthetic step)")
                .contains("floor      p50 30 ns, not subtracted (raw figures)")
                .contains("verdict    RESOLVED")
                .contains("decision   FAIL: the whole interval lies at or above 900 ns")
                .doesNotContain("Aborted");
    }

    @Test
    void isInconclusiveWhenTheIntervalStraddlesTheBound() {
        Decision d = Synthetic.median(steady, Relation.LESS, 1000);
        assertThat(d.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(d.headline()).startsWith("Inconclusive: cannot tell whether the p50 of 'steady' is less than 1 us:")
                .contains("straddles 1 us");
        assertThat(d.render(false)).contains("to decide  time more runs to narrow the interval")
                .endsWith("Aborted, not failed: the measurement cannot decide the claim (chronoscope.assertions.strict=false;"
                        + " set it to true to fail instead).");
        assertThat(d.render(true)).endsWith("Failed, not aborted, because chronoscope.assertions.strict=true:"
                + " an undecidable claim counts as a failure.");
    }

    @Test
    void isInconclusiveWithTooFewSamples() {
        Timing few = Synthetic.timing("few", Synthetic.around(1000, 100, 99));
        Decision d = Synthetic.median(few, Relation.LESS, 1_000_000);
        assertThat(d.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(d.headline()).contains("only 99 samples were kept, and a claim needs at least 100");
        assertThat(Synthetic.median(Synthetic.timing("none"), Relation.LESS, 10).headline()).contains("no samples were kept");
    }

    @Test
    void anUnresolvedRegionIsInconclusiveUnlessEvenItsRawDurationMeetsAnUpperBound() {
        // 40 ns raw over a 30 ns floor: net 10 ns < 0.5 x floor
        Timing tiny = Synthetic.timing("tiny", Synthetic.around(40, 2, 1000));
        assertThat(tiny.verdict()).isEqualTo(Verdict.NOT_RESOLVED);
        Decision lower = Synthetic.median(tiny, Relation.GREATER, 1);
        assertThat(lower.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(lower.headline()).contains("the clock does not resolve the region (not resolved: net p50 10 ns");
        assertThat(lower.render(false)).contains("put more work in each timed region");
        Decision upper = Synthetic.median(tiny, Relation.LESS, 1000);
        assertThat(upper.outcome()).isEqualTo(Outcome.PASS);
        assertThat(upper.details()).anyMatch(l -> l.contains("even the raw interval (floor included) ends at"));
        // but not an upper bound the raw figures do not meet
        assertThat(Synthetic.median(tiny, Relation.LESS, 20).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void aPercentileTheSampleCountCannotBoundIsInconclusiveOnThatSide() {
        Timing t = Synthetic.timing("t", Synthetic.around(1000, 100, 200));
        Decision upper = PercentileClaim.decide(t, 99, List.of(new Bound(Relation.LESS, Duration.ofSeconds(1))));
        assertThat(upper.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(upper.headline()).contains("with 200 samples the p99 interval has no upper bound");
        assertThat(upper.render(false)).contains("time at least 368 runs, so that the p99 interval has both bounds");
        Decision lower = PercentileClaim.decide(t, 99, List.of(new Bound(Relation.GREATER, Duration.ofNanos(500))));
        assertThat(lower.outcome()).isEqualTo(Outcome.PASS);
    }

    @Test
    void widensByOneStepSoQuantisedEqualityIsNeverStrictlyDecided() {
        // a clock stepping by 24 ns: every sample 240 -> interval [216, 264]
        long[] samples = new long[500];
        java.util.Arrays.fill(samples, 240);
        Timing q = Synthetic.timing("quantised", Synthetic.context(30, 24, false), samples);
        Estimate e = Estimate.of(q, 50);
        assertThat(e.low()).isEqualTo(216.0);
        assertThat(e.high()).isEqualTo(264.0);
        assertThat(Synthetic.median(q, Relation.LESS, 250).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(Synthetic.median(q, Relation.LESS, 265).outcome()).isEqualTo(Outcome.PASS);
        assertThat(Synthetic.median(q, Relation.LESS, 216).outcome()).isEqualTo(Outcome.FAIL);
    }

    @Test
    void netFiguresAreNetOfTheFloor() {
        Timing net = Synthetic.timing("net", Synthetic.context(30, 1, true), Synthetic.around(1000, 100, 1001));
        assertThat(net.median()).isEqualTo(Duration.ofNanos(970));
        // raw interval [963, 1007] - 30 = [963, 977] ns net
        Decision d = Synthetic.median(net, Relation.LESS, 970);
        assertThat(d.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(d.render(false)).contains("[963 ns, 977 ns]").contains("net of the floor").contains("subtracted from the figures");
        assertThat(Synthetic.median(net, Relation.LESS, 980).outcome()).isEqualTo(Outcome.PASS);
        assertThat(Synthetic.median(net, Relation.LESS, 960).outcome()).isEqualTo(Outcome.FAIL);
    }

    @Test
    void betweenFailsOnEitherSideAndPassesInside() {
        List<Bound> inside = List.of(new Bound(Relation.AT_LEAST, Duration.ofNanos(900)), new Bound(Relation.AT_MOST, Duration.ofNanos(1100)));
        assertThat(PercentileClaim.decide(steady, 50, inside).outcome()).isEqualTo(Outcome.PASS);
        List<Bound> below = List.of(new Bound(Relation.AT_LEAST, Duration.ofNanos(1050)), new Bound(Relation.AT_MOST, Duration.ofNanos(1100)));
        Decision d = PercentileClaim.decide(steady, 50, below);
        assertThat(d.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(d.headline()).contains("to be at least 1.050 us and at most 1.100 us").contains("lies below 1.050 us");
    }

    // -- comparisons

    private static Comparison compare(long[] first, long[] second) {
        return Synthetic.comparison(Synthetic.context(30, 1, false), first, second, 20);
    }

    @Test
    void aClearRatioPassesItsClaimAndFailsTheOpposite() {
        Comparison c = compare(Synthetic.around(1000, 100, 2000), Synthetic.around(2000, 200, 2000));
        assertThat(c.secondOverFirst()).isEqualTo(2.0);
        Decision faster = RatioClaim.decide(c, Relation.GREATER, 1, "'first' (first)", "faster than 'second' (second)");
        assertThat(faster.outcome()).isEqualTo(Outcome.PASS);
        assertThat(faster.slowdownToPass()).as("a slowed second side raises the ratio: its low end over the bound")
                .isEqualTo(c.secondOverFirstLow());
        assertThat(RatioClaim.decide(c, Relation.LESS, 4, "'second'", "faster").slowdownToPass())
                .as("a slowed first side lowers it: the bound over its high end").isEqualTo(4 / c.secondOverFirstHigh());
        Decision byThree = RatioClaim.decide(c, Relation.AT_LEAST, 3, "'first' (first)", "faster than 'second' (second) by at least 3x");
        assertThat(byThree.outcome()).isEqualTo(Outcome.FAIL);
        assertThat(byThree.render(false))
                .startsWith("Expected 'first' (first) to be faster than 'second' (second) by at least 3x, but the 95 % interval of"
                        + " median(second)/median(first), [")
                .contains("claim      median(second) / median(first) >= 3")
                .contains("ratio      2 = 2 us / 1 us, 95 % interval [")
                .contains("paired block bootstrap [")
                .contains("2,000 resamples of 20 block pairs, seed 42")
                .contains("first      'first': p50 1 us raw, 2,000 kept, 0 dropped, RESOLVED")
                .contains("ranks      Mann-Whitney U 0 (first)")
                .contains("P(first faster) 1.000, rank-biserial 1.000")
                .contains("design     interleaved: 20 block pairs of 100 runs")
                .contains("decision   FAIL: the whole interval lies below 3");
        assertThat(byThree.details()).noneMatch(l -> l.contains("3.0"));
    }

    @Test
    void identicalRegionsStraddleOne() {
        long[] a = Synthetic.around(1000, 100, 2000);
        Comparison c = compare(a, a.clone());
        Decision d = RatioClaim.decide(c, Relation.GREATER, 1, "'first' (first)", "faster than 'second' (second)");
        assertThat(d.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(d.headline()).contains("straddles 1.");
        assertThat(RatioClaim.decide(c, Relation.AT_LEAST, 1 / 1.1, "first", "not slower").outcome()).isEqualTo(Outcome.PASS);
    }

    @Test
    void anUnresolvedRegionMakesARatioInconclusive() {
        Comparison c = compare(Synthetic.around(40, 2, 2000), Synthetic.around(2000, 200, 2000));
        Decision d = RatioClaim.decide(c, Relation.GREATER, 1, "first", "faster");
        assertThat(d.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(d.headline()).contains("the clock does not resolve 'first'");
    }
}
