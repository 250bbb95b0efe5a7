package dev.chronoscope.junit;

import dev.chronoscope.Allocation;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import dev.chronoscope.ChronoscopeConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What a region's first calls allocate is counted before its warm-up, while its code runs
 * interpreted or C1-compiled: an array the region only uses inside is allocated there whatever C2's
 * escape analysis later removes, an array it returns is the same in its first calls as settled, and
 * a region that allocates nothing counts nothing. With region warm-ups off they are not counted:
 * the region runs exactly as many times as asked.
 */
class FirstCallsTests {

    @TempDir
    Path dir;

    static final Map<String, Allocation> ALLOCATIONS = new ConcurrentHashMap<>();

    static class FirstCallsTestCase {
        // not final: the JIT cannot fold what is computed from it
        long x = 7;

        @Test
        @MeasureWith(NANO_TIME)
        void regions(Probe probe) {
            keep("inside", probe.repeatBackToBack("array used inside", 2_000, () -> {
                long[] t = new long[4];
                t[0] = x;
                t[3] = x * 3;
                return t[0] + t[3];
            }));
            keep("returned", probe.repeat("array returned", 5_000, () -> new long[4]));
            keep("none", probe.repeatBackToBack("no allocation", 2_000, () -> x * 31 + 7));
        }

        private static void keep(String key, Timing t) {
            ALLOCATIONS.put(key, t.allocation().orElseThrow(() -> new AssertionError(key + ": " + t.allocationUnknownReason())));
        }
    }

    @Test
    void theFirstCallsCountWhatTheCodeAllocatesBeforeEscapeAnalysis() {
        ALLOCATIONS.clear();
        ChronoscopeKit.in(dir).run(FirstCallsTestCase.class).tests().assertStatistics(s -> s.succeeded(1));

        Allocation inside = ALLOCATIONS.get("inside");
        assertThat(inside.firstCallsBytesPerCall()).as("a long[4] used inside, first calls (settled: %s)", inside.describe())
                .isGreaterThanOrEqualTo(32);
        assertThat(inside.bytesPerCall()).as("settled never above the first calls").isLessThanOrEqualTo(inside.firstCallsBytesPerCall() + 1);
        Allocation returned = ALLOCATIONS.get("returned");
        assertThat(returned.firstCallsBytesPerCall()).as("a long[4] returned: first calls as settled")
                .isCloseTo(returned.bytesPerCall(), within(1.0));
        assertThat(ALLOCATIONS.get("none").firstCallsBytesPerCall()).as("nothing allocated").isLessThan(1);
    }

    @Test
    void withRegionWarmupsOffTheFirstCallsAreNotCounted() {
        ALLOCATIONS.clear();
        ChronoscopeKit.in(dir).with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "0ms").run(FirstCallsTestCase.class).tests()
                .assertStatistics(s -> s.succeeded(1));

        assertThat(ALLOCATIONS.get("returned").firstCallsBytesPerCall()).isNaN();
        assertThat(ALLOCATIONS.get("returned").bytesPerCall()).as("the settled figure still counted").isGreaterThanOrEqualTo(32);
    }
}
