package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.ffm.ProbeLibrary;

/** {@link ClockId#TSC}: the counter read without fences at both ends. */
final class TscBareReader extends ClockReader {

    @Override
    public ClockId clock() {
        return ClockId.TSC;
    }

    @Override
    public long begin() {
        try {
            return (long) ProbeLibrary.COUNTER_BARE.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long end() {
        try {
            return (long) ProbeLibrary.COUNTER_BARE.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public String readMethod() {
        return ProbeLibrary.counterKind() == ProbeLibrary.COUNTER_CNTVCT ? "mrs cntvct_el0 (no isb)"
                : "rdtsc (no fences)";
    }
}
