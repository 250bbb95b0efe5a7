package dev.chronoscope.assertj;

import dev.chronoscope.internal.stats.AssertionSettings;
import dev.chronoscope.internal.stats.Claims;
import org.assertj.core.api.AbstractAssert;
import org.opentest4j.TestAbortedException;

/** Turns a decided claim into nothing (pass), an {@link AssertionError} (fail) or a {@link TestAbortedException}. */
final class Enforcement {

    private Enforcement() {
    }

    static void enforce(AbstractAssert<?, ?> assertion, Claims.Decision decision) {
        if (decision.passed()) {
            return;
        }
        boolean strict = AssertionSettings.current().strict();
        String description = assertion.descriptionText();
        String prefix = description == null || description.isEmpty() ? "" : "[" + description + "] ";
        String message = prefix + decision.render(strict);
        if (decision.outcome() == Claims.Outcome.INCONCLUSIVE && !strict) {
            throw new TestAbortedException(message);
        }
        throw new AssertionError(message);
    }
}
