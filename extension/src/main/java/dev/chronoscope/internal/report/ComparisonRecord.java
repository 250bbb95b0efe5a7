package dev.chronoscope.internal.report;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.Comparison;
import dev.chronoscope.Timing;

import java.util.List;
import java.util.Map;

/**
 * One {@code Probe.compare} as a test's record holds it: which two of the record's timings were
 * compared (by their index in {@code timings}, and their labels), and the ratio of their medians,
 * second over first, with its confidence interval (see {@link Comparison}). The medians are the
 * reported ones: net where the test subtracts the floor, else raw.
 *
 * @param first           index of the first region's timing in the record's {@code timings}
 * @param second          index of the second region's timing
 * @param ratio           median(second) / median(first)
 * @param low             lower bound of the ratio's interval
 * @param high            upper bound of the ratio's interval; may be infinite
 * @param confidenceLevel the interval's level, e.g. 0.95
 */
public record ComparisonRecord(int first, String firstLabel, int second, String secondLabel, double ratio, double low,
        double high,
                               double confidenceLevel) {

    /**
     * The record of {@code c}, whose timings are among {@code timings} (the very objects).
     *
     * @throws IllegalArgumentException if they are not
     */
    public static ComparisonRecord of(Comparison c, List<Timing> timings) {
        int first = indexOf(c.first(), timings);
        int second = indexOf(c.second(), timings);
        return new ComparisonRecord(first, c.first().label(), second, c.second().label(), c.secondOverFirst(),
                c.secondOverFirstLow(), c.secondOverFirstHigh(),
                c.confidenceLevel());
    }

    private static int indexOf(Timing t, List<Timing> timings) {
        for (int i = 0; i < timings.size(); i++) {
            if (timings.get(i) == t) {
                return i;
            }
        }
        throw new IllegalArgumentException("the compared timing '" + t.label() + "' is not among the record's timings");
    }

    /** {@code ratio of medians second/first ×1.830, 95 % interval [1.750, 1.910]}; an infinite bound is {@code ∞}. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "ratio of medians second/first ×%.3f, %.0f %% interval [%.3f, %s]",
                ratio,
                100 * confidenceLevel, low, Double.isFinite(high) ? String.format(java.util.Locale.ROOT, "%.3f", high)
                        : "∞");
    }

    public Json.Obj toJson() {
        return Json.object().put("first", first).put("firstLabel", firstLabel).put("second", second).put("secondLabel",
                secondLabel)
                .put("ratio", ratio).put("low", low).put("high", high).put("confidenceLevel", confidenceLevel);
    }

    /**
     * Reads {@link #toJson()}'s shape back (a bound written as null, not finite, reads as infinite or NaN as its side
     * says).
     */
    static ComparisonRecord fromJson(Map<String, Object> o) {
        return new ComparisonRecord(((Number) o.get("first")).intValue(), (String) o.get("firstLabel"),
                ((Number) o.get("second")).intValue(),
                (String) o.get("secondLabel"), number(o.get("ratio"), Double.NaN), number(o.get("low"), Double.NaN),
                number(o.get("high"), Double.POSITIVE_INFINITY), ((Number) o.get("confidenceLevel")).doubleValue());
    }

    private static double number(Object v, double ifNull) {
        return v == null ? ifNull : ((Number) v).doubleValue();
    }
}
