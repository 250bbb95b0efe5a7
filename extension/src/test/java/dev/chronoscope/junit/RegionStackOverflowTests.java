package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;

import java.nio.file.Path;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A region whose recursion overflows the stack fails its test with the {@code StackOverflowError},
 * which carries the same suppressed note as any other region failure.
 */
class RegionStackOverflowTests {

    @TempDir
    Path dir;

    static class OverflowingTestCase {
        static long depth(long n) {
            return depth(n + 1) + 1;
        }

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void regionOverflowsTheStack(Probe probe) {
            probe.repeat("recursion", 100, () -> depth(0));
        }
    }

    @Test
    void theStackOverflowErrorCarriesTheNote() {
        KitRun run = ChronoscopeKit.in(dir).run(OverflowingTestCase.class);

        Throwable thrown = run.tests().failed().list().getFirst()
                .getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
        assertThat(thrown).isInstanceOf(StackOverflowError.class);
        assertThat(thrown.getSuppressed()).singleElement().extracting(Throwable::getMessage).asString()
                .isEqualTo("Probe.repeat(\"recursion\"): the region threw in its first calls, before its warm-up; nothing of this timing was recorded");
        assertThat(run.record("OverflowingTestCase.regionOverflowsTheStack()").timings()).extracting(t -> t.string("label"))
                .containsExactly("invocation");
    }
}
