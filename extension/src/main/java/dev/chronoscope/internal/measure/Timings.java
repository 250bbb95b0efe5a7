package dev.chronoscope.internal.measure;

import dev.chronoscope.Allocation;
import dev.chronoscope.ClaimLog;
import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingBuilder;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.clock.ReadingDifferences;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.stats.AssertionSettings;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/** Turns recorded samples into {@link Timing}s and {@link ProbeFloor}s, and decides the verdict. */
public final class Timings {

    /**
     * A region is resolved only if its net median is at least this share of the floor's median:
     * below it, the region is a small difference between two floor-sized readings.
     */
    public static final double MIN_NET_OVER_FLOOR = 0.5;
    /** ...and at least this many quanta of the clock's effective resolution, so one quantum is ≤ 25 % of it. */
    public static final double MIN_NET_STEPS = 4;

    private Timings() {
    }

    /**
     * What a measurement needs besides its samples, built with {@link #of}. {@code step} is the
     * quantum of the clock's {@link EffectiveResolution} in its unit, {@code stepSource} how it was
     * decided; {@code assertions} how claims about its timings decide, and the seed of its comparisons;
     * {@code claims} where the claims about its timings are logged: its own, for whoever owns the
     * context (a timed test) to take into its record.
     */
    public static final class Context {
        private final ClockReader reader;
        private final TscFrequency frequency;
        private final ProbeFloor floor;
        private final boolean subtractFloor;
        private final double step;
        private final String stepSource;
        private final AssertionSettings assertions;
        private final ClaimLog claims;

        private Context(Builder b) {
            this.reader = Objects.requireNonNull(b.reader, "reader");
            this.frequency = b.frequency;
            this.floor = Objects.requireNonNull(b.floor, "floor");
            this.subtractFloor = b.subtractFloor;
            this.step = b.step;
            this.stepSource = b.stepSource;
            this.assertions = b.assertions;
            this.claims = b.claims == null ? new ClaimLog() : b.claims;
        }

        /**
         * A context for readings of {@code reader} over {@code floor}; unless said otherwise the
         * clock counts nanoseconds (no frequency), the floor is subtracted, the quantum is unknown
         * (0), claims decide with the documented defaults and are logged in a log of its own.
         */
        public static Builder of(ClockReader reader, ProbeFloor floor) {
            return new Builder(reader, floor);
        }

        /** A builder holding this context's parts but its claim log: the context built logs its claims apart. */
        public Builder toBuilder() {
            return of(reader, floor).frequency(frequency).subtractFloor(subtractFloor).step(step, stepSource)
                    .assertions(assertions);
        }

        public ClockReader reader() {
            return reader;
        }

        /** The counter's frequency for clocks counting ticks; null for the clocks counting nanoseconds. */
        public TscFrequency frequency() {
            return frequency;
        }

        public ProbeFloor floor() {
            return floor;
        }

        public boolean subtractFloor() {
            return subtractFloor;
        }

        public double step() {
            return step;
        }

        public String stepSource() {
            return stepSource;
        }

        public AssertionSettings assertions() {
            return assertions;
        }

        public ClaimLog claims() {
            return claims;
        }

        /** The unit of the reader's readings. */
        public ClockUnit unit() {
            return unitOf(reader.clock());
        }

        /** Nanoseconds per unit of the reader's readings ({@link Timings#nanosPerUnit}). */
        public double nanosPerUnit() {
            return Timings.nanosPerUnit(frequency);
        }

        /** The parts of a {@link Context}; each setter returns the builder. */
        public static final class Builder {
            private final ClockReader reader;
            private final ProbeFloor floor;
            private TscFrequency frequency;
            private boolean subtractFloor = true;
            private double step;
            private String stepSource = "not decided";
            private AssertionSettings assertions = AssertionSettings.defaults();
            private ClaimLog claims;

            private Builder(ClockReader reader, ProbeFloor floor) {
                this.reader = reader;
                this.floor = floor;
            }

            /** The counter's frequency, for clocks counting ticks. */
            public Builder frequency(TscFrequency counterFrequency) {
                this.frequency = counterFrequency;
                return this;
            }

            /** Whether the floor's median is subtracted from the figures. */
            public Builder subtractFloor(boolean subtract) {
                this.subtractFloor = subtract;
                return this;
            }

            /** The clock's quantum in its unit, {@code source} saying how it was decided. */
            public Builder step(double quantum, String source) {
                this.step = quantum;
                this.stepSource = Objects.requireNonNull(source, "source");
                return this;
            }

            /** The quantum of {@code resolution} as the step the verdicts and claims use. */
            public Builder step(EffectiveResolution resolution) {
                return step(resolution.quantum(), resolution.describe());
            }

            /** How claims decide, and the seed of comparisons. */
            public Builder assertions(AssertionSettings settings) {
                this.assertions = Objects.requireNonNull(settings, "settings");
                return this;
            }

            /** Where claims are logged: a log shared with whoever owns the context. */
            public Builder claims(ClaimLog log) {
                this.claims = Objects.requireNonNull(log, "log");
                return this;
            }

            public Context build() {
                return new Context(this);
            }
        }
    }

    /** The unit {@code clock}'s readings count. */
    public static ClockUnit unitOf(ClockId clock) {
        return clock.countsTicks() ? ClockUnit.TICKS : ClockUnit.NANOSECONDS;
    }

    /** Nanoseconds per unit of a clock's readings: per tick at {@code frequency} for counters, 1 (null) for others. */
    static double nanosPerUnit(TscFrequency frequency) {
        return frequency == null ? 1.0 : frequency.ticksToNanos(1);
    }

    /**
     * A measured floor and its samples as differences between readings, which the clock's
     * {@link EffectiveResolution} is decided from together with back-to-back reads.
     */
    public record Floor(ProbeFloor floor, ReadingDifferences differences, double loopBytesPerCall) {

        public Floor(ProbeFloor floor, ReadingDifferences differences) {
            this(floor, differences, 0);
        }
    }

    /** Times {@code samples} empty regions (or fewer, when {@code budgetNanos} runs out) as the probe floor. */
    public static Floor measureFloor(ClockReader reader, int samples, long budgetNanos, TscFrequency frequency) {
        SampleRecorder recorder = new SampleRecorder(samples);
        // the floor's run is the timing loop with empty regions: what it allocates, the loop allocates
        AllocationCount loop = new AllocationCount(recorder, FirstCalls.Counted.NONE);
        long start = System.nanoTime();
        loop.open();
        loop.close(0, RegionLoop.repeatEmpty(reader, samples, budgetNanos, 100, recorder, new Sink()));
        long elapsed = System.nanoTime() - start;
        if (recorder.samples().isEmpty()) {
            throw new IllegalStateException("every floor sample was dropped (" + recorder.droppedMigration()
                    + " CPU migrations, " + recorder.droppedNegative() + " negative deltas)");
        }
        Summary raw = summary(Statistics.of(recorder.samples()), unitOf(reader.clock()));
        Summary nanos = raw.scaled(nanosPerUnit(frequency), ClockUnit.NANOSECONDS);
        ProbeFloor floor = new ProbeFloor(reader.clock(), raw, nanos, elapsed);
        return new Floor(floor, ReadingDifferences.of(recorder.samples().toArray()),
                Optional.ofNullable(loop.result(0, 1, 1)).map(Allocation::bytesPerCall).orElse(0.0));
    }

    /**
     * The floor of throughput at {@code callsPerSample} calls per sample: {@code empty} (an inlined empty
     * region, {@link CompiledRegions#inlinedEmpty}) timed as the latency floor is, in calls of 100
     * samples, each sample a batch of {@code callsPerSample}; the result is per call, its samples' figures
     * divided by {@code callsPerSample}, so that it subtracts from a per-call figure.
     */
    public static ProbeFloor measureBatchFloor(ClockReader reader, Region empty, int callsPerSample, int samples,
                                               long budgetNanos, TscFrequency frequency) {
        SampleRecorder recorder = new SampleRecorder(samples);
        long start = System.nanoTime();
        Sink sink = new Sink();
        long deadline = start + budgetNanos;
        for (long done = 0; done < samples && System.nanoTime() - deadline <= 0; ) {
            done += empty.time(reader, Math.min(100, samples - done), callsPerSample, Region.UNBOUNDED, recorder, sink);
        }
        long elapsed = System.nanoTime() - start;
        if (recorder.samples().isEmpty()) {
            throw new IllegalStateException("every sample of the " + callsPerSample + "-call batch floor was dropped ("
                    + recorder.droppedMigration() + " CPU migrations, " + recorder.droppedNegative()
                    + " negative deltas)");
        }
        ClockUnit unit = unitOf(reader.clock());
        Summary raw = summary(Statistics.of(recorder.samples()), unit).scaled(1.0 / callsPerSample, unit);
        return new ProbeFloor(reader.clock(), raw, raw.scaled(nanosPerUnit(frequency), ClockUnit.NANOSECONDS), elapsed);
    }

    public static Summary summary(Statistics s, ClockUnit unit) {
        return new Summary(unit, s.count(), s.min(), s.p50(), s.p90(), s.p99(), s.max(), s.mean(), s.mad());
    }

    /** The timing of everything {@code recorder} kept, labelled {@code label}; allocation not counted. */
    public static Timing build(String label, SampleRecorder recorder, Context context) {
        return build(label, recorder, context, null, "not counted for this timing");
    }

    /**
     * The timing of everything {@code recorder} kept, labelled {@code label}, with the region's
     * {@code allocation} per call (or, when null, why it is unknown).
     */
    public static Timing build(String label, SampleRecorder recorder, Context context, Allocation allocation,
                               String allocationUnknown) {
        return build(label, recorder, context, SamplingMode.LATENCY, allocation, allocationUnknown);
    }

    /**
     * The timing of everything {@code recorder} kept in {@code mode}, labelled {@code label}, with the
     * region's {@code allocation} per call (or, when null, why it is unknown). For throughput the
     * figures are per call, net of the mode's batch floor (the per-call floor at that batch size, see
     * {@link #measureBatchFloor}), the clock's quantum per call (a batch's reading is off by at most
     * one quantum), the verdict on those.
     */
    static Timing build(String label, SampleRecorder recorder, Context context, SamplingMode mode,
                        Allocation allocation, String allocationUnknown) {
        ClockUnit unit = context.unit();
        int callsPerSample = mode.callsPerSample();
        ProbeFloor floor = switch (mode) {
            case SamplingMode.Latency latency -> context.floor();
            case SamplingMode.Throughput throughput -> throughput.batchFloor();
        };
        double step = context.step() / callsPerSample;
        TimingBuilder b = Timing.builder()
                .label(label)
                .clock(context.reader().clock())
                .readMethod(context.reader().readMethod())
                .frequency(context.frequency())
                .droppedMigration(recorder.droppedMigration())
                .involuntaryContextSwitches(recorder.involuntarySwitches())
                .cpuThrottling(recorder.cpuThrottling())
                .collections(recorder.collections(), recorder.collectionMillis())
                .droppedNegative(recorder.droppedNegative())
                .floor(floor)
                .floorSubtracted(context.subtractFloor())
                .step(step, mode instanceof SamplingMode.Latency ? context.stepSource()
                        : context.stepSource() + "; per call: the quantum / " + callsPerSample + " calls per sample")
                .failsWhenInconclusive(context.assertions().strict())
                .claimLog(context.claims())
                .mode(mode.timingMode(), callsPerSample);
        if (allocation != null) {
            b.allocation(allocation);
        } else {
            b.allocationUnknown(allocationUnknown);
        }
        Summary raw;
        if (recorder.samples().isEmpty()) {
            b.sortedSamples(new int[0]);
            raw = new Summary(unit, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN);
            b.verdict(Verdict.NO_SAMPLES, "no samples kept: " + recorder.droppedMigration()
                    + " dropped for CPU migration, " + recorder.droppedNegative() + " for a negative delta");
        } else {
            Samples.Sorted sorted = recorder.samples().sorted();
            if (sorted.ints() != null) {
                b.sortedSamples(sorted.ints());
            } else {
                b.sortedSamples(sorted.longs());
            }
            raw = summary(Statistics.ofSorted(sorted), unit).scaled(1.0 / callsPerSample, unit);
            if (mode instanceof SamplingMode.Latency) {
                verdict(raw.p50(), floor.median(), step, unit, b);
            } else {
                // what can hide a batched region is the jitter of the fenced pair of reads, once per
                // batch, so its share of a call is what the region must clear; the loop's per-call
                // cost, averaged over every call of the floor's batches, is subtracted, not feared
                verdict(raw.p50(), floor.median(), context.floor().median() / callsPerSample,
                        "the fenced pair's share per call", step, unit, b);
            }
        }
        return b.raw(raw).build();
    }

    /** True when the verdict on a region whose raw median is {@code rawMedian} would be {@code RESOLVED}. */
    public static boolean resolves(double rawMedian, double floorMedian, double step) {
        double net = Math.max(0, rawMedian - floorMedian);
        return net >= MIN_NET_OVER_FLOOR * floorMedian && net > 0 && (step <= 0 || net >= MIN_NET_STEPS * step);
    }

    /** Decides whether the clock resolved a region whose raw median is {@code rawMedian}. */
    static void verdict(double rawMedian, double floorMedian, double step, ClockUnit unit, TimingBuilder b) {
        verdict(rawMedian, floorMedian, floorMedian, "the floor p50", step, unit, b);
    }

    /**
     * Decides as above, the net median having to clear {@code MIN_NET_OVER_FLOOR} times
     * {@code shareFloor}, named {@code shareName} (the floor itself for latency).
     */
    static void verdict(double rawMedian, double floorMedian, double shareFloor, String shareName, double step,
                        ClockUnit unit, TimingBuilder b) {
        double net = Math.max(0, rawMedian - floorMedian);
        boolean clearOfFloor = net >= MIN_NET_OVER_FLOOR * shareFloor && net > 0;
        boolean clearOfStep = step <= 0 || net >= MIN_NET_STEPS * step;
        String u = unit.symbol();
        String floorRatio = shareFloor > 0
                ? Format.multiple(net / shareFloor) + (shareFloor == floorMedian ? " floor" : " fenced pair per call")
                : "floor p50 0";
        String stepRatio = step > 0 ? Format.multiple(net / step) + " quantum" : "quantum unknown";
        if (clearOfFloor && clearOfStep) {
            b.verdict(Verdict.RESOLVED, String.format(Locale.ROOT, "resolved (%s, %s)", floorRatio, stepRatio));
            return;
        }
        StringBuilder why = new StringBuilder(String.format(Locale.ROOT, "not resolved: net p50 %s %s",
                Format.unitsOrFraction(net), u));
        if (net == 0) {
            why.append(" (the median region read no longer than the empty region");
            why.append(step > 0 ? String.format(Locale.ROOT, "; the clock's quantum is %s %s)",
                    Format.unitsOrFraction(step), u) : ")");
        } else {
            if (!clearOfFloor) {
                why.append(String.format(Locale.ROOT, " is %s (needs >= %.1fx %s of %s %s)", floorRatio,
                        MIN_NET_OVER_FLOOR, shareName, Format.unitsOrFraction(shareFloor), u));
            }
            if (!clearOfStep) {
                why.append(clearOfFloor ? " is " : " and ").append(String.format(Locale.ROOT,
                        "%s (needs >= %.0f quanta of the clock's effective resolution, %s %s)", stepRatio,
                        MIN_NET_STEPS, Format.unitsOrFraction(step), u));
            }
        }
        b.verdict(Verdict.NOT_RESOLVED, why.toString());
    }
}
