package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Optional;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * A {@link ClockId#TSC_FENCED} reader on one {@link TscReadPath}: the two native slots the probe
 * writes each read's CPU number into, and what the path says about it. Subclasses make the two
 * downcalls of their path.
 */
abstract sealed class CpuSlotReader extends ClockReader permits TscFencedReader, TscLfenceReader {

    // kept reachable by this field for as long as the reader lives; the probe writes through the addresses
    final MemorySegment cpus = Arena.ofAuto().allocate(JAVA_INT, 2);
    final long beginCpuAddress = cpus.address();
    final long endCpuAddress = cpus.address() + 4;
    private final TscReadPath path;
    private final boolean reportsCpu;

    CpuSlotReader(TscReadPath path) {
        this.path = path;
        this.reportsCpu = path.cpuSource() != TscReadPath.CpuSource.NONE;
    }

    @Override
    public final ClockId clock() {
        return ClockId.TSC_FENCED;
    }

    @Override
    public final int beginCpu() {
        return reportsCpu ? cpus.get(JAVA_INT, 0) : CPU_UNKNOWN;
    }

    @Override
    public final int endCpu() {
        return reportsCpu ? cpus.get(JAVA_INT, 4) : CPU_UNKNOWN;
    }

    @Override
    public final boolean reportsCpu() {
        return reportsCpu;
    }

    @Override
    public final String readMethod() {
        return path.method();
    }

    @Override
    public final Optional<TscReadPath> readPath() {
        return Optional.of(path);
    }
}
