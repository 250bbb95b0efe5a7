package dev.chronoscope;

import org.apiguardian.api.API;

import java.time.Duration;
import java.util.List;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code Probe} is used to time regions inside a test, with the test's clock and probe floor.
 * Declare it as a parameter of a test method annotated with {@link MeasureWith},
 * {@link SubtractProbeFloor} or {@link RequiresInvariantTsc}.
 *
 * <p>Ways to time: {@link #repeat(int, Supplier)} / {@link #repeatFor(Duration, Supplier)} run
 * a region many times, one call between each pair of fenced reads — its <em>latency</em>, one call
 * alone; {@link #repeatBackToBack(int, Supplier)} runs it in batches of k calls back to back and reports
 * the time per call (as JMH's average time does, not JMH's operations per second), which for short
 * regions is less since the CPU overlaps consecutive calls; {@link #compare(int, Supplier, Supplier)} times two
 * regions interleaved. Regions are warmed up first and each result is consumed so the JIT cannot
 * drop the work. {@link #begin()} / {@link #end(long)} bracket code the test runs itself. Every
 * {@link Timing} the probe returns also appears in the test's timing section and record.
 *
 * <p><b>Region shapes.</b> {@code repeat}, {@code repeatFor}, {@code repeatBackToBack} and
 * {@code compare} take a region as a {@link Supplier}, or as a
 * {@link LongSupplier}, {@link IntSupplier}, {@link DoubleSupplier} or {@link Runnable}, so that
 * a primitive result is not boxed (a {@code Long} per call costs more than the shortest regions).
 * Java picks the primitive shape for a lambda or method reference whose result is a primitive
 * ({@code () -> hash(bytes)}, {@code this::next}) and {@code Supplier} for one whose result is an
 * object, without casts.
 *
 * <p>A probe belongs to its test's thread: one explicit region open at a time. Used from two threads
 * at once, the second use throws {@code IllegalStateException} naming both threads; another thread
 * may use it while the test's thread waits (one use after another).
 *
 * <p>Argument order, everywhere: label(s), then the count (or budget), then the region(s).
 *
 * <p>Users are not meant to implement {@code Probe}: a test declares it as a parameter and
 * Chronoscope passes its own. The interface is sealed, permitting that implementation only, so that
 * later releases may add methods to it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface Probe permits dev.chronoscope.internal.measure.MeasuringProbe {

    /** The most samples one {@code repeat}, {@code repeatFor}, {@code repeatBackToBack} or {@code compare} keeps. */
    int MAX_SAMPLES = 10_000_000;

    /**
     * The longest label a timing may have, in characters: a label names its timing on a line of the
     * section, in the run report and in the summary, so a longer one is refused where it is given, as
     * a blank label or one with a line break or a control character is.
     */
    int MAX_LABEL_LENGTH = 200;

    /**
     * The most calls one {@code repeatBackToBack} (or batched {@code compare}) makes of a region: samples
     * times calls per sample. Two billion calls of even a nanosecond region take seconds.
     */
    long MAX_CALLS = 2_000_000_000L;

    /** The clock this probe reads. */
    ClockId clock();

    /** The probe floor measured right before this test. */
    ProbeFloor floor();

    /** Times {@code region} {@code times} times, after warming it up. */
    default Timing repeat(int times, Supplier<?> region) { return repeat(nextLabel(), times, region); }

    /**
     * Times {@code region} {@code times} times (between 1 and {@link #MAX_SAMPLES}), one call between
     * each pair of fenced reads, after warming it up, under a label for the report. A region that
     * throws propagates its exception, with a note naming this timing, of which nothing is recorded.
     */
    Timing repeat(String label, int times, Supplier<?> region);

    /** As {@link #repeat(int, Supplier)}, for a region with a {@code long} result (not boxed). */
    default Timing repeat(int times, LongSupplier region) { return repeat(nextLabel(), times, region); }

    /** As {@link #repeat(String, int, Supplier)}, for a region with a {@code long} result (not boxed). */
    Timing repeat(String label, int times, LongSupplier region);

    /** As {@link #repeat(int, Supplier)}, for a region with an {@code int} result (not boxed). */
    default Timing repeat(int times, IntSupplier region) { return repeat(nextLabel(), times, region); }

    /** As {@link #repeat(String, int, Supplier)}, for a region with an {@code int} result (not boxed). */
    Timing repeat(String label, int times, IntSupplier region);

    /** As {@link #repeat(int, Supplier)}, for a region with a {@code double} result (not boxed). */
    default Timing repeat(int times, DoubleSupplier region) { return repeat(nextLabel(), times, region); }

    /** As {@link #repeat(String, int, Supplier)}, for a region with a {@code double} result (not boxed). */
    Timing repeat(String label, int times, DoubleSupplier region);

    /** As {@link #repeat(int, Supplier)}, for a region with no result (its effects must keep the work alive). */
    default Timing repeat(int times, Runnable region) { return repeat(nextLabel(), times, region); }

    /** As {@link #repeat(String, int, Supplier)}, for a region with no result (its effects keep the work alive). */
    Timing repeat(String label, int times, Runnable region);

    /**
     * Times {@code region} back to back, per call: see {@link #repeatBackToBack(String, int, Supplier)}; the
     * timing is labelled {@code region N}.
     */
    default Timing repeatBackToBack(int samples, Supplier<?> region) {
        return repeatBackToBack(nextLabel(), samples, region);
    }

    /**
     * Times {@code region} back to back, per call: {@code samples} samples (between 1 and
     * {@link #MAX_SAMPLES}), each a batch of k calls back to back between two fenced reads, reported
     * per call (the batch divided by k) and net of the floor of the same batch loop with an empty
     * region when the floor is subtracted. The answer to "how long does a call take when calls run
     * one after another", JMH's average time; {@link #repeat(String, int, Supplier)} answers "how
     * long does one call take alone", which for short regions is longer.
     *
     * <p>k is chosen after the warm-up, from pilot batches: the smallest that makes a sample span
     * at least a microsecond and enough quanta of the clock's effective resolution for the verdict
     * (1 for a region that long alone). The timing says so: {@link Timing#mode()} is
     * {@link TimingMode#THROUGHPUT} and {@link Timing#callsPerSample()} is k. k × {@code samples}
     * may be at most {@link #MAX_CALLS}. A region that throws propagates its exception, with a note
     * naming this timing, of which nothing is recorded.
     */
    Timing repeatBackToBack(String label, int samples, Supplier<?> region);

    /** As {@link #repeatBackToBack(int, Supplier)}, for a region with a {@code long} result (not boxed). */
    default Timing repeatBackToBack(int samples, LongSupplier region) {
        return repeatBackToBack(nextLabel(), samples, region);
    }

    /** As {@link #repeatBackToBack(String, int, Supplier)}, for a region with a {@code long} result (not boxed). */
    Timing repeatBackToBack(String label, int samples, LongSupplier region);

    /** As {@link #repeatBackToBack(int, Supplier)}, for a region with an {@code int} result (not boxed). */
    default Timing repeatBackToBack(int samples, IntSupplier region) {
        return repeatBackToBack(nextLabel(), samples, region);
    }

    /** As {@link #repeatBackToBack(String, int, Supplier)}, for a region with an {@code int} result (not boxed). */
    Timing repeatBackToBack(String label, int samples, IntSupplier region);

    /** As {@link #repeatBackToBack(int, Supplier)}, for a region with a {@code double} result (not boxed). */
    default Timing repeatBackToBack(int samples, DoubleSupplier region) {
        return repeatBackToBack(nextLabel(), samples, region);
    }

    /** As {@link #repeatBackToBack(String, int, Supplier)}, for a region with a {@code double} result (not boxed). */
    Timing repeatBackToBack(String label, int samples, DoubleSupplier region);

    /** As {@link #repeatBackToBack(int, Supplier)}, for a region with no result (its effects keep the work alive). */
    default Timing repeatBackToBack(int samples, Runnable region) {
        return repeatBackToBack(nextLabel(), samples, region);
    }

    /** As {@link #repeatBackToBack(String, int, Supplier)}, for a region with no result (effects keep it alive). */
    Timing repeatBackToBack(String label, int samples, Runnable region);

    private String nextLabel() { return nextLabel(1); }

    /** The default label of the timing {@code ahead} places after the last one: {@code region N}. */
    private String nextLabel(int ahead) { return "region " + (timings().size() + ahead); }

    /** Times {@code region} as often as fits in {@code budget} (at most {@link #MAX_SAMPLES}), after warming it up. */
    default Timing repeatFor(Duration budget, Supplier<?> region) { return repeatFor(nextLabel(), budget, region); }

    /**
     * Times {@code region} as often as fits in {@code budget} (positive, at most an hour), one call
     * per sample as {@link #repeat(String, int, Supplier)} does, after warming it up, under a label
     * for the report. It stops at {@link #MAX_SAMPLES} samples (ten million) if they come before the
     * budget's end — a region of 100 ns reaches them in about a second — and the test's record and
     * section then say so, with the time it ran. A region that throws propagates its exception, with
     * a note naming this timing, of which nothing is recorded.
     */
    Timing repeatFor(String label, Duration budget, Supplier<?> region);

    /** As {@link #repeatFor(Duration, Supplier)}, for a region with a {@code long} result (not boxed). */
    default Timing repeatFor(Duration budget, LongSupplier region) { return repeatFor(nextLabel(), budget, region); }

    /** As {@link #repeatFor(String, Duration, Supplier)}, for a region with a {@code long} result (not boxed). */
    Timing repeatFor(String label, Duration budget, LongSupplier region);

    /** As {@link #repeatFor(Duration, Supplier)}, for a region with an {@code int} result (not boxed). */
    default Timing repeatFor(Duration budget, IntSupplier region) { return repeatFor(nextLabel(), budget, region); }

    /** As {@link #repeatFor(String, Duration, Supplier)}, for a region with an {@code int} result (not boxed). */
    Timing repeatFor(String label, Duration budget, IntSupplier region);

    /** As {@link #repeatFor(Duration, Supplier)}, for a region with a {@code double} result (not boxed). */
    default Timing repeatFor(Duration budget, DoubleSupplier region) { return repeatFor(nextLabel(), budget, region); }

    /** As {@link #repeatFor(String, Duration, Supplier)}, for a region with a {@code double} result (not boxed). */
    Timing repeatFor(String label, Duration budget, DoubleSupplier region);

    /** As {@link #repeatFor(Duration, Supplier)}, for a region with no result (its effects keep the work alive). */
    default Timing repeatFor(Duration budget, Runnable region) { return repeatFor(nextLabel(), budget, region); }

    /** As {@link #repeatFor(String, Duration, Supplier)}, for a region with no result (effects keep it alive). */
    Timing repeatFor(String label, Duration budget, Runnable region);

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
     * them: see {@link #compare(String, String, int, Supplier, Supplier)}. The timings are labelled
     * {@code region N (first)} and {@code region N+1 (second)}.
     */
    default Comparison compare(int times, Supplier<?> first, Supplier<?> second) {
        return compare(nextLabel(1) + " (first)", nextLabel(2) + " (second)", times, first, second);
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
     *
     * <p>When the clock does not resolve one call of either region alone (its latency timing would
     * be {@link Verdict#NOT_RESOLVED}), both are timed back to back instead, per call in
     * batches of the same k (see {@link #repeatBackToBack(String, int, Supplier)}); the comparison says so
     * ({@link Comparison#batching()}) and so do both timings.
     *
     * <p>A region that throws propagates its exception, with a note naming the comparison and which
     * region threw (first or second, and its label); nothing of the comparison is recorded, neither
     * region's timing.
     */
    Comparison compare(String firstLabel, String secondLabel, int times, Supplier<?> first, Supplier<?> second);

    /** As {@link #compare(int, Supplier, Supplier)}, a {@code long} first, an object second (no casts needed). */
    default Comparison compare(int times, LongSupplier first, Supplier<?> second) {
        return compare(nextLabel(1) + " (first)", nextLabel(2) + " (second)", times, first, second);
    }

    /** As {@link #compare(String, String, int, Supplier, Supplier)}, a {@code long} first, an object second. */
    Comparison compare(String firstLabel, String secondLabel, int times, LongSupplier first, Supplier<?> second);

    /** As {@link #compare(int, Supplier, Supplier)}, an object first, a {@code long} second (no casts needed). */
    default Comparison compare(int times, Supplier<?> first, LongSupplier second) {
        return compare(nextLabel(1) + " (first)", nextLabel(2) + " (second)", times, first, second);
    }

    /** As {@link #compare(String, String, int, Supplier, Supplier)}, an object first, a {@code long} second. */
    Comparison compare(String firstLabel, String secondLabel, int times, Supplier<?> first, LongSupplier second);

    /** As {@link #compare(int, Supplier, Supplier)}, a {@code double} first, an object second (no casts needed). */
    default Comparison compare(int times, DoubleSupplier first, Supplier<?> second) {
        return compare(nextLabel(1) + " (first)", nextLabel(2) + " (second)", times, first, second);
    }

    /** As {@link #compare(String, String, int, Supplier, Supplier)}, a {@code double} first, an object second. */
    Comparison compare(String firstLabel, String secondLabel, int times, DoubleSupplier first, Supplier<?> second);

    /** As {@link #compare(int, Supplier, Supplier)}, an object first, a {@code double} second (no casts needed). */
    default Comparison compare(int times, Supplier<?> first, DoubleSupplier second) {
        return compare(nextLabel(1) + " (first)", nextLabel(2) + " (second)", times, first, second);
    }

    /** As {@link #compare(String, String, int, Supplier, Supplier)}, an object first, a {@code double} second. */
    Comparison compare(String firstLabel, String secondLabel, int times, Supplier<?> first, DoubleSupplier second);

    /** As {@link #compare(int, Supplier, Supplier)}, for regions with a {@code long} result (not boxed). */
    default Comparison compare(int times, LongSupplier first, LongSupplier second) {
        return compare(nextLabel(1) + " (first)", nextLabel(2) + " (second)", times, first, second);
    }

    /** As {@link #compare(String, String, int, Supplier, Supplier)}, for regions with a {@code long} result. */
    Comparison compare(String firstLabel, String secondLabel, int times, LongSupplier first, LongSupplier second);

    /** As {@link #compare(int, Supplier, Supplier)}, for regions with an {@code int} result (not boxed). */
    default Comparison compare(int times, IntSupplier first, IntSupplier second) {
        return compare(nextLabel(1) + " (first)", nextLabel(2) + " (second)", times, first, second);
    }

    /** As {@link #compare(String, String, int, Supplier, Supplier)}, for regions with an {@code int} result. */
    Comparison compare(String firstLabel, String secondLabel, int times, IntSupplier first, IntSupplier second);

    /** As {@link #compare(int, Supplier, Supplier)}, for regions with a {@code double} result (not boxed). */
    default Comparison compare(int times, DoubleSupplier first, DoubleSupplier second) {
        return compare(nextLabel(1) + " (first)", nextLabel(2) + " (second)", times, first, second);
    }

    /** As {@link #compare(String, String, int, Supplier, Supplier)}, for regions with a {@code double} result. */
    Comparison compare(String firstLabel, String secondLabel, int times, DoubleSupplier first, DoubleSupplier second);

    /** As {@link #compare(int, Supplier, Supplier)}, for regions with no result. */
    default Comparison compare(int times, Runnable first, Runnable second) {
        return compare(nextLabel(1) + " (first)", nextLabel(2) + " (second)", times, first, second);
    }

    /** As {@link #compare(String, String, int, Supplier, Supplier)}, for regions with no result. */
    Comparison compare(String firstLabel, String secondLabel, int times, Runnable first, Runnable second);

    // Names of release 0.1, kept one release: each delegates to its new name.

    /** @deprecated renamed {@link #repeatBackToBack(int, Supplier)}, whose name says it times calls back to back. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Timing throughput(int samples, Supplier<?> region) { return repeatBackToBack(samples, region); }
    /** @deprecated renamed {@link #repeatBackToBack(String, int, Supplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Timing throughput(String label, int samples,
            Supplier<?> region) { return repeatBackToBack(label, samples, region); }
    /** @deprecated renamed {@link #repeatBackToBack(int, LongSupplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Timing throughput(int samples, LongSupplier region) { return repeatBackToBack(samples, region); }
    /** @deprecated renamed {@link #repeatBackToBack(String, int, LongSupplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Timing throughput(String label, int samples,
            LongSupplier region) { return repeatBackToBack(label, samples, region); }
    /** @deprecated renamed {@link #repeatBackToBack(int, IntSupplier)}, whose name says it times calls back to back. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Timing throughput(int samples, IntSupplier region) { return repeatBackToBack(samples, region); }
    /** @deprecated renamed {@link #repeatBackToBack(String, int, IntSupplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Timing throughput(String label, int samples,
            IntSupplier region) { return repeatBackToBack(label, samples, region); }
    /** @deprecated renamed {@link #repeatBackToBack(int, DoubleSupplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Timing throughput(int samples, DoubleSupplier region) { return repeatBackToBack(samples, region); }
    /** @deprecated renamed {@link #repeatBackToBack(String, int, DoubleSupplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Timing throughput(String label, int samples,
            DoubleSupplier region) { return repeatBackToBack(label, samples, region); }
    /** @deprecated renamed {@link #repeatBackToBack(int, Runnable)}, whose name says it times calls back to back. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Timing throughput(int samples, Runnable region) { return repeatBackToBack(samples, region); }
    /** @deprecated renamed {@link #repeatBackToBack(String, int, Runnable)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Timing throughput(String label, int samples,
            Runnable region) { return repeatBackToBack(label, samples, region); }
    /** @deprecated the labels, then the count: {@link #compare(String, String, int, Supplier, Supplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Comparison compare(String firstLabel, Supplier<?> first, String secondLabel, Supplier<?> second,
            int times) { return compare(firstLabel, secondLabel, times, first, second); }
    /** @deprecated the labels, then the count: {@link #compare(String, String, int, LongSupplier, Supplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Comparison compare(String firstLabel, LongSupplier first, String secondLabel, Supplier<?> second,
            int times) { return compare(firstLabel, secondLabel, times, first, second); }
    /** @deprecated the labels, then the count: {@link #compare(String, String, int, Supplier, LongSupplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Comparison compare(String firstLabel, Supplier<?> first, String secondLabel, LongSupplier second,
            int times) { return compare(firstLabel, secondLabel, times, first, second); }
    /** @deprecated the labels, then the count: {@link #compare(String, String, int, DoubleSupplier, Supplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Comparison compare(String firstLabel, DoubleSupplier first, String secondLabel, Supplier<?> second,
            int times) { return compare(firstLabel, secondLabel, times, first, second); }
    /** @deprecated the labels, then the count: {@link #compare(String, String, int, Supplier, DoubleSupplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Comparison compare(String firstLabel, Supplier<?> first, String secondLabel, DoubleSupplier second,
            int times) { return compare(firstLabel, secondLabel, times, first, second); }
    /** @deprecated the labels, then the count: {@link #compare(String, String, int, LongSupplier, LongSupplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Comparison compare(String firstLabel, LongSupplier first, String secondLabel, LongSupplier second,
            int times) { return compare(firstLabel, secondLabel, times, first, second); }
    /** @deprecated the labels, then the count: {@link #compare(String, String, int, IntSupplier, IntSupplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Comparison compare(String firstLabel, IntSupplier first, String secondLabel, IntSupplier second,
            int times) { return compare(firstLabel, secondLabel, times, first, second); }
    /** @deprecated labels, then count: {@link #compare(String, String, int, DoubleSupplier, DoubleSupplier)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Comparison compare(String firstLabel, DoubleSupplier first, String secondLabel, DoubleSupplier second,
            int times) { return compare(firstLabel, secondLabel, times, first, second); }
    /** @deprecated the labels, then the count: {@link #compare(String, String, int, Runnable, Runnable)}. */
    @Deprecated(since = "0.2", forRemoval = true)
    default Comparison compare(String firstLabel, Runnable first, String secondLabel, Runnable second,
            int times) { return compare(firstLabel, secondLabel, times, first, second); }
}
