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
 * few calls once their time budget has passed, so a throughput or a comparison of a 10 ms region
 * asked for 3 samples makes what its warm-up needs and a few dozen more, not the 201-sample looks a
 * microsecond region's checks take (376 calls for the throughput, 444 for the comparison, before).
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

    @Test
    void aThroughputAndACompareOfATenMillisecondRegionMakeAFewDozenCallsBeyondItsWarmUp() {
        KitRun run = ChronoscopeKit.in(dir).run(SlowTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        System.out.println("calls made for 3 samples of a 10 ms region: " + CALLS);
        // 3 samples, the warm-ups' rounds (at least 10 samples each, at one and two calls per sample),
        // the sizing's pilots (15), the checks' looks and pilots (at least 15 and 5 each): 170 and 200
        // here, where the uncapped looks made 376 and 444
        assertThat(CALLS.get("throughput")).as("throughput(3) of a 10 ms region").isLessThan(250);
        assertThat(CALLS.get("compare first") + CALLS.get("compare second")).as("compare(3) of 10 ms and 5 ms regions")
                .isLessThan(300);
        assertThat(TIMINGS.get("throughput").kept()).isEqualTo(3);
    }
}
