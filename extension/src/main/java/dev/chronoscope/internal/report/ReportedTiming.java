package dev.chronoscope.internal.report;

import java.util.Map;

/**
 * One timing as its JSON Lines record holds it: what the run report, the JMH-format JSON and the
 * baselines are built from, whichever JVM of the run wrote it.
 *
 * @param rawNs        the raw summary in ns ({@code count, min, p50, …}); null without samples
 * @param netNs        the net summary in ns; null without samples or without floor subtraction
 * @param distribution null without samples (or in records written before it existed)
 * @param baseline     null when no baseline was compared
 * @param mode         {@code latency} or {@code throughput}; null in records written before the field was read
 * @param floorP50Ns   the median of the floor of this timing's own kind, per call (a throughput timing's is its
 *                     batch's, divided by the calls); NaN in records written before it existed
 */
public record ReportedTiming(String label, long kept, long droppedMigration, long droppedNegative, Map<String, Object> rawNs,
                             Map<String, Object> netNs, String verdict, String verdictReason, Distribution distribution,
                             BaselineVerdict baseline, String mode, double floorP50Ns) {

    /** A timing as records without {@code mode} and {@code floorP50Ns} held it. */
    public ReportedTiming(String label, long kept, long droppedMigration, long droppedNegative, Map<String, Object> rawNs,
                          Map<String, Object> netNs, String verdict, String verdictReason, Distribution distribution,
                          BaselineVerdict baseline) {
        this(label, kept, droppedMigration, droppedNegative, rawNs, netNs, verdict, verdictReason, distribution, baseline, null,
                Double.NaN);
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
        return BaselineRule.RunMedian.withinRunSe(distribution.quantilesNs().get(25), distribution.quantilesNs().get(75), kept, medianNs());
    }

    public boolean resolved() {
        return "RESOLVED".equals(verdict);
    }

    @SuppressWarnings("unchecked")
    static ReportedTiming fromJson(Map<String, Object> o) {
        Map<String, Object> dropped = (Map<String, Object>) o.get("dropped");
        Map<String, Object> distribution = (Map<String, Object>) o.get("distribution");
        Map<String, Object> baseline = (Map<String, Object>) o.get("baseline");
        return new ReportedTiming((String) o.get("label"), ((Number) o.get("kept")).longValue(),
                ((Number) dropped.get("cpuMigration")).longValue(), ((Number) dropped.get("negativeDelta")).longValue(),
                (Map<String, Object>) o.get("rawNs"), (Map<String, Object>) o.get("netNs"), (String) o.get("verdict"),
                (String) o.get("verdictReason"), distribution == null ? null : Distribution.fromJson(distribution),
                baseline == null ? null : BaselineVerdict.fromJson(baseline), (String) o.get("mode"),
                o.get("floorP50Ns") instanceof Number f ? f.doubleValue() : Double.NaN);
    }
}
