package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;

/** A region timed before its warm-up settled is said in the record and the section, never silently. */
class RegionWarmupTests {

    @TempDir
    Path dir;

    static class WarmupTestCase {
        long x = 7;

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void timed(Probe probe) {
            probe.repeat("chain", 2_000, () -> x * 31 + 17);
            probe.repeatBackToBack("chain back to back", 200, () -> x * 31 + 17);
        }
    }

    @Test
    void aWarmupThatDoesNotSettleWithinItsBudgetIsAWarningOfTheTest() {
        // 1 ms: a first warm-up of a region waits for the JIT to be quiet for 20 ms, so it cannot settle
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "1ms").run(WarmupTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(1));

        java.util.List<?> warnings = run.record("WarmupTestCase.timed()").list("warnings");
        assertThat(warnings).anySatisfy(w -> assertThat((String) w).startsWith(
                "the warm-up of 'chain' (one call per sample) did not settle within the region warm-up budget of 1 ms (twice it while the JIT compiled): ")
                .contains("it may have been timed while the JIT was still compiling it (raise chronoscope.region.warmup.budget)"));
        // (with so short a warm-up the JIT may also compile the region while it is sampled: that is another warning)
        assertThat(warnings).as("one warm-up warning per region, whatever its steps")
                .filteredOn(w -> ((String) w).startsWith("the warm-up of 'chain'")).hasSize(1);
        assertThat(warnings).anySatisfy(w -> assertThat((String) w).startsWith("the warm-up of 'chain back to back' ("));
        assertThat(run.section("WarmupTestCase.timed()")).contains("warning      the warm-up of 'chain' (one call per sample)");
    }

    static class CompareWarmupTestCase {
        long x = 7;

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void compared(Probe probe) {
            probe.compare("plus", () -> x * 31 + 17, "times", () -> x * 31 * 17, 2_000);
        }
    }

    @Test
    void aComparedSideWhoseWarmupDidNotSettleSaysSoOnItsTimingAsARepeatedRegionDoes() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "1ms")
                .run(CompareWarmupTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(1));

        JsonRecord record = run.record("CompareWarmupTestCase.compared()");
        assertThat(record.list("warnings")).anySatisfy(w -> assertThat((String) w).startsWith("the warm-up of 'plus'"));
        // a claim on a side consults its timing, as on a repeated region's (PercentileClaim)
        assertThat(record.string("timings." + record.whole("comparisons.0.first") + ".unsettledWarmup"))
                .startsWith("its warm-up did not settle within the region warm-up budget of 1 ms");
    }

    @Test
    void noWarmupAskedForIsNoWarning() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "0ms").run(WarmupTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(1));
        assertThat(run.record("WarmupTestCase.timed()").list("warnings")).noneMatch(w -> ((String) w).startsWith("the warm-up of"));
    }
}
