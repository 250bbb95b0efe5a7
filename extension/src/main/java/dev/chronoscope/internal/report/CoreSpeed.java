package dev.chronoscope.internal.report;

import java.util.Locale;
import java.util.Map;

/**
 * The core's speed read before a test and when it ended, in nanoseconds per dependent multiply-add
 * ({@code internal.measure.CoreSpeedReference}); NaN where not read. No change to the code under
 * test moves it: a test whose core ran at another speed than its baseline's is not judged by the
 * gate ({@link SpeedControl}).
 */
public record CoreSpeed(double beforeNsPerStep, double afterNsPerStep) {

    /** Not read: records written before the field existed. */
    public static final CoreSpeed UNKNOWN = new CoreSpeed(Double.NaN, Double.NaN);

    public boolean known() {
        return Double.isFinite(beforeNsPerStep) && Double.isFinite(afterNsPerStep);
    }

    /** "0.752 ns per multiply-add before the test, 0.998 after". */
    public String describe() {
        return known() ? String.format(Locale.ROOT, "%.3f ns per multiply-add before the test, %.3f after", beforeNsPerStep,
                afterNsPerStep) : "not read";
    }

    Json.Obj toJson() {
        return Json.object().put("beforeNsPerStep", beforeNsPerStep).put("afterNsPerStep", afterNsPerStep);
    }

    /** The value of a record's {@code coreSpeed} member; {@link #UNKNOWN} where it has none. */
    static CoreSpeed fromJson(Object o, String where) {
        if (!(o instanceof Map<?, ?> m)) {
            return UNKNOWN;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> fields = (Map<String, Object>) m;
        return new CoreSpeed(JsonFields.numberOrNaN(fields, "beforeNsPerStep", where),
                JsonFields.numberOrNaN(fields, "afterNsPerStep", where));
    }
}
