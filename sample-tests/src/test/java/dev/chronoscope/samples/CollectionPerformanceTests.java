package dev.chronoscope.samples;

import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;

/**
 * Relative claims with wide margins on everyday collections: HashMap against TreeMap lookups, and
 * a pre-sized StringBuilder against one that grows. Each claim is far weaker than what the code
 * really does, so the test fails only when something is genuinely wrong; and when the machine is
 * too noisy to tell, Chronoscope aborts the test with the numbers instead of failing it.
 */
@SubtractProbeFloor
class CollectionPerformanceTests {

    private static final int ENTRIES = 10_000;
    private static final int LOOKUPS = 32; // per timed region: a few hundred ns of HashMap lookups

    private final Map<Integer, Integer> hash = new HashMap<>();
    private final Map<Integer, Integer> tree = new TreeMap<>();
    private final Integer[] keys = new Integer[1024];
    private int next; // not final: the JIT must not see constant keys
    private int length = 2_000; // not final: the JIT must not see a constant length

    CollectionPerformanceTests() {
        Random random = new Random(3);
        for (int i = 0; i < ENTRIES; i++) {
            int key = random.nextInt();
            hash.put(key, i);
            tree.put(key, i);
        }
        Integer[] all = hash.keySet().toArray(Integer[]::new);
        for (int i = 0; i < keys.length; i++) {
            keys[i] = all[random.nextInt(all.length)];
        }
    }

    private long lookUp(Map<Integer, Integer> map) {
        long sum = 0;
        for (int k = 0; k < LOOKUPS; k++) {
            sum += map.get(keys[next++ & 1023]);
        }
        return sum;
    }

    @Test
    void hashMapLooksUpFasterThanTreeMap(Probe probe) {
        // ~32 hash probes against ~32 x 14 pointer-chasing comparisons: several times faster; claim 1.5x
        Comparison c = probe.compare("HashMap.get x32", "TreeMap.get x32", 20_000, () -> lookUp(hash), () -> lookUp(tree));
        assertThat(c).firstIsFasterThanSecond().byAtLeast(1.5);
        assertThat(c.first()).median().isLessThan(Duration.ofNanos(20_000));
    }

    @Test
    void aPreSizedStringBuilderIsNotSlowerThanAGrowingOne(Probe probe) {
        // pre-sizing saves the copies of growing; claim only that it costs at most 1.5x as much
        Comparison c = probe.compare("pre-sized", "growing", 5_000,
                () -> build(new StringBuilder(length)), () -> build(new StringBuilder()));
        assertThat(c).firstIsNotSlowerThanSecondByMoreThan(1.5);
        assertThat(c.second()).percentile(99).isLessThan(Duration.ofMillis(5));
    }

    private String build(StringBuilder b) {
        for (int i = 0; b.length() < length; i++) {
            b.append((char) ('a' + (i & 15)));
        }
        return b.toString();
    }
}
