package dev.chronoscope;

import dev.chronoscope.internal.measure.Timings;
import dev.chronoscope.internal.stats.Synthetic;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

import java.time.Duration;
import java.util.List;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The log of decided claims: the measurement context's own, reached through the timings it built,
 * taken once, in the order the claims were made; a comparison's claim is logged once.
 */
class ClaimLogTests {

    @Test
    void claimsGoToTheLogOfTheContextThatMeasuredTheTimingInTheOrderMade() {
        Timings.Context context = Synthetic.context(30, 1, false);
        Comparison pair = Synthetic.comparison(context, Synthetic.around(100, 2, 400), Synthetic.around(100, 2, 400), 4);

        assertThat(pair.first()).median().isLessThan(Duration.ofSeconds(1));
        assertThat(pair).firstIsNotSlowerThanSecondByMoreThan(1000);
        assertThatThrownBy(() -> assertThat(pair.second()).as("second").median().isLessThan(Duration.ofNanos(1)))
                .isInstanceOf(AssertionError.class);

        List<ClaimLog.Entry> taken = context.claims().take();
        assertThat(taken).extracting(ClaimLog.Entry::claim)
                .containsExactly("p50 < 1 s", "first not slower than second by more than ×1000", "[second] p50 < 1 ns");
        assertThat(taken).extracting(ClaimLog.Entry::outcome).containsExactly(Outcome.PASS, Outcome.PASS, Outcome.FAIL);
        assertThat(taken.get(1).subjects()).containsExactly(pair.first(), pair.second());
        assertThat(context.claims().take()).as("taken already").isEmpty();
    }

    @Test
    void aContextsLogHoldsOnlyTheClaimsAboutItsOwnTimings() {
        Timings.Context one = Synthetic.context(30, 1, false);
        Timings.Context other = Synthetic.context(30, 1, false);
        Timing mine = Synthetic.timing("mine", one, Synthetic.around(100, 2, 200));
        Timing theirs = Synthetic.timing("theirs", other, Synthetic.around(100, 2, 200));

        assertThat(mine).median().isLessThan(Duration.ofSeconds(1));
        assertThat(theirs).median().isLessThan(Duration.ofSeconds(1));

        assertThat(one.claims().take()).singleElement().extracting(ClaimLog.Entry::subjects).isEqualTo(List.of(mine));
        assertThat(other.claims().take()).singleElement().extracting(ClaimLog.Entry::subjects).isEqualTo(List.of(theirs));
    }

    @Test
    void aTimingBuiltOutsideAContextHasNoLogAndItsClaimsStillDecide() {
        // decided and enforced as any claim (one sample cannot decide: aborted), logged nowhere
        Timing built = Synthetic.timing("alone", 100, 101, 102);
        Timing bare = Timing.builder().label("bare").clock(ClockId.CLOCK_MONOTONIC).readMethod("none")
                .sortedSamples(new int[]{1}).floor(built.floor()).step(1, "test").raw(built.raw())
                .verdict(Verdict.RESOLVED, "test").build();

        assertThat(bare.claimLog()).isEmpty();
        Throwable thrown = catchThrowable(() -> assertThat(bare).median().isLessThan(Duration.ofNanos(1)));
        assertThat(thrown).as("one sample cannot decide").isInstanceOf(TestAbortedException.class);
    }
}
