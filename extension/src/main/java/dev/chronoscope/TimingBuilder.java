package dev.chronoscope;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Assembles a {@link Timing} for Chronoscope's measurement code; a test gets its timings from {@link Probe}. Public
 * only because Chronoscope's internal packages call it (Java has no friend packages): may change or go without notice.
 */
@API(status = INTERNAL, since = "0.1")
public final class TimingBuilder {

    String label;
    ClockId clock;
    String readMethod;
    TscFrequency frequency;
    int[] sortedInts;
    long[] sortedLongs;
    long droppedMigration;
    long droppedNegative;
    ProbeFloor floor;
    boolean floorSubtracted;
    double step;
    String stepSource;
    Summary raw;
    Verdict verdict;
    String verdictReason;
    boolean failsWhenInconclusive;
    Allocation allocation;
    String allocationUnknown = "not measured";
    long involuntaryContextSwitches = -1;
    CpuThrottling cpuThrottling;
    long collections = -1;
    long collectionMillis;
    TimingMode mode = TimingMode.LATENCY;
    int callsPerSample = 1;
    ClaimLog claimLog;

    TimingBuilder() {
    }

    public TimingBuilder label(String v) { label = v; return this; }
    public TimingBuilder clock(ClockId v) { clock = v; return this; }
    public TimingBuilder readMethod(String v) { readMethod = v; return this; }
    public TimingBuilder frequency(TscFrequency v) { frequency = v; return this; }
    /** Takes ownership of the array, which must be sorted ascending. */
    public TimingBuilder sortedSamples(int[] v) { sortedInts = v; sortedLongs = null; return this; }
    /** Takes ownership of the array, which must be sorted ascending. */
    public TimingBuilder sortedSamples(long[] v) { sortedLongs = v; sortedInts = null; return this; }
    public TimingBuilder droppedMigration(long v) { droppedMigration = v; return this; }
    public TimingBuilder droppedNegative(long v) { droppedNegative = v; return this; }
    public TimingBuilder floor(ProbeFloor v) { floor = v; return this; }
    public TimingBuilder floorSubtracted(boolean v) { floorSubtracted = v; return this; }
    public TimingBuilder step(double v, String source) { step = v; stepSource = source; return this; }
    public TimingBuilder raw(Summary v) { raw = v; return this; }
    public TimingBuilder verdict(Verdict v, String reason) { verdict = v; verdictReason = reason; return this; }
    public TimingBuilder failsWhenInconclusive(boolean v) { failsWhenInconclusive = v; return this; }
    public TimingBuilder allocation(Allocation v) { allocation = v; return this; }
    /** -1 when not counted. */
    public TimingBuilder involuntaryContextSwitches(long v) { involuntaryContextSwitches = v; return this; }
    /** Null where not counted. */
    public TimingBuilder cpuThrottling(CpuThrottling v) { cpuThrottling = v; return this; }
    /** Garbage collections while sampling and their collectors' time in ms; {@code count} -1 when not counted. */
    public TimingBuilder collections(long count, long millis) {
        collections = count;
        collectionMillis = millis;
        return this;
    }
    public TimingBuilder allocationUnknown(String reason) {
        allocation = null;
        allocationUnknown = reason;
        return this;
    }
    /** Latency (the default, 1 call per sample) or throughput with {@code calls} per sample. */
    public TimingBuilder mode(TimingMode v, int calls) { mode = v; callsPerSample = calls; return this; }
    /** The log claims about the timing go to; none by default. */
    public TimingBuilder claimLog(ClaimLog v) { claimLog = v; return this; }

    public Timing build() {
        return new Timing(this);
    }
}
