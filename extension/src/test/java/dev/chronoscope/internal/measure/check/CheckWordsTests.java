package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link SelfCheck}'s words are the checks' constants: each check words its evidence and consequence
 * from its thresholds, and the public enum (which the docs' table is tested against,
 * {@code SelfCheckTableTests}) must say exactly that. A threshold changed without its words fails here.
 */
class CheckWordsTests {

    @Test
    void everyCheckIsListedOnceInTheEnumsOrder() {
        assertThat(SelfCheckPlan.ALL.stream().map(Check::id)).containsExactly(SelfCheck.values());
    }

    @Test
    void theEnumsEvidenceIsWhatTheChecksThresholdsSay() {
        assertThat(SelfCheckPlan.ALL.stream().map(Check::evidence))
                .containsExactlyElementsOf(Arrays.stream(SelfCheck.values()).map(SelfCheck::evidence).toList());
    }

    @Test
    void theEnumsConsequenceIsWhatTheChecksSay() {
        assertThat(SelfCheckPlan.ALL.stream().map(Check::consequence))
                .containsExactlyElementsOf(Arrays.stream(SelfCheck.values()).map(SelfCheck::consequence).toList());
    }

    @Test
    void everyWayRunsOnlyListedChecks() {
        for (SelfCheckPlan.Way way : SelfCheckPlan.Way.values()) {
            assertThat(SelfCheckPlan.ALL).as(way.label()).containsAll(way.checks());
        }
        assertThat(SelfCheckPlan.ALL).containsAll(SelfCheckPlan.SAMPLE_AGAIN).containsAll(SelfCheckPlan.WARM_UP_AGAIN);
    }

    @Test
    void thresholdsAreWordedAsTheDocsWordThem() {
        assertThat(Prose.times(1.25)).isEqualTo("x1.25");
        assertThat(Prose.times(3)).isEqualTo("x3");
        assertThat(Prose.percent(0.05)).isEqualTo("5 %");
        assertThat(Prose.share(1.0 / 3)).isEqualTo("a third");
        assertThat(Prose.number(10)).isEqualTo("ten");
    }
}
