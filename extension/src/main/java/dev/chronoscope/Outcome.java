package dev.chronoscope;

import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * What a claim came to: it holds, it does not, or the measurement cannot tell. Not for users. Public only because
 * Chronoscope's internal packages call it (Java has no friend packages): may change or go without notice.
 */
@API(status = INTERNAL, since = "0.1")
public enum Outcome {
    PASS("passed"), FAIL("failed"), INCONCLUSIVE("inconclusive");

    private final String word;

    Outcome(String word) {
        this.word = word;
    }

    /** The word records and reports use: {@code passed}, {@code failed}, {@code inconclusive}. */
    public String word() {
        return word;
    }

    /** The outcome {@code word} names (as {@link #word()} writes it), if any. */
    public static Optional<Outcome> ofWord(String word) {
        return Arrays.stream(values()).filter(o -> o.word.equals(word)).findFirst();
    }
}
