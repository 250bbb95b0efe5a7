package dev.chronoscope;

import dev.chronoscope.internal.junit.TimingCallbacks;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Optional;

/**
 * Disables a test annotated {@link RequiresInvariantTsc} (or in an annotated class) where the TSC
 * cannot be trusted, with the facts as the reason; or, with {@link ChronoscopeConfig#UNMET_REQUIREMENT_KEY}
 * {@code = fail}, lets it start and fails it before it runs. Checks the JDK itself and leaves the
 * rest to the JVM's {@link TimingCallbacks} (which says why the two are apart).
 */
final class RequiresInvariantTscCondition implements ExecutionCondition, BeforeEachCallback {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Optional<String> oldJdk = Jdk.unsupported();
        if (oldJdk.isPresent()) {
            return ConditionEvaluationResult.disabled(oldJdk.get());
        }
        return TimingCallbacks.ofThisJvm().requiresInvariantTsc(context);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (Jdk.unsupported().isPresent()) {
            return; // disabled above; reached only where conditions are deactivated
        }
        TimingCallbacks.ofThisJvm().failUnmetRequirement(context);
    }
}
