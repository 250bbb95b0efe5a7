package dev.chronoscope.internal.clock;

import dev.chronoscope.internal.ffm.ProbeLibrary;

import java.lang.ref.Reference;

/**
 * {@link dev.chronoscope.ClockId#TSC_FENCED} on the RDTSCP path ({@link TscReadPath.Read#RDTSCP}): the counter read
 * in order at both ends, with the CPU of each read. The begin read is {@code lfence;rdtscp;lfence}
 * (RDTSCP rather than RDTSC so that the begin CPU arrives with the same instruction; the leading
 * LFENCE gives it the same ordering) and the end read {@code rdtscp;lfence}. Only opened where CPUID
 * advertises RDTSCP and TSC_AUX was seen to hold the OS's CPU numbers ({@link TscAuxCheck}).
 */
final class TscFencedReader extends CpuSlotReader {

    TscFencedReader(TscReadPath path) {
        super(path);
        if (path.read() != TscReadPath.Read.RDTSCP || ProbeLibrary.COUNTER_BEGIN_CPU == null) {
            throw new IllegalArgumentException("the RDTSCP reader cannot read " + path.read()
                    + (ProbeLibrary.COUNTER_BEGIN_CPU == null
                    ? " and is not bound on this CPU (CPUID does not advertise RDTSCP)" : ""));
        }
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
}
