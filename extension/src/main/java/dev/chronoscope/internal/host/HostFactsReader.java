package dev.chronoscope.internal.host;

import java.nio.file.Path;
import java.util.function.BiFunction;

/**
 * {@code HostFactsReader} is used to read the {@link HostFacts} of the real host, or of a host
 * described by in-memory files, CPUID leaves and NTP state. Reading never throws: what cannot be
 * read is an unknown fact with the reason. It reads about a dozen small files and CPUID leaves;
 * callers that need the facts often keep one per JVM.
 */
public final class HostFactsReader {

    /** What an absent file means where its absence says nothing else. */
    private static final String ABSENT = "file absent";

    private static final String CLOCKSOURCE_DIR = "/sys/devices/system/clocksource/clocksource0/";
    public static final String CURRENT_CLOCKSOURCE = CLOCKSOURCE_DIR + "current_clocksource";
    public static final String AVAILABLE_CLOCKSOURCE = CLOCKSOURCE_DIR + "available_clocksource";
    public static final String SMT_ACTIVE = "/sys/devices/system/cpu/smt/active";
    public static final String SMT_CONTROL = "/sys/devices/system/cpu/smt/control";
    public static final String ONLINE = "/sys/devices/system/cpu/online";
    public static final String SCALING_GOVERNOR = "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor";
    public static final String BOOST = "/sys/devices/system/cpu/cpufreq/boost";
    public static final String NO_TURBO = "/sys/devices/system/cpu/intel_pstate/no_turbo";
    public static final String ISOLATED = "/sys/devices/system/cpu/isolated";
    public static final String NOHZ_FULL = "/sys/devices/system/cpu/nohz_full";
    public static final String OSRELEASE = "/proc/sys/kernel/osrelease";
    public static final String CMDLINE = "/proc/cmdline";

    private HostFactsReader() {
    }

    /** The facts of this host: its files, CPUID through the native probe, adjtimex through libc. */
    public static HostFacts read() {
        return read(HostFiles.system(), CpuidSource.probe(), NtpSource.system());
    }

    /** The facts of the host that {@code files}, {@code cpu} and {@code ntp} describe. */
    public static HostFacts read(HostFiles files, CpuidSource cpu, NtpSource ntp) {
        Fact<String> cpuinfoText = text(files, CpuInfo.PATH, ABSENT);
        CpuInfo cpuinfo = cpuinfoText.isKnown() ? CpuInfo.parse(cpuinfoText.get())
                : CpuInfo.unknown(cpuinfoText.source());
        CpuidFacts cpuid = CpuidFacts.decode(cpu);
        Cgroups cgroups = Cgroups.locate(files);

        // one line per fact, in HostFact's order; a new fact is its key and its line here
        return HostFacts.builder()
                .with(HostFact.CPU_VENDOR, firstKnown(cpuid.vendor(), cpuinfo.vendor()))
                .with(HostFact.CPU_MODEL, firstKnown(cpuid.brand(), cpuinfo.modelName()))
                .with(HostFact.LOGICAL_CPUS, cpuinfo.processors())
                .with(HostFact.ONLINE_CPUS, file(files, ONLINE, CpuList::parse))
                .with(HostFact.SMT_ACTIVE, file(files, SMT_ACTIVE, HostParsers::zeroOrOne))
                .with(HostFact.SMT_CONTROL, file(files, SMT_CONTROL, HostParsers::word))
                .with(HostFact.INVARIANT_TSC, cpuid.invariantTsc())
                .with(HostFact.RDTSCP, cpuid.rdtscp())
                .with(HostFact.RDPID, cpuid.rdpid())
                .with(HostFact.HYPERVISOR, firstKnown(cpuid.hypervisorPresent(), cpuinfo.flag("hypervisor")))
                .with(HostFact.HYPERVISOR_VENDOR, cpuid.hypervisorVendor())
                .with(HostFact.CONSTANT_TSC_FLAG, cpuinfo.flag("constant_tsc"))
                .with(HostFact.NONSTOP_TSC_FLAG, cpuinfo.flag("nonstop_tsc"))
                .with(HostFact.TSC_KNOWN_FREQ_FLAG, cpuinfo.flag("tsc_known_freq"))
                .with(HostFact.RDTSCP_FLAG, cpuinfo.flag("rdtscp"))
                .with(HostFact.KERNEL_TSC_PARAMETERS, file(files, CMDLINE, HostParsers::tscParameters))
                .with(HostFact.CLOCKSOURCE, file(files, CURRENT_CLOCKSOURCE, HostParsers::word))
                .with(HostFact.AVAILABLE_CLOCKSOURCES, file(files, AVAILABLE_CLOCKSOURCE, HostParsers::words))
                // cpufreq appears only when a driver manages the CPU's frequency; VMs usually have none
                .with(HostFact.CPUFREQ_GOVERNOR, file(files, SCALING_GOVERNOR, "no cpufreq driver (file absent)",
                HostParsers::word)).with(HostFact.CPUFREQ_BOOST,
                file(files, BOOST, "no cpufreq boost control (file absent)", HostParsers::zeroOrOne))
                .with(HostFact.INTEL_NO_TURBO, file(files, NO_TURBO, "not driven by intel_pstate (file absent)",
                HostParsers::zeroOrOne)).with(HostFact.ISOLATED_CPUS, file(files, ISOLATED, CpuList::parse))
                .with(HostFact.NOHZ_FULL_CPUS, file(files, NOHZ_FULL, "kernel built without NO_HZ_FULL (file absent)",
                HostParsers::nohzFull)).with(HostFact.CGROUP, cgroups.describe())
                .with(HostFact.CGROUP_CPU_QUOTA, cgroups.cpuQuota())
                .with(HostFact.CGROUP_CPUSET, cgroups.cpuset())
                .with(HostFact.CGROUP_MEMORY_LIMIT, cgroups.memoryLimit())
                .with(HostFact.KERNEL_RELEASE, file(files, OSRELEASE, HostParsers::line))
                .with(HostFact.TSC_FREQUENCY_HZ_CPUID15, cpuid.tscFrequencyHzLeaf15())
                .with(HostFact.BASE_FREQUENCY_HZ_CPUID16, cpuid.baseFrequencyHzLeaf16())
                .with(HostFact.TSC_FREQUENCY_HZ_HYPERVISOR, cpuid.tscFrequencyHzHypervisor())
                .with(HostFact.ADJTIMEX, ntp.read())
                .build();
    }

    /**
     * The file's text with its path as source, or unknown: "{path}: {absent meaning}" / "{path}: unreadable: {why}".
     */
    static Fact<String> text(HostFiles files, String path, String absentMeaning) {
        HostFiles.Content content;
        try {
            content = files.read(Path.of(path));
        } catch (RuntimeException e) {
            // a HostFiles must not throw; if one does, the fact is unknown rather than the whole read failing
            content = new HostFiles.Content.Unreadable(e.toString());
        }
        return switch (content) {
            case HostFiles.Content.Text t -> Fact.of(t.text(), path);
            case HostFiles.Content.Absent a -> Fact.unknown(path + ": " + absentMeaning);
            case HostFiles.Content.Unreadable u -> Fact.unknown(path + ": unreadable: " + u.reason());
        };
    }

    /** {@link #file(HostFiles, String, String, BiFunction)} of a file whose absence means nothing more than that. */
    private static <T> Fact<T> file(HostFiles files, String path, BiFunction<String, String, Fact<T>> parser) {
        return file(files, path, ABSENT, parser);
    }

    private static <T> Fact<T> file(HostFiles files, String path, String absentMeaning,
                                    BiFunction<String, String, Fact<T>> parser) {
        return text(files, path, absentMeaning).flatMap(t -> parser.apply(t, path));
    }

    /** {@code preferred} if known, else {@code fallback} if known, else unknown with both reasons. */
    private static <T> Fact<T> firstKnown(Fact<T> preferred, Fact<T> fallback) {
        if (preferred.isKnown()) {
            return preferred;
        }
        if (fallback.isKnown()) {
            return fallback;
        }
        return Fact.unknown(preferred.unknownReason() + "; " + fallback.unknownReason());
    }
}
