package dev.chronoscope.internal.stats;

import dev.chronoscope.Timing;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The claims decided about timings, kept until the test that measured them writes its record, so
 * that the record (and the run report) says what was claimed on which timing and how it came out.
 *
 * <p>Why a JVM-wide log: a claim is made in the test's own code through AssertJ, which reaches
 * nothing of the test but the {@link Timing} it was handed. The log is keyed by the timing, by
 * identity and weakly: a timing no test collects (measured and asserted outside a timed test) takes
 * its claims with it when it is garbage-collected, so nothing accumulates over a run.
 */
public final class ClaimLog {

    /**
     * One decided claim.
     *
     * @param claim    what was claimed, in a few words ("median < 80 ns")
     * @param outcome  pass, fail or inconclusive
     * @param strict   whether an inconclusive claim failed the test (else it aborted it)
     * @param message  the words the test report shows: the failure's or abort's message, or for a pass why it passed
     */
    public record Entry(long sequence, List<WeakReference<Timing>> subjectRefs, String claim, Outcome outcome, boolean strict,
                        String message) {
        public Entry {
            subjectRefs = List.copyOf(subjectRefs);
            Objects.requireNonNull(claim, "claim");
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(message, "message");
        }

        /**
         * The timings the claim is about: one, or a comparison's two (first, second). Held weakly:
         * the log's values must not keep its weak keys alive; a collected one is null.
         */
        public List<Timing> subjects() {
            return subjectRefs.stream().map(WeakReference::get).toList();
        }
    }

    private static final Map<Timing, List<Entry>> LOG = Collections.synchronizedMap(new WeakHashMap<>());
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private ClaimLog() {
    }

    /** Logs a decided claim about {@code subjects}. */
    public static void record(List<Timing> subjects, String claim, Decision decision, boolean strict, String message) {
        Entry entry = new Entry(SEQUENCE.incrementAndGet(), subjects.stream().map(WeakReference::new).toList(), claim,
                decision.outcome(), strict, message);
        synchronized (LOG) {
            for (Timing t : subjects) {
                LOG.computeIfAbsent(t, k -> new ArrayList<>()).add(entry);
            }
        }
    }

    /** Removes and returns the claims made about any of {@code timings}, in the order they were made, each once. */
    public static List<Entry> take(List<Timing> timings) {
        Map<Entry, Boolean> found = new IdentityHashMap<>();
        synchronized (LOG) {
            for (Timing t : timings) {
                List<Entry> entries = LOG.remove(t);
                if (entries != null) {
                    entries.forEach(e -> found.put(e, true));
                }
            }
        }
        return found.keySet().stream().sorted(Comparator.comparingLong(Entry::sequence)).toList();
    }
}
