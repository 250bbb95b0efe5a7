package dev.chronoscope.assertj;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.stats.AssertionSettings;
import dev.chronoscope.internal.measure.Timings;
import dev.chronoscope.internal.stats.Synthetic;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.assertThatCode;

/** The assertions on timings made of chosen samples, without the platform: how each outcome is thrown. */
class AssertionsUnitTests {

    private final Timing steady = Synthetic.timing("steady", Synthetic.around(1000, 100, 1001));

    @Test
    void passesQuietly() {
        assertThatCode(() -> assertThat(steady).median().isLessThan(Duration.ofNanos(1100))
                .isGreaterThan(Duration.ofNanos(900)).isBetween(Duration.ofNanos(900), Duration.ofNanos(1100))
                .isCloseTo(Duration.ofNanos(1000), Duration.ofNanos(1)).isPositive()).doesNotThrowAnyException();
    }

    @Test
    void failsWithAnAssertionErrorCarryingTheDescription() {
        assertThatThrownBy(() -> assertThat(steady).as("warm path").median().isGreaterThan(Duration.ofNanos(1100)))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("[warm path] Expected the p50 of 'steady' to be greater than 1.100 us, but its 95 % interval");
    }

    @Test
    void abortsWhenInconclusiveAndFailsInStrictMode() {
        assertThatThrownBy(() -> assertThat(steady).median().isLessThan(Duration.ofNanos(1000)))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("straddles 1 us");
        Timing strict = Synthetic.timing("steady", strictContext(), Synthetic.around(1000, 100, 1001));
        assertThatThrownBy(() -> assertThat(strict).median().isLessThan(Duration.ofNanos(1000)))
                .isExactlyInstanceOf(AssertionError.class)
                .hasMessageEndingWith("because chronoscope.assertions.strict=true: an undecidable claim counts as a failure.");
    }

    /** The synthetic context, measured for a test configured with chronoscope.assertions.strict = true. */
    private static Timings.Context strictContext() {
        Timings.Context c = Synthetic.context(30, 1, false);
        return c.toBuilder().assertions(new AssertionSettings(true, 42)).build();
    }

    @Test
    void aComparisonDecidesAsTheTestThatMeasuredItWasConfigured() {
        long[] a = Synthetic.around(1000, 100, 1001);
        long[] b = Synthetic.around(1000, 100, 1001);
        assertThatThrownBy(() -> assertThat(Synthetic.comparison(Synthetic.context(30, 1, false), a, b, 10)).firstIsFasterThanSecond())
                .isInstanceOf(TestAbortedException.class);
        assertThatThrownBy(() -> assertThat(Synthetic.comparison(strictContext(), a, b, 10)).firstIsFasterThanSecond())
                .isExactlyInstanceOf(AssertionError.class);
    }

    @Test
    void factsFailPlainly() {
        assertThatThrownBy(() -> assertThat(steady).hasAtLeastSamples(5000))
                .hasMessageContaining("Expected at least 5,000 samples of 'steady', but 1,001 were kept (0 dropped");
        assertThatCode(() -> assertThat(steady).isResolved().hasNoDroppedSamples().hasAtLeastSamples(1001))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> assertThat(steady).percentile(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFigureASelfCheckRefusedMakesIsResolvedInconclusiveNotFailed() {
        Timing refused = steady.refused(dev.chronoscope.SelfCheck.WORK_BESIDE, "self-check work beside: other threads of this JVM used 157.8 ms of CPU");
        assertThatThrownBy(() -> assertThat(refused).isResolved())
                .isInstanceOf(TestAbortedException.class)
                .hasMessageStartingWith("Inconclusive: the clock resolved 'steady', but a self-check refused this run's figure:"
                        + " self-check work beside:");
        Timing strict = Synthetic.timing("steady", strictContext(), Synthetic.around(1000, 100, 1001)).refused(dev.chronoscope.SelfCheck.TWO_MODES, "self-check two modes");
        assertThatThrownBy(() -> assertThat(strict).isResolved())
                .isExactlyInstanceOf(AssertionError.class)
                .hasMessageContaining("its verdict is REFUSED: self-check two modes");
    }

    @Test
    void settingsParseWithDefaultsAndNameTheKeyWhenInvalid() {
        AssertionSettings defaults = AssertionSettings.parse(k -> Optional.empty());
        org.assertj.core.api.Assertions.assertThat(defaults).isEqualTo(new AssertionSettings(false, 42));
        Map<String, String> values = Map.of(ChronoscopeConfig.ASSERTIONS_STRICT_KEY, "TRUE", ChronoscopeConfig.ASSERTIONS_SEED_KEY, "1_000");
        org.assertj.core.api.Assertions.assertThat(AssertionSettings.parse(k -> Optional.ofNullable(values.get(k))))
                .isEqualTo(new AssertionSettings(true, 1000));
        assertThatThrownBy(() -> AssertionSettings.parse(k -> k.equals(ChronoscopeConfig.ASSERTIONS_SEED_KEY)
                ? Optional.of("lucky") : Optional.empty()))
                .hasMessage("Configuration parameter chronoscope.assertions.seed = 'lucky' is invalid: expected a whole number (a 64-bit seed)");
    }
}
