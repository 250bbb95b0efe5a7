package dev.chronoscope;

import org.apiguardian.api.API;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * {@code Timing} is used to report how long a region took: the clock and how it was read, the
 * samples kept and dropped (and why), the probe floor, statistics in the clock's unit and in
 * nanoseconds, raw and net of the floor, and whether the clock resolved the region at all.
 * Immutable.
 *
 * <p>The <em>reported</em> figures ({@link #median()}, {@link #percentile(double)}) are net of the
 * floor's median when the floor is subtracted ({@link SubtractProbeFloor}), raw otherwise.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Timing {

    private final String label;
    private final ClockId clock;
    private final String readMethod;
    private final TscFrequency frequency;
    private final SortedSamples samples;
    private final long droppedMigration;
    private final long droppedNegative;
    private final ProbeFloor floor;
    private final boolean floorSubtracted;
    private final double step;
    private final String stepSource;
    private final Summary raw;
    private final Verdict verdict;
    private final String verdictReason;
    private final boolean failsWhenInconclusive;
    private final Allocation allocation;
    private final String allocationUnknown;
    private final long involuntaryContextSwitches;
    private final CpuThrottling cpuThrottling;
    private final long collections;
    private final long collectionMillis;
    private final TimingMode mode;
    private final int callsPerSample;
    private final ClaimLog claimLog;
    private final CoreSpeedState coreSpeed;
    private final List<SelfCheck> refusedBy;
    private final String unsettledWarmup;

    Timing(TimingBuilder b) {
        this.label = Objects.requireNonNull(b.label, "label");
        this.clock = Objects.requireNonNull(b.clock, "clock");
        this.readMethod = Objects.requireNonNull(b.readMethod, "readMethod");
        this.frequency = b.frequency;
        this.samples = new SortedSamples(b.sortedInts, b.sortedLongs);
        this.droppedMigration = b.droppedMigration;
        this.droppedNegative = b.droppedNegative;
        this.floor = Objects.requireNonNull(b.floor, "floor");
        this.floorSubtracted = b.floorSubtracted;
        this.step = b.step;
        this.stepSource = Objects.requireNonNull(b.stepSource, "stepSource");
        this.raw = Objects.requireNonNull(b.raw, "raw");
        this.verdict = Objects.requireNonNull(b.verdict, "verdict");
        this.verdictReason = Objects.requireNonNull(b.verdictReason, "verdictReason");
        this.failsWhenInconclusive = b.failsWhenInconclusive;
        this.allocation = b.allocation;
        this.involuntaryContextSwitches = b.involuntaryContextSwitches;
        this.cpuThrottling = b.cpuThrottling;
        this.collections = b.collections;
        this.collectionMillis = b.collectionMillis;
        this.allocationUnknown = b.allocation != null ? "" : b.allocationUnknown;
        this.mode = Objects.requireNonNull(b.mode, "mode");
        this.callsPerSample = b.callsPerSample;
        this.claimLog = b.claimLog;
        this.coreSpeed = CoreSpeedState.UNREAD;
        this.refusedBy = List.of();
        this.unsettledWarmup = "";
        if (callsPerSample < 1 || (mode == TimingMode.LATENCY && callsPerSample != 1)) {
            throw new IllegalArgumentException(mode + " with " + callsPerSample
                    + " calls per sample: latency takes 1, throughput 1 or more");
        }
        if (clock.countsTicks() && frequency == null) {
            throw new IllegalArgumentException(clock + " counts ticks: a frequency is needed to convert them");
        }
    }

    /**
     * This timing with its figure refused by {@code check} ({@link Verdict#REFUSED}), {@code reason}
     * its evidence; a timing the clock did not resolve keeps its verdict, the finding added to its
     * reason. For Chronoscope's measurement code; not for users.
     */
    @API(status = INTERNAL, since = "0.1")
    public Timing refused(SelfCheck check, String reason) {
        Objects.requireNonNull(reason, "reason");
        List<SelfCheck> by = Stream.concat(refusedBy.stream(), Stream.of(check)).toList();
        return verdict == Verdict.RESOLVED ? new Timing(this, Verdict.REFUSED, reason, coreSpeed, by, unsettledWarmup)
                : new Timing(this, verdict, verdictReason + "; also: " + reason, coreSpeed, by, unsettledWarmup);
    }

    /** The self-checks that found evidence against the figure, in the order they spoke; empty for most timings. */
    public List<SelfCheck> refusedBy() { return refusedBy; }

    /** This timing with the core's speed around its samples recorded beside it. For Chronoscope's measurement code. */
    @API(status = INTERNAL, since = "0.1")
    public Timing withCoreSpeed(CoreSpeedState state) {
        return new Timing(this, verdict, verdictReason, Objects.requireNonNull(state, "state"), refusedBy,
                unsettledWarmup);
    }

    /**
     * This timing with its region's warm-up said not to have settled within its budget ({@code why}):
     * its samples may have run code below the JIT's top tier. For Chronoscope's measurement code.
     */
    @API(status = INTERNAL, since = "0.1")
    public Timing withUnsettledWarmup(String why) {
        return new Timing(this, verdict, verdictReason, coreSpeed, refusedBy, Objects.requireNonNull(why, "why"));
    }

    /**
     * Why the region's warm-up did not settle within its budget (the JIT had not finished, often a
     * busy host's starved compiler threads), so its samples may have run slower, lower-tier code; empty
     * where it settled. A fact beside the figure: a claim it could have changed is inconclusive.
     */
    public Optional<String> unsettledWarmup() {
        return unsettledWarmup.isEmpty() ? Optional.empty() : Optional.of(unsettledWarmup);
    }

    private Timing(Timing t, Verdict verdict, String verdictReason, CoreSpeedState coreSpeed, List<SelfCheck> refusedBy,
                   String unsettledWarmup) {
        this.label = t.label;
        this.clock = t.clock;
        this.readMethod = t.readMethod;
        this.frequency = t.frequency;
        this.samples = t.samples;
        this.droppedMigration = t.droppedMigration;
        this.droppedNegative = t.droppedNegative;
        this.floor = t.floor;
        this.floorSubtracted = t.floorSubtracted;
        this.step = t.step;
        this.stepSource = t.stepSource;
        this.raw = t.raw;
        this.verdict = verdict;
        this.verdictReason = verdictReason;
        this.failsWhenInconclusive = t.failsWhenInconclusive;
        this.allocation = t.allocation;
        this.allocationUnknown = t.allocationUnknown;
        this.involuntaryContextSwitches = t.involuntaryContextSwitches;
        this.cpuThrottling = t.cpuThrottling;
        this.collections = t.collections;
        this.collectionMillis = t.collectionMillis;
        this.mode = t.mode;
        this.callsPerSample = t.callsPerSample;
        this.claimLog = t.claimLog;
        this.coreSpeed = coreSpeed;
        this.refusedBy = refusedBy;
        this.unsettledWarmup = unsettledWarmup;
    }

    /**
     * Not for users: a test gets its timings from {@link Probe}. Public only because Chronoscope's internal packages
     * call it (Java has no friend packages): may change or go without notice.
     */
    @API(status = INTERNAL, since = "0.1")
    public static TimingBuilder builder() { return new TimingBuilder(); }

    /**
     * Whether an inconclusive claim fails (true) or aborts the test, as its test configured {@code
     * chronoscope.assertions.strict}.
     */
    public boolean failsWhenInconclusive() { return failsWhenInconclusive; }

    /** The log of the test that measured this timing, where claims about it go; empty outside one. Not for users. */
    @API(status = INTERNAL, since = "0.1")
    public Optional<ClaimLog> claimLog() { return Optional.ofNullable(claimLog); }

    /** The heap bytes the region allocated per call, on the measuring thread; empty where they were not counted. */
    public Optional<Allocation> allocation() { return Optional.ofNullable(allocation); }

    /**
     * Involuntary context switches of the measuring thread while sampling ({@code /proc/thread-self/status}); empty:
     * not counted.
     */
    public java.util.OptionalLong involuntaryContextSwitches() {
        return involuntaryContextSwitches < 0 ? java.util.OptionalLong.empty()
                : java.util.OptionalLong.of(involuntaryContextSwitches);
    }

    /**
     * Garbage collections that ran while the samples were taken (every collector's count); empty: not counted.
     * The samples a collection paused are in the figure's mean and tail, seldom in its median.
     */
    public java.util.OptionalLong collectionsWhileSampling() {
        return collections < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(collections);
    }

    /**
     * The collectors' accumulated time for {@link #collectionsWhileSampling()}, in ms (concurrent phases included);
     * empty: not counted.
     */
    public java.util.OptionalLong collectionMillisWhileSampling() {
        return collections < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(collectionMillis);
    }

    /**
     * What the binding cgroup CPU quota did while sampling (a throttled figure includes the wait); empty: no quota or
     * unread.
     */
    public Optional<CpuThrottling> cpuThrottling() { return Optional.ofNullable(cpuThrottling); }

    /** The core's speed around the samples, a fact beside the figure ({@link CoreSpeedState#UNREAD} for latency). */
    public CoreSpeedState coreSpeed() { return coreSpeed; }

    /** Why {@link #allocation()} is empty; empty text when it is present. */
    public String allocationUnknownReason() { return allocationUnknown; }

    /**
     * Which question the figures answer: one call alone ({@code LATENCY}) or per call of a batch ({@code THROUGHPUT}).
     */
    public TimingMode mode() { return mode; }

    /**
     * Calls between each pair of reads (1 for latency, the batch k for throughput): samples are batches, figures per
     * call.
     */
    public int callsPerSample() { return callsPerSample; }

    /** What was timed: a label given by the test, or a description Chronoscope chose. */
    public String label() { return label; }

    public ClockId clock() { return clock; }

    /** How the clock was read at each end, e.g. {@code lfence;rdtscp;lfence .. rdtscp;lfence}. */
    public String readMethod() { return readMethod; }

    public ClockUnit unit() {
        return clock.countsTicks() ? ClockUnit.TICKS : ClockUnit.NANOSECONDS;
    }

    /** The calibrated counter frequency, for the counter clocks. */
    public Optional<TscFrequency> frequency() {
        return Optional.ofNullable(frequency);
    }

    /** Samples kept. */
    public long kept() {
        return samples.size();
    }

    /** Samples dropped because the two reads ran on different CPUs. */
    public long droppedMigration() {
        return droppedMigration;
    }

    /** Samples dropped because the end read was below the begin read. */
    public long droppedNegative() {
        return droppedNegative;
    }

    public long dropped() {
        return droppedMigration + droppedNegative;
    }

    public ProbeFloor floor() {
        return floor;
    }

    /** True when the reported figures are net of the floor's median. */
    public boolean floorSubtracted() {
        return floorSubtracted;
    }

    /**
     * The clock step, in the clock's unit, per call (divided by {@link #callsPerSample()}): the
     * quantum its readings come in, measured (what nearly all differences between readings are
     * multiples of), not the advertised resolution nor the smallest difference seen. Durations closer
     * than one step can read the same.
     */
    public double clockStep() {
        return step;
    }

    /**
     * How {@link #clockStep()} was decided: the method ({@code multiples}, {@code one-unit}, …) first, then its
     * figures.
     */
    public String clockStepSource() {
        return stepSource;
    }

    /** @deprecated renamed {@link #clockStep()}: one word, "clock step", for the clock's quantum. */
    @Deprecated(since = "0.2", forRemoval = true)
    public double step() {
        return clockStep();
    }

    /** @deprecated renamed {@link #clockStepSource()}. */
    @Deprecated(since = "0.2", forRemoval = true)
    public String stepSource() {
        return clockStepSource();
    }

    /** Raw statistics, in the clock's unit, per call. */
    public Summary raw() {
        return raw;
    }

    /** Raw statistics in nanoseconds. */
    public Summary rawNanos() {
        return raw.scaled(nanosPerUnit(), ClockUnit.NANOSECONDS);
    }

    /** Statistics net of the floor's median (each clamped at zero), in the clock's unit. */
    public Summary net() {
        double f = floor.median();
        return new Summary(raw.unit(), raw.count(), net(raw.min(), f), net(raw.p50(), f), net(raw.p90(), f),
                net(raw.p99(), f), net(raw.max(), f), net(raw.mean(), f), raw.mad());
    }

    /** Net statistics in nanoseconds. */
    public Summary netNanos() {
        return net().scaled(nanosPerUnit(), ClockUnit.NANOSECONDS);
    }

    private static double net(double value, double floor) {
        return Math.max(0, value - floor);
    }

    /** Nanoseconds per unit of the clock: 1 for nanosecond clocks, 1e9/Hz for counters. */
    public double nanosPerUnit() {
        return frequency == null ? 1.0 : 1e9 / frequency.hz();
    }

    public Verdict verdict() {
        return verdict;
    }

    /** The facts behind the verdict, in plain words. */
    public String verdictReason() {
        return verdictReason;
    }

    public boolean isResolved() {
        return verdict == Verdict.RESOLVED;
    }

    /** The reported median: net of the floor when it is subtracted, raw otherwise. */
    public Duration median() {
        return percentile(50);
    }

    /**
     * The reported nearest-rank percentile {@code p} (0 &lt; p &le; 100) as a duration, net of the
     * floor's median (clamped at zero) when the floor is subtracted.
     */
    public Duration percentile(double p) {
        return Duration.ofNanos(Math.round(percentileValue(p) * nanosPerUnit()));
    }

    /** The reported nearest-rank percentile in the clock's unit (net when the floor is subtracted). */
    public double percentileValue(double p) {
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], was " + p);
        }
        if (samples.size() == 0) {
            throw new IllegalStateException("no samples were kept for '" + label + "'");
        }
        int rank = (int) Math.ceil(p / 100.0 * samples.size());
        double value = samples.get(Math.max(1, rank) - 1) / (double) callsPerSample;
        return floorSubtracted ? net(value, floor.median()) : value;
    }

    /**
     * The kept samples in the clock's unit, sorted ascending (a copy); each one batch of {@link #callsPerSample()}
     * calls.
     */
    public long[] samples() {
        return samples.toArray();
    }

    /**
     * The {@code i}-th smallest kept sample (0-based), in the clock's unit: a batch of {@link #callsPerSample()} calls.
     */
    public long sortedSample(int i) {
        return samples.get(i);
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "Timing[%s, %s, %s, %d kept, %d dropped, p50 %.0f %s, %s]", label,
                clock, mode.question(callsPerSample, clock), kept(), dropped(), raw.p50(), raw.unit().symbol(),
                verdict);
    }
}
