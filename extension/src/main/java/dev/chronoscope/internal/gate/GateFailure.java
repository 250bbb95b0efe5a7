package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import java.util.Map;
import java.util.Objects;

/**
 * Why the regression gate ({@code chronoscope.baseline.failOnRegression = true}) failed a test whose
 * timing regressed against the baseline: the outcome the test had on its own, and the gate's
 * failure message, with the numbers, as JUnit reports it. A test it failed has the outcome
 * {@code failed} in its record, its section and the run report, as in JUnit's.
 *
 * @param testOutcome the test's own outcome, before the gate: {@code passed}, {@code failed} or {@code aborted}
 * @param message     the failure the gate threw
 */
public record GateFailure(String testOutcome, String message) {

    public GateFailure {
        Objects.requireNonNull(testOutcome, "testOutcome");
        Objects.requireNonNull(message, "message");
    }

    public Json.Obj toJson() {
        return Json.object().put("testOutcome", testOutcome).put("message", message);
    }

    /** Reads {@link #toJson()}'s shape back; null for a JSON null (a test the gate did not fail). */
    public static GateFailure fromJson(Map<String, Object> o) {
        return o == null ? null : new GateFailure((String) o.get("testOutcome"), (String) o.get("message"));
    }

    /** {@code failed by the regression gate (the test itself passed): message}, for sections and the report. */
    public String describe() {
        return "failed by the regression gate (the test itself " + testOutcome + "): " + message;
    }
}
