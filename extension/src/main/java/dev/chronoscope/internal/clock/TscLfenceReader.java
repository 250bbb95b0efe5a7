package dev.chronoscope.internal.clock;

import dev.chronoscope.internal.ffm.ProbeLibrary;

import java.lang.ref.Reference;

/**
 * {@link dev.chronoscope.ClockId#TSC_FENCED} without RDTSCP: {@code lfence;rdtsc;lfence} at both ends (on aarch64
 * {@code isb;mrs cntvct_el0;isb}), the CPU of each read taken outside the ordered window from the
 * path's source ({@link TscReadPath.CpuSource}): RDPID, the OS, or none.
 */
final class TscLfenceReader extends CpuSlotReader {

    private final int source;

    TscLfenceReader(TscReadPath path) {
        super(path);
        if (path.read() == TscReadPath.Read.RDTSCP) {
            throw new IllegalArgumentException("an RDTSCP path is read by TscFencedReader: " + path);
        }
        this.source = path.cpuSource().nativeCode();
    }

    @Override
    public long begin() {
        try {
            return (long) ProbeLibrary.COUNTER_BEGIN_LF.invokeExact(source, beginCpuAddress);
        } catch (Throwable t) {
            throw new AssertionError(t);
        } finally {
            Reference.reachabilityFence(cpus); // the native code writes into it
        }
    }

    @Override
    public long end() {
        try {
            return (long) ProbeLibrary.COUNTER_END_LF.invokeExact(source, endCpuAddress);
        } catch (Throwable t) {
            throw new AssertionError(t);
        } finally {
            Reference.reachabilityFence(cpus); // the native code writes into it
        }
    }
}
