package dev.chronoscope.junit;

import dev.chronoscope.Comparison;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A slow region's checks scale with the region: the looks at single calls and the pilots stop at a
 * few calls once their time budget has passed, and the warm-up's rounds are fitted to its first
 * calls, so a throughput or a comparison of a 10 ms region asked for 3 samples makes what its
 * warm-up needs and a few dozen more, not the 201-sample looks a microsecond region's checks take
 * (376 calls for the throughput, 444 for the comparison, before the looks were cut).
 */
class SlowRegionCostTests {

    @TempDir
    Path dir;

    static final Map<String, Long> CALLS = new ConcurrentHashMap<>();
    static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();

    /** Busy for {@code millis}, counting its calls. */
    static long busy(AtomicLong calls, long millis) {
        calls.incrementAndGet();
        long end = System.nanoTime() + millis * 1_000_000;
        long n = 0;
        while (System.nanoTime() < end) {
            n++;
        }
        return n;
    }

    static class SlowTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void slow(Probe probe) {
            AtomicLong throughput = new AtomicLong();
            TIMINGS.put("throughput", probe.repeatBackToBack("10 ms", 3, () -> busy(throughput, 10)));
            CALLS.put("throughput", throughput.get());
            AtomicLong first = new AtomicLong();
            AtomicLong second = new AtomicLong();
            Comparison c = probe.compare("10 ms compared", () -> busy(first, 10), "5 ms compared", () -> busy(second, 5), 3);
            TIMINGS.put("compared", c.first());
            CALLS.put("compare first", first.get());
            CALLS.put("compare second", second.get());
        }
    }

    static class TwentyMillisecondsTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void twentyMilliseconds(Probe probe) {
            AtomicLong calls = new AtomicLong();
            long start = System.nanoTime();
            TIMINGS.put("20 ms", probe.throughput("20 ms", 3, () -> busy(calls, 20)));
            CALLS.put("20 ms", calls.get());
            CALLS.put("20 ms took ms", (System.nanoTime() - start) / 1_000_000);
        }
    }

    /**
     * With the default region warm-up budget (500 ms): rounds of ten samples of a 20 ms region lasted
     * 200-400 ms, so each warm-up ran its budget out unsettled, twice over while the JIT compiled
     * (114 calls in two warm-ups), and each sizing pilot took 15 calls: 187 calls, 4.2 s, where 150
     * calls, about 3 s, was the mark. Rounds fitted to the region's first calls and pilots cut at the
     * look budget leave about 90.
     */
    @Test
    void aThroughputOfATwentyMillisecondRegionWithTheDefaultWarmUpMakesFewerThan150Calls() {
        KitRun run = ChronoscopeKit.in(dir).without(dev.chronoscope.ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY)
                .run(TwentyMillisecondsTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        System.out.println("throughput(3) of a 20 ms region: " + CALLS.get("20 ms") + " calls in " + CALLS.get("20 ms took ms") + " ms");
        // about 90 here: the warm-ups' rounds (4 first calls, then rounds of one sample), 5 pilots per size,
        // 3 samples, the checks' pilot pair (15) and calls alone (19); a resampling or a confirmed pilot pair adds 3 or 30
        assertThat(CALLS.get("20 ms")).as("throughput(3) of a 20 ms region").isLessThan(150);
        assertThat(TIMINGS.get("20 ms").kept()).isEqualTo(3);
    }

    @Test
    void aThroughputAndACompareOfATenMillisecondRegionMakeAFewDozenCallsBeyondItsWarmUp() {
        KitRun run = ChronoscopeKit.in(dir).run(SlowTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        System.out.println("calls made for 3 samples of a 10 ms region: " + CALLS);
        // 3 samples, the warm-ups' rounds (fitted to the first calls, at one and two calls per sample),
        // the sizing's pilots (5 to 15), the checks' looks and pilots (at least 15 and 5 each): 75-93 and
        // 80-98 here, where rounds of ten samples and uncut pilots made 170 and 200, uncapped looks 376 and 444
        assertThat(CALLS.get("throughput")).as("throughput(3) of a 10 ms region").isLessThan(150);
        assertThat(CALLS.get("compare first") + CALLS.get("compare second")).as("compare(3) of 10 ms and 5 ms regions")
                .isLessThan(200);
        assertThat(TIMINGS.get("throughput").kept()).isEqualTo(3);
    }
}
