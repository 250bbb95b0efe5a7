package dev.chronoscope.assertj;

import dev.chronoscope.internal.measure.MultiplyAddChain;
import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.TestAbortedException;

import java.time.Duration;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * {@code assertThat(Timing)} through the JUnit platform, on real measurements: passes, failures
 * and aborts (inconclusive claims), their messages, and strict mode.
 */
class TimingAssertionsTests {

    static Events run(Class<?> fixture, String... parameters) {
        EngineTestKit.Builder kit = EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture))
                .configurationParameter(ChronoscopeConfig.PRINT_SECTIONS_KEY, "false")
                // as ChronoscopeKit: a slower spell of the host is not what these tests are about
                .configurationParameter(ChronoscopeConfig.CORE_SPEED_CHECK_KEY, "false");
        for (int i = 0; i < parameters.length; i += 2) {
            kit.configurationParameter(parameters[i], parameters[i + 1]);
        }
        return kit.execute().testEvents();
    }

    @Test
    void aClaimTheIntervalMeetsPasses() {
        run(TimingTestCase.class).assertThatEvents()
                .haveExactly(1, event(test("medianWellBelowASecond"), finishedSuccessfully()))
                .haveExactly(1, event(test("factsOfTheMeasurement"), finishedSuccessfully()));
    }

    @Test
    void aClaimTheIntervalContradictsFailsWithTheNumbers() {
        run(TimingTestCase.class).assertThatEvents().haveExactly(1, event(test("medianBelowOneNanosecond"),
                finishedWithFailure(instanceOf(AssertionError.class),
                        message(m -> m.startsWith("Expected the p50 of 'chain 2000' to be less than 1 ns, but its 95 % interval [")
                                && m.contains("lies at or above 1 ns.")
                                && m.contains("estimate   p50 ")
                                && m.contains("binomial coverage")
                                && m.contains("samples    2,000 kept")
                                && m.contains("clock      CLOCK_MONOTONIC")
                                && m.contains("floor      p50 ")
                                && m.contains("verdict    RESOLVED")
                                && m.contains("decision   FAIL")))));
    }

    @Test
    void anUnresolvedRegionAbortsTheTestWithTheVerdict() {
        run(TimingTestCase.class).assertThatEvents().haveExactly(1, event(test("shortRegionAboveOneNanosecond"),
                abortedWithReason(instanceOf(TestAbortedException.class),
                        message(m -> m.startsWith("Inconclusive: cannot tell whether the p50 of 'short' is greater than 1 ns:"
                                + " the clock does not resolve the region (not resolved: net p50")
                                && m.contains("to decide  put more work in each timed region")
                                && m.endsWith("Aborted, not failed: the measurement cannot decide the claim"
                                + " (chronoscope.assertions.strict=false; set it to true to fail instead).")))));
    }

    @Test
    void tooFewSamplesAbortTheTest() {
        run(TimingTestCase.class).assertThatEvents().haveExactly(1, event(test("tenRuns"),
                abortedWithReason(instanceOf(TestAbortedException.class),
                        message(m -> m.contains("only 10 samples were kept, and a claim needs at least 100")))));
    }

    @Test
    void anIntervalStraddlingTheBoundAbortsTheTest() {
        run(TimingTestCase.class).assertThatEvents().haveExactly(1, event(test("medianBelowItself"),
                abortedWithReason(instanceOf(TestAbortedException.class),
                        message(m -> m.contains("straddles") && m.contains("[chain as described] ")))));
    }

    @Test
    void factsOfTheMeasurementFailPlainly() {
        run(TimingTestCase.class).assertThatEvents().haveExactly(1, event(test("shortRegionIsResolved"),
                finishedWithFailure(instanceOf(AssertionError.class),
                        message(m -> m.contains("Expected the clock to resolve 'short', but its verdict is NOT_RESOLVED: not resolved")))));
    }

    @Test
    void strictModeTurnsEveryAbortIntoAFailure() {
        Events events = run(TimingTestCase.class, ChronoscopeConfig.ASSERTIONS_STRICT_KEY, "true");
        events.assertStatistics(s -> s.aborted(0));
        for (String name : new String[]{"shortRegionAboveOneNanosecond", "tenRuns", "medianBelowItself"}) {
            events.assertThatEvents().haveExactly(1, event(test(name), finishedWithFailure(instanceOf(AssertionError.class),
                    message(m -> m.startsWith("Inconclusive") || m.startsWith("[chain as described] Inconclusive")),
                    message(m -> m.endsWith("Failed, not aborted, because chronoscope.assertions.strict=true: an undecidable"
                            + " claim counts as a failure.")))));
        }
        // and the others are unchanged
        events.assertThatEvents().haveExactly(1, event(test("medianWellBelowASecond"), finishedSuccessfully()));
    }

    @Test
    void anInvalidStrictValueIsAConfigurationError() {
        run(TimingTestCase.class, ChronoscopeConfig.ASSERTIONS_STRICT_KEY, "sometimes").assertThatEvents()
                .haveExactly(1, event(test("medianWellBelowASecond"), finishedWithFailure(
                        message("Configuration parameter chronoscope.assertions.strict = 'sometimes' is invalid: expected true or false"))));
    }

    @MeasureWith(ClockId.CLOCK_MONOTONIC)
    static class TimingTestCase {

        @Test
        void medianWellBelowASecond(Probe probe) {
            Timing t = probe.repeat("chain 2000", 2_000, MultiplyAddChain.of(2000));
            assertThat(t).median().isLessThan(Duration.ofSeconds(1));
            assertThat(t).percentile(99).isLessThan(Duration.ofSeconds(1));
        }

        @Test
        void factsOfTheMeasurement(Probe probe) {
            Timing t = probe.repeat("chain 2000", 2_000, MultiplyAddChain.of(2000));
            assertThat(t).isResolved().hasAtLeastSamples(2_000);
            assertThat(t).median().isPositive().isBetween(Duration.ofNanos(1), Duration.ofSeconds(1));
        }

        @Test
        void medianBelowOneNanosecond(Probe probe) {
            Timing t = probe.repeat("chain 2000", 2_000, MultiplyAddChain.of(2000));
            assertThat(t).median().isLessThan(Duration.ofNanos(1));
        }

        @Test
        @MeasureWith(ClockId.CLOCK_MONOTONIC_COARSE) // steps once per kernel tick (ms): nothing short is resolved
        void shortRegionAboveOneNanosecond(Probe probe) {
            Timing t = probe.repeat("short", 2_000, MultiplyAddChain.of(200));
            assertThat(t).median().isGreaterThan(Duration.ofNanos(1));
        }

        @Test
        @MeasureWith(ClockId.CLOCK_MONOTONIC_COARSE)
        void shortRegionIsResolved(Probe probe) {
            Timing t = probe.repeat("short", 2_000, MultiplyAddChain.of(200));
            assertThat(t).isResolved();
        }

        @Test
        void tenRuns(Probe probe) {
            Timing t = probe.repeat("chain 2000", 10, MultiplyAddChain.of(2000));
            assertThat(t).median().isLessThan(Duration.ofSeconds(1));
        }

        @Test
        void medianBelowItself(Probe probe) {
            Timing t = probe.repeat("chain 2000", 2_000, MultiplyAddChain.of(2000));
            assertThat(t).as("chain as described").median().isLessThan(t.median());
        }
    }
}
