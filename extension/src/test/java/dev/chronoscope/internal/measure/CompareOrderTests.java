package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.Comparison;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.stats.AssertionSettings;
import dev.chronoscope.internal.stats.Synthetic;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code Probe.compare} interleaves the two regions in blocks whose order comes from the seed: the
 * same seed gives the same order, another seed another one, and every block holds both regions.
 */
class CompareOrderTests {

    /** The order in which the regions' blocks ran: one letter per block. */
    private static String blockOrder(long seed) throws Exception {
        List<Character> calls = new ArrayList<>();
        ProbeFloor floor = Synthetic.context(30, 1, false).floor();
        Timings.Context context = Timings.Context.of(ClockReaders.open(ClockId.NANO_TIME), floor).subtractFloor(false)
                .step(1, "test").assertions(new AssertionSettings(false, seed)).build();
        MeasuringProbe probe = new MeasuringProbe(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(0));
        Comparison c = probe.compare("a", () -> calls.add('a'), "b", () -> calls.add('b'), 2_000);
        assertThat(c.seed()).isEqualTo(seed);
        // the timed blocks are the last calls; before them, sizing and warm-up may have called the regions
        int k = c.first().callsPerSample();
        int perBlock = c.blockSize() * k;
        List<Character> timed = calls.subList(calls.size() - 2 * 2_000 * k, calls.size());
        StringBuilder order = new StringBuilder();
        char last = 0;
        int run = 0;
        for (char call : timed) {
            if (call != last || run == perBlock) {
                order.append(call);
                last = call;
                run = 0;
            }
            run++;
        }
        // every pair of blocks holds one block of each region
        for (int i = 0; i + 1 < order.length(); i += 2) {
            assertThat(order.charAt(i)).as("block pair %d of %s", i / 2, order).isNotEqualTo(order.charAt(i + 1));
        }
        assertThat(order.length()).isEqualTo(2 * c.blockPairs());
        return order.toString();
    }

    @Test
    void theSameSeedGivesTheSameBlockOrderAndAnotherSeedAnother() throws Exception {
        String first = blockOrder(42);
        assertThat(blockOrder(42)).isEqualTo(first);
        assertThat(blockOrder(43)).as("another seed").isNotEqualTo(first);
        assertThat(first).as("both orders occur: the order is drawn, not fixed").contains("ab").contains("ba");
    }
}
