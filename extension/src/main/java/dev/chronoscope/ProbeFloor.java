package dev.chronoscope;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code ProbeFloor} is used to report the cost of an empty timed region: what the clock reads
 * around nothing, through the same code path as the test's regions, measured right before the test.
 * Every timed duration contains it.
 *
 * @param clock        the clock the floor was read with
 * @param raw          the distribution in the clock's unit (see {@link Summary#unit()})
 * @param nanos        the same in nanoseconds
 * @param elapsedNanos wall time the measurement of the floor took
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ProbeFloor(ClockId clock, Summary raw, Summary nanos, long elapsedNanos) {

    /** The floor's median in the clock's unit: what {@link SubtractProbeFloor} subtracts. */
    public double median() {
        return raw.p50();
    }
}
