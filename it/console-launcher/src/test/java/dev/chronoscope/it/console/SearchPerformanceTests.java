package dev.chronoscope.it.console;

import dev.chronoscope.Comparison;
import dev.chronoscope.PerformanceTest;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;

/** The quick start's tests, run here by the Console Launcher; and an untagged test it must leave out. */
class SearchPerformanceTests {

    private final int[] sorted = new int[4_096];
    private final int[] keys = new int[16];

    SearchPerformanceTests() {
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = 3 * i;
        }
        for (int i = 0; i < keys.length; i++) {
            keys[i] = sorted[(i * 997) % sorted.length];
        }
    }

    private int binary() {
        int found = 0;
        for (int key : keys) {
            found += Arrays.binarySearch(sorted, key) >= 0 ? 1 : 0;
        }
        return found;
    }

    private int linear() {
        int found = 0;
        for (int key : keys) {
            for (int value : sorted) {
                if (value == key) {
                    found++;
                    break;
                }
            }
        }
        return found;
    }

    @PerformanceTest
    void sixteenBinaryLookupsTakeWellUnderTenMicroseconds(Probe probe) {
        Timing t = probe.repeat("16 binary lookups", 20_000, this::binary);
        assertThat(t).isResolved();
        assertThat(t).median().isLessThan(Duration.ofNanos(10_000));
        assertThat(t).allocatesNothing();
    }

    @PerformanceTest
    void binarySearchBeatsLinearSearch(Probe probe) {
        Comparison c = probe.compare("binary", "linear", 2_000, this::binary, this::linear);
        assertThat(c).firstIsFasterThanSecond().byAtLeast(3);
    }

    @Test
    void untaggedTestIsLeftOut() {
        throw new AssertionError("--include-tag performance should have left this test out");
    }
}
