package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.report.Uninterrupted;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.opentest4j.AssertionFailedError;

import java.lang.reflect.Method;
import java.util.Optional;

/**
 * What Chronoscope does at each JUnit callback, for the two extensions the annotations register in
 * {@code dev.chronoscope}: {@code ChronoscopeExtension} (a timed test: before it, {@link
 * TimedTestFactory open} its {@link TimedTest} on the run's {@link ChronoscopeRuntime}; around its
 * invocation, time it; right after it, close it; after its {@code @AfterEach} methods, {@link
 * ChronoscopeRuntime#complete complete} it) and {@code RequiresInvariantTscCondition}. Holds no
 * test's state (that lives in the test's store) and no run's (the runtime's): only the JVM it
 * times on.
 *
 * <p>Why the extensions delegate here rather than do this themselves: they are the classes a Java
 * 17 JVM loads when a project has Chronoscope on its test class path, so they are compiled for
 * Java 17, and on JDK 17-21 they skip timed tests with the reason ({@code Jdk.unsupported()}).
 * This class and everything it reaches use the FFM API of JDK 22 (class-file version 66): the
 * extensions reach it only after the JDK check let the test run, so an older JVM never loads it
 * and reports a skipped test instead of an {@code UnsupportedClassVersionError}.
 */
public final class TimingCallbacks {

    private static final Namespace NAMESPACE = Namespace.create(TimingCallbacks.class);
    private static final String STATE = "timed-test";
    private static final String AGGREGATE = "invocation-aggregate";
    /** Marks a test timed in a fresh JVM ({@link ForkedTest}) in its store. */
    private static final String FORKED = "forked-test";
    /** A timing claim's failure in this JVM, held until a fresh JVM confirms it or not ({@link ForkedTest#confirm}). */
    private static final String CLAIM_FAILED = "claim-failed";
    private static final String UNMET_FAILS = ChronoscopeConfig.UNMET_REQUIREMENT_KEY + " = fail";

    private final JvmScope jvm;

    TimingCallbacks(JvmScope jvm) {
        this.jvm = jvm;
    }

    /** The callbacks timing on this JVM. */
    public static TimingCallbacks ofThisJvm() {
        return JvmScope.CURRENT.callbacks();
    }

    private ChronoscopeRuntime runtime(ExtensionContext context) {
        return ChronoscopeRuntime.of(context, jvm);
    }

    /** Before the test method: everything up to and including the floor. */
    public void beforeTestExecution(ExtensionContext context) {
        if (context.getTestMethod().map(m -> m.isAnnotationPresent(TestFactory.class)).orElse(false)) {
            return; // a factory returns tests rather than running one: there is no single invocation to time
        }
        ChronoscopeRuntime runtime = runtime(context);
        Optional<Optional<String>> here = ForkedTest.inThisJvm(context, runtime.forkSettings());
        if (here.isEmpty()) {
            context.getStore(NAMESPACE).put(FORKED, Boolean.TRUE);
            return;
        }
        TimedTest test = TimedTestFactory.open(context, runtime, templateAggregate(context));
        here.get().ifPresent(test::note);
        context.getStore(NAMESPACE).put(STATE, test);
    }

    /** Brackets the test method's invocation with the test's clock: one sample per invocation. */
    public void interceptInvocation(InvocationInterceptor.Invocation<Void> invocation,
            ExtensionContext context) throws Throwable {
        if (forked(context)) {
            invocation.skip(); // its fresh JVM runs it
            ForkedTest.run(context, runtime(context));
            return;
        }
        Optional<TimedTest> test = timedTest(context);
        if (test.isEmpty()) {
            invocation.proceed();
            return;
        }
        try {
            test.get().time(invocation);
        } catch (AssertionError e) {
            ChronoscopeRuntime runtime = runtime(context);
            if (!runtime.forkSettings().confirm() || !ForkedTest.canConfirm(context) || !test.get().failedOnAClaim(e)) {
                throw e;
            }
            // a figure timed after other tests can depend on what they ran: a fresh JVM decides, after the @AfterEach
            // methods
            context.getStore(NAMESPACE).put(CLAIM_FAILED, e);
        }
    }

    public boolean supportsParameter(ParameterContext parameter) {
        return parameter.getParameter().getType() == Probe.class;
    }

    public Probe resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Optional<Method> testMethod = context.getTestMethod();
        if (testMethod.isEmpty() || !parameter.getDeclaringExecutable().equals(testMethod.get())) {
            throw new ParameterResolutionException("A Probe can only be a parameter of the timed test method itself; "
                    + "found " + "parameter " + parameter.getIndex() + " (" + parameter.getParameter().getName()
                    + ") of "
                    + parameter.getDeclaringExecutable() + ". Declare it on the @Test method and time regions there.");
        }
        if (testMethod.get().isAnnotationPresent(TestFactory.class)) {
            throw new ParameterResolutionException("A Probe cannot be a parameter of the @TestFactory "
                    + TestNames.describe(testMethod.get())
                    + ": a factory returns dynamic tests rather than running one, so Chronoscope times no factory, and "
                    + "its dynamic"
                    + " tests run after it has returned. Time the work in a @Test, @RepeatedTest or @ParameterizedTest "
                    + "method.");
        }
        if (forked(context)) {
            return null; // the method is not invoked in this JVM: its fresh JVM hands it a probe of its own
        }
        return timedTest(context)
                .orElseThrow(() -> new ParameterResolutionException("No Chronoscope timing is active for "
                + TestNames.describe(testMethod.get())
                + ": annotate it (or its class) with @MeasureWith, @SubtractProbeFloor"
                + " or @RequiresInvariantTsc.")).probe();
    }

    /**
     * Right after the test method, before its {@code @AfterEach} methods: measuring ends (see {@link TimedTest#close}).
     */
    public void afterTestExecution(ExtensionContext context) {
        Uninterrupted.run(() -> timedTest(context).ifPresent(TimedTest::close));
    }

    /**
     * After the test's {@code @AfterEach} methods, so that the record has the test's final outcome
     * (an {@code @AfterEach} that fails fails the test): the runtime completes the test. Output
     * printed here still lands in the test case's {@code <system-out>}. A test that left its thread
     * interrupted gets its record all the same, and its interrupt status back afterwards.
     */
    public void afterEach(ExtensionContext context) {
        Uninterrupted.run(() -> {
            TimedTest test = context.getStore(NAMESPACE).remove(STATE, TimedTest.class);
            if (test != null) {
                runtime(context).complete(context, test,
                        Optional.ofNullable(context.getStore(NAMESPACE).remove(CLAIM_FAILED, AssertionError.class)));
            }
        });
    }

    /**
     * {@code @RequiresInvariantTsc}'s condition: enabled where the TSC can be trusted, with the facts;
     * else disabled with them, or enabled where an unmet requirement fails the test ({@link #failUnmetRequirement}).
     */
    public ConditionEvaluationResult requiresInvariantTsc(ExtensionContext context) {
        ChronoscopeRuntime runtime = runtime(context);
        HostFacts host = runtime.host();
        if (ClockChoice.tscUsable(host)) {
            return ConditionEvaluationResult.enabled("@RequiresInvariantTsc met: " + ClockChoice.tscFacts(host));
        }
        String facts = ClockChoice.tscUnmet(host);
        if (runtime.settings().failOnUnmetRequirement()) {
            return ConditionEvaluationResult.enabled("@RequiresInvariantTsc not met, and " + UNMET_FAILS + ": "
                    + facts);
        }
        return ConditionEvaluationResult.disabled("@RequiresInvariantTsc not met: " + facts);
    }

    /**
     * Before an {@code @RequiresInvariantTsc} test: fails it where the TSC cannot be trusted and an unmet requirement
     * fails.
     */
    public void failUnmetRequirement(ExtensionContext context) {
        ChronoscopeRuntime runtime = runtime(context);
        if (runtime.settings().failOnUnmetRequirement() && !ClockChoice.tscUsable(runtime.host())) {
            throw new AssertionFailedError("@RequiresInvariantTsc not met (" + UNMET_FAILS + "): "
                    + ClockChoice.tscUnmet(runtime.host()));
        }
    }

    private static boolean forked(ExtensionContext context) {
        return context.getStore(NAMESPACE).get(FORKED) != null;
    }

    private static Optional<TimedTest> timedTest(ExtensionContext context) {
        return Optional.ofNullable(context.getStore(NAMESPACE).get(STATE, TimedTest.class));
    }

    /** The aggregate of a repeated or parameterized test's invocations, kept in the template's store. */
    private static Optional<InvocationAggregate> templateAggregate(ExtensionContext context) {
        return context.getParent()
                .filter(parent -> parent.getTestMethod().isPresent())
                .map(parent -> parent.getStore(NAMESPACE).getOrComputeIfAbsent(AGGREGATE,
                        k -> new InvocationAggregate(InvocationAggregate.Kind.of(parent.getRequiredTestMethod())),
                        InvocationAggregate.class));
    }
}
