package dev.chronoscope;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/** {@code Verdict} is used to say whether a clock resolved a timed region. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Verdict {
    /** The region's median is clearly above the probe floor and spans several observed clock steps. */
    RESOLVED,
    /** The region is too short for this clock: its median is lost in the floor or the clock's step. */
    NOT_RESOLVED,
    /** No samples were kept, so nothing can be said. */
    NO_SAMPLES,
    /**
     * The clock resolved the region, but one of Chronoscope's self-checks found evidence that the
     * figure is not the region's steady cost (the reason names the check and its evidence: page
     * faults during sampling, a per-call figure back to back above the same calls alone, ...).
     * Claims on it are inconclusive, and a baseline comparison does not judge it.
     */
    REFUSED
}
