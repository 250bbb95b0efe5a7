package dev.chronoscope.internal.junit;

import dev.chronoscope.Probe;
import dev.chronoscope.internal.report.TestRecord;
import dev.chronoscope.internal.report.Uninterrupted;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import java.lang.reflect.Method;
import java.util.Optional;

/**
 * What Chronoscope does at each of a timed test's callbacks, for the extension in
 * {@code dev.chronoscope}: before it, {@link TimedTestFactory open} its {@link TimedTest} on the
 * run's {@link ChronoscopeRuntime}; around its invocation, time it; right after it, close it; after
 * its {@code @AfterEach} methods, hand its record to the runtime and its publisher. Holds no state: the test's lives in its store.
 */
public final class TimingLifecycle {

    private static final Namespace NAMESPACE = Namespace.create(TimingLifecycle.class);
    private static final String STATE = "timed-test";
    private static final String AGGREGATE = "invocation-aggregate";

    private TimingLifecycle() {
    }

    /** Before the test method: everything up to and including the floor. */
    public static void beforeTestExecution(ExtensionContext context) {
        if (context.getTestMethod().map(m -> m.isAnnotationPresent(TestFactory.class)).orElse(false)) {
            return; // a factory returns tests rather than running one: there is no single invocation to time
        }
        ChronoscopeRuntime runtime = ChronoscopeRuntime.of(context);
        context.getStore(NAMESPACE).put(STATE, TimedTestFactory.open(context, runtime));
    }

    /** Brackets the test method's invocation with the test's clock: one sample per invocation. */
    public static void interceptInvocation(InvocationInterceptor.Invocation<Void> invocation, ExtensionContext context)
            throws Throwable {
        TimedTest test = context.getStore(NAMESPACE).get(STATE, TimedTest.class);
        if (test == null) {
            invocation.proceed();
            return;
        }
        test.time(invocation, templateAggregate(context));
    }

    /** The aggregate of a repeated or parameterized test's invocations, kept in the template's store. */
    private static Optional<InvocationAggregate> templateAggregate(ExtensionContext context) {
        return context.getParent()
                .filter(parent -> parent.getTestMethod().isPresent())
                .map(parent -> parent.getStore(NAMESPACE).getOrComputeIfAbsent(AGGREGATE, k -> new InvocationAggregate(),
                        InvocationAggregate.class));
    }

    public static boolean supportsParameter(ParameterContext parameter) {
        return parameter.getParameter().getType() == Probe.class;
    }

    public static Probe resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Optional<Method> testMethod = context.getTestMethod();
        if (testMethod.isEmpty() || !parameter.getDeclaringExecutable().equals(testMethod.get())) {
            throw new ParameterResolutionException("A Probe can only be a parameter of the timed test method itself; found "
                    + "parameter " + parameter.getIndex() + " (" + parameter.getParameter().getName() + ") of "
                    + parameter.getDeclaringExecutable() + ". Declare it on the @Test method and time regions there.");
        }
        TimedTest test = context.getStore(NAMESPACE).get(STATE, TimedTest.class);
        if (test == null) {
            throw new ParameterResolutionException("No Chronoscope timing is active for " + TestNames.describe(testMethod.get())
                    + ": annotate it (or its class) with @MeasureWith, @SubtractProbeFloor or @RequiresInvariantTsc.");
        }
        return test.probe();
    }

    /** Right after the test method, before its {@code @AfterEach} methods: measuring ends (see {@link TimedTest#close}). */
    public static void afterTestExecution(ExtensionContext context) {
        Uninterrupted.run(() -> closeTest(context));
    }

    private static void closeTest(ExtensionContext context) {
        TimedTest test = context.getStore(NAMESPACE).get(STATE, TimedTest.class);
        if (test != null) {
            test.close();
        }
    }

    /**
     * After the test's {@code @AfterEach} methods: the record, with the test's final outcome (an
     * {@code @AfterEach} that fails fails the test, and so does the regression gate, which is
     * applied first), kept by the run and published; then the gate's failure, if any, is thrown.
     * Output printed here still lands in the test case's {@code <system-out>}. A test that left its
     * thread interrupted gets its record all the same, and its interrupt status back afterwards.
     */
    public static void afterEach(ExtensionContext context) {
        Uninterrupted.run(() -> recordTest(context));
    }

    private static void recordTest(ExtensionContext context) {
        TimedTest test = context.getStore(NAMESPACE).remove(STATE, TimedTest.class);
        if (test == null) {
            return;
        }
        test.close();
        ChronoscopeRuntime runtime = ChronoscopeRuntime.of(context);
        TestRecord own = test.record(context, outcome(context), templateAggregate(context));
        // the regression gate decides before the record is kept, so that the record, the section and
        // the report say failed where JUnit does
        Optional<String> gate = runtime.baseline().gateFailure(own);
        TestRecord record = gate.map(own::failedByGate).orElse(own);
        runtime.add(record);
        runtime.publisher().publish(context, record);
        if (gate.isPresent()) {
            throw new AssertionFailedError(gate.get());
        }
    }

    static String outcome(ExtensionContext context) {
        return context.getExecutionException()
                .map(e -> e instanceof TestAbortedException ? "aborted" : "failed")
                .orElse("passed");
    }
}
