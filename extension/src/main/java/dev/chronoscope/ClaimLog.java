package dev.chronoscope;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * The claims decided about the timings of one measurement context (a timed test's), kept until the
 * test writes its record, so that the record (and the run report) says what was claimed on which
 * timing and how it came out. Not for users. Public only because Chronoscope's internal packages call it (Java has no
 * friend packages): may change or go without notice.
 *
 * <p>Owned by the context that measured the timings, and reached through them: a claim is made in
 * the test's own code through AssertJ, which reaches nothing of the test but the {@link Timing} it
 * was handed, and the timing carries its context's log ({@link Timing#claimLog()}). A log lives as
 * long as its context and its timings: nothing accumulates over a run.
 */
@API(status = INTERNAL, since = "0.1")
public final class ClaimLog {

    /**
     * One decided claim.
     *
     * <p>Made by the assertions alone, from a decision (which has an outcome) and their own words
     * (never null); a record of it in a test's record checks what it is given ({@code ClaimRecord}).
     *
     * @param subjects the timings the claim is about: one, or a comparison's two (first, second)
     * @param claim    what was claimed, in a few words ({@code median < 80 ns})
     * @param outcome  pass, fail or inconclusive
     * @param strict   whether an inconclusive claim failed the test (else it aborted it)
     * @param message  the words the test report shows: the failure's or abort's message, or for a pass why it passed
     * @param slowdownToPass for a pass a slowdown could make (a lower bound, a ratio of two timings), the least
     *                 slowdown of code at the bound that would pass it; NaN where none could, and for other outcomes
     */
    public record Entry(List<Timing> subjects, String claim, Outcome outcome, boolean strict, String message,
                        double slowdownToPass) {
        public Entry {
            subjects = List.copyOf(subjects);
        }
    }

    private final List<Entry> entries = new ArrayList<>();
    /** Whether the test's record has taken the log: a later claim would be recorded nowhere. */
    private boolean taken;

    /**
     * Logs a decided claim, after those logged before it.
     *
     * @throws IllegalStateException naming the claim, once the record of the test that measured the
     *                               timings has been written (a {@code Timing} kept, and claimed on, in another test)
     */
    public synchronized void record(Entry entry) {
        Objects.requireNonNull(entry, "entry");
        if (taken) {
            throw new IllegalStateException("the claim '" + entry.claim() + "' (" + entry.outcome().word() + ") is on "
                    + entry.subjects().stream().map(t -> "'" + t.label() + "'").distinct().toList()
                    + ", timed by a test that has ended"
                    + " and whose record is written: no record would hold the claim. Make claims on a Timing in the "
                    + "test that measured"
                    + " it.");
        }
        entries.add(entry);
    }

    /** The message of the first claim logged so far that failed, if one did: what failed the test, when a claim did. */
    public synchronized Optional<String> firstFailure() {
        return entries.stream().filter(e -> e.outcome() == Outcome.FAIL).map(Entry::message).findFirst();
    }

    /**
     * The first claim logged so far that passed where a slowdown by less than {@code slowdown} times could have passed
     * it ({@link Entry#slowdownToPass()}), if one did.
     */
    public synchronized Optional<Entry> firstPassASlowdownCouldMake(double slowdown) {
        return entries.stream().filter(e -> e.outcome() == Outcome.PASS && e.slowdownToPass() < slowdown).findFirst();
    }

    /**
     * Removes and returns the claims logged so far, in the order they were made, for the test's record; later claims
     * are refused.
     */
    public synchronized List<Entry> take() {
        List<Entry> taken = List.copyOf(entries);
        entries.clear();
        this.taken = true;
        return taken;
    }
}
