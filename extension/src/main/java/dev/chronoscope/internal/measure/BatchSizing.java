package dev.chronoscope.internal.measure;

import dev.chronoscope.ProbeFloor;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.measure.check.PilotPair;
import dev.chronoscope.internal.measure.check.Pilots;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Chooses how many calls of a region go into one throughput sample, and measures the floor of
 * that batch size. Mutable: one per probe, on its test's thread.
 *
 * <p>A sample must span enough quanta of the clock's effective resolution that the verdict can
 * resolve it — {@link Timings#MIN_NET_STEPS} with a margin of {@link #STEP_MARGIN} — and at least
 * {@link #MIN_SAMPLE_NANOS}: below a microsecond the fenced pair of reads (tens of nanoseconds) is
 * a large share of every sample, and a batch that short still sees the pipeline start and drain
 * around it rather than calls running back to back.
 */
final class BatchSizing {

    /** The shortest a sample may last: below it the fenced pair of reads is a large share of every sample. */
    static final long MIN_SAMPLE_NANOS = 1_000;
    /**
     * The longest a sample may be made to last: a clock so coarse that the verdict needs longer
     * samples (a kernel-tick clock's 4 ms quanta) cannot be helped by batching within a test's time,
     * and its timings say so rather than run for minutes.
     */
    static final long MAX_SAMPLE_NANOS = 1_000_000;
    /**
     * How many times the verdict's {@link Timings#MIN_NET_STEPS} a sample spans: the verdict reads the sample net
     * of the floor, a part of its span, which then clears that minimum with room.
     */
    static final double STEP_MARGIN = 4;
    /** The largest batch: a million empty calls last about a millisecond, so a few hundred samples take a second. */
    static final int MAX_CALLS_PER_SAMPLE = 1 << 20;
    /**
     * A pilot's projection of the size that spans the target is grown by this factor, a quarter to spare: the
     * projection rests on one pilot's median, and a size that falls short costs another pilot.
     */
    static final double SPARE = 1.25;
    /**
     * A batch whose span is too short to estimate a call's cost grows by this factor: a few pilots reach a
     * readable span, and the first that does sizes the batch.
     */
    static final long BLIND_GROWTH = 8;
    /** Samples per pilot batch size: an odd count whose median one slow sample cannot move. */
    static final int PILOT_SAMPLES = 15;
    /** Single calls timed to decide whether the clock resolves a region alone. */
    static final int ALONE_SAMPLES = 201;
    /**
     * Past this much time a look at single calls or a pair of pilots stops at its minimum
     * ({@link #ALONE_MIN_SAMPLES}, {@link #PILOT_MIN_SAMPLES}): a slow region's checks cost time in
     * proportion to a few of its calls, not hundreds of them.
     */
    static final long LOOK_BUDGET_NANOS = 200_000_000L;
    /** Single calls a look takes however slow the region: a median one slow call cannot move. */
    static final int ALONE_MIN_SAMPLES = 15;
    /** Pilot samples per size however slow the region. */
    static final int PILOT_MIN_SAMPLES = 5;

    private final Timings.Context context;
    private final Sink sink;
    private final int floorSamples;
    private final long floorBudgetNanos;

    BatchSizing(Timings.Context context, Sink sink, int floorSamples, long floorBudgetNanos) {
        this.context = context;
        this.sink = sink;
        this.floorSamples = floorSamples;
        this.floorBudgetNanos = floorBudgetNanos;
    }

    /** What one sample must span, in the clock's unit; at most {@link #MAX_SAMPLE_NANOS}. */
    double targetUnits() {
        return Math.min(neededUnits(), MAX_SAMPLE_NANOS / context.nanosPerUnit());
    }

    /** True when batches within {@link #MAX_SAMPLE_NANOS} can span what the verdict needs of this clock. */
    boolean canResolveByBatching() {
        return neededUnits() <= MAX_SAMPLE_NANOS / context.nanosPerUnit();
    }

    private double neededUnits() {
        return Math.max(MIN_SAMPLE_NANOS / context.nanosPerUnit(),
                STEP_MARGIN * Timings.MIN_NET_STEPS * context.step());
    }

    /**
     * The batch size for {@code region}: pilot batches of growing size until one's median, less the
     * fenced pair of reads (the latency floor), spans {@link #targetUnits()}; from the first batch
     * long enough to estimate a call's cost, straight to the size that reaches it with a quarter to
     * spare. 1 for a region that alone spans it.
     */
    int callsPerSample(Region region) {
        return callsPerSample(region, 1);
    }

    /**
     * As {@link #callsPerSample(Region)}, starting from batches of {@code from}: to check a size
     * chosen while the region's code was still being compiled (slower per call, so too few calls),
     * once it has been warmed at that size.
     */
    int callsPerSample(Region region, int from) {
        double target = targetUnits();
        double pair = context.floor().median();
        int k = Math.max(1, from);
        while (true) {
            SampleRecorder pilot = pilot(region, k);
            double span = pilot.samples().isEmpty() ? 0 : Statistics.of(pilot.samples()).p50() - pair;
            if (span >= target || k >= MAX_CALLS_PER_SAMPLE) {
                return k;
            }
            long next = span >= Timings.MIN_NET_STEPS * Math.max(1, context.step())
                    ? (long) Math.ceil(SPARE * k * target / span) : BLIND_GROWTH * k;
            k = (int) Math.min(MAX_CALLS_PER_SAMPLE, Math.max(2L * k, next));
        }
    }

    /**
     * A pilot of {@link #PILOT_SAMPLES} samples of {@code k} calls of {@code region}; of
     * {@link #PILOT_MIN_SAMPLES} where the rest would not fit in {@link #LOOK_BUDGET_NANOS} at the
     * pace of the first ones: a slow region's batch size costs a few of its calls, not fifteen.
     */
    private SampleRecorder pilot(Region region, int k) {
        SampleRecorder pilot = new SampleRecorder(PILOT_SAMPLES);
        long start = System.nanoTime();
        long taken = region.time(context.reader(), PILOT_MIN_SAMPLES, k, Region.UNBOUNDED, pilot, sink);
        long elapsed = System.nanoTime() - start;
        if (elapsed + elapsed / Math.max(1, taken) * (PILOT_SAMPLES - taken) <= LOOK_BUDGET_NANOS) {
            region.time(context.reader(), PILOT_SAMPLES - taken, k, Region.UNBOUNDED, pilot, sink);
        }
        return pilot;
    }

    /**
     * Why the clock does not resolve one call of {@code region} alone (the verdict a latency timing
     * of it would get); empty when it does, or when no call was kept.
     */
    Optional<String> unresolvedAlone(Region region) {
        OptionalLong kept = aloneP50(region);
        double floor = context.floor().median();
        if (kept.isEmpty() || Timings.resolves(kept.getAsLong(), floor, context.step())) {
            return Optional.empty();
        }
        long p50 = kept.getAsLong();
        return Optional.of(String.format(Locale.ROOT,
                "one call read p50 %s against a floor p50 of %s and a quantum of %s %s",
                Format.unitsOrFraction(p50), Format.unitsOrFraction(floor), Format.unitsOrFraction(context.step()),
                context.unit().symbol()));
    }

    /**
     * The raw p50s per call of {@link #PILOT_SAMPLES} samples at {@code k} and at {@code 2k} calls of
     * {@code region}, taken in turn sample by sample (k, 2k, k, ...), so that whatever the host does
     * meanwhile lands on both sizes alike: pilots taken one after the other, each a few tens of
     * microseconds for a short region, let a moment's noise fall on one size only (a 4-step chain's
     * pairs read 1.26x apart on a host running a build, 5.3 and 5.0 ticks per call in their medians).
     * Taken again (up to twice) while more than half the samples could hold a page fault, and NaN
     * when every try did: pilots right after an allocating region's samples can be the first to
     * write a fresh part of the heap, and a fault costs several times a sample of a few calls (seen:
     * String.format's pilots at twice the batch read 9-11x its figure, its samples without a fault).
     */
    PilotPair pilotPairWithoutFaults(Region region, int k) {
        for (int attempt = 0; attempt < 3; attempt++) {
            long before = PageFaults.minor();
            PilotPair pair = pilotPair(region, k);
            long after = PageFaults.minor();
            if (before < 0 || after < 0 || after - before <= PILOT_SAMPLES) {
                return pair;
            }
        }
        return PilotPair.UNREAD;
    }

    /** Pilots of {@code region} for the re-sizing check, where a batch of {@code k} calls can double; else empty. */
    Optional<Pilots> pilots(Region region, int k) {
        if ((long) 2 * k > MAX_CALLS_PER_SAMPLE) {
            return Optional.empty();
        }
        return Optional.of(new Pilots(PILOT_SAMPLES, calls -> pilotPairWithoutFaults(region, calls)));
    }

    private PilotPair pilotPair(Region region, int k) {
        SampleRecorder atK = new SampleRecorder(PILOT_SAMPLES);
        SampleRecorder atDouble = new SampleRecorder(PILOT_SAMPLES);
        long start = System.nanoTime();
        for (int i = 0; i < PILOT_SAMPLES && (i < PILOT_MIN_SAMPLES || System.nanoTime() - start < LOOK_BUDGET_NANOS);
             i++) {
            region.time(context.reader(), 1, k, Region.UNBOUNDED, atK, sink);
            region.time(context.reader(), 1, 2 * k, Region.UNBOUNDED, atDouble, sink);
        }
        return new PilotPair(perCall(atK, k), perCall(atDouble, 2 * k));
    }

    private static double perCall(SampleRecorder pilot, int calls) {
        return pilot.samples().isEmpty() ? Double.NaN : Statistics.of(pilot.samples()).p50() / (double) calls;
    }

    /**
     * The p50 of {@link #ALONE_SAMPLES} single calls of {@code region} (at least {@link #ALONE_MIN_SAMPLES},
     * fewer once {@link #LOOK_BUDGET_NANOS} has passed), fenced reads included; empty when none was kept.
     */
    OptionalLong aloneP50(Region region) {
        SampleRecorder alone = new SampleRecorder(ALONE_SAMPLES);
        long start = System.nanoTime();
        int taken = (int) region.time(context.reader(), ALONE_MIN_SAMPLES, 1, Region.UNBOUNDED, alone, sink);
        while (taken < ALONE_SAMPLES) {
            // as many more as fit in what is left of the budget at the pace so far: a chunk of 64 of a
            // slow region ran far past it
            long elapsed = System.nanoTime() - start;
            long fit = (LOOK_BUDGET_NANOS - elapsed) / Math.max(1, elapsed / taken);
            if (fit < 1) {
                break;
            }
            long chunk = Math.min(Math.min(fit, ShapeLoop.BUDGET_CHECK_MASK + 1), ALONE_SAMPLES - taken);
            taken += (int) region.time(context.reader(), chunk, 1, Region.UNBOUNDED, alone, sink);
        }
        return alone.samples().isEmpty() ? OptionalLong.empty() : OptionalLong.of(Statistics.of(alone.samples()).p50());
    }

    /**
     * What the back-to-back check ({@link dev.chronoscope.internal.measure.check.BackToBackAboveAloneCheck})
     * compares a throughput figure with: the net p50 per call of {@code shared} (a region through the shared
     * loop, never inlined) one call per sample,
     * less the latency floor's median; where the clock does not resolve one call, per call in the
     * smallest batch that resolves, less the fenced pair; after {@code warmNanos} of untimed calls.
     * {@link AloneFigure#NONE} when no batch resolves it.
     */
    AloneFigure aloneNet(Region shared, long warmNanos) {
        SampleRecorder warm = new SampleRecorder(1_000);
        // in short runs, so that a slow region stops warming when its time is up, not 64 calls later
        for (long start = System.nanoTime(); System.nanoTime() - start < warmNanos; warm.clear()) {
            shared.time(context.reader(), 4, 1, warmNanos, warm, sink);
        }
        OptionalLong p50 = aloneP50(shared);
        double floor = context.floor().median();
        if (p50.isPresent() && Timings.resolves(p50.getAsLong(), floor, context.step())) {
            return new AloneFigure(p50.getAsLong() - floor, 1);
        }
        if (!canResolveByBatching()) {
            return AloneFigure.NONE;
        }
        int k = callsPerSample(shared);
        SampleRecorder pilot = new SampleRecorder(PILOT_SAMPLES);
        shared.time(context.reader(), PILOT_SAMPLES, k, Region.UNBOUNDED, pilot, sink);
        if (pilot.samples().isEmpty()) {
            return AloneFigure.NONE;
        }
        return new AloneFigure((Statistics.of(pilot.samples()).p50() - floor) / k, k);
    }

    /**
     * The per-call floor at {@code calls} calls per sample with {@code empty} as the empty region
     * (an inlined one, {@link CompiledRegions#inlinedEmpty}), measured now,
     * right before the samples it is subtracted from.
     */
    ProbeFloor floor(Region empty, int calls) {
        // the same number of samples as the latency floor, within the same budget per sample's share
        return Timings.measureBatchFloor(context.reader(), empty, calls, floorSamples,
                Math.max(floorBudgetNanos, (long) floorSamples * calls), context.frequency());
    }

    /**
     * The batch floor read again right after the samples, or {@code before} where that was lower: a
     * floor read while the host held the empty loop back is too high and the figure net of it too
     * low (a call read several times too fast under a CPU hog: docs/evidence/jmh-agreement.md), and
     * the host can slow the loop, never speed it up; of the two readings around the samples the lower
     * is the loop's.
     */
    ProbeFloor lowerFloorAfter(Region empty, int calls, ProbeFloor before) {
        ProbeFloor after = floor(empty, calls);
        return after.raw().p50() < before.raw().p50() ? after : before;
    }
}
