package dev.chronoscope.internal.junit;

import dev.chronoscope.Jdk;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * The launcher listener Chronoscope registers through {@code META-INF/services}: the launcher
 * loads it in every project that has Chronoscope on its test class path, whatever its JDK. So it is
 * compiled for Java 17 and refers to the rest of Chronoscope (compiled for JDK 22+) only through
 * {@link PlanPreparation}, created once the JDK is known to be new enough; on an older JDK it does
 * nothing, and the tests Chronoscope times are skipped by its extension with the reason.
 */
public final class ChronoscopeExecutionListener implements TestExecutionListener {

    private final TestExecutionListener delegate = Jdk.unsupported().isPresent() ? null : new PlanPreparation();

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        if (delegate != null) {
            delegate.testPlanExecutionStarted(plan);
        }
    }

    @Override
    public void executionStarted(TestIdentifier id) {
        if (delegate != null) {
            delegate.executionStarted(id);
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (delegate != null) {
            delegate.executionFinished(id, result);
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        if (delegate != null) {
            delegate.testPlanExecutionFinished(plan);
        }
    }
}
