package dev.chronoscope.internal.host;

import java.util.Locale;

/**
 * A cgroup's CPU bandwidth limit: its threads together may run {@code quotaMicros} of CPU time in
 * every {@code periodMicros} of wall time, and are throttled (not scheduled) for the rest of a period
 * once they have used it. Read from cgroup v1 {@code cpu.cfs_quota_us} / {@code cpu.cfs_period_us}
 * or v2 {@code cpu.max}.
 *
 * @param quotaMicros  CPU time per period in µs; {@value #NONE} where no quota is set ({@code -1}, {@code max})
 * @param periodMicros the period in µs
 */
public record CpuQuota(long quotaMicros, long periodMicros) {

    /** The quota of a cgroup that has none. */
    public static final long NONE = -1;
    /**
     * The kernel's default period, for "no quota" where no cgroup on the way up names one (cgroup v2 without the cpu
     * controller).
     */
    public static final long DEFAULT_PERIOD_MICROS = 100_000;

    public CpuQuota {
        if (quotaMicros < NONE || quotaMicros == 0) {
            throw new IllegalArgumentException("CPU quota " + quotaMicros + " µs: expected a positive number or "
                    + NONE + " (none)");
        }
        if (periodMicros <= 0) {
            throw new IllegalArgumentException("CPU period " + periodMicros + " µs: expected a positive number");
        }
    }

    /** No quota, with the period the cgroup would use. */
    public static CpuQuota none(long periodMicros) {
        return new CpuQuota(NONE, periodMicros);
    }

    public boolean limited() {
        return quotaMicros != NONE;
    }

    /** CPUs' worth of time per period (0.30 for 30000 of 100000 µs); infinite without a quota. */
    public double cpus() {
        return limited() ? (double) quotaMicros / periodMicros : Double.POSITIVE_INFINITY;
    }

    /** {@code 30000/100000 us (0.30 CPUs)}, or {@code none}: the form records, baselines and the doctor show. */
    @Override
    public String toString() {
        return limited() ? String.format(Locale.ROOT, "%d/%d us (%.2f CPUs)", quotaMicros, periodMicros, cpus())
                : "none";
    }
}
