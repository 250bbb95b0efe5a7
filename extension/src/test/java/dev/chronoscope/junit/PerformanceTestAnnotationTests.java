package dev.chronoscope.junit;

import dev.chronoscope.PerformanceTest;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestTag;
import org.junit.platform.testkit.engine.Event;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.test;

/**
 * {@code @PerformanceTest} alone makes a timed test: it runs as a test, carries the
 * {@code performance} tag a build selects on, gets a {@link Probe}, and its durations are net of the
 * floor, with a section and a record like any timed test's.
 */
class PerformanceTestAnnotationTests {

    @TempDir
    Path dir;

    static class AnnotatedTestCase {
        @PerformanceTest
        void timed(Probe probe) {
            probe.repeat("sum", 1_000, () -> System.nanoTime() + 1);
        }
    }

    @Test
    void itIsATaggedTimedTestWithTheFloorSubtracted() {
        KitRun run = ChronoscopeKit.in(dir).run(AnnotatedTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("timed"), finishedSuccessfully()));
        Event started = run.tests().started().list().get(0);
        assertThat(started.getTestDescriptor().getTags()).containsExactly(TestTag.create(PerformanceTest.TAG));
        assertThat(PerformanceTest.TAG).isEqualTo("performance");
        assertThat(run.record("AnnotatedTestCase.timed()").bool("floorSubtracted")).isTrue();
        assertThat(run.section("AnnotatedTestCase.timed()")).contains("sum");
    }
}
