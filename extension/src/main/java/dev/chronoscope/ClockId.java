package dev.chronoscope;

import org.apiguardian.api.API;

import java.util.OptionalInt;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code ClockId} is used to name the clock a region is timed with.
 *
 * <p>{@link #TSC_FENCED} and {@link #TSC} read the CPU's counter through Chronoscope's native probe
 * and count <em>ticks</em> at the counter's fixed reference rate (not core cycles); they are converted
 * to nanoseconds with a frequency calibrated once per JVM. The {@code CLOCK_*} constants are Linux
 * POSIX clocks read with {@code clock_gettime} through the FFM API, in nanoseconds.
 * {@link #NANO_TIME} is {@link System#nanoTime()}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ClockId {

    /**
     * The time-stamp counter read in order: {@code lfence;rdtscp;lfence} .. {@code rdtscp;lfence} (x86-64), {@code
     * isb;mrs cntvct_el0} (aarch64).
     */
    TSC_FENCED(-1, true, "the CPU counter, fenced so reads cannot move into or out of the region"),
    /** The bare counter ({@code rdtsc}), unordered: cheaper, but the CPU may reorder it with the region. */
    TSC(-1, true, "the CPU counter without fences; reads may be reordered with the region"),
    /** Wall-clock time; steps when the time is set and is slewed by NTP. */
    CLOCK_REALTIME(0, false, "wall-clock time; jumps when the system time is set"),
    /** Time since boot, excluding suspend, slewed by NTP; never steps back. */
    CLOCK_MONOTONIC(1, false, "monotonic time, NTP frequency-corrected"),
    /** CPU time of the whole process (all threads); a system call on Linux. */
    CLOCK_PROCESS_CPUTIME_ID(2, false, "CPU time consumed by the whole process"),
    /** CPU time of the calling thread; a system call on Linux. */
    CLOCK_THREAD_CPUTIME_ID(3, false, "CPU time consumed by the calling thread"),
    /** The hardware counter's time without NTP frequency correction. */
    CLOCK_MONOTONIC_RAW(4, false, "monotonic time from the hardware counter, without NTP correction"),
    /** {@link #CLOCK_REALTIME} as of the last kernel tick: cheap, steps once per tick. */
    CLOCK_REALTIME_COARSE(5, false, "wall-clock time as of the last kernel tick"),
    /** {@link #CLOCK_MONOTONIC} as of the last kernel tick: cheap, steps once per tick. */
    CLOCK_MONOTONIC_COARSE(6, false, "monotonic time as of the last kernel tick"),
    /** Like {@link #CLOCK_MONOTONIC}, but counting time spent in suspend. */
    CLOCK_BOOTTIME(7, false, "monotonic time including suspend"),
    /** International Atomic Time: {@link #CLOCK_REALTIME} without leap seconds. */
    CLOCK_TAI(11, false, "atomic time (REALTIME plus the TAI offset)"),
    /** {@link System#nanoTime()}, which the JDK reads from CLOCK_MONOTONIC on Linux. */
    NANO_TIME(-1, false, "System.nanoTime(), CLOCK_MONOTONIC through the JDK");

    private final int posixId;
    private final boolean counter;
    private final String meaning;

    ClockId(int posixId, boolean counter, String meaning) {
        this.posixId = posixId;
        this.counter = counter;
        this.meaning = meaning;
    }

    /** The Linux {@code clockid_t} for the {@code CLOCK_*} constants; empty for the others. */
    public OptionalInt posixClockId() {
        return posixId < 0 ? OptionalInt.empty() : OptionalInt.of(posixId);
    }

    /** True for the CPU counter clocks, whose readings are ticks rather than nanoseconds. */
    public boolean countsTicks() {
        return counter;
    }

    /** True for the clocks that measure CPU time consumed rather than elapsed time. */
    public boolean measuresCpuTime() {
        return this == CLOCK_PROCESS_CPUTIME_ID || this == CLOCK_THREAD_CPUTIME_ID;
    }

    /** True for the clocks that read the value of the last kernel tick. */
    public boolean isCoarse() {
        return this == CLOCK_REALTIME_COARSE || this == CLOCK_MONOTONIC_COARSE;
    }

    /** True for the wall clocks, which can step when the time is set. */
    public boolean canStep() {
        return this == CLOCK_REALTIME || this == CLOCK_REALTIME_COARSE || this == CLOCK_TAI;
    }

    /** What the clock counts, in a few plain words. */
    public String meaning() {
        return meaning;
    }
}
