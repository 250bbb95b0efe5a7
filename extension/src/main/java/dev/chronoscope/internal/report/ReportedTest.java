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
 * @param comparisons each {@code Probe.compare} of the test, naming two of {@code timings}; empty in records written before the field existed
 * @param gate why the regression gate failed the test; null when it did not (or in records written before the field existed)
 * @param container the cgroup limits the test ran under; {@link ContainerFacts#NOT_RECORDED} in records written before the field existed
 * @param claims the claims the test made about its timings; empty in records written before the field existed
 * @param coreSpeed the core's speed before and after the test; {@link CoreSpeed#UNKNOWN} in records written before the field existed
 */
public record ReportedTest(String run, String test, String uniqueId, String displayName, String outcome, GateFailure gate, long pid,
                           String clock, String readMethod, String unit, Double frequencyHz, String host, double floorP50Ns,
                           boolean floorSubtracted, List<String> warnings, List<ReportedTiming> timings,
                           List<ComparisonRecord> comparisons, ContainerFacts container, List<ClaimRecord> claims,
                           CoreSpeed coreSpeed) {

    /** A test whose core speed was not read. */
    public ReportedTest(String run, String test, String uniqueId, String displayName, String outcome, GateFailure gate, long pid,
                        String clock, String readMethod, String unit, Double frequencyHz, String host, double floorP50Ns,
                        boolean floorSubtracted, List<String> warnings, List<ReportedTiming> timings,
                        List<ComparisonRecord> comparisons, ContainerFacts container, List<ClaimRecord> claims) {
        this(run, test, uniqueId, displayName, outcome, gate, pid, clock, readMethod, unit, frequencyHz, host, floorP50Ns,
                floorSubtracted, warnings, timings, comparisons, container, claims, CoreSpeed.UNKNOWN);
    }

    /** A test as records before container facts and claims existed hold it. */
    public ReportedTest(String run, String test, String uniqueId, String displayName, String outcome, GateFailure gate, long pid,
                        String clock, String readMethod, String unit, Double frequencyHz, String host, double floorP50Ns,
                        boolean floorSubtracted, List<String> warnings, List<ReportedTiming> timings,
                        List<ComparisonRecord> comparisons) {
        this(run, test, uniqueId, displayName, outcome, gate, pid, clock, readMethod, unit, frequencyHz, host, floorP50Ns,
                floorSubtracted, warnings, timings, comparisons, ContainerFacts.NOT_RECORDED, List.of());
    }

    /** A test whose claims were not recorded. */
    public ReportedTest(String run, String test, String uniqueId, String displayName, String outcome, GateFailure gate, long pid,
                        String clock, String readMethod, String unit, Double frequencyHz, String host, double floorP50Ns,
                        boolean floorSubtracted, List<String> warnings, List<ReportedTiming> timings,
                        List<ComparisonRecord> comparisons, ContainerFacts container) {
        this(run, test, uniqueId, displayName, outcome, gate, pid, clock, readMethod, unit, frequencyHz, host, floorP50Ns,
                floorSubtracted, warnings, timings, comparisons, container, List.of());
    }

    /** A test whose container facts were not recorded. */
    public ReportedTest(String run, String test, String uniqueId, String displayName, String outcome, GateFailure gate, long pid,
                        String clock, String readMethod, String unit, Double frequencyHz, String host, double floorP50Ns,
                        boolean floorSubtracted, List<String> warnings, List<ReportedTiming> timings, List<ComparisonRecord> comparisons,
                        List<ClaimRecord> claims) {
        this(run, test, uniqueId, displayName, outcome, gate, pid, clock, readMethod, unit, frequencyHz, host, floorP50Ns, floorSubtracted,
                warnings, timings, comparisons, ContainerFacts.NOT_RECORDED, claims);
    }

    public ReportedTest {
        java.util.Objects.requireNonNull(container, "container");
        coreSpeed = coreSpeed == null ? CoreSpeed.UNKNOWN : coreSpeed;
        warnings = List.copyOf(warnings);
        timings = List.copyOf(timings);
        comparisons = List.copyOf(comparisons);
        claims = List.copyOf(claims);
        for (ClaimRecord c : claims) {
            for (int i : c.timings()) {
                if (i < 0 || i >= timings.size()) {
                    throw new IllegalArgumentException("claim '" + c.claim() + "' on timing " + i + " in a record of " + timings.size() + " timings");
                }
            }
        }
        for (ComparisonRecord c : comparisons) {
            if (c.first() < 0 || c.first() >= timings.size() || c.second() < 0 || c.second() >= timings.size() || c.first() == c.second()) {
                throw new IllegalArgumentException("comparison of timings " + c.first() + " and " + c.second() + " in a record of "
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
        return new ReportedTest(o.get("run") == null ? "" : (String) o.get("run"), (String) o.get("test"), (String) o.get("uniqueId"),
                (String) o.get("displayName"), (String) o.get("outcome"),
                GateFailure.fromJson((Map<String, Object>) o.get("gate")), ((Number) o.get("pid")).longValue(), (String) clock.get("id"),
                (String) clock.get("readMethod"), (String) clock.get("unit"),
                frequency == null ? null : ((Number) frequency.get("hz")).doubleValue(), (String) o.get("host"),
                ((Number) floorNs.get("p50")).doubleValue(), Boolean.TRUE.equals(o.get("floorSubtracted")), warnings, timings,
                comparisons, ContainerFacts.fromJson((Map<String, Object>) o.get("container")), claims,
                CoreSpeed.fromJson(o.get("coreSpeed"), "the record of " + o.get("test") + ", member coreSpeed"));
    }
}
