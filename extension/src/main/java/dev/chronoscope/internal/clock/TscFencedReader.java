package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.ffm.ProbeLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * {@link ClockId#TSC_FENCED}: the counter read in order at both ends, with the CPU of each read.
 * On x86-64 the begin read is {@code lfence;rdtscp;lfence} (RDTSCP rather than RDTSC so that the
 * begin CPU arrives with the same instruction; the leading LFENCE gives it the same ordering) and
 * the end read {@code rdtscp;lfence}. IA32_TSC_AUX holds the CPU number on Linux.
 */
final class TscFencedReader extends ClockReader {

    private final MemorySegment cpus = Arena.ofAuto().allocate(JAVA_INT, 2);
    private final MemorySegment beginCpuSlot = cpus.asSlice(0, 4);
    private final MemorySegment endCpuSlot = cpus.asSlice(4, 4);
    private final boolean reportsCpu = ProbeLibrary.counterKind() == ProbeLibrary.COUNTER_TSC;

    @Override
    public ClockId clock() {
        return ClockId.TSC_FENCED;
    }

    @Override
    public long begin() {
        try {
            return (long) ProbeLibrary.COUNTER_BEGIN_CPU.invokeExact(beginCpuSlot);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public long end() {
        try {
            return (long) ProbeLibrary.COUNTER_END_CPU.invokeExact(endCpuSlot);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Override
    public int beginCpu() {
        return reportsCpu ? beginCpuSlot.get(JAVA_INT, 0) : CPU_UNKNOWN;
    }

    @Override
    public int endCpu() {
        return reportsCpu ? endCpuSlot.get(JAVA_INT, 0) : CPU_UNKNOWN;
    }

    @Override
    public boolean reportsCpu() {
        return reportsCpu;
    }

    @Override
    public String readMethod() {
        return ProbeLibrary.counterKind() == ProbeLibrary.COUNTER_CNTVCT
                ? "isb;mrs cntvct_el0;isb .. isb;mrs cntvct_el0;isb"
                : "lfence;rdtscp;lfence .. rdtscp;lfence";
    }
}
