package dev.chronoscope.internal.stats;

import dev.chronoscope.Outcome;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * A figure whose region's warm-up did not settle may be of lower-tier code, which runs slower: a
 * failed upper bound or a passed lower bound on it is inconclusive, naming it; a passed upper bound
 * and a failed lower bound stand, and a settled figure decides as measured.
 */
class UnsettledWarmupClaimTests {

    /** 1,001 samples over 900..1100 ns: median 1000 ns. */
    private final Timing settled = Synthetic.timing("sha256", Synthetic.around(1000, 100, 1001));
    private final Timing unsettled = settled.withUnsettledWarmup("its warm-up did not settle within the region warm-up budget"
            + " of 500 ms (212 rounds, round medians from 9000 to 2786 ns per sample)");

    @Test
    void aFailedUpperBoundOnAnUnsettledFigureIsInconclusiveNamingTheWarmup() {
        assertThat(Synthetic.median(settled, Relation.LESS, 500).outcome()).isEqualTo(Outcome.FAIL);

        Decision d = Synthetic.median(unsettled, Relation.LESS, 500);

        assertThat(d.outcome()).isEqualTo(Outcome.INCONCLUSIVE);
        assertThat(d.headline()).contains("fails 500 ns, but its warm-up did not settle within the region warm-up budget of 500 ms"
                + " (212 rounds, round medians from 9000 to 2786 ns per sample)").contains("the outcome could be the tier's");
    }

    @Test
    void aPassedUpperBoundAndAFailedLowerBoundStand() {
        assertThat(Synthetic.median(unsettled, Relation.LESS, 2_000).outcome()).isEqualTo(Outcome.PASS);
        assertThat(Synthetic.median(unsettled, Relation.GREATER, 2_000).outcome()).isEqualTo(Outcome.FAIL);
    }

    @Test
    void aPassedLowerBoundOnAnUnsettledFigureIsInconclusive() {
        assertThat(Synthetic.median(settled, Relation.GREATER, 500).outcome()).isEqualTo(Outcome.PASS);
        assertThat(Synthetic.median(unsettled, Relation.GREATER, 500).outcome()).isEqualTo(Outcome.INCONCLUSIVE);
    }
}
