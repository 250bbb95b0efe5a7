package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;

/**
 * Reads one clock at the two ends of a timed region, in the clock's native unit: ticks for the
 * counter clocks, nanoseconds for the others. A reader that reports CPUs also tells on which CPU
 * each end was read, so a sample spanning a migration can be dropped.
 *
 * <p>Readers hold per-instance scratch memory and are meant for one thread at a time.
 */
public abstract class ClockReader {

    /** The CPU number reported when the reader cannot tell. */
    public static final int CPU_UNKNOWN = -1;

    public abstract ClockId clock();

    /** Reads the clock at the start of a region. */
    public abstract long begin();

    /** Reads the clock at the end of a region. */
    public abstract long end();

    /** The CPU {@link #begin()} last ran on, or {@link #CPU_UNKNOWN}. */
    public int beginCpu() {
        return CPU_UNKNOWN;
    }

    /** The CPU {@link #end()} last ran on, or {@link #CPU_UNKNOWN}. */
    public int endCpu() {
        return CPU_UNKNOWN;
    }

    /** True when {@link #beginCpu()} and {@link #endCpu()} report real CPU numbers. */
    public boolean reportsCpu() {
        return false;
    }

    /** How the two ends are read, e.g. {@code lfence;rdtscp;lfence .. rdtscp;lfence}. */
    public abstract String readMethod();

    /** For {@code TSC_FENCED}, the read path and why it was chosen; empty for the other clocks. */
    public java.util.Optional<TscReadPath> readPath() {
        return java.util.Optional.empty();
    }

    /** True when readings are counter ticks, false when they are nanoseconds. */
    public final boolean countsTicks() {
        return clock().countsTicks();
    }

    @Override
    public String toString() {
        return clock() + " (" + readMethod() + ")";
    }
}
