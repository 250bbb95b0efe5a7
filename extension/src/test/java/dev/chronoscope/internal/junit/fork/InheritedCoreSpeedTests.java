package dev.chronoscope.internal.junit.fork;

import dev.chronoscope.internal.measure.CoreSpeedReference;
import dev.chronoscope.internal.measure.CoreSpeedReferences;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suite JVM's core-speed reference state handed to a forked test's JVM: a fork that reads only a slow state takes
 * the suite's faster one for its reference, one that reads faster keeps its own, and a text it cannot read is said.
 */
class InheritedCoreSpeedTests {

    static final double FAST = 0.72;
    static final double SLOW = 1.04;

    @AfterEach
    void clear() {
        System.clearProperty(InheritedCoreSpeed.PROPERTY);
    }

    @Test
    void theSuiteJvmReadsTheCoreTwiceWhereItHasNoReferenceStateYetAndHandsItOn() {
        AtomicInteger reads = new AtomicInteger();
        CoreSpeedReference suite = CoreSpeedReferences.scripted(() -> reads.incrementAndGet() == 1 ? 0.70 : FAST);

        assertThat(InheritedCoreSpeed.text(suite, 4242)).contains(suite.reference() + ";" + FAST + ";4242");
        assertThat(reads).hasValue(2);
        InheritedCoreSpeed.text(suite, 4242);
        assertThat(reads).as("read no more once it has a reference state").hasValue(2);
    }

    @Test
    void aForkThatReadsOnlyTheSlowStateHoldsItsFiguresAgainstTheSuitesReference() {
        CoreSpeedReference fork = CoreSpeedReferences.scripted(() -> SLOW);
        System.setProperty(InheritedCoreSpeed.PROPERTY, fork.reference() + ";" + FAST + ";4242");

        InheritedCoreSpeed.applyTo(fork);
        fork.nanosPerStep();
        fork.nanosPerStep();

        assertThat(fork.referenceState()).isEqualTo(FAST);
    }

    @Test
    void aForkThatReadsFasterThanTheSuiteKeepsItsOwnAndOtherChainsAreNotCompared() {
        CoreSpeedReference fork = CoreSpeedReferences.scripted(() -> 0.65);
        System.setProperty(InheritedCoreSpeed.PROPERTY, fork.reference() + ";" + FAST + ";4242");
        InheritedCoreSpeed.applyTo(fork);
        fork.nanosPerStep();
        fork.nanosPerStep();
        assertThat(fork.referenceState()).isEqualTo(0.65);

        CoreSpeedReference other = CoreSpeedReferences.scripted(() -> SLOW);
        System.setProperty(InheritedCoreSpeed.PROPERTY, "some-other-chains;" + FAST + ";4242");
        InheritedCoreSpeed.applyTo(other);
        other.nanosPerStep();
        other.nanosPerStep();
        assertThat(other.referenceState()).isEqualTo(SLOW);
    }

    @Test
    void aTextThatCannotBeReadIsSaidAndTheForkKeepsItsOwnReadings() {
        CoreSpeedReference fork = CoreSpeedReferences.scripted(() -> SLOW);
        System.setProperty(InheritedCoreSpeed.PROPERTY, "java;fast;4242");
        PrintStream err = System.err;
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
        try {
            InheritedCoreSpeed.applyTo(fork);
        } finally {
            System.setErr(err);
        }
        fork.nanosPerStep();
        fork.nanosPerStep();

        assertThat(said.toString(StandardCharsets.UTF_8)).contains("[chronoscope] dev.chronoscope.fork.coreSpeed ="
                + " 'java;fast;4242' could not be read (expected chains;ns per multiply-add;pid)");
        assertThat(fork.referenceState()).isEqualTo(SLOW);
        assertThat(InheritedCoreSpeed.nanosPerStep("java;fast;4242")).as("what the fork member says").isEmpty();
        assertThat(InheritedCoreSpeed.nanosPerStep("java;0.72;4242")).contains(0.72);
        assertThat(InheritedCoreSpeed.nanosPerStep(null)).isEmpty();
    }

    @Test
    void aForksReadingsCountTowardsTheSuiteJvmsReferenceStateSoTheNextForkInheritsTheRunsFasterState() {
        CoreSpeedReference suite = CoreSpeedReferences.scripted(() -> SLOW);
        suite.nanosPerStep();
        suite.nanosPerStep();
        String chains = suite.reference();

        InheritedCoreSpeed.countReadings(suite, "{\"run\":\"r\",\"coreSpeed\":{\"beforeNsPerStep\":" + SLOW
                + ",\"afterNsPerStep\":0.75,\"reference\":\"" + chains + "\"},\"timings\":[{\"label\":\"a\","
                + "\"coreSpeed\":{\"beforeNsPerStep\":" + FAST + ",\"afterNsPerStep\":" + SLOW + "}},"
                + "{\"label\":\"latency\",\"coreSpeed\":null}]}");
        assertThat(suite.referenceState()).as("the test's readings and its timings'").isEqualTo(0.75);

        InheritedCoreSpeed.countReadings(suite, "{\"run\":\"r\",\"coreSpeed\":null}");
        InheritedCoreSpeed.countReadings(suite, "{\"run\":\"r\",\"coreSpeed\":{\"beforeNsPerStep\":0.5,"
                + "\"afterNsPerStep\":0.5,\"reference\":\"some-other-chains\"}}");
        assertThat(suite.referenceState()).as("records without readings, or of other chains, count nothing").isEqualTo(0.75);
    }
}
