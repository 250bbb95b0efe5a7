package dev.chronoscope.internal.report;

import java.util.Map;

/**
 * One timing of one baseline run: what a later run is compared with.
 *
 * @param key      the test's unique id and the timing's label ({@link ReportedTest#key})
 * @param measure  {@code net} (floor subtracted) or {@code raw}: which figures the median is
 * @param resolved whether the clock resolved the region (its verdict was RESOLVED)
 * @param quantilesNs the run's p10, p25, p50, p75, p90 and p99 of the raw samples, in ns, by name
 */
public record BaselineEntry(String key, String test, String label, String clock, String measure, double medianNs,
                            double floorP50Ns, long kept, boolean resolved, Map<String, Double> quantilesNs) {

    private static final int[] PERCENTILES = {10, 25, 50, 75, 90, 99};

    public BaselineEntry {
        quantilesNs = Map.copyOf(quantilesNs);
    }

    /** The entry for timing {@code t} of {@code test}. */
    public static BaselineEntry of(ReportedTest test, ReportedTiming t) {
        Map<String, Double> q = new java.util.LinkedHashMap<>();
        if (t.distribution() != null) {
            for (int p : PERCENTILES) {
                q.put("p" + p, t.distribution().quantilesNs().get(p));
            }
        }
        return new BaselineEntry(test.key(t), test.test(), t.label(), test.clock(), t.measure(), t.medianNs(), test.floorP50Ns(),
                t.kept(), t.resolved(), q);
    }

    public Json.Obj toJson() {
        Json.Obj quantiles = Json.object();
        for (int p : PERCENTILES) {
            if (quantilesNs.containsKey("p" + p)) {
                quantiles.put("p" + p, quantilesNs.get("p" + p));
            }
        }
        return Json.object().put("key", key).put("test", test).put("label", label).put("clock", clock).put("measure", measure)
                .put("medianNs", medianNs).put("floorP50Ns", floorP50Ns).put("kept", kept).put("resolved", resolved)
                .put("quantilesNs", quantiles);
    }

    /** The entry {@code o}, found at {@code where} (for messages); every member must be there, with its type. */
    static BaselineEntry fromJson(Map<String, Object> o, String where) {
        Map<String, Double> q = new java.util.LinkedHashMap<>();
        Map<String, Object> quantiles = JsonFields.object(o, "quantilesNs", where);
        quantiles.keySet().forEach(k -> q.put(k, JsonFields.numberOrNaN(quantiles, k, where + ".quantilesNs")));
        return new BaselineEntry(JsonFields.string(o, "key", where), JsonFields.string(o, "test", where),
                JsonFields.string(o, "label", where), JsonFields.string(o, "clock", where), JsonFields.string(o, "measure", where),
                JsonFields.numberOrNaN(o, "medianNs", where), JsonFields.numberOrNaN(o, "floorP50Ns", where),
                (long) JsonFields.number(o, "kept", where), JsonFields.bool(o, "resolved", where), q);
    }
}
