package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.ffm.ProbeLibrary;

import java.lang.foreign.Arena;
import java.lang.ref.Reference;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * {@link ClockId#TSC_FENCED}: the counter read in order at both ends, with the CPU of each read.
 * On x86-64 the begin read is {@code lfence;rdtscp;lfence} (RDTSCP rather than RDTSC so that the
 * begin CPU arrives with the same instruction; the leading LFENCE gives it the same ordering) and
 * the end read {@code rdtscp;lfence}. IA32_TSC_AUX holds the CPU number on Linux.
 */
final class TscFencedReader extends ClockReader {

    // kept reachable by this field for as long as the reader lives; the probe writes through the addresses
    private final MemorySegment cpus = Arena.ofAuto().allocate(JAVA_INT, 2);
    private final long beginCpuAddress = cpus.address();
    private final long endCpuAddress = cpus.address() + 4;
    private final boolean reportsCpu = ProbeLibrary.counterKind() == ProbeLibrary.COUNTER_TSC;

    @Override
    public ClockId clock() {
        return ClockId.TSC_FENCED;
    }

    @Override
    public long begin() {
        try {
            return (long) ProbeLibrary.COUNTER_BEGIN_CPU.invokeExact(beginCpuAddress);
        } catch (Throwable t) {
            throw new AssertionError(t);
        } finally {
            Reference.reachabilityFence(cpus); // the native code writes into it
        }
    }

    @Override
    public long end() {
        try {
            return (long) ProbeLibrary.COUNTER_END_CPU.invokeExact(endCpuAddress);
        } catch (Throwable t) {
            throw new AssertionError(t);
        } finally {
            Reference.reachabilityFence(cpus); // the native code writes into it
        }
    }

    @Override
    public int beginCpu() {
        return reportsCpu ? cpus.get(JAVA_INT, 0) : CPU_UNKNOWN;
    }

    @Override
    public int endCpu() {
        return reportsCpu ? cpus.get(JAVA_INT, 4) : CPU_UNKNOWN;
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
