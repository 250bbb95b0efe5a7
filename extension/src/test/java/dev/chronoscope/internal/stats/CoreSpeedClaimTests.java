package dev.chronoscope.internal.stats;

import dev.chronoscope.CoreSpeedState;
import dev.chronoscope.Outcome;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * A host-state spell replayed: a figure taken while the core ran x1.44 slower than the JVM's
 * reference state is kept; a claim whose outcome the slowdown could have changed is inconclusive,
 * naming it, and one it could not have changed stands.
 */
class CoreSpeedClaimTests {

    /** 1,001 samples over 900..1100 ns: median 1000 ns, its interval about ±7 ns. */
    private final Timing measured = Synthetic.timing("chain", Synthetic.around(1000, 100, 1001));
    /** The same figure, taken while the core ran 1.04 ns per multiply-add against a reference of 0.72 (x1.44). */
    private final Timing slowed = measured.withCoreSpeed(new CoreSpeedState(1.04, 1.02, 0.72));

    @Test
    void aFailedUpperBoundTheSlowdownCouldExplainIsInconclusiveNamingIt() {
        // 1000 ns measured, 479 ns at the slowdown squared (x2.09): "< 800 ns" fails as measured, could pass there
        assertThat(Synthetic.median(measured, Relation.LESS, 800).outcome()).isEqualTo(Outcome.FAIL);

        Decision d = Synthetic.median(slowed, Relation.LESS, 800);

        assertThat(d.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(d.headline()).startsWith("Inconclusive: cannot tell whether the p50 of 'chain' is less than 800 ns: its 95 %"
                + " interval [").contains("fails 800 ns, and the core ran x1.44 slower around the samples than in this JVM's"
                + " reference state (core x1.44 slower than this JVM's reference state around these samples (1.040 before,"
                + " 1.020 after, against 0.720 ns per multiply-add)); code slows by up to that squared, x2.09")
                .contains("the host's state could have changed the outcome");
        // x1.44 alone would leave 694 ns, which still fails 650 ns: code slows by more than the reference
        assertThat(Synthetic.median(slowed, Relation.LESS, 650).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }

    @Test
    void aFailedUpperBoundTheSlowdownCannotExplainStillFails() {
        // 479 ns at the slowdown squared is still above 400 ns
        assertThat(Synthetic.median(slowed, Relation.LESS, 400).outcome()).isEqualTo(Outcome.FAIL);
    }

    @Test
    void aPassedUpperBoundStandsForASlowerHostOnlyMadeItHarder() {
        assertThat(Synthetic.median(slowed, Relation.LESS, 1_200).outcome()).isEqualTo(Outcome.PASS);
    }

    @Test
    void aPassedLowerBoundTheSlowdownCouldHaveMadeIsInconclusive() {
        // "> 900 ns" passes as measured; at the slowdown squared, 479 ns, it could fail
        assertThat(Synthetic.median(slowed, Relation.GREATER, 900).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(Synthetic.median(slowed, Relation.GREATER, 1_200).outcome()).as("a failed lower bound stands").isEqualTo(Outcome.FAIL);
        assertThat(Synthetic.median(slowed, Relation.GREATER, 400).outcome()).as("passes at either speed").isEqualTo(Outcome.PASS);
    }

    @Test
    void aSlowdownWithinNoiseChangesNothing() {
        Timing withinNoise = measured.withCoreSpeed(new CoreSpeedState(0.80, 0.82, 0.72));

        assertThat(Synthetic.median(withinNoise, Relation.LESS, 800).outcome()).isEqualTo(Outcome.FAIL);
    }
}
