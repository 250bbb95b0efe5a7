package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.ffm.ProbeLibrary;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The core's speed reference reads what a dependent multiply-add costs, and reads it alike twice in a row. */
class CoreSpeedReferenceTests {

    @Test
    void readsAFewCyclesPerMultiplyAddAndAlikeTwiceInARow() {
        CoreSpeedReference reference = new CoreSpeedReference();

        double first = reference.nanosPerStep();
        double second = reference.nanosPerStep();

        // a dependent 64-bit multiply-add takes 3-5 cycles: 0.05-50 ns covers every core from 100 MHz to 60 GHz
        assertThat(first).isBetween(0.05, 50.0);
        // a quarter of a millisecond apart, on a shared host: a factor of two, not a tight bound (the states seen differ by 1.33x)
        assertThat(second / first).isBetween(0.5, 2.0);
    }

    @Test
    void aQuickReadingReadsWhatAFullOneReads() {
        CoreSpeedReference reference = new CoreSpeedReference();
        double full = reference.nanosPerStep();

        double quick = reference.quickNanosPerStep();

        // 3 samples of 50 chains against 15 of 200, right after: the same per-step cost, within the factor
        // above (the two speeds seen lie x1.3-1.6 apart, so a gap beyond it would be another measure)
        assertThat(quick / full).isBetween(0.5, 2.0);
        assertThat(reference.referenceState()).as("the slower of two readings is the second fastest").isEqualTo(Math.max(full, quick));
    }

    @Test
    void theChainsInCReadWhatTheChainsInJavaReadAndSayWhichTheyAre() {
        assumeTrue(ProbeLibrary.MULTIPLY_ADD_CHAINS != null, "the probe library with its multiply-add chains is not loaded here: "
                + ProbeLibrary.unavailableReason());
        CoreSpeedReference c = CoreSpeedReference.running(ProbeLibrary.MULTIPLY_ADD_CHAINS);
        CoreSpeedReference java = CoreSpeedReference.running(null);

        // alternated, the faster of three each: a spell of the host meets both, and the Java chains' first readings may
        // still run C1's code (docs/evidence/gate-validation.md), which a later reading no longer does
        double inC = Double.MAX_VALUE;
        double inJava = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            inC = Math.min(inC, c.nanosPerStep());
            inJava = Math.min(inJava, java.nanosPerStep());
        }

        assertThat(c.reference()).isEqualTo(CoreSpeedReference.NATIVE);
        assertThat(java.reference()).isEqualTo(CoreSpeedReference.JAVA);
        assertThat(new CoreSpeedReference().reference()).as("the default where the library has them").isEqualTo(CoreSpeedReference.NATIVE);
        // the same dependent multiply and add per step: the same cost within the factor the tests above allow
        assertThat(inC).isBetween(0.05, 50.0);
        assertThat(inC / inJava).isBetween(0.5, 2.0);
    }
}
