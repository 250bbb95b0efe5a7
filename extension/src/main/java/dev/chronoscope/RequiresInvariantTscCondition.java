package dev.chronoscope;

import dev.chronoscope.internal.junit.ClockChoice;
import dev.chronoscope.internal.junit.Settings;
import dev.chronoscope.internal.junit.ChronoscopeRuntime;
import dev.chronoscope.internal.host.HostFacts;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;

/**
 * Disables a test annotated {@link RequiresInvariantTsc} (or in an annotated class) where the TSC
 * cannot be trusted, with the facts as the reason; or, with
 * {@code chronoscope.requirements.unmet = fail}, lets it start and fails it before it runs.
 */
final class RequiresInvariantTscCondition implements ExecutionCondition, BeforeEachCallback {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        java.util.Optional<String> oldJdk = Jdk.unsupported();
        if (oldJdk.isPresent()) {
            return ConditionEvaluationResult.disabled(oldJdk.get());
        }
        ChronoscopeRuntime runtime = ChronoscopeRuntime.of(context);
        Settings settings = runtime.settings();
        HostFacts host = runtime.host();
        if (ClockChoice.tscUsable(host)) {
            return ConditionEvaluationResult.enabled("@RequiresInvariantTsc met: " + ClockChoice.tscFacts(host));
        }
        String facts = ClockChoice.tscUnmet(host);
        if (settings.failOnUnmetRequirement()) {
            return ConditionEvaluationResult.enabled("@RequiresInvariantTsc not met, and chronoscope.requirements.unmet = fail: " + facts);
        }
        return ConditionEvaluationResult.disabled("@RequiresInvariantTsc not met: " + facts);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (Jdk.unsupported().isPresent()) {
            return; // disabled above; reached only where conditions are deactivated
        }
        ChronoscopeRuntime runtime = ChronoscopeRuntime.of(context);
        Settings settings = runtime.settings();
        HostFacts host = runtime.host();
        if (settings.failOnUnmetRequirement() && !ClockChoice.tscUsable(host)) {
            throw new AssertionFailedError("@RequiresInvariantTsc not met (chronoscope.requirements.unmet = fail): "
                    + ClockChoice.tscUnmet(host));
        }
    }
}
