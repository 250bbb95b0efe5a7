package dev.chronoscope.assertj;

import dev.chronoscope.Comparison;
import dev.chronoscope.Timing;
import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code ChronoscopeAssertions} is used to write performance assertions, AssertJ style, that know
 * the clock's resolution, the probe floor and the noise: each claim passes, fails, or — when the
 * measurement cannot support it either way — aborts the test (JUnit's aborted state, with the
 * numbers and the reason) instead of failing it.
 *
 * <pre>{@code
 * import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
 *
 * Timing t = probe.repeat(100_000, () -> Murmur3.hash(key));
 * assertThat(t).median().isLessThan(Duration.ofNanos(80));
 *
 * Comparison c = probe.compare("binary", () -> binary(keys, k), "linear", () -> linear(keys, k), 20_000);
 * assertThat(c).firstIsFasterThanSecond().byAtLeast(3);
 * }</pre>
 *
 * <p>A claim is <em>inconclusive</em> when the clock did not resolve the region, when fewer than 100
 * samples were kept, or when the statistic's 95 % confidence interval straddles the bound. With the
 * configuration parameter {@code chronoscope.assertions.strict=true} an inconclusive claim fails
 * instead. Relative claims ({@link Comparison}) are the ones to gate a build on: two regions
 * measured interleaved suffer the machine's noise alike.
 *
 * <p>Needs AssertJ ({@code org.assertj:assertj-core}) on the test classpath; Chronoscope does not
 * bring it. The methods are named {@code assertThat}, so they can be statically imported next to
 * AssertJ's {@code Assertions.assertThat}: Java picks the more specific overload.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ChronoscopeAssertions {

    private ChronoscopeAssertions() {
    }

    /** Assertions on one timing: navigate to a statistic ({@link TimingAssert#median()}) and claim a bound. */
    public static TimingAssert assertThat(Timing actual) {
        return new TimingAssert(actual);
    }

    /** Assertions on an interleaved comparison of two regions. */
    public static ComparisonAssert assertThat(Comparison actual) {
        return new ComparisonAssert(actual);
    }
}
