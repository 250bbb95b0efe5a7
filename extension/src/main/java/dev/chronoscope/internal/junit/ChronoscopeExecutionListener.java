package dev.chronoscope.internal.junit;

import dev.chronoscope.Jdk;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import java.util.Optional;

/**
 * The launcher listener Chronoscope registers through {@code META-INF/services}: the launcher
 * loads it in every project that has Chronoscope on its test class path, whatever its JDK. So it is
 * compiled for Java 17 and refers to the rest of Chronoscope (compiled for JDK 22+) only through
 * {@link PlanPreparation}, created once the JDK is known to be new enough; on an older JDK it does
 * nothing, and the tests Chronoscope times are skipped by its extension with the reason.
 *
 * <p>The launcher creates it before discovery, which is where mixed JUnit Jupiter versions fail
 * (chronoscope-junit's junit-jupiter-api next to an older engine: {@code NoSuchMethodError}), so
 * it is also where Chronoscope says what it sees and what to declare: once per JVM on JDK 22+
 * (the JVM's {@code JvmScope} remembers it), and once per launcher on an older JDK, where no JDK 22
 * class may be loaded.
 */
public final class ChronoscopeExecutionListener implements TestExecutionListener {

    private static final String API_CLASS = "org.junit.jupiter.api.Test";
    private static final String ENGINE_CLASS = "org.junit.jupiter.engine.JupiterTestEngine";

    private final TestExecutionListener delegate;

    public ChronoscopeExecutionListener() {
        PlanPreparation preparation = Jdk.unsupported().isPresent() ? null : new PlanPreparation();
        // no lambda here: one capturing a PlanPreparation would load that JDK 22 class on JDK 17
        Optional<String> mixed = mixedJupiter(version(API_CLASS), version(ENGINE_CLASS));
        if (mixed.isPresent() && (preparation == null || preparation.firstSaying(mixed.get()))) {
            System.err.println("[chronoscope] " + mixed.get());
        }
        delegate = preparation;
    }

    /**
     * Why the JUnit Jupiter on the test class path cannot work, when its API and its engine differ
     * in version; empty when they agree or either is unknown.
     */
    static Optional<String> mixedJupiter(Optional<String> api, Optional<String> engine) {
        if (api.isEmpty() || engine.isEmpty() || api.get().equals(engine.get())) {
            return Optional.empty();
        }
        return Optional.of("junit-jupiter-api " + api.get() + " and junit-jupiter-engine " + engine.get()
                + " are on the test class path; JUnit Jupiter needs both at one version, and discovery may fail with "
                + "NoSuchMethodError. Import org.junit:junit-bom:" + engine.get() + " in <dependencyManagement> "
                + "(Spring Boot's BOM does this), or declare junit-jupiter before chronoscope-junit. Chronoscope "
                + "supports " + "JUnit Jupiter 5.12 to 6.x.");
    }

    /** The version of the jar that holds {@code className}, from its module descriptor or manifest. */
    static Optional<String> version(String className) {
        try {
            Class<?> type = Class.forName(className, false, ChronoscopeExecutionListener.class.getClassLoader());
            if (type.getModule().isNamed() && type.getModule().getDescriptor() != null) {
                Optional<String> raw = type.getModule().getDescriptor().rawVersion();
                if (raw.isPresent()) {
                    return raw;
                }
            }
            return Optional.ofNullable(type.getPackage().getImplementationVersion());
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty(); // another engine, or none: nothing to compare
        }
    }

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
