package dev.chronoscope.junit;

import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Garbage collections that ran while a timing took its samples are counted beside the figure (their
 * pauses are in its mean and tail): in the timing, the section's {@code noise} line and the record.
 */
class CollectionsWhileSamplingTests {

    @TempDir
    Path dir;

    /** A region that asks for a collection every 500th call: every sampling of 2,000 calls holds four. */
    static class CollectingTestCase {
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
        private long calls;

        long region() {
            if (++calls % 500 == 0) {
                System.gc();
            }
            return calls;
        }

        @Test
        @SubtractProbeFloor
        void collecting(Probe probe) {
            TIMINGS.put("collecting", probe.repeat("collecting", 2_000, this::region));
        }
    }

    @BeforeEach
    void clear() {
        CollectingTestCase.TIMINGS.clear();
    }

    @Test
    void collectionsWhileSamplingAreCountedBesideTheFigure() {
        KitRun run = ChronoscopeKit.in(dir).run(CollectingTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(1));
        Timing t = CollectingTestCase.TIMINGS.get("collecting");
        // -XX:+DisableExplicitGC would make System.gc() nothing: then there is nothing to count
        org.junit.jupiter.api.Assumptions.assumeFalse(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                .contains("-XX:+DisableExplicitGC"), "explicit collections are disabled in this JVM");
        assertThat(t.collectionsWhileSampling()).as("collections counted").isPresent();
        assertThat(t.collectionsWhileSampling().getAsLong()).as("System.gc() every 500th of 2,000 calls").isGreaterThanOrEqualTo(4);
        assertThat(run.section("CollectingTestCase.collecting(Probe)"))
                .containsPattern("noise +.*\\| \\d+ garbage collections while sampling \\(\\d+ ms\\): in the mean, seldom the median");
        assertThat(run.record("CollectingTestCase.collecting(Probe)").timing("collecting").whole("noise.collections"))
                .isEqualTo(t.collectionsWhileSampling().getAsLong());
    }
}
