package dev.chronoscope.internal.report;

import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;

import java.util.List;

/**
 * Which of a record's warnings the console's timing section prints: all of them but the notes that
 * do not change what a figure means, which stay in the record (the JSON Lines file, the full
 * section and the run report): a sampling discarded and taken again for a timing that then
 * resolved (its figure is the retaken one, judged by the same self-checks), and an invocation's
 * sample kept although its thread moved between CPUs (a counter offset between CPUs is negligible
 * against a whole invocation).
 */
public final class ConsoleNotes {

    /** How the note of an invocation whose thread moved between CPUs begins. */
    public static final String INVOCATION_MOVED = "the test thread moved from CPU ";
    /** What follows a timing's quoted label in the note of a sampling taken again. */
    private static final String SAMPLED_AGAIN = " was sampled again";
    /** What follows the quoted label of a compared timing, before {@link #SAMPLED_AGAIN}. */
    private static final String COMPARED = " (compared with ";

    private ConsoleNotes() {
    }

    /** The warnings of {@code r} that the console prints, in their order. */
    public static List<String> shown(TestRecord r) {
        return r.warnings().stream().filter(w -> !recordOnly(r, w)).toList();
    }

    /** Whether {@code warning} is a note that the record keeps and the console leaves out. */
    static boolean recordOnly(TestRecord r, String warning) {
        if (warning.startsWith(INVOCATION_MOVED)) {
            return true;
        }
        for (Timing t : r.timings()) {
            String quoted = "'" + t.label() + "'";
            if (warning.startsWith(quoted + SAMPLED_AGAIN) || warning.startsWith(quoted + COMPARED)
                    && warning.contains(SAMPLED_AGAIN)) {
                return t.verdict() == Verdict.RESOLVED;
            }
        }
        return false;
    }
}
