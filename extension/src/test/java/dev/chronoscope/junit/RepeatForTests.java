package dev.chronoscope.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.ProbeSettings;
import dev.chronoscope.internal.measure.Timings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code Probe.repeatFor} with every region shape: through the engine, each shape's timing in the
 * record under its label, a {@code long} region not boxed; and at its edges, each shape like the
 * {@code Supplier} one: budgets out of bounds refused before any read, the budget honoured, and at
 * most {@link Probe#MAX_SAMPLES} samples however long the budget.
 */
class RepeatForTests {

    @TempDir
    Path dir;

    static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();

    /** Loaded from non-final fields, so the JIT cannot fold the work away; past the Long cache. */
    static long large = 1L << 40;
    static int small = 7;
    static long touched;

    static class ShapesTestCase {
        long nextLarge() {
            return large++;
        }

        void touch() {
            touched = large * 3;
        }

        @Test
        @MeasureWith(NANO_TIME)
        void everyShape(Probe probe) {
            Duration budget = Duration.ofMillis(20);
            TIMINGS.put("long", probe.repeatFor("long", budget, () -> nextLarge()));
            TIMINGS.put("int", probe.repeatFor("int", budget, () -> small * 3 + 1));
            TIMINGS.put("double", probe.repeatFor("double", budget, () -> large / 3.0));
            TIMINGS.put("runnable", probe.repeatFor("runnable", budget, this::touch));
            TIMINGS.put("boxed", probe.repeatFor("boxed", budget, () -> Long.valueOf(large++)));
            TIMINGS.put("unlabelled", probe.repeatFor(budget, this::nextLarge));
        }
    }

    @Test
    void everyShapeIsTimedForItsBudgetAndRecordedUnderItsLabel() {
        TIMINGS.clear();
        KitRun run = ChronoscopeKit.in(dir).run(ShapesTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1).failed(0));
        JsonRecord record = run.record("ShapesTestCase.everyShape()");
        assertThat(record.timings()).extracting(t -> t.string("label"))
                .containsExactly("invocation", "long", "int", "double", "runnable", "boxed", "region 6");
        for (String label : new String[] {"long", "int", "double", "runnable", "boxed", "region 6"}) {
            JsonRecord t = record.timing(label);
            assertThat(t.string("mode")).as(label).isEqualTo("latency");
            assertThat(t.whole("callsPerSample")).as(label).isEqualTo(1);
            assertThat(t.whole("kept")).as(label).isPositive();
        }
        assertThat(TIMINGS.get("unlabelled").label()).isEqualTo("region 6");
        assertThat(TIMINGS.values()).allSatisfy(t -> assertThat(t.mode()).isEqualTo(TimingMode.LATENCY));
    }

    @Test
    void aLongRegionIsNotBoxed() {
        TIMINGS.clear();
        ChronoscopeKit.in(dir).run(ShapesTestCase.class);

        // a Long past the cache is 16-24 B: what a region of the same work costs through Supplier
        assertThat(bytesPerCall("boxed")).as("the Supplier region boxes").isBetween(15.0, 25.0);
        assertThat(bytesPerCall("long")).as("() -> nextLarge() reached LongSupplier").isCloseTo(0, within(0.5));
        assertThat(bytesPerCall("unlabelled")).as("this::nextLarge reached LongSupplier").isCloseTo(0, within(0.5));
        assertThat(bytesPerCall("int")).isCloseTo(0, within(0.5));
        assertThat(bytesPerCall("double")).isCloseTo(0, within(0.5));
        assertThat(bytesPerCall("runnable")).isCloseTo(0, within(0.5));
    }

    private static double bytesPerCall(String key) {
        Timing t = TIMINGS.get(key);
        return t.allocation().orElseThrow(() -> new AssertionError(key + ": " + t.allocationUnknownReason())).bytesPerCall();
    }

    /** A clock read in the test's own thread: each sample is one unit, every read counted. */
    static final class CountingClock extends ClockReader {
        long reads;

        @Override
        public ClockId clock() {
            return ClockId.CLOCK_MONOTONIC;
        }

        @Override
        public long begin() {
            return reads++;
        }

        @Override
        public long end() {
            return reads++;
        }

        @Override
        public String readMethod() {
            return "counting";
        }
    }

    private static MeasuringProbe probe(ClockReader reader) {
        Timings.Context context = Timings.Context.of(reader,
                TimingsVerdictTests.floor(ClockId.CLOCK_MONOTONIC, ClockUnit.NANOSECONDS, 20)).step(1, "given").build();
        // no warm-up: every read is a measured one
        return new MeasuringProbe(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(0));
    }

    /** {@code repeatFor(label, budget, region)} with a region of each shape, doing {@code nanos} of busy work. */
    private static Map<String, BiFunction<MeasuringProbe, Duration, Timing>> shapes(long nanos) {
        Supplier<Object> object = () -> busy(nanos);
        LongSupplier longs = () -> busy(nanos);
        IntSupplier ints = () -> (int) busy(nanos);
        DoubleSupplier doubles = () -> busy(nanos);
        Runnable runnable = () -> touched = busy(nanos);
        Map<String, BiFunction<MeasuringProbe, Duration, Timing>> shapes = new LinkedHashMap<>();
        shapes.put("Supplier", (p, budget) -> p.repeatFor("Supplier", budget, object));
        shapes.put("LongSupplier", (p, budget) -> p.repeatFor("LongSupplier", budget, longs));
        shapes.put("IntSupplier", (p, budget) -> p.repeatFor("IntSupplier", budget, ints));
        shapes.put("DoubleSupplier", (p, budget) -> p.repeatFor("DoubleSupplier", budget, doubles));
        shapes.put("Runnable", (p, budget) -> p.repeatFor("Runnable", budget, runnable));
        return shapes;
    }

    /** Spins for {@code nanos} (none for 0); returns how often it looked at the time. */
    private static long busy(long nanos) {
        if (nanos == 0) {
            return 1;
        }
        long end = System.nanoTime() + nanos;
        long n = 0;
        while (System.nanoTime() < end) {
            n++;
        }
        return n;
    }

    @Test
    void budgetsOutOfBoundsAreRefusedBeforeAnyReadWhateverTheShape() {
        shapes(0).forEach((shape, repeatFor) -> {
            CountingClock clock = new CountingClock();
            MeasuringProbe probe = probe(clock);
            for (Duration budget : new Duration[] {Duration.ZERO, Duration.ofNanos(-1), Duration.ofHours(1).plusNanos(1)}) {
                assertThatThrownBy(() -> repeatFor.apply(probe, budget)).as("%s, %s", shape, budget)
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("Probe.repeatFor: budget must be positive and at most PT1H (it stops at 10000000 samples"
                                + " anyway), was " + budget)
                        .satisfies(e -> assertThat(e.getSuppressed()).as("not reported as the region's failure").isEmpty());
            }
            assertThatThrownBy(() -> repeatFor.apply(probe, null)).as(shape).isInstanceOf(NullPointerException.class)
                    .hasMessage("budget");
            assertThat(clock.reads).as(shape).isZero();
            assertThat(probe.timings()).as(shape).isEmpty();
        });
    }

    @Test
    void theBudgetEndsTheSamplesWhateverTheShape() {
        Duration budget = Duration.ofMillis(10);
        shapes(1_000).forEach((shape, repeatFor) -> {
            CountingClock clock = new CountingClock();
            long start = System.nanoTime();
            Timing t = repeatFor.apply(probe(clock), budget);
            long elapsed = System.nanoTime() - start;

            assertThat(elapsed).as("%s ran for its whole budget", shape).isGreaterThanOrEqualTo(budget.toNanos());
            // a region of at least 1 µs: 10,000 samples would have taken the whole 10 ms; the budget is checked every 64
            assertThat(t.kept()).as(shape).isBetween(1L, 10_000L + 2 * 64);
            assertThat(elapsed).as("%s stopped near its budget, not at %d samples", shape, Probe.MAX_SAMPLES)
                    .isLessThan(Duration.ofSeconds(2).toNanos());
            assertThat(clock.reads).as("two reads a sample, %s", shape).isEqualTo(2 * t.kept());
        });
    }

    @Test
    void noShapeTakesMoreThanMaxSamplesHoweverLongTheBudget() {
        shapes(0).forEach((shape, repeatFor) -> {
            CountingClock clock = new CountingClock();
            MeasuringProbe probe = probe(clock);
            Timing t = repeatFor.apply(probe, Duration.ofMinutes(10));

            assertThat(t.kept()).as(shape).isEqualTo(Probe.MAX_SAMPLES);
            assertThat(t.dropped()).as(shape).isZero();
            assertThat(clock.reads).as("%s: two reads a sample, none more", shape).isEqualTo(2L * Probe.MAX_SAMPLES);
            assertThat(t.allocation()).as(shape).hasValueSatisfying(a -> assertThat(a.calls()).isEqualTo(Probe.MAX_SAMPLES));
            assertThat(probe.timings()).as(shape).containsExactly(t);
            assertThat(probe.warmupWarnings()).as(shape).singleElement().asString()
                    .startsWith("'" + shape + "' reached the cap of 10,000,000 samples (Probe.MAX_SAMPLES) after ")
                    .endsWith(" of its 600 s budget: its figures are of those samples, and the rest of the budget was not used");
        });
    }

    static class CappedTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void capped(Probe probe) {
            TIMINGS.put("capped", probe.repeatFor("capped", Duration.ofMinutes(10), () -> small));
        }
    }

    @Test
    void aBudgetCutShortByTheSampleCapIsSaidInTheSectionAndTheRecord() {
        TIMINGS.clear();
        KitRun run = ChronoscopeKit.in(dir).run(CappedTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        assertThat(TIMINGS.get("capped").kept() + TIMINGS.get("capped").dropped()).isEqualTo(Probe.MAX_SAMPLES);
        String said = "'capped' reached the cap of 10,000,000 samples (Probe.MAX_SAMPLES) after ";
        assertThat(run.record("CappedTestCase.capped()").list("warnings")).anySatisfy(w -> assertThat(w).asString().startsWith(said)
                .contains(" of its 600 s budget"));
        assertThat(run.stdout()).contains("warning      " + said);
    }
}
