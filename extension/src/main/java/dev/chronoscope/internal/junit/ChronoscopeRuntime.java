package dev.chronoscope.internal.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.clock.TscReadPath;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.host.HostFiles;
import dev.chronoscope.internal.host.HostLoad;
import dev.chronoscope.internal.host.HostProfile;
import dev.chronoscope.internal.junit.fork.ForkRequest;
import dev.chronoscope.internal.measure.JvmState;
import dev.chronoscope.internal.report.RunKey;
import dev.chronoscope.internal.report.RunPresence;
import dev.chronoscope.internal.report.TestRecord;
import dev.chronoscope.internal.report.Uninterrupted;
import dev.chronoscope.internal.stats.AssertionSettings;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The owner of one test run (one Jupiter engine execution): its settings, parsed once; the host it
 * times on (real, or described); the JVM state it times on; the writer and publisher of its records,
 * the regression gate, and the count of its timed tests. Created on first use and kept in the root
 * extension context's store, which closes it when the run ends.
 *
 * <p>What outlives a run — the JVM's measured facts and JIT state, the ordering of its timed tests,
 * its end of the cross-JVM timing lock — is the {@link JvmScope}'s; every run is handed it, and
 * everything below this layer receives what it needs as arguments.
 */
public final class ChronoscopeRuntime implements ExtensionContext.Store.CloseableResource, AutoCloseable {

    private static final Namespace NAMESPACE = Namespace.create(ChronoscopeRuntime.class);

    private final Settings settings;
    private final ForkSettings forkSettings;
    /** Whether Jupiter runs this run's tests in parallel ({@link Settings#JUPITER_PARALLEL_KEY}). */
    private final boolean parallel;
    private final AssertionSettings assertions;
    private final HostFacts host;
    /** The JVM this run times on: its state is the real counter's, or a described host's. */
    private final JvmScope jvm;
    private final RecordPublisher publisher;
    /** The run this JVM belongs to, shared with the run's other JVMs (Surefire forks). */
    private final String run;
    private final RunBaseline baseline;
    /**
     * This JVM's presence in its run, taken at its first timed test; empty before, or where the directory refused it.
     */
    private volatile Optional<RunPresence> presence = Optional.empty();
    /** Timed tests whose record this JVM wrote in this run. */
    private final AtomicInteger timedTests = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();

    private ChronoscopeRuntime(Settings settings, ForkSettings forkSettings, boolean parallel,
                               AssertionSettings assertions, HostFacts host, JvmScope jvm) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.forkSettings = Objects.requireNonNull(forkSettings, "forkSettings");
        this.parallel = parallel;
        this.assertions = Objects.requireNonNull(assertions, "assertions");
        this.host = Objects.requireNonNull(host, "host");
        this.jvm = Objects.requireNonNull(jvm, "jvm");
        this.publisher = new RecordPublisher(settings);
        this.run = RunKey.of(settings.run());
        this.baseline = RunBaseline.load(settings.baseline(), host, jvm.state());
    }

    /**
     * The run's runtime, created on first use from the run's configuration parameters.
     *
     * @throws ExtensionConfigurationException naming the first invalid key; nothing is kept, so every
     *                                         test that needs the runtime reports the same error
     */
    public static ChronoscopeRuntime of(ExtensionContext context) {
        return of(context, JvmScope.CURRENT);
    }

    /**
     * The run's runtime, created on first use as {@link #of(ExtensionContext)} does, but timing on
     * {@code state}: for a test that must describe what the JVM measured (e.g. a calibration that
     * failed), by asking first. A runtime already created is returned as it is.
     */
    public static ChronoscopeRuntime of(ExtensionContext context, JvmState state) {
        return of(context, JvmScope.CURRENT.timingOn(state));
    }

    static ChronoscopeRuntime of(ExtensionContext context, JvmScope jvm) {
        ExtensionContext root = context.getRoot();
        return root.getStore(NAMESPACE).getOrComputeIfAbsent(ChronoscopeRuntime.class,
                k -> create(root::getConfigurationParameter, jvm), ChronoscopeRuntime.class);
    }

    /** A runtime for the configuration {@code parameters}, timing on {@code jvm}. */
    static ChronoscopeRuntime create(Function<String, Optional<String>> parameters, JvmScope jvm) {
        Settings settings = Settings.read(parameters);
        ForkSettings forkSettings = ForkSettings.read(parameters);
        AssertionSettings assertions = Settings.assertions(parameters);
        Optional<HostProfile> profile = settings.hostProfile().map(HostDescriptions::profile);
        if (profile.isPresent() && settings.hostFactsSupplier().isPresent()) {
            throw new ExtensionConfigurationException("Configuration parameters " + ChronoscopeConfig.HOST_PROFILE_KEY
                    + " and " + ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY
                    + " are both set; each replaces the host's facts: set one");
        }
        JvmState state = jvm.state();
        HostFacts host = profile.map(HostProfile::facts)
                .orElseGet(() -> settings.hostFactsSupplier().map(HostDescriptions::load).orElseGet(state::host));
        TscReadPath path = HostDescriptions.readPath(settings, host, profile);
        long step = settings.tscStepTicks() > 1 ? settings.tscStepTicks()
                : profile.flatMap(p -> p.stepTicks().isPresent() ? Optional.of(p.stepTicks().getAsLong())
                : Optional.empty()).orElse(1L);
        // another read path or a coarser TSC is measured on facts of the run's own: the JVM's were
        // measured on this host's automatic path and the real counter
        boolean ownPath = !path.readsLike(TscReadPath.ofThisHost(TscReadPath.Preference.AUTO));
        String stepOrigin = settings.tscStepTicks() > 1 ? ChronoscopeConfig.TSC_STEP_TICKS_KEY
                : profile.map(p -> "host profile " + p.name()).orElse(ChronoscopeConfig.TSC_STEP_TICKS_KEY);
        JvmScope timedOn = step > 1 || ownPath ? jvm.timingOn(state.withReadPath(path, step, stepOrigin)) : jvm;
        return new ChronoscopeRuntime(settings, forkSettings, Settings.parallelEnabled(parameters), assertions, host,
                timedOn);
    }

    public Settings settings() {
        return settings;
    }

    /** Where timed tests run when their {@code @Fork} does not say, and for how long a fork may run. */
    ForkSettings forkSettings() {
        return forkSettings;
    }

    AssertionSettings assertions() {
        return assertions;
    }

    /** The host tests are timed on: the real one, or the one the configuration describes. */
    public HostFacts host() {
        return host;
    }

    /**
     * The host's CPU time now ({@link HostLoad}): of the machine the JVM runs on, whatever host a
     * profile describes, since it is what shares that machine's CPUs with the test.
     */
    Fact<HostLoad> hostLoadNow() {
        return HostLoad.read(HostFiles.system());
    }

    /** The JVM state this run times on. */
    JvmState jvm() {
        return jvm.state();
    }

    /** The JVM's end of the cross-JVM timing lock. */
    /** The timed tests this JVM began. */
    TimedHistory history() {
        return jvm.history();
    }

    MachineTimingLock timingLock() {
        return jvm.timingLock();
    }

    /** The run this JVM belongs to ({@link RunKey}). */
    String run() {
        return run;
    }

    /**
     * Under parallel execution, whether the test {@code uniqueId} ran alone, for its record: as a
     * fact when it did, as a warning when it may not have.
     */
    Optional<String> parallelExecution(String uniqueId) {
        if (!parallel) {
            return Optional.empty();
        }
        Optional<Long> waited = jvm.exclusivity().waited(uniqueId);
        if (waited.isPresent()) {
            return Optional.of(String.format(Locale.ROOT, "parallel execution is on: this test ran alone "
                    + "(it waited %.1f ms for the tests running before it to finish)", waited.get() / 1e6));
        }
        if (!settings.exclusive()) {
            return Optional.of("parallel execution is on and " + ChronoscopeConfig.EXCLUSIVE_KEY
                    + " = false: other tests may have run alongside this one, competing for the CPUs it was measured "
                    + "on");
        }
        return Optional.of("parallel execution is on, but this test was not kept alone: it ran without the JUnit "
                + "launcher's listener (e.g. through the engine test kit), so other tests may have run alongside it");
    }

    /**
     * Completes {@code test}, after its {@code @AfterEach} methods: ends its measuring, makes its
     * record with the test's outcome, judges its timings against the baseline, applies the
     * regression gate, counts it as one of the run's, publishes it, and then throws the gate's
     * failure, if any. The gate decides before the record is published, so that the record, the
     * section and the report say failed where JUnit does. The record itself is not kept: its
     * publisher has written it, and the run's end reads it back from there.
     *
     * @throws AssertionFailedError with the regressions where the gate fails the test
     */
    void complete(ExtensionContext context, TimedTest test, Optional<AssertionError> claimFailed) {
        test.close();
        Optional<String> historyPass = test.passTheHistoryCouldMake();
        TestRecord made = test.record(context, claimFailed.isPresent() ? "failed" : outcome(context));
        if (claimFailed.isPresent()) {
            publisher.printSection(context, made, "claim", "failed in this JVM; timed again in a fresh JVM to confirm");
            confirm(context, claimFailed.get().getMessage());
            return;
        }
        Optional<String> repeatedTemplate = context.getTestMethod()
                .filter(m -> m.isAnnotationPresent(RepeatedTest.class)).flatMap(m -> context.getParent())
                .map(ExtensionContext::getUniqueId);
        TestRecord judged = made.judged(baseline.judge(context.getUniqueId(), made.timings(), made.coreSpeed(),
                repeatedTemplate));
        Optional<String> gate = baseline.gateFailure(judged);
        if (gate.isPresent() && forkSettings.confirm() && ForkedTest.canConfirm(context)) {
            // this JVM's figure may depend on what it ran before: a fresh JVM's decides, and its record is the run's
            publisher.printSection(context, judged, "gate",
                    "regressed in this JVM; timed again in a fresh JVM to confirm");
            confirm(context, gate.get());
            return;
        }
        if (gate.isEmpty() && historyPass.isPresent() && outcome(context).equals("passed") && forkSettings.confirm()
                && ForkedTest.canConfirm(context)) {
            // a JVM's history slows code: a pass a slowed figure could make is decided where there is none
            publisher.printSection(context, judged, "claim",
                    "passed after other timed tests; decided again in a fresh JVM");
            confirmPass(context, historyPass.get());
            return;
        }
        TestRecord record = gate.map(judged::failedByGate).orElse(judged);
        count(record);
        publisher.publish(context, record);
        if (gate.isPresent()) {
            throw new AssertionFailedError(gate.get());
        }
    }

    /**
     * Takes {@code json}, the record a forked test's JVM made and judged (already marked as this run's),
     * into this run: counts it and publishes it as this JVM's own.
     */
    void publishForked(ExtensionContext context, String testName, String json) {
        count(testName);
        publisher.publishForked(context, testName, json);
    }

    /** Times the test again in a fresh JVM, whose outcome decides whether {@code failure}, read in this JVM, stands. */
    private void confirm(ExtensionContext context, String failure) {
        inAFreshJvm(failure, () -> ForkedTest.confirm(context, this, failure));
    }

    /** Times the test again in a fresh JVM, whose outcome decides whether {@code pass}, read in this JVM, stands. */
    private void confirmPass(ExtensionContext context, String pass) {
        inAFreshJvm(pass, () -> ForkedTest.confirmPass(context, this, pass));
    }

    /**
     * Runs {@code decision}, which forks: a checked exception it throws (not the child test's outcome) fails the test
     * naming {@code read}.
     */
    private static void inAFreshJvm(String read, FreshJvmDecision decision) {
        try {
            decision.run();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new AssertionFailedError(read + "\nTiming it again in a fresh JVM to confirm failed: " + e, e);
        }
    }

    /** A decision taken in a fresh JVM, which may throw what its child's test threw. */
    @FunctionalInterface
    private interface FreshJvmDecision {
        void run() throws Throwable;
    }

    private void count(TestRecord record) {
        count(record.testName());
    }

    private void count(String testName) {
        if (closed.get()) {
            throw new IllegalStateException("the record of " + testName + " arrived after its run had ended");
        }
        if (timedTests.incrementAndGet() == 1) {
            presence = RunPresence.join(settings.reportDir(), run);
        }
    }

    private static String outcome(ExtensionContext context) {
        return context.getExecutionException()
                .map(e -> e instanceof TestAbortedException ? "aborted" : "failed")
                .orElse("passed");
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
        // a forked test's JVM leaves the run's end to the run's own JVMs, which take its record in
        if (closed.compareAndSet(false, true) && timedTests() > 0 && !ForkRequest.inChild()) {
            // the last test may have left this thread interrupted: file channels would refuse to work
            // a test may have left System.out null: the run's lines then go to stderr
            PrintStream out = System.out != null ? System.out : System.err;
            Uninterrupted.run(
                    () -> RunEnd.finish(settings, run, baseline, presence, out, System.err));
        }
    }
}
