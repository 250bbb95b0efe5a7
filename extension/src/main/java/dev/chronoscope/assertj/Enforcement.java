package dev.chronoscope.assertj;

import dev.chronoscope.Timing;
import dev.chronoscope.internal.stats.ClaimLog;
import dev.chronoscope.internal.stats.Decision;
import dev.chronoscope.internal.stats.Outcome;
import org.assertj.core.api.AbstractAssert;
import org.opentest4j.TestAbortedException;

import java.util.List;

/**
 * Turns a decided claim into nothing (pass), an {@link AssertionError} (fail) or a
 * {@link TestAbortedException}, and logs it ({@link ClaimLog}) for the record of the test that
 * measured its timings.
 */
final class Enforcement {

    private Enforcement() {
    }

    /**
     * @param claim    what was claimed, in a few words, for the record
     * @param subjects the timings the claim is about
     * @param strict   whether an inconclusive claim fails ({@link dev.chronoscope.Timing#failsWhenInconclusive()}
     *                 of the timing the claim is about)
     */
    static void enforce(AbstractAssert<?, ?> assertion, Decision decision, boolean strict, String claim, Timing... subjects) {
        String description = assertion.descriptionText();
        String prefix = description == null || description.isEmpty() ? "" : "[" + description + "] ";
        String message = prefix + decision.render(strict);
        ClaimLog.record(List.of(subjects), prefix + claim, decision, strict, message);
        if (decision.passed()) {
            return;
        }
        if (decision.outcome() == Outcome.INCONCLUSIVE && !strict) {
            throw new TestAbortedException(message);
        }
        throw new AssertionError(message);
    }
}
