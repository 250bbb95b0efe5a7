package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A watched warm-up past its budget goes on, up to twice it, only while the JIT compiles and its round medians move. */
class CompilingWarmupTests {

    private static final long BUDGET = 500_000_000L;

    private static Samples medians(long... values) {
        Samples s = new Samples(values.length);
        for (long v : values) {
            s.add(v);
        }
        return s;
    }

    @Test
    void goesOnWhileTheJitCompilesAndTheMediansStillFallWithinTwoBudgets() {
        long now = System.nanoTime();
        Samples falling = medians(1_000, 900, 800, 700, 600);
        assertThat(Warmer.stillCompiling(now - BUDGET - 1_000_000, BUDGET, now - 1_000_000, WarmupRule.REGION, falling, 1))
                .as("past its budget, the JIT moved 1 ms ago, medians falling").isTrue();
        assertThat(Warmer.stillCompiling(now - BUDGET - 1_000_000, BUDGET, now - 2 * WarmupRule.MIN_JIT_QUIET_NANOS,
                WarmupRule.REGION, falling, 1)).as("the JIT quiet for twice the rule's quiet time").isFalse();
        assertThat(Warmer.stillCompiling(now - BUDGET - 1_000_000, BUDGET, now - 1_000_000, WarmupRule.REGION,
                medians(600, 600, 601, 600, 600), 1)).as("medians settled: the JIT compiles other code").isFalse();
        assertThat(Warmer.stillCompiling(now - Warmer.COMPILING_BUDGETS * BUDGET - 1_000_000, BUDGET, now - 1_000_000,
                WarmupRule.REGION, falling, 1)).as("two budgets spent").isFalse();
    }
}
