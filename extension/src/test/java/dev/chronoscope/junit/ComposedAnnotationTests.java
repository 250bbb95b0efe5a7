package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.RequiresInvariantTsc;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.ffm.ProbeLibrary;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.test;

/**
 * A user's composed annotation carrying all three of Chronoscope's: each takes effect, and the
 * extension they all register runs once — one invocation sample, one record.
 */
class ComposedAnnotationTests {

    @TempDir
    Path dir;

    @Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @Retention(RetentionPolicy.RUNTIME)
    @Test
    @RequiresInvariantTsc
    @SubtractProbeFloor
    @MeasureWith(CLOCK_MONOTONIC)
    @interface PerformanceTest {
    }

    static class ComposedTestCase {
        static final AtomicInteger RUNS = new AtomicInteger();

        @PerformanceTest
        void composed(Probe probe) {
            RUNS.incrementAndGet();
            probe.repeat("sum", 100, () -> RUNS.get() + 1);
        }
    }

    @SubtractProbeFloor
    static class ClassAndMethodTestCase {
        static final AtomicInteger RUNS = new AtomicInteger();

        @Test
        @MeasureWith(NANO_TIME)
        @RequiresInvariantTsc
        void both() {
            RUNS.incrementAndGet();
        }
    }

    @BeforeEach
    void reset() {
        ComposedTestCase.RUNS.set(0);
        ClassAndMethodTestCase.RUNS.set(0);
    }

    @Test
    void allThreeTakeEffectAndTheInvocationIsBracketedOnce() {
        assumeTrue(ProbeLibrary.isLoaded(), () -> "@RequiresInvariantTsc needs the native probe, which is not loaded: "
                + ProbeLibrary.unavailableReason());

        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.InvariantTsc.class).run(ComposedTestCase.class);

        run.tests().assertStatistics(s -> s.started(1).succeeded(1).failed(0).aborted(0).skipped(0));
        assertThat(ComposedTestCase.RUNS).hasValue(1);
        assertThat(run.records()).as("one record: the extension ran once").hasSize(1);
        JsonRecord r = run.record("ComposedTestCase.composed()");
        assertThat(r.string("outcome")).isEqualTo("passed");
        assertThat(r.string("clock.id")).isEqualTo("CLOCK_MONOTONIC");
        assertThat(r.bool("floorSubtracted")).isTrue();
        JsonRecord invocation = r.timing("invocation");
        assertThat(invocation.whole("kept")).as("one invocation sample").isEqualTo(1);
        assertThat(invocation.whole("dropped.cpuMigration") + invocation.whole("dropped.negativeDelta")).isZero();
        assertThat(invocation.isNull("net")).isFalse();
        assertThat(r.timing("sum").whole("kept")).isEqualTo(100);
        assertThat(r.timing("sum").isNull("net")).isFalse();
        assertThat(r.timings()).hasSize(2);
        assertThat(TimingSectionParser.parseAll(run.stdout())).hasSize(1);
    }

    @Test
    void theComposedRequirementStillSkipsWhereTheTscCannotBeTrusted() {
        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.NoInvariantTsc.class).run(ComposedTestCase.class);

        run.tests().assertThatEvents().haveExactly(1, event(test("composed"),
                skippedWithReason(reason -> reason.startsWith("@RequiresInvariantTsc not met: missing an invariant TSC; invariant TSC: no"))));
        run.tests().assertStatistics(s -> s.skipped(1).started(0));
        assertThat(ComposedTestCase.RUNS).hasValue(0);
        assertThat(run.records()).isEmpty();
    }

    @Test
    void annotationsOnClassAndMethodCombineAndStillRegisterOnce() {
        assumeTrue(ProbeLibrary.isLoaded(), () -> "@RequiresInvariantTsc needs the native probe, which is not loaded: "
                + ProbeLibrary.unavailableReason());

        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.InvariantTsc.class).run(ClassAndMethodTestCase.class);

        // the outcome first: the test ran once and passed, neither skipped by the requirement nor
        // failed by the extension around it
        run.tests().assertStatistics(s -> s.started(1).succeeded(1).failed(0).aborted(0).skipped(0));
        assertThat(ClassAndMethodTestCase.RUNS).hasValue(1);
        assertThat(run.records()).hasSize(1);
        JsonRecord r = run.record("ClassAndMethodTestCase.both()");
        assertThat(r.string("outcome")).isEqualTo("passed");
        assertThat(r.string("clock.id")).isEqualTo("NANO_TIME");
        assertThat(r.bool("floorSubtracted")).as("@SubtractProbeFloor from the class").isTrue();
        JsonRecord invocation = r.timing("invocation");
        assertThat(invocation.whole("kept")).as("the invocation was timed").isEqualTo(1);
        assertThat(invocation.isNull("net")).as("and netted of the class's floor").isFalse();
        assertThat(TimingSectionParser.parseAll(run.stdout())).as("one timing section printed").hasSize(1);
    }
}
