package dev.chronoscope.samples;

import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Times sorts: each repetition or parameter is one invocation of the same method, and the timing
 * section of each invocation also summarises all invocations so far. Within each invocation the
 * probe times the sort itself (of a fresh copy each time, so every run sorts unsorted data), and
 * the test claims an upper bound many times what the sort costs.
 */
@SubtractProbeFloor
class SortPerformanceTests {

    /**
     * Twice the 100 samples a claim needs: a run that spans a CPU migration is dropped, and a few
     * such drops must not leave the claim too few samples to decide.
     */
    private static final int RUNS = 200;

    private final SplittableRandom random = new SplittableRandom(42);

    private int[] randomInts(int n) {
        return random.ints(n).toArray();
    }

    private static int[] sortedCopy(int[] data) {
        int[] copy = data.clone();
        Arrays.sort(copy);
        return copy;
    }

    @RepeatedTest(5)
    void sortsFiftyThousandInts(Probe probe) {
        int[] data = randomInts(50_000);
        // ~0.4 ms here for the copy and the sort (n log n: ~800,000 comparisons); the claim allows 20 ms
        Timing t = probe.repeat("sort 50,000 ints", RUNS, () -> sortedCopy(data));
        assertThat(t).median().isLessThan(Duration.ofMillis(20));
        assertThat(sortedCopy(data)).isSorted();
    }

    @ParameterizedTest
    @ValueSource(ints = {1_000, 10_000, 100_000})
    void sortsArraysOfGrowingSizeInUnderAMicrosecondPerElement(int size, Probe probe) {
        // 5-10 ns per element here (log2 n = 10-17 comparisons each); the claim allows 1 us
        int[] data = randomInts(size);
        Timing t = probe.repeat("sort " + size + " ints", RUNS, () -> sortedCopy(data));
        assertThat(t).median().isLessThan(Duration.ofNanos(1_000L * size));
    }
}
