package dev.chronoscope.assertj;

import dev.chronoscope.Comparison;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.stats.Synthetic;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.TestAbortedException;

import java.time.Duration;
import java.util.Arrays;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The edges of the duration bounds and the arguments the assertions refuse, on timings made of
 * chosen samples. A timing of 1,001 samples all reading 1,000 ns, on a clock stepping by 1 ns, has
 * the 95 % interval [999, 1001] ns for its median (the sample, widened by one step each way): a
 * bound at 999 or 1001 ns tells an inclusive comparison from an exclusive one.
 */
class BoundsAndArgumentsTests {

    private final Timing constant = Synthetic.timing("constant", constant(1000, 1001));

    private static long[] constant(long value, int n) {
        long[] samples = new long[n];
        Arrays.fill(samples, value);
        return samples;
    }

    private static Duration ns(long n) {
        return Duration.ofNanos(n);
    }

    private static void passes(ThrowingCallable claim) {
        assertThatCode(claim).doesNotThrowAnyException();
    }

    private static void fails(ThrowingCallable claim) {
        assertThatThrownBy(claim).isExactlyInstanceOf(AssertionError.class);
    }

    private static void isInconclusive(ThrowingCallable claim) {
        assertThatThrownBy(claim).isInstanceOf(TestAbortedException.class);
    }

    @Test
    void isLessThanOrEqualToIncludesItsBound() {
        passes(() -> assertThat(constant).median().isLessThanOrEqualTo(ns(1001)));
        isInconclusive(() -> assertThat(constant).median().isLessThan(ns(1001))); // the same bound, exclusive
        isInconclusive(() -> assertThat(constant).median().isLessThanOrEqualTo(ns(999)));
        fails(() -> assertThat(constant).median().isLessThanOrEqualTo(ns(998)));
        assertThatThrownBy(() -> assertThat(constant).median().isLessThanOrEqualTo(ns(998)))
                .hasMessageStartingWith("Expected the p50 of 'constant' to be at most ");
    }

    @Test
    void isGreaterThanOrEqualToIncludesItsBound() {
        passes(() -> assertThat(constant).median().isGreaterThanOrEqualTo(ns(999)));
        isInconclusive(() -> assertThat(constant).median().isGreaterThan(ns(999))); // the same bound, exclusive
        isInconclusive(() -> assertThat(constant).median().isGreaterThanOrEqualTo(ns(1001)));
        fails(() -> assertThat(constant).median().isGreaterThanOrEqualTo(ns(1002)));
        assertThatThrownBy(() -> assertThat(constant).median().isGreaterThanOrEqualTo(ns(1002)))
                .hasMessageStartingWith("Expected the p50 of 'constant' to be at least ");
    }

    @Test
    void isStrictlyBetweenExcludesBothEnds() {
        passes(() -> assertThat(constant).median().isStrictlyBetween(ns(998), ns(1002)));
        passes(() -> assertThat(constant).median().isBetween(ns(999), ns(1001)));
        isInconclusive(() -> assertThat(constant).median().isStrictlyBetween(ns(999), ns(1002)));
        isInconclusive(() -> assertThat(constant).median().isStrictlyBetween(ns(998), ns(1001)));
        fails(() -> assertThat(constant).median().isStrictlyBetween(ns(1002), ns(2000)));
        fails(() -> assertThat(constant).median().isStrictlyBetween(ns(500), ns(999)));
    }

    @Test
    void aRangeThatStartsAfterItEndsIsRefusedBeforeAnythingIsDecided() {
        // [900, 1100] would pass: the refusal is about the arguments, not the timing
        assertThatThrownBy(() -> assertThat(constant).median().isBetween(ns(1100), ns(900)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the start of the range (PT0.0000011S) must not be after its end (PT0.0000009S)");
        assertThatThrownBy(() -> assertThat(constant).median().isStrictlyBetween(ns(1100), ns(900)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must not be after its end");
        assertThatThrownBy(() -> assertThat(constant).median().isBetween(null, ns(900)))
                .isInstanceOf(NullPointerException.class).hasMessage("the bound must not be null");
        assertThatThrownBy(() -> assertThat(constant).median().isLessThanOrEqualTo(null))
                .isInstanceOf(NullPointerException.class).hasMessage("the bound must not be null");
    }

    /** Second three times the first, block by block: the ratio of medians is 3 in every resample. */
    private final Comparison threeTimes = Synthetic.comparison(Synthetic.context(30, 1, false),
            Synthetic.around(1000, 100, 1000), Synthetic.around(3000, 300, 1000), 10);

    @Test
    void validFactorsAreDecided() {
        passes(() -> assertThat(threeTimes).firstIsFasterThanSecond().byAtLeast(1));
        passes(() -> assertThat(threeTimes).firstIsFasterThanSecond().byAtLeast(2));
        fails(() -> assertThat(threeTimes).firstIsFasterThanSecond().byAtLeast(4));
        passes(() -> assertThat(threeTimes).firstIsNotSlowerThanSecondByMoreThan(0.5));
        fails(() -> assertThat(threeTimes).firstIsNotSlowerThanSecondByMoreThan(0.2));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.999, 0, -2, Double.NaN, Double.POSITIVE_INFINITY})
    void byAtLeastRefusesAFactorBelowOneOrNotFinite(double factor) {
        assertThatThrownBy(() -> assertThat(threeTimes).firstIsFasterThanSecond().byAtLeast(factor))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("byAtLeast: factor must be at least 1 and finite, was " + factor
                        + " (to allow the first to be slower, use isNotSlowerThan)");
        // secondIsFasterThanFirst() claims the direction when called, so it needs a second that is faster
        Comparison secondFaster = Synthetic.comparison(Synthetic.context(30, 1, false),
                Synthetic.around(3000, 300, 1000), Synthetic.around(1000, 100, 1000), 10);
        assertThatThrownBy(() -> assertThat(secondFaster).secondIsFasterThanFirst().byAtLeast(factor))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, -1, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void isNotSlowerThanRefusesAFactorThatIsNotPositiveAndFinite(double factor) {
        assertThatThrownBy(() -> assertThat(threeTimes).firstIsNotSlowerThanSecondByMoreThan(factor))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("factor must be positive and finite, was " + factor);
    }
}
