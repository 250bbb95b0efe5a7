package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.clock.StepObservation;

import java.util.Locale;

/**
 * A clock's step as observed by back-to-back reads, once per JVM ({@link MeasuredFacts#step}).
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
        return EffectiveResolution.of(observation, floor.differences(), floor.floor().raw().unit().symbol());
    }

    public String describe() {
        return String.format(Locale.ROOT, "%d over %,d back-to-back reads, %.1f %% changed: %s", step,
                observation.reads(),
                100 * observation.changedFraction(), isClockStep() ? "the clock's own step"
                        : "the reading loop's period (the clock is finer)");
    }
}
