package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A repeated or parameterized test: each invocation is timed on its own, and each record also
 * carries the aggregate of the invocations so far.
 */
class InvocationAggregateTests {

    @TempDir
    Path dir;

    @MeasureWith(CLOCK_MONOTONIC)
    static class TemplatesTestCase {
        long seed = 1;

        @RepeatedTest(5)
        void repeated() {
            for (int i = 0; i < 1000; i++) {
                seed = seed * 31 + i;
            }
        }

        @ParameterizedTest
        @ValueSource(ints = {10, 20, 30})
        void parameterized(int n, Probe probe) {
            probe.repeat("loop", 10, () -> {
                long x = seed;
                for (int i = 0; i < n; i++) {
                    x = x * 31 + i;
                }
                return x;
            });
        }

        @Test
        void single() {
        }
    }

    @MeasureWith(CLOCK_MONOTONIC)
    static class RepeatedInParallelTestCase {
        static final AtomicInteger RUNNING = new AtomicInteger();
        static final AtomicInteger MOST_AT_ONCE = new AtomicInteger();

        @RepeatedTest(8)
        void repeated() throws InterruptedException {
            MOST_AT_ONCE.accumulateAndGet(RUNNING.incrementAndGet(), Math::max);
            Thread.sleep(20);
            RUNNING.decrementAndGet();
        }
    }

    @BeforeEach
    void reset() {
        RepeatedInParallelTestCase.RUNNING.set(0);
        RepeatedInParallelTestCase.MOST_AT_ONCE.set(0);
    }

    private static List<JsonRecord> recordsOf(KitRun run, String prefix) {
        return run.records().stream().filter(r -> r.test().startsWith(prefix)).toList();
    }

    @Test
    void eachRepetitionsRecordAggregatesTheRepetitionsSoFar() {
        KitRun run = ChronoscopeKit.in(dir).run(TemplatesTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(9));

        List<JsonRecord> repeated = recordsOf(run, "TemplatesTestCase.repeated()");
        assertThat(repeated).extracting(JsonRecord::test).containsExactly(
                "TemplatesTestCase.repeated() repetition 1 of 5", "TemplatesTestCase.repeated() repetition 2 of 5",
                "TemplatesTestCase.repeated() repetition 3 of 5", "TemplatesTestCase.repeated() repetition 4 of 5",
                "TemplatesTestCase.repeated() repetition 5 of 5");
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int i = 0; i < repeated.size(); i++) {
            JsonRecord r = repeated.get(i);
            JsonRecord invocation = r.timing("invocation");
            assertThat(invocation.whole("kept")).isEqualTo(1);
            min = Math.min(min, invocation.number("raw.min"));
            max = Math.max(max, invocation.number("raw.max"));
            JsonRecord aggregate = r.object("aggregate");
            assertThat(aggregate.whole("kept")).as(r.test()).isEqualTo(i + 1);
            assertThat(aggregate.string("label")).isEqualTo("all repetitions (" + (i + 1) + " so far)");
            assertThat(aggregate.number("raw.min")).as("the aggregate holds exactly the invocations' samples").isEqualTo(min);
            assertThat(aggregate.number("raw.max")).isEqualTo(max);
        }
        assertThat(repeated.get(4).object("aggregate").whole("raw.count")).isEqualTo(5);
    }

    @Test
    void eachParameterizedInvocationsRecordAggregatesTheInvocationsSoFar() {
        KitRun run = ChronoscopeKit.in(dir).run(TemplatesTestCase.class);

        List<JsonRecord> parameterized = recordsOf(run, "TemplatesTestCase.parameterized() ");
        assertThat(parameterized).hasSize(3);
        assertThat(parameterized.get(0).test()).as("the method's name, then the invocation's display name")
                .startsWith("TemplatesTestCase.parameterized() [1] ");
        for (int i = 0; i < parameterized.size(); i++) {
            JsonRecord r = parameterized.get(i);
            assertThat(r.string("displayName")).startsWith("[" + (i + 1) + "]");
            assertThat(r.object("aggregate").whole("kept")).as(r.test()).isEqualTo(i + 1);
            assertThat(r.object("aggregate").string("label")).as("says that it mixes the arguments, which may time different code")
                    .isEqualTo("all invocations, mixing their arguments (" + (i + 1) + " so far)");
            assertThat(r.timing("loop").whole("kept")).as("a Probe beside the arguments").isEqualTo(10);
        }
        assertThat(parameterized).extracting(r -> r.string("uniqueId")).doesNotHaveDuplicates();
    }

    @Test
    void repetitionsRunningInParallelLoseNoInvocation() {
        KitRun run = ChronoscopeKit.in(dir)
                .with("junit.jupiter.execution.parallel.enabled", "true")
                .with("junit.jupiter.execution.parallel.mode.default", "concurrent")
                .with("junit.jupiter.execution.parallel.config.strategy", "fixed")
                .with("junit.jupiter.execution.parallel.config.fixed.parallelism", "4")
                .run(RepeatedInParallelTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(8));
        assertThat(RepeatedInParallelTestCase.MOST_AT_ONCE.get()).as("repetitions ran at the same time").isGreaterThan(1);
        List<JsonRecord> records = run.records();
        assertThat(records).hasSize(8);
        // each record sees its own invocation and those that ended before it was built; the last one built sees all
        assertThat(records).allSatisfy(r -> assertThat(r.object("aggregate").whole("kept")).isBetween(1L, 8L));
        assertThat(records).extracting(r -> r.object("aggregate").whole("kept")).contains(8L);
    }

    @Test
    void aPlainTestHasNoAggregate() {
        KitRun run = ChronoscopeKit.in(dir).run(TemplatesTestCase.class);

        assertThat(run.record("TemplatesTestCase.single()").isNull("aggregate")).isTrue();
        assertThat(run.section("TemplatesTestCase.repeated() repetition 5 of 5"))
                .contains("\ntiming       all repetitions (5 so far)\n")
                .contains("\nsamples      5 kept | 0 dropped");
    }
}
