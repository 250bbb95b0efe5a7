package dev.chronoscope.internal.stats;

import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The log of decided claims: taken once by the test that measured the timings, and never what keeps a timing alive. */
class ClaimLogTests {

    private static final Decision PASS = new Decision(Outcome.PASS, "ok", List.of(), "");

    @Test
    void aClaimIsTakenOnceInTheOrderMadeAndAComparisonsClaimOnce() {
        Timing a = Synthetic.timing("a", 1, 2, 3);
        Timing b = Synthetic.timing("b", 1, 2, 3);
        ClaimLog.record(List.of(a), "first", PASS, false, "m1");
        ClaimLog.record(List.of(a, b), "pair", PASS, false, "m2");

        List<ClaimLog.Entry> taken = ClaimLog.take(List.of(a, b));

        assertThat(taken).extracting(ClaimLog.Entry::claim).containsExactly("first", "pair");
        assertThat(taken.get(1).subjects()).containsExactly(a, b);
        assertThat(ClaimLog.take(List.of(a, b))).as("taken already").isEmpty();
    }

    @Test
    void aTimingNoTestCollectsIsNotKeptAliveByItsClaims() throws InterruptedException {
        WeakReference<Timing> ref = logAClaimAboutATimingAndForgetIt();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (ref.get() != null && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertThat(ref.get()).as("collected within 10 s of repeated System.gc()").isNull();
    }

    private static WeakReference<Timing> logAClaimAboutATimingAndForgetIt() {
        Timing t = Synthetic.timing("forgotten", 1, 2, 3);
        ClaimLog.record(List.of(t), "claim", PASS, false, "m");
        return new WeakReference<>(t);
    }
}
