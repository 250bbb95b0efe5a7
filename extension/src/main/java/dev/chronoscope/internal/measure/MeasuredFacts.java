package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockSurvey;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.clock.StepObservation;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.host.HostFactsReader;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a JVM measures once and never again: the host's facts, the counter's calibrated frequency
 * and each clock's observed step. Each is measured on first request ({@link Once}) and is a fact
 * from then on; none changes as the JVM runs. The part of {@link JvmState} that does not move.
 */
final class MeasuredFacts {

    /** Reads for the short per-clock step observation (the doctor uses 2M). */
    static final long STEP_READS = 200_000;
    /** The step observation reads for at least this long, so a coarse clock shows several steps. */
    static final long STEP_MIN_NANOS = 50_000_000L;
    /** And at most this long, so a slow clock read does not hold the JVM's preparation up. */
    static final long STEP_MAX_NANOS = 500_000_000L;

    private final JvmState.Calibrator calibrator;
    private final JvmState.Opener opener;
    private final Once<HostFacts> host = new Once<>();
    private final Once<Fact<TscCalibration>> calibration = new Once<>();
    private final Map<ClockId, Once<ClockStep>> steps = new EnumMap<>(ClockId.class);

    MeasuredFacts(JvmState.Calibrator calibrator, JvmState.Opener opener) {
        this.calibrator = Objects.requireNonNull(calibrator, "calibrator");
        this.opener = Objects.requireNonNull(opener, "opener");
        for (ClockId clock : ClockId.values()) {
            steps.put(clock, new Once<>());
        }
    }

    /** The same calibrator, clocks read through {@code opener}: nothing measured yet. */
    MeasuredFacts readingWith(JvmState.Opener opener) {
        return new MeasuredFacts(calibrator, opener);
    }

    ClockReader open(ClockId clock) throws ClockUnavailableException {
        return opener.open(clock);
    }

    HostFacts host() {
        return host.get(HostFactsReader::read);
    }

    Fact<TscCalibration> calibration() {
        return calibration.get(() -> {
            try {
                TscCalibration measured = calibrator.calibrate();
                return Fact.of(measured, calibrator.describe(measured));
            } catch (ClockUnavailableException | RuntimeException e) {
                return Fact.unknown("TSC calibration failed: " + e.getMessage());
            }
        });
    }

    Fact<TscFrequency> frequency() {
        return calibration().map(c -> new TscFrequency(c.hz(), c.uncertaintyPpm(), calibrator.describe(c)));
    }

    /** {@code clock}'s observed step, measured with a short back-to-back read loop. */
    ClockStep step(ClockId clock) throws ClockUnavailableException {
        Once<ClockStep> once = steps.get(clock);
        Optional<ClockStep> measured = once.ifComputed();
        if (measured.isPresent()) {
            return measured.get(); // no reader opened for a fact already measured
        }
        ClockReader reader = open(clock);
        return once.get(() -> {
            ClockSurvey.observe(reader, 20_000, 0, Long.MAX_VALUE);
            StepObservation o = ClockSurvey.observe(reader, STEP_READS, STEP_MIN_NANOS, STEP_MAX_NANOS);
            return new ClockStep(o, o.smallestStep());
        });
    }
}
