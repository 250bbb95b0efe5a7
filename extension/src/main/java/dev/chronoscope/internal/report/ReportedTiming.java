package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.AllocationRule;
import dev.chronoscope.internal.gate.BaselineRule;
import dev.chronoscope.internal.gate.BaselineVerdict;
import java.util.Map;

/**
 * One timing as its JSON Lines record holds it: what the run report, the JMH-format JSON and the
 * baselines are built from, whichever JVM of the run wrote it.
 *
 * @param rawNs          the raw summary in ns ({@code count, min, p50, …}); null without samples
 * @param netNs          the net summary in ns; null without samples or without floor subtraction
 * @param distribution   null without samples (or in records written before it existed)
 * @param baseline       null when no baseline was compared
 * @param mode           {@code latency} or {@code throughput}: which question the figures answer
 * @param callsPerSample calls timed per sample (k): 1 for latency, the batch size for throughput
 * @param bytesPerCall   heap bytes allocated per call on the measuring thread; null where not counted
 * @param floorP50Ns     the floor's median on the scale of the figures (per call for throughput); NaN in
 *                       records written before it existed — then the test's floor for latency, unknown for throughput
 * @param medianLowNs    the reported median's 95 % interval, as the claims decide with it: its low end; NaN where
 *                       unknown (no samples, or a record written before it existed)
 * @param medianHighNs   its high end; +∞ where the sample count gives none, NaN where unknown
 * @param firstCalls     what the region's first calls allocated per call, before C2; null where not counted
 * @param stepNs         the clock's step per call in ns; NaN in records written before it existed
 */
public record ReportedTiming(String label, long kept, long droppedMigration, long droppedNegative, Map<String,
        Object> rawNs,
                             Map<String, Object> netNs, String verdict, String verdictReason, Distribution distribution,
                             BaselineVerdict baseline, String mode, int callsPerSample, Double bytesPerCall,
                                     double floorP50Ns,
                             double medianLowNs, double medianHighNs, AllocationRule.FirstCalls firstCalls,
                                     double stepNs) {

    public static final String LATENCY = "latency";
    public static final String THROUGHPUT = "throughput";

    /** A latency timing, as records before the mode, allocation and the timing's own floor existed hold it. */
    public ReportedTiming(String label, long kept, long droppedMigration, long droppedNegative, Map<String,
            Object> rawNs,
                          Map<String, Object> netNs, String verdict, String verdictReason, Distribution distribution,
                          BaselineVerdict baseline) {
        this(label, kept, droppedMigration, droppedNegative, rawNs, netNs, verdict, verdictReason, distribution,
                baseline, LATENCY, 1,
                null, Double.NaN, Double.NaN, Double.NaN);
    }

    /** A timing as records before the first calls' allocation existed hold it. */
    public ReportedTiming(String label, long kept, long droppedMigration, long droppedNegative, Map<String,
            Object> rawNs,
                          Map<String, Object> netNs, String verdict, String verdictReason, Distribution distribution,
                          BaselineVerdict baseline, String mode, int callsPerSample, Double bytesPerCall,
                                  double floorP50Ns,
                          double medianLowNs, double medianHighNs) {
        this(label, kept, droppedMigration, droppedNegative, rawNs, netNs, verdict, verdictReason, distribution,
                baseline, mode,
                callsPerSample, bytesPerCall, floorP50Ns, medianLowNs, medianHighNs, null, Double.NaN);
    }

    public ReportedTiming {
        if (!LATENCY.equals(mode) && !THROUGHPUT.equals(mode)) {
            throw new IllegalArgumentException("timing '" + label + "' has mode '" + mode
                    + "': expected latency or throughput");
        }
        if (callsPerSample < 1) {
            throw new IllegalArgumentException("timing '" + label + "' has " + callsPerSample
                    + " calls per sample: expected at least 1");
        }
    }

    /** The median the test reports: net where the floor is subtracted, else raw; NaN without samples. */
    public double medianNs() {
        Map<String, Object> s = netNs != null ? netNs : rawNs;
        return s == null || s.get("p50") == null ? Double.NaN : ((Number) s.get("p50")).doubleValue();
    }

    /** {@code net} or {@code raw}: which figures {@link #medianNs()} is. */
    public String measure() {
        return netNs != null ? "net" : "raw";
    }

    /**
     * The within-run standard error of the log of {@link #medianNs()}, from the samples' quartiles
     * ({@link BaselineRule.RunMedian#withinRunSe}); NaN without a distribution.
     */
    public double withinRunSe() {
        if (distribution == null) {
            return Double.NaN;
        }
        return BaselineRule.RunMedian.withinRunSe(distribution.quantilesNs().get(25), distribution.quantilesNs()
                .get(75), kept, medianNs());
    }

    public boolean resolved() {
        return "RESOLVED".equals(verdict);
    }

    public boolean throughput() {
        return THROUGHPUT.equals(mode);
    }

    /** {@code latency} or {@code throughput, k = 64}. */
    public String modeText() {
        return throughput() ? THROUGHPUT + ", k = " + callsPerSample : LATENCY;
    }

    /**
     * The floor to draw against this timing's figures: its own, or in an older record the test's
     * ({@code testFloorNs}) for a latency timing; NaN for an older throughput timing, whose per-call
     * floor the record does not hold (the latency floor is not comparable with per-call figures).
     */
    public double floorNs(double testFloorNs) {
        if (Double.isFinite(floorP50Ns)) {
            return floorP50Ns;
        }
        return throughput() ? Double.NaN : testFloorNs;
    }

    @SuppressWarnings("unchecked")
    static ReportedTiming fromJson(Map<String, Object> o) {
        Map<String, Object> dropped = (Map<String, Object>) o.get("dropped");
        Map<String, Object> distribution = (Map<String, Object>) o.get("distribution");
        Map<String, Object> baseline = (Map<String, Object>) o.get("baseline");
        Object bytes = o.get("allocatedBytesPerCall");
        AllocationRule.FirstCalls firstCalls = o.get("allocation") instanceof Map<?, ?> a
                && a.get("firstCallsBytesPerCall") instanceof Number n ? new AllocationRule.FirstCalls(n.doubleValue(),
                Boolean.TRUE.equals(a.get("firstCallsCompiled"))) : null;
        Object floor = o.get("floorP50Ns");
        Object calls = o.get("callsPerSample");
        Map<String, Object> interval = (Map<String, Object>) o.get("medianIntervalNs");
        double low = interval == null || interval.get("low") == null ? Double.NaN : ((Number) interval.get("low"))
                .doubleValue();
        double high = interval == null ? Double.NaN
                : interval.get("high") == null ? Double.POSITIVE_INFINITY : ((Number) interval.get("high"))
                .doubleValue();
        return new ReportedTiming((String) o.get("label"), ((Number) o.get("kept")).longValue(),
                ((Number) dropped.get("cpuMigration")).longValue(), ((Number) dropped.get("negativeDelta")).longValue(),
                (Map<String, Object>) o.get("rawNs"), (Map<String, Object>) o.get("netNs"), (String) o.get("verdict"),
                (String) o.get("verdictReason"), distribution == null ? null : Distribution.fromJson(distribution),
                baseline == null ? null : BaselineVerdict.fromJson(baseline),
                o.get("mode") == null ? LATENCY : (String) o.get("mode"), calls == null ? 1 : ((Number) calls)
                        .intValue(),
                bytes == null ? null : ((Number) bytes).doubleValue(), floor == null ? Double.NaN : ((Number) floor)
                        .doubleValue(),
                low, high, firstCalls, o.get("stepNs") instanceof Number step ? step.doubleValue() : Double.NaN);
    }
}
