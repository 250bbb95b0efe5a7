package dev.chronoscope.internal.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.RequiresInvariantTsc;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.measure.JvmFacts;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Does Chronoscope's per-JVM work — host facts, TSC calibration, each clock's step and probe-path
 * warm-up — when the test plan starts, before any test runs, so that no test's timing or floor
 * includes it. Only when the plan holds a Chronoscope test, and only for the clocks those tests
 * use. Registered through {@code META-INF/services}; where tests run without the launcher (e.g.
 * the engine test kit), the extension does the same work lazily before the first test's floor.
 */
public final class ChronoscopeExecutionListener implements TestExecutionListener {

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        Settings settings;
        try {
            settings = Settings.read(key -> plan.getConfigurationParameters().get(key));
        } catch (RuntimeException e) {
            return; // invalid configuration: each test reports it
        }
        if (settings.hostFactsSupplier().isPresent()) {
            return; // a described host: nothing real to prepare for it
        }
        Set<ClockId> clocks = EnumSet.noneOf(ClockId.class);
        boolean usesDefault = false;
        for (TestIdentifier root : plan.getRoots()) {
            for (TestIdentifier id : plan.getDescendants(root)) {
                Optional<Method> method = id.getSource().flatMap(ChronoscopeExecutionListener::method);
                if (method.isEmpty()) {
                    continue;
                }
                Optional<ClockId> explicit = find(method.get(), MeasureWith.class).map(MeasureWith::value);
                if (explicit.isPresent()) {
                    clocks.add(explicit.get());
                } else if (find(method.get(), SubtractProbeFloor.class).isPresent()
                        || find(method.get(), RequiresInvariantTsc.class).isPresent()) {
                    usesDefault = true;
                }
            }
        }
        if (usesDefault) {
            clocks.add(settings.defaultClock().orElseGet(() ->
                    ClockChoice.tscUsable(JvmFacts.get().host()) ? ClockId.TSC_FENCED : ClockId.CLOCK_MONOTONIC));
        }
        for (ClockId clock : clocks) {
            try {
                JvmFacts.get().prepare(clock, settings.warmupBudgetNanos());
            } catch (ClockUnavailableException | RuntimeException e) {
                // the test that uses this clock reports it with its own element named
            }
        }
    }

    private static Optional<Method> method(TestSource source) {
        if (source instanceof MethodSource m) {
            try {
                return Optional.of(m.getJavaMethod());
            } catch (RuntimeException | LinkageError e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static <A extends java.lang.annotation.Annotation> Optional<A> find(Method method, Class<A> type) {
        Optional<A> onMethod = AnnotationSupport.findAnnotation((AnnotatedElement) method, type);
        return onMethod.isPresent() ? onMethod
                : AnnotationSupport.findAnnotation(method.getDeclaringClass(), type,
                        org.junit.platform.commons.support.SearchOption.INCLUDE_ENCLOSING_CLASSES);
    }
}
