package dev.chronoscope.internal.host;

import dev.chronoscope.internal.format.Text;

/**
 * A cgroup's CPU bandwidth counters, from its {@code cpu.stat}: periods that elapsed while it had
 * runnable threads, periods in which it was throttled (ran out of quota), and the time it spent
 * throttled. Monotonic; the difference of two readings is what happened between them.
 *
 * @param periods          {@code nr_periods}
 * @param throttledPeriods {@code nr_throttled}
 * @param throttledNanos   v1 {@code throttled_time} (ns), v2 {@code throttled_usec} × 1000
 */
public record CpuStat(long periods, long throttledPeriods, long throttledNanos) {

    /**
     * Parses {@code cpu.stat}; null when a counter is missing or malformed (a v2 cgroup whose cpu
     * controller is not enabled lists usage only).
     */
    public static CpuStat parse(String text) {
        long periods = -1;
        long throttled = -1;
        long nanos = -1;
        for (String line : Text.split(text, '\n')) {
            int space = line.indexOf(' ');
            if (space < 0) {
                continue;
            }
            long value;
            try {
                value = Long.parseLong(line.substring(space + 1).strip());
            } catch (NumberFormatException e) {
                return null;
            }
            switch (line.substring(0, space)) {
                case "nr_periods" -> periods = value;
                case "nr_throttled" -> throttled = value;
                case "throttled_time" -> nanos = value;
                case "throttled_usec" -> nanos = value * 1000;
                default -> {
                }
            }
        }
        return periods < 0 || throttled < 0 || nanos < 0 ? null : new CpuStat(periods, throttled, nanos);
    }

    /** What happened from {@code earlier} to this reading. */
    public CpuStat since(CpuStat earlier) {
        return new CpuStat(periods - earlier.periods, throttledPeriods - earlier.throttledPeriods,
                throttledNanos - earlier.throttledNanos);
    }
}
