package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A slow region's warm-up and looks cost a few of its calls, counted: warm-up rounds fitted to its
 * first calls, pilots and looks at single calls cut at the look budget at their pace. A 20 ms region
 * was warmed in rounds of ten samples (200-400 ms each, past a 500 ms budget in two or three rounds),
 * sized with pilots of 15 samples, and a 5 ms region's look at single calls took 15 and then a chunk
 * of 64 (79 calls, 0.4 s). A fast region's warm-up rounds, pilots and looks are as before.
 */
class SlowRegionLooksTests {

    static RegionTimer timer;

    @BeforeAll
    static void context() throws Exception {
        ClockReader reader = ClockReaders.open(ClockId.NANO_TIME);
        Timings.Floor floor = Timings.measureFloor(reader, 2_000, 5_000_000L, null);
        Timings.Context context = Timings.Context.of(reader, floor.floor()).step(1, "test").build();
        timer = new RegionTimer(context, ProbeSettings.defaultsFor(context).withRegionWarmupBudgetNanos(500_000_000L));
    }

    /** A region that lasts {@code nanos} a call (parked: the looks and pilots read wall time), counting its calls. */
    static Region busy(AtomicLong calls, long nanos) {
        return Region.of((java.util.function.LongSupplier) () -> {
            long end = System.nanoTime() + nanos;
            for (long left = nanos; left > 0; left = end - System.nanoTime()) {
                java.util.concurrent.locks.LockSupport.parkNanos(left);
            }
            return calls.incrementAndGet();
        });
    }

    @Test
    void aSlowRegionsWarmUpRunsInRoundsOfOneSampleAndAFastOnesAsBefore() {
        ProbeWarmup slow = timer.warmUp(busy(new AtomicLong(), 20_000_000L), 3, 2, "20 ms");
        // 10 rounds of 40 ms fit in half the budget: one sample each
        assertThat(slow.roundSize()).as("samples per round of a 20 ms region at 2 calls").isEqualTo(1);
        assertThat(timer.fittedRoundSize(2_000, 1, 20_000_000)).isEqualTo(1);
        assertThat(timer.fittedRoundSize(10, 2, 2_000_000)).as("rounds of 4 ms samples: 6 fit in 25 ms").isEqualTo(6);
        assertThat(timer.fittedRoundSize(2_000, 1, 1_000)).as("a region whose first calls took 1 us").isEqualTo(2_000);
        assertThat(timer.fittedRoundSize(2_000, 1, Double.NaN)).as("first calls not counted").isEqualTo(2_000);
    }

    @Test
    void aSlowRegionsBatchIsSizedWithFivePilotSamplesAndAFastOnesWithFifteen() {
        AtomicLong slow = new AtomicLong();
        assertThat(timer.sizing().callsPerSample(busy(slow, 20_000_000L), 1)).isEqualTo(1);
        assertThat(slow.get()).as("pilot calls of a 20 ms region").isEqualTo(BatchSizing.PILOT_MIN_SAMPLES);

        AtomicLong fast = new AtomicLong();
        assertThat(timer.sizing().callsPerSample(busy(fast, 50_000L), 1)).isEqualTo(1);
        assertThat(fast.get()).as("pilot calls of a 50 us region").isEqualTo(BatchSizing.PILOT_SAMPLES);
    }

    @Test
    void aSlowRegionsLookAtSingleCallsStopsNearTheLookBudgetAndAFastOnesTakesAll() {
        AtomicLong slow = new AtomicLong();
        long start = System.nanoTime();
        timer.sizing().aloneP50(busy(slow, 5_000_000L));
        long elapsed = System.nanoTime() - start;
        // 15 at least (75 ms), then what fits in the rest of 200 ms at their pace (40 at most), where a chunk of 64 made 79
        assertThat(slow.get()).as("single calls of a 5 ms region").isBetween((long) BatchSizing.ALONE_MIN_SAMPLES, 45L);
        // the calls counted decide; the time only within reason: a parked call overshoots on a busy host
        assertThat(elapsed).as("the look's time").isLessThan(2 * BatchSizing.LOOK_BUDGET_NANOS);

        AtomicLong fast = new AtomicLong();
        timer.sizing().aloneP50(busy(fast, 50_000L));
        assertThat(fast.get()).as("single calls of a 50 us region").isEqualTo(BatchSizing.ALONE_SAMPLES);
    }
}
