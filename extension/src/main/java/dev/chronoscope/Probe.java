package dev.chronoscope;

import org.apiguardian.api.API;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code Probe} is used to time regions inside a test, with the test's clock and probe floor.
 * Declare it as a parameter of a test method annotated with {@link MeasureWith},
 * {@link SubtractProbeFloor} or {@link RequiresInvariantTsc}.
 *
 * <p>Two ways to time: {@link #repeat(int, Supplier)} / {@link #repeatFor(Duration, Supplier)} run
 * a region many times (warmed up first; each result is consumed so the JIT cannot drop the work),
 * and {@link #begin()} / {@link #end(long)} bracket code the test runs itself. Every
 * {@link Timing} the probe returns also appears in the test's timing section and record.
 *
 * <p>A probe belongs to its test's thread: one explicit region open at a time.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface Probe {

    /** The most samples one {@code repeat} or {@code repeatFor} keeps (ten million, 40 MB). */
    int MAX_SAMPLES = 10_000_000;

    /** The clock this probe reads. */
    ClockId clock();

    /** The probe floor measured right before this test. */
    ProbeFloor floor();

    /** Times {@code region} {@code times} times, after warming it up. */
    default Timing repeat(int times, Supplier<?> region) {
        return repeat("region " + (timings().size() + 1), times, region);
    }

    /** Times {@code region} {@code times} times, after warming it up, under a label for the report. */
    Timing repeat(String label, int times, Supplier<?> region);

    /** Times {@code region} as often as fits in {@code budget} (at most {@link #MAX_SAMPLES}), after warming it up. */
    default Timing repeatFor(Duration budget, Supplier<?> region) {
        return repeatFor("region " + (timings().size() + 1), budget, region);
    }

    /** Times {@code region} as often as fits in {@code budget}, under a label for the report. */
    Timing repeatFor(String label, Duration budget, Supplier<?> region);

    /** Reads the clock to open an explicit region; pass the value to {@link #end(long)}. */
    long begin();

    /**
     * Reads the clock to close the region opened by {@link #begin()}, records the sample (or drops
     * it, counted, on a CPU migration or a negative delta) and returns the delta in the clock's unit.
     */
    long end(long begin);

    /** The explicit regions recorded so far with {@link #begin()} / {@link #end(long)}, as one timing. */
    Timing recorded();

    /** Every timing this probe has produced so far, in order. */
    List<Timing> timings();

    /**
     * Times {@code first} and {@code second} {@code times} times each, interleaved, and compares
     * them: see {@link #compare(String, Supplier, String, Supplier, int)}. The timings are labelled
     * {@code region N (first)} and {@code region N+1 (second)}.
     */
    default Comparison compare(int times, Supplier<?> first, Supplier<?> second) {
        int n = timings().size();
        return compare("region " + (n + 1) + " (first)", first, "region " + (n + 2) + " (second)", second, times);
    }

    /**
     * Times two regions {@code times} times each (between 1 and {@link #MAX_SAMPLES}), interleaved
     * so that whatever the machine does meanwhile falls on both alike, and compares them.
     *
     * <p>Both regions are warmed up first. The runs are then split into block pairs (at most 100
     * pairs; each pair is a block of each region, back to back, in an order drawn at random from the
     * seed {@code chronoscope.assertions.seed}), timed with this probe's clock and floor. The result
     * holds both timings (which also appear in the test's report) and the ratio of their medians with
     * a confidence interval; decide with {@code ChronoscopeAssertions.assertThat(comparison)}.
     */
    default Comparison compare(String firstLabel, Supplier<?> first, String secondLabel, Supplier<?> second, int times) {
        throw new UnsupportedOperationException(getClass().getName() + " does not implement compare");
    }
}
