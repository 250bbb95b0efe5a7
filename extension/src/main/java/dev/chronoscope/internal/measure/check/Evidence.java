package dev.chronoscope.internal.measure.check;

import dev.chronoscope.Timing;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the checks read of one sampling: the sampling, what was read while it ran, the figure built
 * from it (for a check that asks whether to sample again), and what the way of timing holds it against.
 * Nothing here is null: a fact not read is empty, and its check has nothing to say.
 */
public record Evidence(Sampling sampling, WhileSampling seen, Optional<Timing> figure, Looks looks) {

    /** The evidence every sampling has. */
    public static Evidence of(Sampling sampling, WhileSampling seen) {
        return new Evidence(sampling, seen, Optional.empty(), Looks.NONE);
    }

    /** With the figure built from the samples, before its checks. */
    public Evidence figure(Timing timing) {
        return new Evidence(sampling, seen, Optional.of(timing), looks);
    }

    /** With the level the samples are held against (slower than warmed up); empty: warm-ups off, or no samples. */
    public Evidence warmedUp(Optional<WarmedUp> level) {
        return new Evidence(sampling, seen, figure, new Looks(level, looks.pilots(), looks.alone(), looks.again()));
    }

    /** With pilots at k and 2k calls (re-sized); empty: the batch cannot double. */
    public Evidence pilots(Optional<Pilots> pilots) {
        return new Evidence(sampling, seen, figure, new Looks(looks.warmedUp(), pilots, looks.alone(), looks.again()));
    }

    /** With the same calls alone, measured when the check is reached (back to back above alone). */
    public Evidence alone(Supplier<CallsAlone> alone) {
        return new Evidence(sampling, seen, figure,
                new Looks(looks.warmedUp(), looks.pilots(), Optional.of(alone), looks.again()));
    }

    /** With the side alone again right after its samples in turn, looked at when they read slower than warmed up. */
    public Evidence again(Supplier<AloneAgain> again) {
        return new Evidence(sampling, seen, figure,
                new Looks(looks.warmedUp(), looks.pilots(), looks.alone(), Optional.of(again)));
    }

    /** The samples taken. */
    long samples() {
        return sampling.samples();
    }

    /** The clock's unit the figures are in. */
    String unit() {
        return sampling.unit();
    }
}
