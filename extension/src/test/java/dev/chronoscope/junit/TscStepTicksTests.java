package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.host.HostFactsReader;
import dev.chronoscope.internal.junit.ClockChoice;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code chronoscope.host.tscStepTicks} through the engine: the run's tests read the real TSC rounded
 * down to the step, so a machine whose counter moves by 1 or 2 ticks gives the verdicts, batching and
 * decisions of a host whose TSC moves in 10 ns steps (an AMD EPYC guest's 26 ticks at 2.6 GHz); the
 * record names the step in the clock's read method, and the host's facts stay its own.
 */
class TscStepTicksTests {

    @TempDir
    Path dir;

    static class LookupTestCase {
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
        static final Map<String, Comparison> COMPARISONS = new ConcurrentHashMap<>();

        final Map<Integer, Integer> hash = new HashMap<>();
        final Map<Integer, Integer> tree = new TreeMap<>();

        LookupTestCase() {
            for (int i = 0; i < 1_000; i++) {
                hash.put(i * 7919, i);
                tree.put(i * 7919, i);
            }
        }

        private static int lookUp(Map<Integer, Integer> map, int count) {
            int found = 0;
            for (int i = 0; i < count; i++) {
                found += map.get((i * 37 % 1_000) * 7919);
            }
            return found;
        }

        @Test
        @dev.chronoscope.RequiresInvariantTsc
        @SubtractProbeFloor
        void lookups(Probe probe) {
            TIMINGS.put("alone", probe.repeat("HashMap.get alone", 2_000, () -> lookUp(hash, 1)));
            TIMINGS.put("batched", probe.repeatBackToBack("HashMap.get batched", 2_000, () -> lookUp(hash, 1)));
            Comparison c = probe.compare("HashMap.get x2", () -> lookUp(hash, 2), "TreeMap.get x2", () -> lookUp(tree, 2), 5_000);
            COMPARISONS.put("lookups", c);
            assertThat(c).firstIsFasterThanSecond().byAtLeast(1.5);
        }
    }

    @BeforeEach
    void clear() {
        LookupTestCase.TIMINGS.clear();
        LookupTestCase.COMPARISONS.clear();
    }

    private static void assumeUsableTsc() {
        assumeTrue(ClockChoice.tscUsable(HostFactsReader.read()), () -> "this host's TSC is not usable: "
                + ClockChoice.tscFacts(HostFactsReader.read()));
    }

    @Test
    void testsOnATenNanosecondTscMeetItsStepAndStillDecide() {
        assumeUsableTsc();

        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.TSC_STEP_TICKS_KEY, "26")
                .with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms")
                .run(LookupTestCase.class);

        // the claim decides, or a self-check refused the figures it stands on (first-touch page faults
        // of this JVM's growing heap: docs/reference/self-checks.md), which aborts
        // it; it never fails, and nothing else may abort it
        java.util.List<String> aborted = run.tests().aborted().stream().map(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable).map(Throwable::getMessage).orElse("")).toList();
        assertThat(aborted).allSatisfy(m -> assertThat(m).contains("a self-check refused the figure"));
        run.tests().assertStatistics(s -> s.succeeded(1 - aborted.size()).failed(0).aborted(aborted.size()));
        JsonRecord record = run.record("LookupTestCase.lookups()");
        assertThat(record.string("clock.id")).isEqualTo("TSC_FENCED");
        assertThat(record.string("clock.readMethod")).endsWith(", rounded down to 26-tick steps (chronoscope.host.tscStepTicks)");
        assertThat(record.number("resolution.quantum")).as(record.string("resolution.description")).isEqualTo(26);
        assertThat(record.string("host")).as("the host's facts stay its own").doesNotContain("described");

        Timing alone = LookupTestCase.TIMINGS.get("alone");
        Timing batched = LookupTestCase.TIMINGS.get("batched");
        // the premise: one lookup is a few nanoseconds, under the 10 ns step; a busy host can run it slower
        assumeTrue(alone.verdict() != Verdict.RESOLVED, () -> "one lookup alone read " + alone.netNanos().p50()
                + " ns on this host now, above the 10 ns step this test needs it under: " + alone.verdictReason());
        assertThat(alone.verdict()).as("one lookup alone, %s", alone.verdictReason()).isEqualTo(Verdict.NOT_RESOLVED);
        // batched to beat the 26-tick step; on a busy host the batch floor, taken right before, may read as
        // long as the region's samples (preempted meanwhile): then the verdict says so, not the step
        assertThat(batched.verdict() != Verdict.NOT_RESOLVED || batched.verdictReason().contains("no longer than the empty region"))
                .as(batched.verdictReason()).isTrue();
        assertThat(batched.callsPerSample()).isGreaterThan(4);
        assertThat(LookupTestCase.COMPARISONS.get("lookups").batching()).get().asString()
                .startsWith("throughput: both regions per call, ")
                .contains("because the clock does not resolve one call of 'HashMap.get x2' alone");
    }

    @Test
    void stepOneIsTheCounterAsItIs() {
        assumeUsableTsc();

        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.TSC_STEP_TICKS_KEY, "1").run(LookupTestCase.class);

        JsonRecord record = run.record("LookupTestCase.lookups()");
        assertThat(record.string("clock.readMethod")).doesNotContain("rounded down");
    }
}
