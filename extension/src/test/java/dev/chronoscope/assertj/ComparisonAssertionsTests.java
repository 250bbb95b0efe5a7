package dev.chronoscope.assertj;

import dev.chronoscope.internal.measure.MultiplyAddChain;
import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.TestAbortedException;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * {@code assertThat(Comparison)} through the JUnit platform, on real interleaved measurements of a
 * short region and one doing 20 times the work: wide-margin claims pass, contradicted claims fail
 * with the ratio, its interval and the test's numbers, and unresolved regions abort.
 */
class ComparisonAssertionsTests {

    private static Events run(String... parameters) {
        return TimingAssertionsTests.run(ComparisonTestCase.class, parameters);
    }

    @Test
    void wideMarginClaimsPass() {
        run().assertThatEvents().haveExactly(1, event(test("shortIsFasterByAtLeastThree"), finishedSuccessfully()));
    }

    @Test
    void theOppositeClaimFailsWithTheRatioItsIntervalAndTheDesign() {
        run().assertThatEvents().haveExactly(1, event(test("longIsFaster"), finishedWithFailure(instanceOf(AssertionError.class),
                message(m -> m.startsWith("Expected 'long' (second) to be faster than 'short' (first), but the 95 % interval of"
                        + " median(second)/median(first), [")
                        && m.contains("lies at or above 1.")
                        && m.contains("claim      median(second) / median(first) < 1")
                        && m.contains("ratio      ")
                        && m.contains("paired block bootstrap [")
                        && m.contains("2,000 resamples of 100 block pairs, seed 42")
                        && m.contains("first      'short': p50 ")
                        && m.contains("second     'long': p50 ")
                        && m.contains(" net, 5,000 kept")
                        && m.contains("ranks      Mann-Whitney U ")
                        && m.contains("design     interleaved: 100 block pairs of 50 runs of each region")
                        && m.contains("floor      p50 ")
                        && m.contains("subtracted from the figures")
                        && m.contains("decision   FAIL")))));
    }

    @Test
    void anExaggeratedFactorFails() {
        run().assertThatEvents().haveExactly(1, event(test("shortIsFasterByAHundred"), finishedWithFailure(
                instanceOf(AssertionError.class),
                message(m -> m.startsWith("Expected 'short' (first) to be faster than 'long' (second) by at least 100x")
                        && m.contains("lies below 100")))));
    }

    @Test
    void aRegressionFailsIsNotSlowerThan() {
        run().assertThatEvents().haveExactly(1, event(test("longIsNotSlowerThanShort"), finishedWithFailure(
                instanceOf(AssertionError.class),
                message(m -> m.startsWith("Expected 'long' (first) to be not slower than 'short' (second) by more than a factor of 1.1"
                        + " (median(first)/median(second) <= 1.1), but the 95 % interval")))));
    }

    @Test
    void unresolvedRegionsAbort() {
        run().assertThatEvents().haveExactly(1, event(test("coarseClock"), abortedWithReason(
                instanceOf(TestAbortedException.class),
                message(m -> m.contains("Inconclusive: cannot tell whether 'short' (first) is faster than 'long' (second):"
                        + " the clock does not resolve 'short'") && m.contains("Aborted, not failed")))));
    }

    @Test
    void theSeedIsConfigurable() {
        run(ChronoscopeConfig.ASSERTIONS_SEED_KEY, "7").assertThatEvents().haveExactly(1, event(test("longIsFaster"),
                finishedWithFailure(message(m -> m.contains("block pairs, seed 7;") && m.contains("shuffled (seed 7)")))));
    }

    @SubtractProbeFloor
    static class ComparisonTestCase {

        private static Comparison shortAndLong(Probe probe) {
            return probe.compare("short", MultiplyAddChain.of(200), "long", MultiplyAddChain.of(4000), 5_000);
        }

        @Test
        void shortIsFasterByAtLeastThree(Probe probe) {
            assertThat(shortAndLong(probe)).firstIsFasterThanSecond().byAtLeast(3);
        }

        @Test
        void longIsFaster(Probe probe) {
            assertThat(shortAndLong(probe)).secondIsFasterThanFirst();
        }

        @Test
        void shortIsFasterByAHundred(Probe probe) {
            assertThat(shortAndLong(probe)).firstIsFasterThanSecond().byAtLeast(100);
        }

        @Test
        void longIsNotSlowerThanShort(Probe probe) {
            Comparison c = probe.compare("long", MultiplyAddChain.of(4000), "short", MultiplyAddChain.of(200), 5_000);
            assertThat(c).firstIsNotSlowerThanSecondByMoreThan(1.10);
        }

        @Test
        @MeasureWith(ClockId.CLOCK_MONOTONIC_COARSE) // steps once per kernel tick (ms): nothing short is resolved
        void coarseClock(Probe probe) {
            assertThat(shortAndLong(probe)).firstIsFasterThanSecond();
        }
    }
}
