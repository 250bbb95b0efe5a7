package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.internal.json.JsonFields;
import java.util.List;
import java.util.Map;

/**
 * One timing of one baseline run: what a later run is compared with.
 *
 * @param key      the test's unique id and the timing's label (as the run records key it)
 * @param measure  {@code net} (floor subtracted) or {@code raw}: which figures the median is
 * @param resolved whether the clock resolved the region (its verdict was RESOLVED)
 * @param quantilesNs the run's p10, p25, p50, p75, p90 and p99 of the raw samples, in ns, by name
 * @param kind        {@code invocation}, {@code latency} or {@code throughput} ({@link BaselineRule.Kind}); null in
 *                    entries saved before it existed
 * @param kindFloorP50Ns the median of the floor of the timing's own kind, per call (a throughput timing's batch floor
 *                    divided by its calls); NaN in entries saved before it existed, whose {@code floorP50Ns} is the
 *                    test's latency floor whatever the kind
 * @param coreSpeed   the core's speed before and after the timing's test ({@link CoreSpeed}); unknown in entries
 *                    saved before it existed
 * @param bytesPerCall heap bytes allocated per call ({@link dev.chronoscope.Allocation}); null where not counted, and
 * in
 *                    entries saved before it existed
 * @param firstCalls  what the timing's first calls allocated per call, before C2 ({@link AllocationRule.FirstCalls});
 * null
 *                    where not counted, and in entries saved before it existed
 * @param stepNs      the clock's step per call in ns ({@link BaselineRule.RunMedian#stepNs}); NaN in entries saved
 * before it
 *                    existed
 */
public record BaselineEntry(String key, String test, String label, String clock, String measure, double medianNs,
                            double floorP50Ns, long kept, boolean resolved, Map<String, Double> quantilesNs,
                                    String kind,
                            double kindFloorP50Ns, CoreSpeed coreSpeed, Double bytesPerCall,
                                    AllocationRule.FirstCalls firstCalls,
                            double stepNs) {

    /** The percentiles of the raw samples an entry keeps. */
    public static final List<Integer> PERCENTILES = List.of(10, 25, 50, 75, 90, 99);

    public BaselineEntry {
        quantilesNs = Map.copyOf(quantilesNs);
        coreSpeed = coreSpeed == null ? CoreSpeed.UNKNOWN : coreSpeed;
    }

    /**
     * A builder for the entry of timing {@code label} of test {@code test} ({@code key} both): every
     * other component starts as in an entry saved before it existed (no kind, floors NaN, the core's
     * speed unknown, allocation not counted, the clock's step unknown).
     */
    public static Builder builder(String key, String test, String label) {
        return new Builder(key, test, label);
    }

    /** Builds an entry component by component, in place of a constructor of 16 arguments. */
    public static final class Builder {
        private final String key;
        private final String test;
        private final String label;
        private String clock;
        private String measure;
        private double medianNs = Double.NaN;
        private double floorP50Ns = Double.NaN;
        private long kept;
        private boolean resolved;
        private Map<String, Double> quantilesNs = Map.of();
        private String kind;
        private double kindFloorP50Ns = Double.NaN;
        private CoreSpeed coreSpeed = CoreSpeed.UNKNOWN;
        private Double bytesPerCall;
        private AllocationRule.FirstCalls firstCalls;
        private double stepNs = Double.NaN;

        private Builder(String key, String test, String label) {
            this.key = key;
            this.test = test;
            this.label = label;
        }

        public Builder clock(String clock) {
            this.clock = clock;
            return this;
        }

        public Builder measure(String measure) {
            this.measure = measure;
            return this;
        }

        public Builder medianNs(double medianNs) {
            this.medianNs = medianNs;
            return this;
        }

        public Builder floorP50Ns(double floorP50Ns) {
            this.floorP50Ns = floorP50Ns;
            return this;
        }

        public Builder kept(long kept) {
            this.kept = kept;
            return this;
        }

        public Builder resolved(boolean resolved) {
            this.resolved = resolved;
            return this;
        }

        public Builder quantilesNs(Map<String, Double> quantilesNs) {
            this.quantilesNs = quantilesNs;
            return this;
        }

        public Builder kind(String kind) {
            this.kind = kind;
            return this;
        }

        public Builder kindFloorP50Ns(double kindFloorP50Ns) {
            this.kindFloorP50Ns = kindFloorP50Ns;
            return this;
        }

        public Builder coreSpeed(CoreSpeed coreSpeed) {
            this.coreSpeed = coreSpeed;
            return this;
        }

        public Builder bytesPerCall(Double bytesPerCall) {
            this.bytesPerCall = bytesPerCall;
            return this;
        }

        public Builder firstCalls(AllocationRule.FirstCalls firstCalls) {
            this.firstCalls = firstCalls;
            return this;
        }

        public Builder stepNs(double stepNs) {
            this.stepNs = stepNs;
            return this;
        }

        public BaselineEntry build() {
            return new BaselineEntry(key, test, label, clock, measure, medianNs, floorP50Ns, kept, resolved,
                    quantilesNs, kind,
                    kindFloorP50Ns, coreSpeed, bytesPerCall, firstCalls, stepNs);
        }
    }

    /** What the rule judges this entry with. */
    public BaselineRule.Kind ruleKind() {
        return BaselineRule.Kind.of(kind);
    }

    /**
     * The floor to compare a timing of {@code kind} with: this entry's floor of its own kind; for an
     * entry saved before kinds, the test's floor where that is of the same kind (not a throughput
     * timing's). NaN where the baseline holds none of that kind.
     */
    public double floorFor(BaselineRule.Kind kind) {
        if (this.kind != null) {
            return ruleKind() == kind ? kindFloorP50Ns : Double.NaN;
        }
        return kind == BaselineRule.Kind.THROUGHPUT ? Double.NaN : floorP50Ns;
    }

    /**
     * The standard error of this entry's log-median within its run, from its quartiles ({@link
     * BaselineRule.RunMedian#withinRunSe}).
     */
    public BaselineRule.RunMedian runMedian() {
        return new BaselineRule.RunMedian(medianNs, BaselineRule.RunMedian.withinRunSe(quantilesNs.getOrDefault("p25",
                Double.NaN),
                quantilesNs.getOrDefault("p75", Double.NaN), kept, medianNs), stepNs);
    }

    public Json.Obj toJson() {
        Json.Obj quantiles = Json.object();
        for (int p : PERCENTILES) {
            if (quantilesNs.containsKey("p" + p)) {
                quantiles.put("p" + p, quantilesNs.get("p" + p));
            }
        }
        return Json.object().put("key", key).put("test", test).put("label", label).put("clock", clock).put("measure",
                measure)
                .put("medianNs", medianNs).put("floorP50Ns", floorP50Ns).put("kept", kept).put("resolved", resolved)
                .put("quantilesNs", quantiles).put("kind", kind).put("kindFloorP50Ns", kindFloorP50Ns)
                .put("coreSpeed", coreSpeed.toJson()).put("bytesPerCall", bytesPerCall)
                .put("firstCalls", firstCalls == null ? null : firstCalls.toJson())
                .put("stepNs", Double.isFinite(stepNs) ? stepNs : null);
    }

    /**
     * The longest duration a baseline may hold, in ns (about 11.6 days): beyond it a value is damage, not a
     * measurement.
     */
    static final double MAX_NS = GateTuning.MAX_NS;
    /** The shortest positive median a baseline may hold, in ns (a femtosecond): below it a ratio is meaningless. */
    static final double MIN_MEDIAN_NS = GateTuning.MIN_MEDIAN_NS;

    /**
     * The entry {@code o}, found at {@code where} (for messages); every member must be there, with its type, and every
     * value plausible: durations finite and within {@value #MAX_NS} ns, floors not negative, a resolved median
     * positive,
     * the quantiles in order.
     *
     * @throws IllegalArgumentException naming the entry (where, test and label), the member, its value and what was
     * expected
     */
    public static BaselineEntry fromJson(Map<String, Object> o, String where) {
        BaselineEntry e = parse(o, where);
        String entry = where + " (" + e.test() + " :: " + e.label() + ")";
        if (e.resolved() && !(e.medianNs() >= MIN_MEDIAN_NS && e.medianNs() <= MAX_NS)) {
            throw implausible(entry, "medianNs", e.medianNs(), "a positive duration in ns, from " + MIN_MEDIAN_NS
                    + " to " + MAX_NS);
        }
        if (!Double.isNaN(e.medianNs()) && !(Math.abs(e.medianNs()) <= MAX_NS)) {
            throw implausible(entry, "medianNs", e.medianNs(), "a finite duration in ns, at most " + MAX_NS);
        }
        for (Map.Entry<String, Double> floor : Map.of("floorP50Ns", e.floorP50Ns(), "kindFloorP50Ns",
                e.kindFloorP50Ns()).entrySet()) {
            if (!Double.isNaN(floor.getValue()) && !(floor.getValue() >= 0 && floor.getValue() <= MAX_NS)) {
                throw implausible(entry, floor.getKey(), floor.getValue(), "a duration in ns from 0 to " + MAX_NS
                        + ", or null where unknown");
            }
        }
        double previous = 0;
        for (int p : PERCENTILES) {
            Double q = e.quantilesNs().get("p" + p);
            if (q == null || Double.isNaN(q)) {
                continue;
            }
            if (!(q >= previous && q <= MAX_NS)) {
                throw implausible(entry, "quantilesNs.p" + p, q, "a duration in ns from " + previous
                        + " (the quantile below it) to " + MAX_NS);
            }
            previous = q;
        }
        if (!Double.isNaN(e.stepNs()) && !(e.stepNs() >= 0 && e.stepNs() <= MAX_NS)) {
            throw implausible(entry, "stepNs", e.stepNs(), "a duration in ns from 0 to " + MAX_NS
                    + ", or null where unknown");
        }
        if (e.kept() < 1) {
            throw implausible(entry, "kept", e.kept(), "at least 1 sample");
        }
        for (Map.Entry<String, Double> bytes : java.util.Arrays.asList(Map.entry("bytesPerCall",
                nanIfNull(e.bytesPerCall())),
                Map.entry("firstCalls.bytesPerCall", e.firstCalls() == null ? Double.NaN : e.firstCalls()
                        .bytesPerCall()))) {
            if (!Double.isNaN(bytes.getValue()) && !(bytes.getValue() >= 0 && Double.isFinite(bytes.getValue()))) {
                throw implausible(entry, bytes.getKey(), bytes.getValue(),
                        "a finite number of bytes, 0 or more, or null where not counted");
            }
        }
        return e;
    }

    private static double nanIfNull(Double d) {
        return d == null ? Double.NaN : d;
    }

    private static IllegalArgumentException implausible(String entry, String member, Object value, String expected) {
        return new IllegalArgumentException(entry + "." + member + " is " + value + ": expected " + expected);
    }

    private static BaselineEntry parse(Map<String, Object> o, String where) {
        Map<String, Double> q = new java.util.LinkedHashMap<>();
        Map<String, Object> quantiles = JsonFields.object(o, "quantilesNs", where);
        quantiles.keySet().forEach(k -> q.put(k, JsonFields.numberOrNaN(quantiles, k, where + ".quantilesNs")));
        return new BaselineEntry(JsonFields.string(o, "key", where), JsonFields.string(o, "test", where),
                JsonFields.string(o, "label", where), JsonFields.string(o, "clock", where), JsonFields.string(o,
                        "measure", where),
                JsonFields.numberOrNaN(o, "medianNs", where), JsonFields.numberOrNaN(o, "floorP50Ns", where),
                (long) JsonFields.number(o, "kept", where), JsonFields.bool(o, "resolved", where), q,
                o.get("kind") instanceof String kind ? kind : null, o.get("kindFloorP50Ns") == null ? Double.NaN
                        : JsonFields.number(o, "kindFloorP50Ns", where),
                CoreSpeed.fromJson(o.get("coreSpeed"), where + ".coreSpeed"),
                o.get("bytesPerCall") == null ? null : JsonFields.number(o, "bytesPerCall", where),
                AllocationRule.FirstCalls.fromJson(o.get("firstCalls"), where + ".firstCalls"),
                o.get("stepNs") == null ? Double.NaN : JsonFields.number(o, "stepNs", where));
    }
}
