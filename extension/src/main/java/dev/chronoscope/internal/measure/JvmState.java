package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.clock.SteppedReader;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.clock.TscReadPath;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;

import java.util.Optional;

/**
 * What a JVM knows about timing on itself, in two parts: the {@linkplain MeasuredFacts facts it
 * measured once} (the host's facts, the counter's frequency, each clock's step), and the
 * {@linkplain JitState state of its JIT} (each clock's probe-path warm-up, the compiled region
 * classes). Everything is done on first request; concurrent first requests wait for one.
 *
 * <p>A test asks once, with {@link #prepare}: everything its clock needs is done then, before its
 * clock starts, and the {@link PreparedClock} it gets back is all it reads later. The JUnit
 * integration keeps one for the JVM's lifetime (the JIT's state is the JVM's own); a command-line
 * tool makes its own.
 */
public final class JvmState {

    private final MeasuredFacts facts;
    private final JitState jit = new JitState();
    private final CoreSpeedReference coreSpeed = new CoreSpeedReference();

    /** Nothing measured yet: each fact is measured on first request. */
    public JvmState() {
        this(TscCalibration::calibrate);
    }

    /**
     * Nothing measured yet; the counter's frequency, when first asked for, is what {@code calibrator}
     * measures (a calibrator that throws leaves it unknown, with the reason).
     */
    public JvmState(Calibrator calibrator) {
        this(new MeasuredFacts(calibrator, ClockReaders::open));
    }

    private JvmState(MeasuredFacts facts) {
        this.facts = facts;
    }

    /**
     * A state measured afresh, with the same calibrator, on counter clocks whose readings are rounded
     * down to multiples of {@code ticks} ({@link SteppedReader}): a coarser host's TSC. The frequency
     * is the real counter's (a step does not change it); the steps, warm-ups and every reader
     * {@link #open} gives see the stepped counter.
     */
    public JvmState withCounterStep(long ticks) {
        return withReadPath(null, ticks, ChronoscopeConfig.TSC_STEP_TICKS_KEY);
    }

    /**
     * A state measured afresh, as {@link #withCounterStep} gives, with {@code TSC_FENCED} read on
     * {@code path} (null: this host's automatic path) and counter readings rounded down to multiples
     * of {@code ticks} (1: as they are), {@code stepOrigin} naming where that step comes from.
     */
    public JvmState withReadPath(TscReadPath path, long ticks, String stepOrigin) {
        return new JvmState(facts.readingWith(clock -> {
            ClockReader real = ClockReaders.open(clock, path);
            return clock.countsTicks() && ticks > 1 ? new SteppedReader(real, ticks, stepOrigin) : real;
        }));
    }

    /** Measures the counter's frequency. */
    @FunctionalInterface
    public interface Calibrator {
        TscCalibration calibrate() throws ClockUnavailableException;

        /** How {@code calibration} was obtained, in one line: where it was measured, if not here. */
        default String describe(TscCalibration calibration) {
            return calibration.method();
        }
    }

    /** Opens a reader of a clock. */
    @FunctionalInterface
    interface Opener {
        ClockReader open(ClockId clock) throws ClockUnavailableException;
    }

    /** A reader of {@code clock} as this state reads it: the real clock, or a coarser host's counter. */
    public ClockReader open(ClockId clock) throws ClockUnavailableException {
        return facts.open(clock);
    }

    /** The real host's facts, read once. */
    public HostFacts host() {
        return facts.host();
    }

    /**
     * The counter's frequency against CLOCK_MONOTONIC_RAW, calibrated once; unknown with the reason if it cannot be.
     */
    public Fact<TscCalibration> calibration() {
        return facts.calibration();
    }

    /** The calibrated frequency as the public value type, for the counter clocks. */
    public Fact<TscFrequency> frequency() {
        return facts.frequency();
    }

    /** {@code clock}'s observed step, measured once per JVM with a short back-to-back read loop. */
    public ClockStep step(ClockId clock) throws ClockUnavailableException {
        return facts.step(clock);
    }

    /**
     * {@code clock}'s probe-path warm-up with a budget of {@code budgetNanos} (see {@link JitState} for when it is
     * redone).
     */
    public ProbeWarmup warmup(ClockId clock, long budgetNanos) throws ClockUnavailableException {
        // opened only where a warm-up is due; a kept warm-up that serves a budget serves it for good
        // (it is only replaced by one with a larger budget), so a request that found it needs no reader
        ClockReader reader = jit.needsWarmup(clock, budgetNanos) ? open(clock) : null;
        return jit.warmup(clock, reader, budgetNanos);
    }

    /** The reference each timed test reads the core's speed with, before and after it ({@link CoreSpeedReference}). */
    public CoreSpeedReference coreSpeed() {
        return coreSpeed;
    }

    /** The region classes whose code the JIT has compiled in this JVM, as the region warm-ups saw. */
    public CompiledRegions compiledRegions() {
        return jit.compiledRegions();
    }

    /**
     * Everything a test timed with {@code clock} needs, done now so that no test's timing includes
     * it: the host's facts, the counter's frequency (for the counter clocks), the clock's step and
     * its probe path's warm-up with {@code warmupBudgetNanos}.
     */
    public PreparedClock prepare(ClockId clock, long warmupBudgetNanos) throws ClockUnavailableException {
        facts.host();
        if (clock.countsTicks()) {
            facts.calibration();
        }
        ClockStep step = facts.step(clock);
        ProbeWarmup warmup = warmup(clock, warmupBudgetNanos);
        return new PreparedClock(this, clock, step, warmup);
    }

    /**
     * A clock {@link #prepare prepared} in this JVM: what a test reads of the JVM's state, and all it reads.
     *
     * @param jvm    the state it was prepared in
     * @param clock  the clock
     * @param step   its observed step
     * @param warmup its probe path's warm-up in this JVM (once, or again for a larger budget)
     */
    public record PreparedClock(JvmState jvm, ClockId clock, ClockStep step, ProbeWarmup warmup) {

        /** A new reader of the clock. */
        public ClockReader open() throws ClockUnavailableException {
            return jvm.open(clock);
        }

        /** The clock's probe path's settled level: the highest median it settled at in this JVM. */
        public long settledLevel() {
            return jvm.jit.settledLevel(clock);
        }

        /**
         * Re-warms the probe path with {@code reader} if it went cold since it last settled
         * ({@link Warmer#rewarmIfCold}).
         *
         * @return empty when the path was still warm, else the re-warm done
         */
        public Optional<ProbeWarmup> rewarmIfCold(ClockReader reader, long budgetNanos) {
            return jvm.jit.rewarmIfCold(clock, reader, budgetNanos);
        }

        /** The region classes whose code the JIT has compiled in this JVM. */
        public CompiledRegions compiledRegions() {
            return jvm.compiledRegions();
        }
    }
}
