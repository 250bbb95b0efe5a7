package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.BaselineVerdict;
import dev.chronoscope.internal.gate.ContainerFacts;
import dev.chronoscope.internal.gate.CoreSpeed;
import dev.chronoscope.internal.gate.GateFailure;
import dev.chronoscope.ClockId;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.TscFrequency;

import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostLoad;

import java.util.List;
import java.util.Objects;

/**
 * Everything Chronoscope reports about one timed test: what the timing section shows and the JSON
 * Lines record holds.
 *
 * @param uniqueId    the JUnit unique id of the test
 * @param testName    {@code Class.method(params)} as shown in the section header
 * @param displayName JUnit's display name
 * @param outcome     {@code passed}, {@code failed} or {@code aborted}
 * @param clockWhy    how the clock was chosen
 * @param frequency   the counter's calibrated frequency, for the counter clocks; else null
 * @param host        one line of the host facts that bear on timing
 * @param step        the clock's observed step in its unit, used by the verdicts
 * @param warmup      how the clock's probe path was warmed up, once per JVM
 * @param pinned      where the thread was pinned, or {@code no}
 * @param timings     the invocation's timing first, then each {@link dev.chronoscope.Probe} region's
 * @param aggregate   for a repeated or parameterized test: all its invocations so far; else null
 * @param startedAt   ISO-8601 instant the test's timing started
 * @param pid         the JVM's process id (one Surefire fork)
 * @param run         the run the test belongs to ({@link RunKey}), shared by the run's JVMs
 * @param baseline    each timing's comparison with the baseline, in the order of {@code timings}; empty when none was
 * compared
 * @param comparisons each {@code Probe.compare} of the test: which two of {@code timings}, and the ratio of their
 * medians
 * @param gate        why the regression gate failed the test (its {@code outcome} is then {@code failed}); null when it
 * did not
 * @param container   the cgroup limits of the JVM's container (CPU quota, cpuset, memory limit), as read when the run
 * started
 * @param claims      the claims the test made about its timings, in the order made, each with its outcome
 * @param timingLock  what the cross-JVM timing lock did for the test: held (and how long it waited), or why not; null
 * where none was asked
 * @param coreSpeed   the core's speed before the test and when it ended ({@link CoreSpeed#UNKNOWN} where not read)
 * @param hostLoad    what other processes and the hypervisor took of the host's CPUs from the test's start to its end,
 *                    or why that is unknown
 * @param history     what the JVM had timed before the test ({@link JvmHistory#NONE} where nothing)
 */
public record TestRecord(String uniqueId, String testName, String displayName, String outcome, ClockId clock,
                         String clockWhy, String readMethod, TscFrequency frequency, String host, ProbeFloor floor,
                         double step, String stepSource, String warmup, String pinned, List<String> warnings,
                         boolean floorSubtracted, List<Timing> timings, Timing aggregate, String startedAt, long pid,
                         String run, List<BaselineVerdict> baseline, List<ComparisonRecord> comparisons,
                                 GateFailure gate,
                         ContainerFacts container, List<ClaimRecord> claims, String timingLock, CoreSpeed coreSpeed,
                         Fact<HostLoad.Interval> hostLoad, JvmHistory history) {

    public TestRecord {
        coreSpeed = coreSpeed == null ? CoreSpeed.UNKNOWN : coreSpeed;
        hostLoad = hostLoad == null ? Fact.unknown("not read") : hostLoad;
        history = history == null ? JvmHistory.NONE : history;
        Objects.requireNonNull(uniqueId, "uniqueId");
        Objects.requireNonNull(container, "container");
        Objects.requireNonNull(clock, "clock");
        warnings = List.copyOf(warnings);
        timings = List.copyOf(timings);
        baseline = List.copyOf(baseline);
        comparisons = List.copyOf(comparisons);
        claims = List.copyOf(claims);
        if (!baseline.isEmpty() && baseline.size() != timings.size()) {
            throw new IllegalArgumentException(baseline.size() + " baseline verdicts for " + timings.size()
                    + " timings");
        }
        if (gate != null && !"failed".equals(outcome)) {
            throw new IllegalArgumentException("a test the regression gate failed has the outcome failed, not "
                    + outcome);
        }
    }

    /** This record with each timing's comparison with the baseline, in the order of {@link #timings()}. */
    public TestRecord judged(List<BaselineVerdict> verdicts) {
        return new TestRecord(uniqueId, testName, displayName, outcome, clock, clockWhy, readMethod, frequency, host,
                floor, step,
                stepSource, warmup, pinned, warnings, floorSubtracted, timings, aggregate, startedAt, pid, run,
                        verdicts,
                comparisons, gate, container, claims, timingLock, coreSpeed, hostLoad,
                history);
    }

    /**
     * This record of a test that the regression gate failed with {@code message}: its outcome
     * {@code failed}, as JUnit reports it, and its own outcome kept in {@link #gate()}.
     */
    public TestRecord failedByGate(String message) {
        return new TestRecord(uniqueId, testName, displayName, "failed", clock, clockWhy, readMethod, frequency, host,
                floor, step,
                stepSource, warmup, pinned, warnings, floorSubtracted, timings, aggregate, startedAt, pid, run,
                        baseline,
                comparisons, new GateFailure(outcome, message), container, claims, timingLock, coreSpeed, hostLoad,
                history);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link TestRecord}: each field by name, so that fields of one type cannot swap places. */
    public static final class Builder {
        private String uniqueId;
        private String testName;
        private String displayName;
        private String outcome;
        private ClockId clock;
        private String clockWhy;
        private String readMethod;
        private TscFrequency frequency;
        private String host;
        private ProbeFloor floor;
        private double step;
        private String stepSource;
        private String warmup;
        private String pinned;
        private List<String> warnings = List.of();
        private boolean floorSubtracted;
        private List<Timing> timings = List.of();
        private Timing aggregate;
        private String startedAt;
        private long pid;
        private String run = "";
        private List<BaselineVerdict> baseline = List.of();
        private List<ComparisonRecord> comparisons = List.of();
        private ContainerFacts container = ContainerFacts.NOT_RECORDED;
        private List<ClaimRecord> claims = List.of();
        private String timingLock;
        private CoreSpeed coreSpeed = CoreSpeed.UNKNOWN;
        private Fact<HostLoad.Interval> hostLoad;
        private JvmHistory history = JvmHistory.NONE;

        private Builder() {
        }

        public Builder test(String uniqueId, String testName, String displayName) {
            this.uniqueId = uniqueId;
            this.testName = testName;
            this.displayName = displayName;
            return this;
        }

        public Builder outcome(String outcome) { this.outcome = outcome; return this; }
        public Builder clock(ClockId clock, String why, String readMethod) {
            this.clock = clock;
            this.clockWhy = why;
            this.readMethod = readMethod;
            return this;
        }
        public Builder frequency(TscFrequency frequency) { this.frequency = frequency; return this; }
        public Builder host(String host) { this.host = host; return this; }
        public Builder floor(ProbeFloor floor,
                boolean subtracted) { this.floor = floor; this.floorSubtracted = subtracted; return this; }
        public Builder step(double step, String source) { this.step = step; this.stepSource = source; return this; }
        public Builder warmup(String warmup) { this.warmup = warmup; return this; }
        public Builder pinned(String pinned) { this.pinned = pinned; return this; }
        public Builder history(JvmHistory history) { this.history = history; return this; }
        public Builder warnings(List<String> warnings) { this.warnings = warnings; return this; }
        public Builder timings(List<Timing> timings,
                Timing aggregate) { this.timings = timings; this.aggregate = aggregate; return this; }
        public Builder started(String startedAt, long pid) { this.startedAt = startedAt; this.pid = pid; return this; }
        public Builder run(String run) { this.run = run; return this; }
        public Builder baseline(List<BaselineVerdict> baseline) { this.baseline = baseline; return this; }
        public Builder comparisons(List<ComparisonRecord> comparisons) { this.comparisons = comparisons; return this; }
        public Builder container(ContainerFacts container) { this.container = container; return this; }
        public Builder claims(List<ClaimRecord> claims) { this.claims = claims; return this; }
        public Builder timingLock(String timingLock) { this.timingLock = timingLock; return this; }
        public Builder coreSpeed(CoreSpeed coreSpeed) { this.coreSpeed = coreSpeed; return this; }

        public Builder hostLoad(Fact<HostLoad.Interval> hostLoad) { this.hostLoad = hostLoad; return this; }

        public TestRecord build() {
            return new TestRecord(uniqueId, testName, displayName, outcome, clock, clockWhy, readMethod, frequency,
                    host,
                    floor, step, stepSource, warmup, pinned, warnings, floorSubtracted, timings, aggregate, startedAt,
                            pid, run, baseline,
                    comparisons, null, container, claims, timingLock, coreSpeed, hostLoad,
                history);
        }
    }
}
