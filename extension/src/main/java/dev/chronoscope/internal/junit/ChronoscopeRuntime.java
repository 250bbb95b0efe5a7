package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.clock.TscReadPath;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.host.HostProfile;
import dev.chronoscope.internal.measure.JvmFacts;
import dev.chronoscope.internal.report.RunKey;
import dev.chronoscope.internal.report.RunPresence;
import dev.chronoscope.internal.report.TestRecord;
import dev.chronoscope.internal.stats.AssertionSettings;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.Optional;

/**
 * The owner of one test run (one Jupiter engine execution): its settings, parsed once; the host it
 * times on (real, or described); the JVM's measured facts; the writer and publisher of its records;
 * and the records themselves, in the order the tests finished. Created on first use and kept in the
 * root extension context's store, which closes it when the run ends.
 *
 * <p>The JVM's measured facts ({@link JvmFacts}: TSC calibration, clock steps, probe-path warm-up)
 * outlive a run: they describe the JVM's own state (what its JIT has compiled), and the launcher
 * listener measures them before the engine — and so before any run — exists. They are therefore
 * the one object with the JVM's lifetime, {@link #JVM}; every run is handed it, and everything
 * below this layer receives what it needs as arguments.
 */
public final class ChronoscopeRuntime implements ExtensionContext.Store.CloseableResource, AutoCloseable {

    /** What this JVM has measured once, for every run in it (see the class comment). */
    static final JvmFacts JVM = new JvmFacts();

    private static final Namespace NAMESPACE = Namespace.create(ChronoscopeRuntime.class);

    private final Settings settings;
    /** Whether Jupiter runs this run's tests in parallel ({@code junit.jupiter.execution.parallel.enabled}). */
    private final boolean parallel;
    private final AssertionSettings assertions;
    private final HostFacts host;
    private final JvmFacts jvm;
    private final RecordPublisher publisher;
    /** The run this JVM belongs to, shared with the run's other JVMs (Surefire forks). */
    private final String run;
    private final RunBaseline baseline;
    /** This JVM's presence in its run, taken at its first timed test; empty before, or where the directory refused it. */
    private volatile java.util.Optional<RunPresence> presence = java.util.Optional.empty();
    /** Timed tests whose record this JVM wrote in this run. */
    private final AtomicInteger timedTests = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();

    ChronoscopeRuntime(Settings settings, boolean parallel, AssertionSettings assertions, HostFacts host, JvmFacts jvm) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.parallel = parallel;
        this.assertions = Objects.requireNonNull(assertions, "assertions");
        this.host = Objects.requireNonNull(host, "host");
        this.jvm = Objects.requireNonNull(jvm, "jvm");
        this.publisher = new RecordPublisher(settings);
        this.run = RunKey.of(settings.run());
        this.baseline = RunBaseline.load(settings.baseline(), host, jvm);
    }

    /**
     * The run's runtime, created on first use from the run's configuration parameters.
     *
     * @throws ExtensionConfigurationException naming the first invalid key; nothing is kept, so every
     *                                         test that needs the runtime reports the same error
     */
    public static ChronoscopeRuntime of(ExtensionContext context) {
        return of(context, JVM);
    }

    /**
     * The run's runtime, created on first use as {@link #of(ExtensionContext)} does, but timing on
     * {@code jvm}'s facts: for a test that must describe what the JVM measured (e.g. a calibration
     * that failed), by asking first. A runtime already created is returned as it is.
     */
    public static ChronoscopeRuntime of(ExtensionContext context, JvmFacts jvm) {
        ExtensionContext root = context.getRoot();
        return root.getStore(NAMESPACE).getOrComputeIfAbsent(ChronoscopeRuntime.class,
                k -> create(root::getConfigurationParameter, jvm), ChronoscopeRuntime.class);
    }

    /** A runtime for the configuration {@code parameters}, timing on this JVM's {@code jvm} facts. */
    static ChronoscopeRuntime create(Function<String, Optional<String>> parameters, JvmFacts jvm) {
        Settings settings = Settings.read(parameters);
        AssertionSettings assertions = Settings.assertions(parameters);
        Optional<HostProfile> profile = settings.hostProfile().map(HostDescriptions::profile);
        if (profile.isPresent() && settings.hostFactsSupplier().isPresent()) {
            throw new ExtensionConfigurationException("Configuration parameters " + ChronoscopeConfig.HOST_PROFILE_KEY + " and "
                    + ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY + " are both set; each replaces the host's facts: set one");
        }
        HostFacts host = profile.map(HostProfile::facts)
                .orElseGet(() -> settings.hostFactsSupplier().map(HostDescriptions::load).orElseGet(jvm::host));
        TscReadPath path = HostDescriptions.readPath(settings, host, profile);
        long step = settings.tscStepTicks() > 1 ? settings.tscStepTicks() : profile.flatMap(p -> p.stepTicks().isPresent()
                ? Optional.of(p.stepTicks().getAsLong()) : Optional.empty()).orElse(1L);
        // another read path or a coarser TSC is measured on facts of the run's own: the JVM's were
        // measured on this host's automatic path and the real counter
        boolean ownPath = !path.readsLike(TscReadPath.ofThisHost(TscReadPath.Preference.AUTO));
        String stepOrigin = settings.tscStepTicks() > 1 ? ChronoscopeConfig.TSC_STEP_TICKS_KEY
                : profile.map(p -> "host profile " + p.name()).orElse(ChronoscopeConfig.TSC_STEP_TICKS_KEY);
        JvmFacts timedOn = step > 1 || ownPath ? jvm.withReadPath(path, step, stepOrigin) : jvm;
        boolean parallel = parameters.apply(PlanPreparation.PARALLEL_ENABLED_KEY)
                .map(v -> v.trim().equalsIgnoreCase("true")).orElse(false);
        return new ChronoscopeRuntime(settings, parallel, assertions, host, timedOn);
    }

    public Settings settings() {
        return settings;
    }

    AssertionSettings assertions() {
        return assertions;
    }

    /** The host tests are timed on: the real one, or the one the configuration describes. */
    public HostFacts host() {
        return host;
    }

    JvmFacts jvm() {
        return jvm;
    }

    RecordPublisher publisher() {
        return publisher;
    }

    /** The run this JVM belongs to ({@link RunKey}). */
    String run() {
        return run;
    }

    /** The run's baseline comparison and saving. */
    RunBaseline baseline() {
        return baseline;
    }

    /**
     * Under parallel execution, whether the test {@code uniqueId} ran alone, for its record: as a
     * fact when it did, as a warning when it may not have.
     */
    Optional<String> parallelExecution(String uniqueId) {
        if (!parallel) {
            return Optional.empty();
        }
        Optional<Long> waited = Exclusivity.JVM.waited(uniqueId);
        if (waited.isPresent()) {
            return Optional.of(String.format(java.util.Locale.ROOT, "parallel execution is on: this test ran alone "
                    + "(it waited %.1f ms for the tests running before it to finish)", waited.get() / 1e6));
        }
        if (!settings.exclusive()) {
            return Optional.of("parallel execution is on and " + dev.chronoscope.ChronoscopeConfig.EXCLUSIVE_KEY
                    + " = false: other tests may have run alongside this one, competing for the CPUs it was measured on");
        }
        return Optional.of("parallel execution is on, but this test was not kept alone: it ran without the JUnit "
                + "launcher's listener (e.g. through the engine test kit), so other tests may have run alongside it");
    }

    /**
     * Counts {@code record} as one of the run's. The record itself is not kept: its publisher has
     * written it, and the run's end reads it back from there.
     */
    void add(TestRecord record) {
        if (closed.get()) {
            throw new IllegalStateException("the record of " + record.testName() + " arrived after its run had ended");
        }
        if (timedTests.incrementAndGet() == 1) {
            presence = RunPresence.join(settings.reportDir(), run);
        }
    }

    /** How many timed tests of this run this JVM has recorded so far. */
    public int timedTests() {
        return timedTests.get();
    }

    /**
     * Called by JUnit when the run ends (on versions that close {@code AutoCloseable} values, once):
     * writes the run report and saves the baseline, from all of the run's records in the report
     * directory, if this JVM timed any test (see {@link RunEnd}).
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true) && timedTests() > 0) {
            // the last test may have left this thread interrupted: file channels would refuse to work
            dev.chronoscope.internal.report.Uninterrupted.run(
                    () -> RunEnd.finish(settings, run, baseline, presence, System.out, System.err));
        }
    }
}
