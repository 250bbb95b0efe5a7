package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** A timing's notes are words built when the test's record reads them, never between a warm-up and its samples. */
class DeferredTests {

    @Test
    void aNoteIsBuiltOnlyWhenReadInTheOrderKeptAndOncePerKeyWhereAsked() {
        AtomicInteger built = new AtomicInteger();
        Deferred notes = new Deferred();
        notes.putIfAbsent("'a'", () -> "a did not settle (" + built.incrementAndGet() + ")");
        notes.putIfAbsent("'a'", () -> "a again");
        notes.put(java.util.List.of("'b'", 1), () -> "b was sampled again (" + built.incrementAndGet() + ")");
        notes.put(java.util.List.of("'b'", 2), () -> "b was sampled again twice");
        assertThat(built).as("nothing built while kept").hasValue(0);
        assertThat(notes.texts()).containsExactly("a did not settle (1)", "b was sampled again (2)", "b was sampled again twice");
    }

    @Test
    void discardingASamplingKeepsItsReasonUnbuiltWithinTheBudgetAndRefusesBeyondIt() throws Exception {
        AtomicInteger built = new AtomicInteger();
        RegionTimer.Resampling budget = new RegionTimer.Resampling();
        ClockReader reader = ClockReaders.open(ClockId.CLOCK_MONOTONIC);
        Timings.Context context = Timings.Context.of(reader, Timings.measureFloor(reader, 1_000, 5_000_000L, null).floor())
                .step(1, "test").build();
        RegionTimer timer = new RegionTimer(context, ProbeSettings.defaultsFor(context));
        assertThat(timer.discard("'r'", "", budget, () -> "the JIT worked " + built.incrementAndGet())).isTrue();
        assertThat(timer.discard("'r'", " after a slowdown", budget, () -> "slower " + built.incrementAndGet())).isTrue();
        assertThat(timer.discard("'r'", "", budget, () -> "once more " + built.incrementAndGet())).as("budget spent").isFalse();
        assertThat(built).hasValue(0);
        assertThat(timer.warmupWarnings()).containsExactly(
                "'r' was sampled again (1 of at most 2 times): the JIT worked 1, and those samples were discarded",
                "'r' was sampled again after a slowdown (2 of at most 2 times): slower 2, and those samples were discarded");
    }
}
