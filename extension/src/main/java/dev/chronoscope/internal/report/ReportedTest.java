package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.ContainerFacts;
import dev.chronoscope.internal.gate.CoreSpeed;
import dev.chronoscope.internal.gate.GateFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One timed test as its JSON Lines record holds it (see {@link ReportedTiming}).
 *
 * @param run  the run the record belongs to ({@link RunKey}); the records of one run may come from several JVMs
 * @param comparisons each {@code Probe.compare} of the test, naming two of {@code timings}; empty in records written
 * before the field existed
 * @param gate why the regression gate failed the test; null when it did not (or in records written before the field
 * existed)
 * @param container the cgroup limits the test ran under; {@link ContainerFacts#NOT_RECORDED} in records written before
 * the field existed
 * @param claims the claims the test made about its timings; empty in records written before the field existed
 * @param coreSpeed the core's speed before and after the test; {@link CoreSpeed#UNKNOWN} in records written before the
 * field existed
 * @param decidedAgain what the suite's JVM read that a fresh JVM decided again ({@code fork.confirming}): a failure,
 * a pass a slowed figure could have made, or {@link DecidedAgain#NO}
 */
public record ReportedTest(String run, String test, String uniqueId, String displayName, String outcome,
        GateFailure gate, long pid,
                           String clock, String readMethod, String unit, Double frequencyHz, String host,
                                   double floorP50Ns,
                           boolean floorSubtracted, List<String> warnings, List<ReportedTiming> timings,
                           List<ComparisonRecord> comparisons, ContainerFacts container, List<ClaimRecord> claims,
                           CoreSpeed coreSpeed, DecidedAgain decidedAgain) {

    /** What the suite's JVM read that a fresh JVM decided again, as the record's {@code fork.confirming} names it. */
    public enum DecidedAgain {
        /** Not decided again: timed once, in the suite's JVM or a fork of its own. */
        NO,
        /** A failure of a claim or of the gate ({@code suiteJvmFailure}). */
        FAILURE,
        /** A pass a slowed figure could have made ({@code suiteJvmPass}). */
        PASS;

        static DecidedAgain fromJson(Object fork) {
            if (!(fork instanceof Map<?, ?> f) || !(f.get("confirming") instanceof Map<?, ?> c)) {
                return NO;
            }
            return c.containsKey("suiteJvmPass") ? PASS : c.containsKey("suiteJvmFailure") ? FAILURE : NO;
        }
    }

    /**
     * A builder for a test's record, every component unset (null, 0, false), the lists empty, container and core speed
     * not recorded.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this record's components, to change some. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.run = run;
        b.test = test;
        b.uniqueId = uniqueId;
        b.displayName = displayName;
        b.outcome = outcome;
        b.gate = gate;
        b.pid = pid;
        b.clock = clock;
        b.readMethod = readMethod;
        b.unit = unit;
        b.frequencyHz = frequencyHz;
        b.host = host;
        b.floorP50Ns = floorP50Ns;
        b.floorSubtracted = floorSubtracted;
        b.warnings = warnings;
        b.timings = timings;
        b.comparisons = comparisons;
        b.container = container;
        b.claims = claims;
        b.coreSpeed = coreSpeed;
        b.decidedAgain = decidedAgain;
        return b;
    }

    /** Builds a test's record component by component, in place of a constructor of 20 arguments. */
    public static final class Builder {
        private String run;
        private String test;
        private String uniqueId;
        private String displayName;
        private String outcome;
        private GateFailure gate;
        private long pid;
        private String clock;
        private String readMethod;
        private String unit;
        private Double frequencyHz;
        private String host;
        private double floorP50Ns = Double.NaN;
        private boolean floorSubtracted;
        private List<String> warnings = List.of();
        private List<ReportedTiming> timings = List.of();
        private List<ComparisonRecord> comparisons = List.of();
        private ContainerFacts container = ContainerFacts.NOT_RECORDED;
        private List<ClaimRecord> claims = List.of();
        private CoreSpeed coreSpeed = CoreSpeed.UNKNOWN;
        private DecidedAgain decidedAgain = DecidedAgain.NO;

        private Builder() {
        }

        public Builder run(String run) {
            this.run = run;
            return this;
        }

        public Builder test(String test) {
            this.test = test;
            return this;
        }

        public Builder uniqueId(String uniqueId) {
            this.uniqueId = uniqueId;
            return this;
        }

        public Builder displayName(String displayName) {
            this.displayName = displayName;
            return this;
        }

        public Builder outcome(String outcome) {
            this.outcome = outcome;
            return this;
        }

        public Builder gate(GateFailure gate) {
            this.gate = gate;
            return this;
        }

        public Builder pid(long pid) {
            this.pid = pid;
            return this;
        }

        public Builder clock(String clock) {
            this.clock = clock;
            return this;
        }

        public Builder readMethod(String readMethod) {
            this.readMethod = readMethod;
            return this;
        }

        public Builder unit(String unit) {
            this.unit = unit;
            return this;
        }

        public Builder frequencyHz(Double frequencyHz) {
            this.frequencyHz = frequencyHz;
            return this;
        }

        public Builder host(String host) {
            this.host = host;
            return this;
        }

        public Builder floorP50Ns(double floorP50Ns) {
            this.floorP50Ns = floorP50Ns;
            return this;
        }

        public Builder floorSubtracted(boolean floorSubtracted) {
            this.floorSubtracted = floorSubtracted;
            return this;
        }

        public Builder warnings(List<String> warnings) {
            this.warnings = warnings;
            return this;
        }

        public Builder timings(List<ReportedTiming> timings) {
            this.timings = timings;
            return this;
        }

        public Builder comparisons(List<ComparisonRecord> comparisons) {
            this.comparisons = comparisons;
            return this;
        }

        public Builder container(ContainerFacts container) {
            this.container = container;
            return this;
        }

        public Builder claims(List<ClaimRecord> claims) {
            this.claims = claims;
            return this;
        }

        public Builder coreSpeed(CoreSpeed coreSpeed) {
            this.coreSpeed = coreSpeed;
            return this;
        }

        public Builder decidedAgain(DecidedAgain decidedAgain) {
            this.decidedAgain = decidedAgain;
            return this;
        }

        public ReportedTest build() {
            return new ReportedTest(run, test, uniqueId, displayName, outcome, gate, pid, clock, readMethod, unit,
                    frequencyHz, host,
                    floorP50Ns, floorSubtracted, warnings, timings, comparisons, container, claims, coreSpeed,
                    decidedAgain);
        }
    }

    public ReportedTest {
        java.util.Objects.requireNonNull(container, "container");
        coreSpeed = coreSpeed == null ? CoreSpeed.UNKNOWN : coreSpeed;
        decidedAgain = decidedAgain == null ? DecidedAgain.NO : decidedAgain;
        warnings = List.copyOf(warnings);
        timings = List.copyOf(timings);
        comparisons = List.copyOf(comparisons);
        claims = List.copyOf(claims);
        for (ClaimRecord c : claims) {
            for (int i : c.timings()) {
                if (i < 0 || i >= timings.size()) {
                    throw new IllegalArgumentException("claim '" + c.claim() + "' on timing " + i + " in a record of "
                            + timings.size() + " timings");
                }
            }
        }
        for (ComparisonRecord c : comparisons) {
            if (c.first() < 0 || c.first() >= timings.size() || c.second() < 0 || c.second() >= timings.size()
                    || c.first() == c.second()) {
                throw new IllegalArgumentException("comparison of timings " + c.first() + " and " + c.second()
                        + " in a record of "
                        + timings.size() + " timings");
            }
        }
    }

    /** The comparison whose first timing is timing {@code index}, if any. */
    public java.util.Optional<ComparisonRecord> comparisonFrom(int index) {
        return comparisons.stream().filter(c -> c.first() == index).findFirst();
    }

    /** The claims made about timing {@code index}, in the order made. */
    public List<ClaimRecord> claimsOn(int index) {
        return claims.stream().filter(c -> c.timings().contains(index)).toList();
    }

    /** The identity of timing {@code t} of this test across runs: the test's unique id and the timing's label. */
    public String key(ReportedTiming t) {
        return uniqueId + " :: " + t.label();
    }

    @SuppressWarnings("unchecked")
    public static ReportedTest fromJson(Map<String, Object> o) {
        Map<String, Object> clock = (Map<String, Object>) o.get("clock");
        Map<String, Object> frequency = (Map<String, Object>) o.get("frequency");
        Map<String, Object> floorNs = (Map<String, Object>) ((Map<String, Object>) o.get("floor")).get("ns");
        List<ReportedTiming> timings = new ArrayList<>();
        for (Object t : (List<Object>) o.get("timings")) {
            timings.add(ReportedTiming.fromJson((Map<String, Object>) t));
        }
        List<ComparisonRecord> comparisons = new ArrayList<>();
        if (o.get("comparisons") != null) {
            for (Object c : (List<Object>) o.get("comparisons")) {
                comparisons.add(ComparisonRecord.fromJson((Map<String, Object>) c));
            }
        }
        List<ClaimRecord> claims = new ArrayList<>();
        if (o.get("claims") != null) {
            for (Object c : (List<Object>) o.get("claims")) {
                claims.add(ClaimRecord.fromJson((Map<String, Object>) c));
            }
        }
        List<String> warnings = new ArrayList<>();
        for (Object w : (List<Object>) o.get("warnings")) {
            warnings.add(String.valueOf(w));
        }
        return new ReportedTest(o.get("run") == null ? "" : (String) o.get("run"), (String) o.get("test"),
                (String) o.get("uniqueId"),
                (String) o.get("displayName"), (String) o.get("outcome"),
                GateFailure.fromJson((Map<String, Object>) o.get("gate")), ((Number) o.get("pid")).longValue(),
                        (String) clock.get("id"),
                (String) clock.get("readMethod"), (String) clock.get("unit"),
                frequency == null ? null : ((Number) frequency.get("hz")).doubleValue(), (String) o.get("host"),
                ((Number) floorNs.get("p50")).doubleValue(), Boolean.TRUE.equals(o.get("floorSubtracted")), warnings,
                        timings,
                comparisons, ContainerFacts.fromJson((Map<String, Object>) o.get("container")), claims,
                CoreSpeed.fromJson(o.get("coreSpeed"), "the record of " + o.get("test") + ", member coreSpeed"),
                DecidedAgain.fromJson(o.get("fork")));
    }
}
