package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.clock.ClockSurvey;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.clock.StepObservation;
import dev.chronoscope.internal.clock.SteppedReader;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.host.HostFactsReader;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What Chronoscope reads and measures once per JVM, before any test's clock starts: the host's
 * facts, the counter's calibrated frequency, each clock's observed step, and the warm-up of each
 * clock's probe path. Everything is computed on first request and then kept; concurrent first
 * requests wait for one computation. The JUnit integration keeps one for the JVM's lifetime (the
 * warm-up is the JVM's own state); a command-line tool makes its own.
 */
public final class JvmFacts {

    /** Reads for the short per-clock step observation (the doctor uses 2M). */
    static final long STEP_READS = 200_000;
    static final long STEP_MIN_NANOS = 50_000_000L;
    static final long STEP_MAX_NANOS = 500_000_000L;

    /** How the counter's frequency is measured: {@link TscCalibration#calibrate()} on a real JVM. */
    private final Calibrator calibrator;
    /** How timings read a clock: {@link ClockReaders#open}, or a coarser host's stepped counter. */
    private final Opener opener;
    private volatile HostFacts host;
    private volatile Fact<TscCalibration> calibration;
    private final Map<ClockId, ProbeWarmup> warmups = new ConcurrentHashMap<>();
    /** Per clock, the highest median its probe path settled at under the full rule (see {@link Warmer#rewarmIfCold}). */
    private final Map<ClockId, Long> probeLevels = new ConcurrentHashMap<>();
    /** The clocks whose last re-warm ran its budget out without settling. */
    private final java.util.Set<ClockId> unsettledRewarms = ConcurrentHashMap.newKeySet();
    private final Map<ClockId, ClockStep> steps = new ConcurrentHashMap<>();
    private final CompiledRegions compiledRegions = new CompiledRegions();

    /** Nothing measured yet: each fact is measured on first request. */
    public JvmFacts() {
        this(TscCalibration::calibrate);
    }

    /**
     * Nothing measured yet; the counter's frequency, when first asked for, is what {@code calibrator}
     * measures (a calibrator that throws leaves it unknown, with the reason).
     */
    public JvmFacts(Calibrator calibrator) {
        this(calibrator, ClockReaders::open);
    }

    private JvmFacts(Calibrator calibrator, Opener opener) {
        this.calibrator = java.util.Objects.requireNonNull(calibrator, "calibrator");
        this.opener = java.util.Objects.requireNonNull(opener, "opener");
    }

    /**
     * Facts measured afresh, with the same calibrator, on counter clocks whose readings are rounded
     * down to multiples of {@code ticks} ({@link SteppedReader}): a coarser host's TSC. The
     * frequency is the real counter's (a step does not change it); the steps, warm-ups and every
     * reader {@link #open} gives see the stepped counter.
     */
    public JvmFacts withCounterStep(long ticks) {
        return withReadPath(null, ticks, "chronoscope.host.tscStepTicks");
    }

    /**
     * Facts measured afresh, as {@link #withCounterStep} gives, with {@code TSC_FENCED} read on
     * {@code path} (null: this host's automatic path) and counter readings rounded down to multiples
     * of {@code ticks} (1: as they are), {@code stepOrigin} naming where that step comes from.
     */
    public JvmFacts withReadPath(dev.chronoscope.internal.clock.TscReadPath path, long ticks, String stepOrigin) {
        return new JvmFacts(calibrator, clock -> {
            ClockReader real = ClockReaders.open(clock, path);
            return clock.countsTicks() && ticks > 1 ? new SteppedReader(real, ticks, stepOrigin) : real;
        });
    }

    /** Measures the counter's frequency. */
    @FunctionalInterface
    public interface Calibrator {
        TscCalibration calibrate() throws ClockUnavailableException;
    }

    /** Opens a reader of a clock. */
    @FunctionalInterface
    private interface Opener {
        ClockReader open(ClockId clock) throws ClockUnavailableException;
    }

    /** A reader of {@code clock} as these facts read it: the real clock, or a coarser host's counter. */
    public ClockReader open(ClockId clock) throws ClockUnavailableException {
        return opener.open(clock);
    }

    /**
     * A clock's step as observed by back-to-back reads.
     *
     * @param observation the reads
     * @param step        the smallest step seen, in the clock's unit
     */
    public record ClockStep(StepObservation observation, long step) {
        /** True when the step is the clock's own (few reads changed), false when it is the reading loop's period. */
        public boolean isClockStep() {
            return !observation.stepIsMethodFloor();
        }

        /**
         * The clock's effective resolution from these back-to-back reads and {@code floor}'s samples:
         * the quantum the verdicts and the assertions use.
         */
        public EffectiveResolution resolution(Timings.Floor floor) {
            return EffectiveResolution.of(observation, floor.differences(),
                    floor.floor().raw().unit().symbol());
        }

        public String describe() {
            return String.format(java.util.Locale.ROOT, "%d over %,d back-to-back reads, %.1f %% changed: %s", step, observation.reads(),
                    100 * observation.changedFraction(), isClockStep() ? "the clock's own step"
                            : "the reading loop's period (the clock is finer)");
        }
    }

    /** The real host's facts, read once. */
    public HostFacts host() {
        HostFacts h = host;
        if (h == null) {
            synchronized (this) {
                h = host;
                if (h == null) {
                    h = HostFactsReader.read();
                    host = h;
                }
            }
        }
        return h;
    }

    /** The counter's frequency against CLOCK_MONOTONIC_RAW, calibrated once; unknown with the reason if it cannot be. */
    public Fact<TscCalibration> calibration() {
        Fact<TscCalibration> c = calibration;
        if (c == null) {
            synchronized (this) {
                c = calibration;
                if (c == null) {
                    try {
                        TscCalibration measured = calibrator.calibrate();
                        c = Fact.of(measured, measured.method());
                    } catch (ClockUnavailableException | RuntimeException e) {
                        c = Fact.unknown("TSC calibration failed: " + e.getMessage());
                    }
                    calibration = c;
                }
            }
        }
        return c;
    }

    /** The calibrated frequency as the public value type, for the counter clocks. */
    public Fact<TscFrequency> frequency() {
        return calibration().map(c -> new TscFrequency(c.hz(), c.uncertaintyPpm(), c.method()));
    }

    /** Warms {@code clock}'s probe path once per JVM (later calls return the first result). */
    public ProbeWarmup warmup(ClockId clock, long budgetNanos) throws ClockUnavailableException {
        ProbeWarmup done = warmups.get(clock);
        if (done != null) {
            return done;
        }
        ClockReader reader = open(clock);
        synchronized (warmups) {
            return warmups.computeIfAbsent(clock, c -> {
                ProbeWarmup warmup = new Warmer(reader, compiledRegions.compilerWatch()).probePath(budgetNanos);
                probeLevels.merge(clock, warmup.finalMedian(), Math::max);
                return warmup;
            });
        }
    }

    /** The highest median {@code clock}'s probe path settled at in this JVM; the per-JVM warm-up must have run. */
    public long probeLevel(ClockId clock) {
        Long level = probeLevels.get(clock);
        if (level == null) {
            throw new IllegalStateException("the probe path of " + clock + " was never warmed in this JVM: call warmup first");
        }
        return level;
    }

    /**
     * Re-warms {@code clock}'s probe path with {@code reader} if it went cold since it last settled
     * in this JVM ({@link Warmer#rewarmIfCold}); the per-JVM warm-up must have run.
     *
     * @return empty when the path was still warm, else the re-warm done
     */
    public java.util.Optional<ProbeWarmup> rewarmIfCold(ClockId clock, ClockReader reader, long budgetNanos) {
        long level = probeLevel(clock);
        // after a re-warm that ran its whole budget without settling, the path has run hot that long and
        // is as compiled as the JIT will make it soon: the next re-warms get the JIT-quiet window only,
        // rather than every later test paying the full budget again (seen: 300 ms a test); the record
        // still says each one did not settle
        long budget = unsettledRewarms.contains(clock) ? Math.min(budgetNanos, WarmupRule.MIN_JIT_QUIET_NANOS) : budgetNanos;
        java.util.Optional<ProbeWarmup> again = new Warmer(reader, compiledRegions.compilerWatch()).rewarmIfCold(level, budget,
                settled -> probeLevels.merge(clock, settled, Math::max));
        again.ifPresent(w -> {
            if (w.converged()) {
                unsettledRewarms.remove(clock);
            } else {
                unsettledRewarms.add(clock);
            }
        });
        return again;
    }

    /** The region classes whose code the JIT has compiled in this JVM, as the region warm-ups saw. */
    public CompiledRegions compiledRegions() {
        return compiledRegions;
    }

    /** {@code clock}'s observed step, measured once per JVM with a short back-to-back read loop. */
    public ClockStep step(ClockId clock) throws ClockUnavailableException {
        ClockStep done = steps.get(clock);
        if (done != null) {
            return done;
        }
        ClockReader reader = open(clock);
        synchronized (steps) {
            return steps.computeIfAbsent(clock, c -> {
                ClockSurvey.observe(reader, 20_000, 0, Long.MAX_VALUE);
                StepObservation o = ClockSurvey.observe(reader, STEP_READS, STEP_MIN_NANOS, STEP_MAX_NANOS);
                return new ClockStep(o, o.smallestStep());
            });
        }
    }

    /** Everything a test timed with {@code clock} needs, done now so that no test's timing includes it. */
    public void prepare(ClockId clock, long warmupBudgetNanos) throws ClockUnavailableException {
        host();
        if (clock.countsTicks()) {
            calibration();
        }
        step(clock);
        warmup(clock, warmupBudgetNanos);
    }
}
