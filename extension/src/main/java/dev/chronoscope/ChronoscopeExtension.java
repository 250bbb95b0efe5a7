package dev.chronoscope;

import dev.chronoscope.internal.junit.TimingCallbacks;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

import java.lang.reflect.Method;

/**
 * Times a test: chooses its clock, measures the probe floor right before it, brackets the test
 * method's invocation (one sample per invocation), hands it a {@link Probe}, and reports after it.
 *
 * <p>All three annotations register this one class, so JUnit registers it once per test however
 * many of them a test carries (separate extensions would each bracket the invocation). Holds no
 * state, and does nothing itself but check the JDK: every callback is the JVM's
 * {@link TimingCallbacks}' (which says why the two are apart).
 */
final class ChronoscopeExtension implements ExecutionCondition, BeforeTestExecutionCallback, AfterTestExecutionCallback,
        AfterEachCallback, InvocationInterceptor, ParameterResolver {

    /**
     * Skips the timed test on a JDK older than 22, with the JDK found as the reason. Every other
     * callback reaches Chronoscope's JDK 22+ classes only for tests this lets run.
     */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return Jdk.unsupported().map(ConditionEvaluationResult::disabled)
                .orElseGet(() -> ConditionEvaluationResult.enabled("JDK " + Runtime.version().feature()
                + " runs Chronoscope"));
    }

    @Override
    public void beforeTestExecution(ExtensionContext context) {
        TimingCallbacks.ofThisJvm().beforeTestExecution(context);
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        TimingCallbacks.ofThisJvm().interceptInvocation(invocation, context);
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation,
                                            ReflectiveInvocationContext<Method> invocationContext,
                                            ExtensionContext context) throws Throwable {
        TimingCallbacks.ofThisJvm().interceptInvocation(invocation, context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext context) {
        return TimingCallbacks.ofThisJvm().supportsParameter(parameterContext);
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext context) {
        return TimingCallbacks.ofThisJvm().resolveParameter(parameterContext, context);
    }

    @Override
    public void afterTestExecution(ExtensionContext context) {
        TimingCallbacks.ofThisJvm().afterTestExecution(context);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        TimingCallbacks.ofThisJvm().afterEach(context);
    }
}
