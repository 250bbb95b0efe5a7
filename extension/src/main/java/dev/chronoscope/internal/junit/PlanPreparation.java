package dev.chronoscope.internal.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.clock.TscReadPath;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.measure.JvmState;
import dev.chronoscope.internal.report.RunKey;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Does Chronoscope's per-JVM work — host facts, TSC calibration, each clock's step and probe-path
 * warm-up — when the test plan starts, before any test runs, so that no test's timing or floor
 * includes it. Only when the plan holds a Chronoscope test, and only for the clocks those tests
 * use. Registered through {@code META-INF/services}; where tests run without the launcher (e.g.
 * the engine test kit), the extension does the same work lazily before the first test's floor.
 * It also tells the JVM's {@link RunningTimedTests} which timed tests run, for what the JVM says if
 * it is told to end meanwhile.
 */
public final class PlanPreparation implements TestExecutionListener {

    /** The JVM whose facts this prepares and whose timed tests this keeps alone. */
    private final JvmScope jvm;
    /**
     * Whether the running plan's tests are ordered by {@link Exclusivity}, set when the plan starts;
     * and which lock each running test took, released when it finishes.
     */
    private volatile boolean exclusive;
    private final Map<String, Boolean> heldTimed = new ConcurrentHashMap<>();
    /** The running plan, to name its tests; null before it starts. */
    private volatile TestPlan plan;

    /** Prepares this JVM: the launcher creates its listeners with no arguments, so this one takes the JVM's own. */
    public PlanPreparation() {
        this.jvm = JvmScope.CURRENT;
    }

    /**
     * True the first time {@code message} is offered in this JVM: the launcher listener says it then, and not again.
     */
    boolean firstSaying(String message) {
        return jvm.firstSaying(message);
    }

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        for (String warning : ConfigKeys.warnings(plan.getConfigurationParameters().keySet())) {
            System.err.println("[chronoscope] " + warning);
        }
        Function<String, Optional<String>> parameters = key -> plan.getConfigurationParameters().get(key);
        Settings settings;
        try {
            settings = Settings.read(parameters);
        } catch (RuntimeException e) {
            return; // invalid configuration: each test reports it
        }
        exclusive = settings.exclusive() && Settings.parallelEnabled(parameters);
        this.plan = plan;
        jvm.running().plan(settings.reportDir(), () -> RunKey.of(settings.run()));
        if (!preparesThisJvm(settings)) {
            return;
        }
        JvmState state = jvm.state();
        Set<ClockId> clocks = clocks(plan, settings, state::host);
        for (ClockId clock : clocks) {
            try {
                state.prepare(clock, settings.warmupBudgetNanos());
            } catch (ClockUnavailableException | RuntimeException e) {
                // the test that uses this clock reports it with its own element named
            }
        }
    }

    @Override
    public void executionStarted(TestIdentifier id) {
        if (!id.isTest()) {
            return;
        }
        boolean timed = id.getSource().flatMap(PlanPreparation::annotations).map(Annotations::timed).orElse(false);
        if (timed && plan != null) {
            jvm.running().started(id.getUniqueId(), testName(id), id.getDisplayName());
        }
        if (!exclusive) {
            return;
        }
        if (timed) {
            jvm.exclusivity().enterTimed(id.getUniqueId());
        } else {
            jvm.exclusivity().enterUntimed();
        }
        heldTimed.put(id.getUniqueId(), timed);
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        jvm.running().finished(id.getUniqueId());
        Boolean timed = heldTimed.remove(id.getUniqueId());
        if (timed == null) {
            return;
        }
        if (timed) {
            jvm.exclusivity().exitTimed(id.getUniqueId());
        } else {
            jvm.exclusivity().exitUntimed();
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        exclusive = false;
    }

    /**
     * Whether a run with {@code settings} times with this JVM's own facts, which can be prepared ahead: not with a
     * described host or a coarser counter, whose facts the run measures itself.
     */
    static boolean preparesThisJvm(Settings settings) {
        return settings.hostFactsSupplier().isEmpty() && settings.hostProfile().isEmpty()
                && settings.tscStepTicks() <= 1 && settings.tscReadPath() == TscReadPath.Preference.AUTO;
    }

    /**
     * The clock the test {@code annotations} names uses: its {@code @MeasureWith} clock, or the default clock (which
     * needs the {@code host}).
     */
    static ClockId clock(Annotations annotations, Settings settings, Supplier<HostFacts> host) {
        return annotations.find(MeasureWith.class).map(MeasureWith::value)
                .orElseGet(() -> ClockChoice.defaultClock(settings, host.get()));
    }

    /**
     * The clocks the plan's timed tests use: each {@code @MeasureWith} clock, and the default clock
     * (which needs the {@code host}) if any timed test has none.
     */
    public static Set<ClockId> clocks(TestPlan plan, Settings settings, Supplier<HostFacts> host) {
        Set<ClockId> clocks = EnumSet.noneOf(ClockId.class);
        boolean usesDefault = false;
        for (TestIdentifier root : plan.getRoots()) {
            for (TestIdentifier id : plan.getDescendants(root)) {
                Optional<Annotations> test = id.getSource().flatMap(PlanPreparation::annotations);
                if (test.isEmpty() || !test.get().timed()) {
                    continue;
                }
                Optional<ClockId> explicit = test.get().find(MeasureWith.class).map(MeasureWith::value);
                explicit.ifPresent(clocks::add);
                usesDefault |= explicit.isEmpty();
            }
        }
        if (usesDefault) {
            clocks.add(ClockChoice.defaultClock(settings, host.get()));
        }
        return clocks;
    }

    /**
     * The test as its record names it ({@link TestNames#testName}): {@code Class.method(params)}, with the invocation's
     * display name.
     */
    private String testName(TestIdentifier id) {
        if (!(id.getSource().orElse(null) instanceof MethodSource m)) {
            return id.getDisplayName();
        }
        String name;
        try {
            name = TestNames.className(m.getJavaClass()) + "." + m.getMethodName()
                    + TestNames.parameterTypes(m.getJavaMethod());
        } catch (RuntimeException | LinkageError e) {
            name = m.getClassName() + "." + m.getMethodName() + "(" + m.getMethodParameterTypes() + ")";
        }
        TestPlan current = plan;
        boolean invocation = current != null && current.getParent(id).flatMap(TestIdentifier::getSource)
                .filter(MethodSource.class::isInstance).isPresent();
        return invocation ? name + " " + id.getDisplayName() : name;
    }

    /** The test's annotations, looked up as the extension looks them up: on the class the test runs in. */
    private static Optional<Annotations> annotations(TestSource source) {
        if (source instanceof MethodSource m) {
            try {
                return Optional.of(new Annotations(m.getJavaClass(), m.getJavaMethod()));
            } catch (RuntimeException | LinkageError e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
