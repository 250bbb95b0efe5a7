package dev.chronoscope;

import org.apiguardian.api.API;

import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code CpuThrottling} is used to report what a cgroup CPU quota did while a timing took its samples:
 * the quota's periods that elapsed, the periods in which the process's cgroup ran out of quota and
 * was throttled (its threads not scheduled until the next period), and the time it spent throttled.
 * Read from the {@code cpu.stat} of the cgroup whose quota binds, just before and just after the
 * samples (v1 {@code nr_periods}, {@code nr_throttled}, {@code throttled_time}; v2 the same with
 * {@code throttled_usec}). The cgroup's counters cover all its threads: a period throttled by
 * another thread's work also stalled the measuring thread if it wanted to run then. Immutable.
 *
 * @param periods          quota periods that elapsed while the cgroup had runnable threads
 * @param throttledPeriods of those, the periods in which it was throttled
 * @param throttledNanos   the time it spent throttled, in ns
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record CpuThrottling(long periods, long throttledPeriods, long throttledNanos) {

    public CpuThrottling {
        if (periods < 0 || throttledPeriods < 0 || throttledNanos < 0 || throttledPeriods > periods) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "throttled in %d of %d periods for %d ns: expected counts >= 0, throttled periods <= periods",
                    throttledPeriods, periods, throttledNanos));
        }
    }

    /** Whether the quota throttled the cgroup at least once while the samples were taken. */
    public boolean throttled() {
        return throttledPeriods > 0;
    }

    /** {@code throttled in 12 of 13 CPU-quota periods (812.4 ms)}. */
    public String describe() {
        return String.format(Locale.ROOT, "throttled in %d of %d CPU-quota periods (%.1f ms)", throttledPeriods,
                periods, throttledNanos / 1e6);
    }
}
