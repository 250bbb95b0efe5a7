package dev.chronoscope.internal.report;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.ClaimLog;
import dev.chronoscope.Outcome;
import dev.chronoscope.Timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One claim a test made about its timings (an assertion of {@code dev.chronoscope.assertj}), as the
 * test's record holds it: on which timings, what was claimed, how it came out, and the message in
 * the words the test report uses.
 *
 * @param timings the indexes of the timings it is about in the record's {@code timings}: one, or a comparison's first
 * and second
 * @param claim   what was claimed, in a few words ({@code p50 < 80 ns})
 * @param outcome {@code passed}, {@code failed} or {@code inconclusive} ({@link Outcome#word()})
 * @param effect  what it did to the test: {@code passed}, {@code failed the test} or {@code aborted the test}
 * @param message why: the failure's or abort's message, or for a pass the interval that decided it
 */
public record ClaimRecord(List<Integer> timings, String claim, String outcome, String effect, String message) {

    public ClaimRecord {
        timings = List.copyOf(timings);
        Objects.requireNonNull(claim, "claim");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(effect, "effect");
        if (Outcome.ofWord(outcome).isEmpty()) {
            throw new IllegalArgumentException("claim outcome '" + outcome + "': expected " + Outcome.PASS.word() + ", "
                    + Outcome.FAIL.word() + " or " + Outcome.INCONCLUSIVE.word());
        }
        if (timings.isEmpty()) {
            throw new IllegalArgumentException("the claim '" + claim + "' names no timing");
        }
    }

    /**
     * The records of the claims in {@code log}, whose subjects are among {@code timings} (the very objects); a subject
     * that is not is left out of the indexes.
     */
    public static List<ClaimRecord> of(List<ClaimLog.Entry> log, List<Timing> timings) {
        List<ClaimRecord> out = new ArrayList<>();
        for (ClaimLog.Entry e : log) {
            List<Integer> indexes = new ArrayList<>();
            for (Timing subject : e.subjects()) {
                for (int i = 0; i < timings.size(); i++) {
                    if (timings.get(i) == subject) {
                        indexes.add(i);
                        break;
                    }
                }
            }
            if (!indexes.isEmpty()) {
                out.add(new ClaimRecord(indexes, e.claim(), e.outcome().word(), effect(e.outcome(), e.strict()),
                        e.message()));
            }
        }
        return out;
    }

    private static String effect(Outcome o, boolean strict) {
        return switch (o) {
            case PASS -> "passed";
            case FAIL -> "failed the test";
            case INCONCLUSIVE -> strict ? "failed the test (strict)" : "aborted the test";
        };
    }

    public Json.Obj toJson() {
        return Json.object().put("timings", List.<Object>copyOf(timings)).put("claim", claim).put("outcome", outcome)
                .put("effect", effect)
                .put("message", message);
    }

    @SuppressWarnings("unchecked")
    static ClaimRecord fromJson(Map<String, Object> o) {
        List<Integer> timings = new ArrayList<>();
        for (Object i : (List<Object>) o.get("timings")) {
            timings.add(((Number) i).intValue());
        }
        return new ClaimRecord(timings, (String) o.get("claim"), ((String) o.get("outcome")).toLowerCase(Locale.ROOT),
                (String) o.get("effect"), (String) o.get("message"));
    }
}
