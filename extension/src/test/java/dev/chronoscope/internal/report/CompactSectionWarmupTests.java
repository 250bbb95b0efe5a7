package dev.chronoscope.internal.report;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The section's JVM-wide warm-up fact: the probe path's warm-up without what it says of this one test. */
class CompactSectionWarmupTests {

    @ParameterizedTest
    @ValueSource(strings = {
            "JIT quiet for 20 ms, 3 rounds; still warm before this test",
            "JIT quiet for 20 ms; before this test the path ran above the p50 42 ticks it settled at (p50 63 ticks): re-warmed 2 rounds",
            "JIT quiet for 20 ms",
            "off (chronoscope.warmup.budget = 0): the floor and the regions may be read through a path the JIT has not compiled yet",
            "a; before this test x; still warm before this test",
            "; still warm before this test and more"})
    void keepsWhatTheJvmDidAndLeavesOutThisTestsPart(String warmup) {
        String asAPatternCutIt = warmup.replaceAll("; (still warm before this test|before this test.*)$", "");

        assertThat(CompactSection.withoutThisTestsPart(warmup)).isEqualTo(asAPatternCutIt);
    }
}
