package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A region's result escapes in every way of timing: an object it returns is allocated and counted
 * (the JIT's escape analysis cannot remove it), and a primitive it returns is computed. The bytes
 * per call are held against the same expression's result stored into a field by the region, and a
 * plain array against its size counted by the thread's allocation counter outside Chronoscope.
 */
class EscapingResultsTests {

    @TempDir
    Path dir;

    static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();

    static class ReturnedResultsTestCase {
        // not final: the JIT cannot fold what is computed from them
        BigDecimal price = new BigDecimal("1234.5678");
        BigDecimal rate = new BigDecimal("1.0375");
        long a = 0x9E3779B97F4A7C15L;
        long c = 0x632BE59BD9B4E019L;
        long x = 1;
        volatile long stored;
        volatile Object kept;

        BigDecimal priced() {
            return price.multiply(rate).setScale(2, RoundingMode.HALF_EVEN);
        }

        long chain() {
            long h = x;
            for (int i = 0; i < 64; i++) {
                h = h * a + c;
            }
            return h;
        }

        @Test
        @MeasureWith(NANO_TIME)
        void regions(Probe probe) {
            TIMINGS.put("array throughput", probe.repeatBackToBack("new long[4]", 2_000, () -> new long[4]));
            TIMINGS.put("array repeat", probe.repeat("new long[4] alone", 20_000, () -> new long[4]));
            TIMINGS.put("decimal throughput", probe.repeatBackToBack("BigDecimal", 2_000, this::priced));
            TIMINGS.put("decimal stored", probe.repeatBackToBack("BigDecimal stored", 2_000, () -> {
                kept = priced();
            }));
            TIMINGS.put("chain returned", probe.repeatBackToBack("chain returned", 2_000, this::chain));
            TIMINGS.put("chain stored", probe.repeatBackToBack("chain stored", 2_000, () -> {
                stored = chain();
            }));
        }
    }

    @Test
    void anObjectARegionReturnsIsAllocatedAndAPrimitiveIsComputed() {
        TIMINGS.clear();
        ChronoscopeKit.in(dir).run(ReturnedResultsTestCase.class).tests().assertStatistics(s -> s.succeeded(1));

        double array = storedBytesPerCall(() -> new long[4]);
        assertThat(array).as("a long[4] stored outside Chronoscope").isGreaterThanOrEqualTo(32);

        assertThat(bytes("array throughput")).as("throughput of a returned long[4]").isCloseTo(array, within(1.0));
        assertThat(bytes("array repeat")).as("repeat of a returned long[4]").isCloseTo(array, within(1.0));
        // the same expression stored into a field by the region: what the JIT cannot remove whatever it inlines
        double decimal = bytes("decimal stored");
        assertThat(decimal).as("a BigDecimal stored: at least its own object").isGreaterThanOrEqualTo(24);
        // returned, its own object is counted at every tier (with the result removed it read 0 B); the stored figure is no
        // floor for it: on a busy host one timing can be sampled at a lower tier, which keeps the intermediate product too
        assertThat(bytes("decimal throughput")).as("throughput of a returned BigDecimal (stored: %.1f B)", decimal)
                .isGreaterThanOrEqualTo(24);
        if (TIMINGS.get("decimal throughput").unsettledWarmup().isEmpty() && TIMINGS.get("decimal stored").unsettledWarmup().isEmpty()) {
            // both at the top tier: the same code, the same bytes (a lower tier keeps the intermediate product too)
            assertThat(bytes("decimal throughput")).as("returned against stored, both warm-ups settled").isCloseTo(decimal, within(1.0));
        }

        // 64 dependent multiply-adds: a region that returns the chain's value costs as much as one
        // that stores it (folded away, it would read a fraction of it); a wide margin, as timings move
        double returned = nanos("chain returned");
        double stored = nanos("chain stored");
        assertThat(returned).as("chain returned %.2f ns against chain stored %.2f ns per call", returned, stored)
                .isGreaterThan(0.5 * stored);
    }

    private static double bytes(String key) {
        Timing t = TIMINGS.get(key);
        return t.allocation().orElseThrow(() -> new AssertionError(key + ": " + t.allocationUnknownReason())).bytesPerCall();
    }

    private static double nanos(String key) {
        Timing t = TIMINGS.get(key);
        return t.percentileValue(50) * t.nanosPerUnit();
    }

    /** Bytes per call of {@code region}'s results stored into an array, by the thread's allocation counter. */
    private static double storedBytesPerCall(Supplier<?> region) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Object[] kept = new Object[10_000];
        for (int round = 0; round < 20; round++) {
            for (int i = 0; i < kept.length; i++) {
                kept[i] = region.get();
            }
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < kept.length; i++) {
            kept[i] = region.get();
        }
        long after = threads.getCurrentThreadAllocatedBytes();
        return (double) (after - before) / kept.length;
    }
}
