package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.host.Cgroups;
import dev.chronoscope.internal.host.CpuStat;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The throttling counters ({@code cpu.stat}) of the cgroup whose CPU quota binds this process, read
 * around a measurement, never inside one, as {@link ThreadSwitches} reads the context switches. The
 * file is found once per JVM, on first use, like {@code /proc/thread-self}: a process's cgroup is
 * set when it starts and a test run does not move it.
 */
public final class QuotaThrottling {

    private QuotaThrottling() {
    }

    // a holder class, so that only the first timing pays for reading /proc/self/cgroup and mountinfo
    private static final class Located {
        static final Fact<Path> CPU_STAT = Cgroups.locate(HostFiles.system()).cpuStat();
    }

    /** The counters now; null where there is no quota or they cannot be read ({@link #unknownReason()}). */
    public static CpuStat read() {
        return Located.CPU_STAT.isKnown() ? read(Located.CPU_STAT.get()) : null;
    }

    static CpuStat read(Path cpuStat) {
        try {
            return CpuStat.parse(new String(Files.readAllBytes(cpuStat), StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Why throttling is not counted here; empty where it is. */
    public static String unknownReason() {
        return Located.CPU_STAT.unknownReason();
    }
}
