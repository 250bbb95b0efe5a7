package dev.chronoscope.samples;

import dev.chronoscope.SubtractProbeFloor;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Times whole invocations of a sort: each repetition or parameter is one sample of the same method,
 * and the timing section of each invocation also summarises all invocations so far.
 */
@SubtractProbeFloor
class SortPerformanceTests {

    private final SplittableRandom random = new SplittableRandom(42);

    private int[] randomInts(int n) {
        return random.ints(n).toArray();
    }

    @RepeatedTest(5)
    void sortsFiftyThousandInts() {
        int[] data = randomInts(50_000);
        Arrays.sort(data);
        assertThat(data[0]).isLessThanOrEqualTo(data[data.length - 1]);
    }

    @ParameterizedTest
    @ValueSource(ints = {1_000, 10_000, 100_000})
    void sortsArraysOfGrowingSize(int size) {
        int[] data = randomInts(size);
        Arrays.sort(data);
        assertThat(data).isSorted();
    }
}
