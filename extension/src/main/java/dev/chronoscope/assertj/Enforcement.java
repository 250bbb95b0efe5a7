package dev.chronoscope.assertj;

import dev.chronoscope.ClaimLog;
import dev.chronoscope.Outcome;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.stats.Decision;
import org.assertj.core.api.AbstractAssert;
import org.opentest4j.TestAbortedException;

import java.util.List;
import java.util.Optional;

/**
 * Turns a decided claim into nothing (pass), an {@link AssertionError} (fail) or a
 * {@link TestAbortedException}, and logs it in the {@link ClaimLog} of the test that measured its
 * timings, for that test's record.
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
    static void enforce(AbstractAssert<?, ?> assertion, Decision decision, boolean strict, String claim,
            Timing... subjects) {
        String description = assertion.descriptionText();
        String prefix = description == null || description.isEmpty() ? "" : "[" + description + "] ";
        String message = prefix + decision.render(strict);
        List<Timing> about = List.of(subjects);
        ClaimLog.Entry entry = new ClaimLog.Entry(about, prefix + claim, decision.outcome(), strict, message,
                decision.slowdownToPass());
        // a comparison's two timings come from one test, so one log; each log once all the same
        about.stream().map(Timing::claimLog).flatMap(Optional::stream).distinct().forEach(log -> log.record(entry));
        if (decision.passed()) {
            return;
        }
        if (decision.outcome() == Outcome.INCONCLUSIVE && !strict) {
            throw new TestAbortedException(message);
        }
        throw new AssertionError(message);
    }
}
