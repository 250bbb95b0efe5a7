package dev.chronoscope.assertj;

import dev.chronoscope.internal.stats.Claims;
import org.assertj.core.api.AbstractAssert;
import org.opentest4j.TestAbortedException;

/** Turns a decided claim into nothing (pass), an {@link AssertionError} (fail) or a {@link TestAbortedException}. */
final class Enforcement {

    private Enforcement() {
    }

    /**
     * @param strict whether an inconclusive claim fails ({@link dev.chronoscope.Timing#failsWhenInconclusive()}
     *               of the timing the claim is about)
     */
    static void enforce(AbstractAssert<?, ?> assertion, Claims.Decision decision, boolean strict) {
        if (decision.passed()) {
            return;
        }
        String description = assertion.descriptionText();
        String prefix = description == null || description.isEmpty() ? "" : "[" + description + "] ";
        String message = prefix + decision.render(strict);
        if (decision.outcome() == Claims.Outcome.INCONCLUSIVE && !strict) {
            throw new TestAbortedException(message);
        }
        throw new AssertionError(message);
    }
}
