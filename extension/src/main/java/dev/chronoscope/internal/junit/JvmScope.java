package dev.chronoscope.internal.junit;

import dev.chronoscope.internal.junit.fork.InheritedCalibration;
import dev.chronoscope.internal.junit.fork.InheritedCoreSpeed;
import dev.chronoscope.internal.measure.JvmState;
import dev.chronoscope.internal.measure.Once;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What Chronoscope keeps for as long as the JVM lives, beyond any run: the JVM's timing state
 * ({@link JvmState}: measured facts and the JIT's state), the ordering of its timed tests under
 * parallel execution ({@link Exclusivity}), its place in the cross-JVM timing lock
 * ({@link MachineTimingLock}), its running timed tests ({@link RunningTimedTests}) and the messages it says once.
 *
 * <p>{@link #CURRENT} is the one mutable static of the JUnit integration, and it must be static:
 * the launcher listener measures the JVM's facts before the engine — and so any run and its root
 * store — exists; a JVM runs several launchers and runs (Surefire's re-runs, an IDE), whose tests
 * share one JIT, one set of CPUs and one process's file locks; and JUnit offers no store wider
 * than a run. Everything below receives the part it needs as an argument.
 */
final class JvmScope {

    /** This JVM's. */
    static final JvmScope CURRENT = new JvmScope(inherited(new JvmState(InheritedCalibration.forThisJvm())),
            new Exclusivity(), new Once<>(), ConcurrentHashMap.newKeySet(), new RunningTimedTests(),
            new TimedHistory());

    private final JvmState state;
    private final Exclusivity exclusivity;
    /** Opened at the first timed test: it creates a private directory, which untimed projects never need. */
    private final Once<MachineTimingLock> timingLock;
    private final Set<String> said;
    private final RunningTimedTests running;
    private final TimedHistory history;
    private final TimingCallbacks callbacks;

    private JvmScope(JvmState state, Exclusivity exclusivity, Once<MachineTimingLock> timingLock, Set<String> said,
                     RunningTimedTests running, TimedHistory history) {
        this.state = state;
        this.exclusivity = exclusivity;
        this.timingLock = timingLock;
        this.said = said;
        this.running = running;
        this.history = history;
        this.callbacks = new TimingCallbacks(this);
    }

    /** {@code state} with what a forked test's suite JVM handed on beyond its calibration: its core-speed reference. */
    private static JvmState inherited(JvmState state) {
        InheritedCoreSpeed.applyTo(state.coreSpeed());
        return state;
    }

    /**
     * This scope timing on {@code other} (a described host's counter, or a test's calibration): the
     * same JVM's exclusivity, timing lock and messages, which exist once per process whatever is timed.
     */
    JvmScope timingOn(JvmState other) {
        return new JvmScope(other, exclusivity, timingLock, said, running, history);
    }

    /** The JVM's measured facts and JIT state. */
    JvmState state() {
        return state;
    }

    Exclusivity exclusivity() {
        return exclusivity;
    }

    /**
     * The JVM's end of the cross-JVM timing lock: one file channel per process, since closing any descriptor of a file
     * drops the process's locks on it.
     */
    MachineTimingLock timingLock() {
        return timingLock.get(MachineTimingLock::forThisUser);
    }

    /** The timed tests this JVM began, for what each test's figures were taken after. */
    TimedHistory history() {
        return history;
    }

    /** The timed tests running in this JVM, for what it says if it is told to end meanwhile. */
    RunningTimedTests running() {
        return running;
    }

    /** The extension's callbacks, timing on this JVM. */
    TimingCallbacks callbacks() {
        return callbacks;
    }

    /** True the first time {@code message} is offered in this JVM: it is to be said; false after. */
    boolean firstSaying(String message) {
        return said.add(message);
    }
}
