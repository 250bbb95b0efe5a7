package dev.chronoscope.internal.report;

import dev.chronoscope.internal.json.Json;
import java.util.Map;
import java.util.Optional;

/**
 * A timed test that did not end: its JVM was told to end (SIGTERM, {@code System.exit}) while the
 * test ran, so it has no record of its own. Written as a line of its own schema ({@value #SCHEMA})
 * into the run's JSON Lines, so that the run report, made from the records, says the test did not
 * end rather than leave it out without a word.
 *
 * @param startedAt when the test began, ISO-8601
 * @param why       what ended it, in words
 */
public record UnendedTest(String run, String test, String uniqueId, String displayName, long pid, String startedAt,
        String why) {

    public static final String SCHEMA = "chronoscope-unended/1";

    /** The line it is written as: one JSON object, {@code "schema"} first, then {@code "run"} and {@code "test"}. */
    public String json() {
        return Json.object().put("schema", SCHEMA).put("run", run).put("test", test).put("uniqueId", uniqueId)
                .put("displayName", displayName).put("outcome", "not ended").put("pid", pid).put("startedAt", startedAt)
                .put("why", why).toString();
    }

    /** The unended test a parsed line holds, where it is one (its schema is {@value #SCHEMA}). */
    static Optional<UnendedTest> fromJson(Map<String, Object> o) {
        if (!SCHEMA.equals(o.get("schema"))) {
            return Optional.empty();
        }
        return Optional.of(new UnendedTest(String.valueOf(o.get("run")), String.valueOf(o.get("test")),
                String.valueOf(o.get("uniqueId")),
                String.valueOf(o.get("displayName")), o.get("pid") instanceof Number n ? n.longValue() : -1,
                        String.valueOf(o.get("startedAt")),
                String.valueOf(o.get("why"))));
    }

    /**
     * In a sentence's words: {@code SortTests.sorts(Probe) (started 2026-…, pid 4711: the JVM was told to end while it
     * ran)}.
     */
    String describe() {
        return TimingSection.printable(test) + " (started " + startedAt + ", pid " + pid + ": " + why + ")";
    }
}
