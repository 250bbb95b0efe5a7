package dev.chronoscope.internal.junit;

import dev.chronoscope.internal.report.JvmHistory;

/** The timed tests this JVM began, counted in order, for each test's {@link JvmHistory}. One per JVM. */
final class TimedHistory {

    private int began;
    private String last = "";

    /** The history of the timed test {@code testName}, beginning now: what this JVM had timed before it. */
    synchronized JvmHistory begin(String testName) {
        JvmHistory before = began == 0 ? JvmHistory.NONE : new JvmHistory(began, last);
        began++;
        last = testName;
        return before;
    }
}
