package dev.chronoscope.internal.report;

import dev.chronoscope.internal.json.Json;

/**
 * What the test's JVM had timed before the test: the compiled code and profiles those tests left are part of what the
 * test's figures were taken in, and a fresh JVM ({@code @Fork}) has none of it.
 *
 * @param timedTestsBefore how many timed tests (or invocations) this JVM began before this one
 * @param lastTimedTest    the last of them, as its record names it; empty where there was none
 */
public record JvmHistory(int timedTestsBefore, String lastTimedTest) {

    /** A JVM that timed nothing before the test: a forked test's, or a suite's first. */
    public static final JvmHistory NONE = new JvmHistory(0, "");

    public JvmHistory {
        if (timedTestsBefore < 0) {
            throw new IllegalArgumentException("timedTestsBefore = " + timedTestsBefore + ": expected 0 or more");
        }
    }

    /** Whether the JVM timed other tests before this one. */
    public boolean any() {
        return timedTestsBefore > 0;
    }

    /** One clause for the section's warm-up line; empty where the JVM timed nothing before. */
    public String describe() {
        return !any() ? "" : after() + ": what they ran can move these figures; @Fork times the test in a fresh JVM";
    }

    /** "after N timed tests in this JVM (the last …)"; empty where the JVM timed nothing before. */
    public String after() {
        return !any() ? "" : "after " + timedTestsBefore + " timed test" + (timedTestsBefore == 1 ? "" : "s")
                + " in this JVM (the last " + lastTimedTest + ")";
    }

    Json.Obj toJson() {
        return Json.object().put("timedTestsBefore", timedTestsBefore).put("lastTimedTest", lastTimedTest);
    }
}
