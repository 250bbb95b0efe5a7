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

    public static final String CURRENT_CLOCKSOURCE = "/sys/devices/system/clocksource/clocksource0/current_clocksource";
    public static final String AVAILABLE_CLOCKSOURCE = "/sys/devices/system/clocksource/clocksource0/available_clocksource";
    public static final String SMT_ACTIVE = "/sys/devices/system/cpu/smt/active";
    public static final String SMT_CONTROL = "/sys/devices/system/cpu/smt/control";
    public static final String ONLINE = "/sys/devices/system/cpu/online";
    public static final String SCALING_GOVERNOR = "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor";
    public static final String BOOST = "/sys/devices/system/cpu/cpufreq/boost";
    public static final String NO_TURBO = "/sys/devices/system/cpu/intel_pstate/no_turbo";
    public static final String ISOLATED = "/sys/devices/system/cpu/isolated";
    public static final String NOHZ_FULL = "/sys/devices/system/cpu/nohz_full";
    public static final String OSRELEASE = "/proc/sys/kernel/osrelease";

    private HostFactsReader() {
    }

    /** The facts of this host: its files, CPUID through the native probe, adjtimex through libc. */
    public static HostFacts read() {
        return read(HostFiles.system(), CpuidSource.probe(), NtpSource.system());
    }

    /** The facts of the host that {@code files}, {@code cpu} and {@code ntp} describe. */
    public static HostFacts read(HostFiles files, CpuidSource cpu, NtpSource ntp) {
        Fact<String> cpuinfoText = text(files, CpuInfo.PATH, "file absent");
        CpuInfo cpuinfo = cpuinfoText.isKnown() ? CpuInfo.parse(cpuinfoText.get()) : CpuInfo.unknown(cpuinfoText.source());
        CpuidFacts cpuid = CpuidFacts.decode(cpu);

        return new HostFacts(
                firstKnown(cpuid.vendor(), cpuinfo.vendor()),
                firstKnown(cpuid.brand(), cpuinfo.modelName()),
                cpuinfo.processors(),
                file(files, ONLINE, "file absent", CpuList::parse),
                file(files, SMT_ACTIVE, "file absent", HostParsers::zeroOrOne),
                file(files, SMT_CONTROL, "file absent", HostParsers::word),
                cpuid.invariantTsc(),
                cpuid.rdtscp(),
                firstKnown(cpuid.hypervisorPresent(), cpuinfo.flag("hypervisor")),
                cpuid.hypervisorVendor(),
                cpuinfo.flag("constant_tsc"),
                cpuinfo.flag("nonstop_tsc"),
                cpuinfo.flag("tsc_known_freq"),
                cpuinfo.flag("rdtscp"),
                file(files, CURRENT_CLOCKSOURCE, "file absent", HostParsers::word),
                file(files, AVAILABLE_CLOCKSOURCE, "file absent", HostParsers::words),
                // cpufreq appears only when a driver manages the CPU's frequency; VMs usually have none
                file(files, SCALING_GOVERNOR, "no cpufreq driver (file absent)", HostParsers::word),
                file(files, BOOST, "no cpufreq boost control (file absent)", HostParsers::zeroOrOne),
                file(files, NO_TURBO, "not driven by intel_pstate (file absent)", HostParsers::zeroOrOne),
                file(files, ISOLATED, "file absent", CpuList::parse),
                file(files, NOHZ_FULL, "kernel built without NO_HZ_FULL (file absent)", HostParsers::nohzFull),
                file(files, OSRELEASE, "file absent", HostParsers::line),
                cpuid.tscFrequencyHzLeaf15(),
                cpuid.baseFrequencyHzLeaf16(),
                cpuid.tscFrequencyHzHypervisor(),
                ntp.read());
    }

    /** The file's text with its path as source, or unknown: "{path}: {absent meaning}" / "{path}: unreadable: {why}". */
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
