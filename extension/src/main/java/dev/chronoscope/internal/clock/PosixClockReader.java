package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.ffm.Libc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** A {@code CLOCK_*} clock read with {@code clock_gettime} through a critical FFM downcall. */
final class PosixClockReader extends ClockReader {

    private final ClockId clock;
    private final int clockId;
    private final MemorySegment timespec = Arena.ofAuto().allocate(Libc.TIMESPEC);

    PosixClockReader(ClockId clock) {
        this.clock = clock;
        this.clockId = clock.posixClockId().orElseThrow();
    }

    @Override
    public ClockId clock() {
        return clock;
    }

    @Override
    public long begin() {
        return Libc.clockGettimeNanos(clockId, timespec);
    }

    @Override
    public long end() {
        return Libc.clockGettimeNanos(clockId, timespec);
    }

    @Override
    public String readMethod() {
        return "clock_gettime(" + clock.name() + ")";
    }
}
