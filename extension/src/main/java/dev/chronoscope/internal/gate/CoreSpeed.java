package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.internal.json.JsonFields;
import dev.chronoscope.internal.measure.CoreSpeedReference;

import java.util.Locale;
import java.util.Map;

/**
 * The core's speed read before a test and when it ended, in nanoseconds per dependent multiply-add
 * ({@link CoreSpeedReference}); NaN where not read. No change to the code under
 * test moves it: a test whose core ran at another speed than its baseline's is not judged by the
 * gate ({@link SpeedControl}). {@code reference} names the chains that read it ({@link #NATIVE} or
 * {@link #JAVA}): their code differs, so only readings of one are compared.
 */
public record CoreSpeed(double beforeNsPerStep, double afterNsPerStep, String reference) {

    /** The chains compiled ahead of time in the probe library. */
    public static final String NATIVE = CoreSpeedReference.NATIVE;
    /** The chains in Java, as the JIT compiles them: what records and baselines without a {@code reference} read. */
    public static final String JAVA = CoreSpeedReference.JAVA;

    /** Not read: records written before the field existed. */
    public static final CoreSpeed UNKNOWN = new CoreSpeed(Double.NaN, Double.NaN);

    public CoreSpeed {
        java.util.Objects.requireNonNull(reference, "reference");
    }

    /** Read with the Java chains. */
    public CoreSpeed(double beforeNsPerStep, double afterNsPerStep) {
        this(beforeNsPerStep, afterNsPerStep, JAVA);
    }

    public boolean known() {
        return Double.isFinite(beforeNsPerStep) && Double.isFinite(afterNsPerStep);
    }

    /** "0.752 ns per multiply-add before the test, 0.998 after". */
    public String describe() {
        return known() ? String.format(Locale.ROOT, "%.3f ns per multiply-add before the test, %.3f after",
                beforeNsPerStep,
                afterNsPerStep) : "not read";
    }

    public Json.Obj toJson() {
        return Json.object().put("beforeNsPerStep", beforeNsPerStep).put("afterNsPerStep", afterNsPerStep)
                .put("reference", reference);
    }

    /** The value of a record's {@code coreSpeed} member; {@link #UNKNOWN} where it has none. */
    public static CoreSpeed fromJson(Object o, String where) {
        if (!(o instanceof Map<?, ?> m)) {
            return UNKNOWN;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> fields = (Map<String, Object>) m;
        return new CoreSpeed(JsonFields.numberOrNaN(fields, "beforeNsPerStep", where),
                JsonFields.numberOrNaN(fields, "afterNsPerStep", where),
                fields.get("reference") instanceof String r ? r : JAVA);
    }
}
