package dev.chronoscope.samples;

import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;

/**
 * Binary search against linear search over 10,000 sorted ints: a claim that survives a busy
 * machine. Binary search takes ~14 probes, linear search ~5,000 on average, so the true ratio is
 * around 50-100x; the test claims only 3x. Both regions are measured interleaved, so a noisy
 * neighbour slows both alike, and a ratio is what is asserted — never an absolute time, except
 * with a bound hundreds of times the expected value.
 */
@SubtractProbeFloor
class SearchPerformanceTests {

    private static final int SIZE = 10_000;
    private static final int LOOKUPS = 8; // per timed region: ~200 ns or more, resolved even by a clock stepping by 10 ns

    private final int[] sorted = new Random(1).ints(SIZE, 0, Integer.MAX_VALUE).sorted().toArray();
    private final int[] keys = new Random(2).ints(1024, 0, SIZE).map(i -> sorted[i]).toArray();
    private int next; // not final: the JIT must not see constant keys

    private long binary() {
        long found = 0;
        for (int k = 0; k < LOOKUPS; k++) {
            found += Arrays.binarySearch(sorted, keys[next++ & 1023]);
        }
        return found;
    }

    private long linear() {
        long found = 0;
        for (int k = 0; k < LOOKUPS; k++) {
            int key = keys[next++ & 1023];
            for (int i = 0; i < sorted.length; i++) {
                if (sorted[i] == key) {
                    found += i;
                    break;
                }
            }
        }
        return found;
    }

    @Test
    void binarySearchBeatsLinearSearchByAWideMargin(Probe probe) {
        Comparison c = probe.compare("binary search", "linear search", 2_000, this::binary, this::linear);
        assertThat(c).firstIsFasterThanSecond().byAtLeast(3);
    }

    @Test
    void binarySearchStaysFarBelowTenMicroseconds(Probe probe) {
        // back to back: batches of calls, which the clock resolves even where one call
        // alone is a few quanta of a coarse counter (10 ns steps on AMD EPYC guests)
        Timing t = probe.repeatBackToBack("binary search", 5_000, this::binary);
        assertThat(t).isResolved();
        // eight lookups take well under a microsecond; the bound leaves room for any busy machine
        assertThat(t).median().isLessThan(Duration.ofNanos(10_000));
        assertThat(t).percentile(90).isLessThan(Duration.ofNanos(50_000));
    }
}
