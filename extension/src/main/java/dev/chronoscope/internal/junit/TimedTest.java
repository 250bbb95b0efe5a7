package dev.chronoscope.internal.junit;

import dev.chronoscope.CpuThrottling;
import dev.chronoscope.Probe;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.host.CpuQuota;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.measure.JitMode;
import dev.chronoscope.internal.measure.MeasuringProbe;
import dev.chronoscope.internal.measure.RuntimeModules;
import dev.chronoscope.internal.measure.SampleRecorder;
import dev.chronoscope.internal.measure.TimedRegionEvent;
import dev.chronoscope.internal.measure.Timings;
import dev.chronoscope.internal.report.ClaimRecord;
import dev.chronoscope.internal.report.ComparisonRecord;
import dev.chronoscope.internal.report.ConsoleNotes;
import dev.chronoscope.internal.gate.ContainerFacts;
import dev.chronoscope.internal.host.HostLoad;
import dev.chronoscope.internal.gate.CoreSpeed;
import dev.chronoscope.internal.report.JvmHistory;
import dev.chronoscope.internal.report.TestRecord;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One timed test, from its floor to its record: the clock and its readers, the floor, the probe
 * handed to the test, the invocation's sample, and what must be undone afterwards. Built by
 * {@link TimedTestFactory} in {@code beforeTestExecution}, kept in the test's store, used by the
 * test's thread, and closed when the test ends — by the extension, and by JUnit when it closes
 * the test's store, whichever comes first — so that pinning is undone whatever failed.
 */
final class TimedTest implements ExtensionContext.Store.CloseableResource, AutoCloseable {

    private final ChronoscopeRuntime runtime;
    private final String testName;
    private final TimedTestFactory.Plan plan;
    private final Timings.Context context;
    private final MeasuringProbe probe;
    /** Its own reader, so that the test's probe regions cannot overwrite the CPUs of the invocation's reads. */
    private final ClockReader invocationReader;
    private final SampleRecorder invocation = new SampleRecorder(1);
    /** The invocation as a JFR event, spanning it; committed with the record. */
    private TimedRegionEvent invocationEvent;
    private final String warmup;
    private final Pinning pinning;
    /** What this JVM had timed before the test. */
    private final JvmHistory history;
    /** What the cross-JVM timing lock did for this test ({@link MachineTimingLock#acquire}). */
    private final String turn;
    /** The aggregate of the invocations of the repeated or parameterized test this one is an invocation of. */
    private final Optional<InvocationAggregate> aggregate;
    private final String startedAt = Instant.now().toString();
    /** Things that happened during the test that its record must mention. */
    private final List<String> notes = new ArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    /**
     * The core's speed, read as the test is set up (after its floor) and as it ends, while it holds the timing lock.
     */
    private final double speedBefore;
    /** Read as the test ends; NaN until then. */
    private volatile double speedAfter = Double.NaN;
    /** The host's CPU time when the test began and when it ended: what other processes took meanwhile. */
    private final Fact<HostLoad> loadBefore;
    private volatile Fact<HostLoad> loadAfter = Fact.unknown("the test had not ended when its record was made");

    /**
     * What the test is timed with, as its setup left it.
     *
     * @param plan             its clock, why that one, the floor rule and the frequency
     * @param context          the measurement context: the probe's reader, the floor measured right before the test,
     * the step
     * @param probe            the probe handed to the test
     * @param invocationReader the reader of the invocation's own sample
     * @param warmup           how the probe path was warmed, as the record says it
     */
    record Instruments(TimedTestFactory.Plan plan, Timings.Context context, MeasuringProbe probe,
                       ClockReader invocationReader, String warmup) {
    }

    /**
     * What the test's setup holds until the test is closed.
     *
     * @param pinning the thread's CPU affinity, restored on close
     * @param turn    what the cross-JVM timing lock did for this test ({@link MachineTimingLock#acquire}); released on
     * close
     */
    record Held(Pinning pinning, String turn) {
    }

    /**
     * The test {@code testName} of {@code runtime}, timed with {@code instruments}, holding {@code held};
     * its invocations also count towards {@code aggregate}, the repeated or parameterized test's, if any.
     */
    TimedTest(ChronoscopeRuntime runtime, String testName, Optional<InvocationAggregate> aggregate,
            Instruments instruments, Held held) {
        this.runtime = runtime;
        this.testName = testName;
        this.plan = instruments.plan();
        this.context = instruments.context();
        this.probe = instruments.probe();
        this.invocationReader = instruments.invocationReader();
        this.warmup = instruments.warmup();
        this.pinning = held.pinning();
        this.turn = held.turn();
        this.aggregate = aggregate;
        // the gate's control for the core's speed (SpeedControl), read before the test and again in close()
        history = runtime.history().begin(testName);
        speedBefore = runtime.jvm().coreSpeed().nanosPerStep();
        loadBefore = runtime.hostLoadNow();
    }

    Probe probe() {
        return probe;
    }

    /**
     * Whether {@code thrown}, which ended the test's invocation, is the failure of a timing claim the
     * test made: the one failure a fresh JVM can confirm or not.
     */
    boolean failedOnAClaim(Throwable thrown) {
        return thrown instanceof AssertionError && context.claims().firstFailure()
                .filter(m -> m.equals(thrown.getMessage())).isPresent();
    }

    /**
     * The first claim the test passed that figures slowed by what this JVM timed before it could have passed (a
     * slowdown under {@link ForkSettings#HISTORY_SLOWDOWN} would pass it from its bound), with what this JVM timed
     * before; empty where it timed nothing before or the test made no such claim. Read before {@link #record}, which
     * takes the claims.
     */
    Optional<String> passTheHistoryCouldMake() {
        if (!history.any()) {
            return Optional.empty();
        }
        return context.claims().firstPassASlowdownCouldMake(ForkSettings.HISTORY_SLOWDOWN).map(e -> "'" + e.claim()
                + "' passed "
                + history.after() + ", whose history can slow a region's code, and a slowed figure could pass it");
    }

    /**
     * Adds {@code line} to the warnings of the test's record: something about how it was timed that its figures depend
     * on.
     */
    void note(String line) {
        notes.add(line);
    }

    /** Runs the test method's invocation between two reads of the test's clock: one sample. */
    void time(InvocationInterceptor.Invocation<Void> invocation) throws Throwable {
        ClockReader reader = invocationReader;
        TimedRegionEvent event = TimedRegionEvent.started();
        this.invocation.startCountingSwitches();
        long t0 = reader.begin();
        try {
            invocation.proceed();
        } finally {
            long t1 = reader.end();
            this.invocation.stopCountingSwitches();
            event.end();
            invocationEvent = event;
            int beginCpu = reader.beginCpu();
            int endCpu = reader.endCpu();
            if (beginCpu != endCpu) {
                // A whole invocation takes far longer than any offset between CPUs' counters, and a
                // test thread that runs for milliseconds is often moved: keep the sample, say so.
                notes.add(ConsoleNotes.INVOCATION_MOVED + String.format(Locale.ROOT,
                        "%d to CPU %d during the invocation; its sample is kept "
                                + "(a cross-CPU counter offset is negligible against a whole invocation), "
                                + "while probe regions that move are dropped", beginCpu, endCpu));
                endCpu = beginCpu;
            }
            this.invocation.record(t0, t1, beginCpu, endCpu);
            int recordedEndCpu = endCpu;
            aggregate.ifPresent(a -> a.add(t0, t1, beginCpu, recordedEndCpu));
        }
    }

    /**
     * The test's record, not yet judged against a baseline ({@link ChronoscopeRuntime#complete}): its
     * invocation's timing first, then each probe region's, then explicit regions.
     */
    TestRecord record(ExtensionContext test, String outcome) {
        List<Timing> timings = new ArrayList<>();
        Timing invoked = Timings.build("invocation", invocation, context);
        timings.add(invoked);
        if (invocationEvent != null) {
            invocationEvent.commitEnded(testName, invoked, 1);
        }
        timings.addAll(probe.timings());
        if (probe.hasExplicitSamples()) {
            timings.add(probe.recordedForTheRecord());
        }
        List<String> warnings = new ArrayList<>(plan.choice().warnings());
        warnings.addAll(pinning.warnings());
        warnings.addAll(notes);
        probe.unendedRegion().ifPresent(warnings::add);
        warnings.addAll(probe.warmupWarnings());
        warnings.addAll(throttled(timings, runtime.host()));
        // said with every test's figures, never silent: they are not of the code production runs
        JitMode.current().warning().ifPresent(warnings::add);
        RuntimeModules.warning().ifPresent(warnings::add);
        runtime.parallelExecution(test.getUniqueId()).ifPresent(warnings::add);
        if (!turn.startsWith("held ")) {
            warnings.add(turn);
        }
        return TestRecord.builder()
                .test(test.getUniqueId(), testName, test.getDisplayName())
                .outcome(outcome)
                .clock(plan.choice().clock(), plan.choice().why(), context.reader().readMethod())
                .frequency(context.frequency())
                .host(hostLine(runtime.host()))
                .container(ContainerFacts.of(runtime.host()))
                .floor(context.floor(), context.subtractFloor())
                .step(context.step(), context.stepSource())
                .warmup(warmup)
                .pinned(pinning.description())
                .history(history)
                .timingLock(turn)
                .warnings(warnings)
                .timings(timings, aggregate.map(a -> a.timing(context)).orElse(null))
                .started(startedAt, ProcessHandle.current().pid())
                .run(runtime.run())
                .comparisons(probe.comparisons().stream().map(c -> ComparisonRecord.of(c, timings)).toList())
                // the claims made in the test and its @AfterEach methods, which run before the record is made
                .claims(ClaimRecord.of(context.claims().take(), timings))
                .coreSpeed(new CoreSpeed(speedBefore, speedAfter, runtime.jvm().coreSpeed().reference()))
                .hostLoad(loadBefore.flatMap(before -> loadAfter.map(after -> after.since(before))))
                .build();
    }

    /**
     * Ends the test's measuring: undoes what its setup did to its thread (the CPU affinity), and
     * retires its probe, so that a region timed later (in {@code @AfterEach}, or by a probe kept in
     * a field) fails instead of vanishing from every record. Once; later calls do nothing.
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            probe.end(testName);
            speedAfter = runtime.jvm().coreSpeed().nanosPerStep();
            loadAfter = runtime.hostLoadNow();
            pinning.restore();
            runtime.timingLock().release();
        }
    }

    /** A warning for each timing that the cgroup's CPU quota throttled while it took its samples. */
    static List<String> throttled(List<Timing> timings, HostFacts host) {
        Fact<CpuQuota> quota = host.get(HostFact.CGROUP_CPU_QUOTA);
        List<String> out = new ArrayList<>();
        for (Timing t : timings) {
            t.cpuThrottling().filter(CpuThrottling::throttled)
                    .ifPresent(c -> out.add("timing '" + t.label() + "': its cgroup was " + c.describe()
                    + " while it sampled (CPU quota " + quota.describe() + " when the run started): its figures"
                    + " include waits for quota"));
        }
        return out;
    }

    static String hostLine(HostFacts host) {
        Fact<Boolean> invariant = host.invariantTscVerdict();
        return "invariant TSC " + (invariant.isKnown() ? (invariant.get() ? "yes" : "no") : "unknown")
                + " | clocksource " + host.clocksource().orElse("unknown")
                + " | hypervisor " + (Boolean.TRUE.equals(host.hypervisor().value()) ? host.hypervisorVendor()
                .orElse("yes") :
                host.hypervisor().isKnown() ? "none" : "unknown")
                + " | CPUs online " + host.onlineCpus().map(Object::toString).orElse("unknown")
                + " | " + host.cpuModel().orElse("CPU model unknown")
                + " | JIT " + JitMode.current().describe();
    }
}
