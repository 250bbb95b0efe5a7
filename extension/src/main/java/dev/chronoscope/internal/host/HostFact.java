package dev.chronoscope.internal.host;

import dev.chronoscope.internal.ffm.Adjtimex;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code HostFact} is used to name one fact that {@link HostFactsReader} reads about the host, with
 * the type of its value: {@code host.get(HostFact.CLOCKSOURCE)} is a {@code Fact<String>}. The
 * constants below are every such fact, in the order reports list them ({@link HostFacts#facts()},
 * {@link HostFacts#describe()}, the doctor's JSON for facts it does not place by hand).
 *
 * <p>Adding a fact is this one declaration plus the line in {@link HostFactsReader#read(HostFiles,
 * CpuidSource, NtpSource)} that reads it: {@link HostFacts} stores, copies and lists facts by key, so
 * nothing else has to name it. Its Javadoc says where it is read from. Keys are compared by identity;
 * there is one per fact, created here only, so the declaration order is the report order.
 *
 * @param <T> the type of the fact's value
 */
public final class HostFact<T> {

    // filled by the constants' initialisers, in declaration order; declared before them so it exists.
    // Written by the class initialiser alone: from then on ALL, its immutable copy, is what is read.
    private static final List<HostFact<?>> DECLARED = new ArrayList<>();

    /** CPU vendor: CPUID.0, else {@code /proc/cpuinfo vendor_id}. */
    public static final HostFact<String> CPU_VENDOR = reported("cpuVendor", String.class);
    /** CPU model: the CPUID brand string, else {@code /proc/cpuinfo model name}. */
    public static final HostFact<String> CPU_MODEL = reported("cpuModel", String.class);
    /** {@code processor} entries in {@code /proc/cpuinfo}. */
    public static final HostFact<Integer> LOGICAL_CPUS = reported("logicalCpus", Integer.class);
    /** {@code /sys/devices/system/cpu/online}. */
    public static final HostFact<CpuList> ONLINE_CPUS = reported("onlineCpus", CpuList.class);
    /** {@code /sys/devices/system/cpu/smt/active}. */
    public static final HostFact<Boolean> SMT_ACTIVE = reported("smtActive", Boolean.class);
    /** {@code /sys/devices/system/cpu/smt/control} ({@code on}, {@code off}, {@code notsupported}, …). */
    public static final HostFact<String> SMT_CONTROL = reported("smtControl", String.class);
    /** CPUID.80000007H:EDX[8]. */
    public static final HostFact<Boolean> INVARIANT_TSC = reported("invariantTsc", Boolean.class);
    /** CPUID.80000001H:EDX[27]. */
    public static final HostFact<Boolean> RDTSCP = reported("rdtscp", Boolean.class);
    /** CPUID.7.0:ECX[22]. */
    public static final HostFact<Boolean> RDPID = reported("rdpid", Boolean.class);
    /** CPUID.1:ECX[31], else the {@code hypervisor} flag in {@code /proc/cpuinfo}. */
    public static final HostFact<Boolean> HYPERVISOR = reported("hypervisor", Boolean.class);
    /** CPUID.40000000H signature ({@code KVMKVMKVM}, …), only under a hypervisor. */
    public static final HostFact<String> HYPERVISOR_VENDOR = reported("hypervisorVendor", String.class);
    /** {@code constant_tsc} in {@code /proc/cpuinfo flags}. */
    public static final HostFact<Boolean> CONSTANT_TSC_FLAG = reported("constantTscFlag", Boolean.class);
    /** {@code nonstop_tsc} in {@code /proc/cpuinfo flags}. */
    public static final HostFact<Boolean> NONSTOP_TSC_FLAG = reported("nonstopTscFlag", Boolean.class);
    /** {@code tsc_known_freq} in {@code /proc/cpuinfo flags}. */
    public static final HostFact<Boolean> TSC_KNOWN_FREQ_FLAG = reported("tscKnownFreqFlag", Boolean.class);
    /** {@code rdtscp} in {@code /proc/cpuinfo flags}. */
    public static final HostFact<Boolean> RDTSCP_FLAG = reported("rdtscpFlag", Boolean.class);
    /**
     * The kernel's own word on the TSC: {@code tsc=…} and {@code clocksource=…} on its command line, {@code
     * /proc/cmdline}.
     */
    public static final HostFact<List<String>> KERNEL_TSC_PARAMETERS = reported("kernelTscParameters", List.class);
    /**
     * The kernel's current clocksource ({@code tsc}, {@code kvm-clock}, {@code hpet}, …), {@code
     * …/clocksource0/current_clocksource}.
     */
    public static final HostFact<String> CLOCKSOURCE = reported("clocksource", String.class);
    /** The clocksources the kernel offers, {@code …/clocksource0/available_clocksource}. */
    public static final HostFact<List<String>> AVAILABLE_CLOCKSOURCES = reported("availableClocksources", List.class);
    /** cpu0's cpufreq scaling governor, {@code /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor}. */
    public static final HostFact<String> CPUFREQ_GOVERNOR = reported("cpufreqGovernor", String.class);
    /** {@code /sys/devices/system/cpu/cpufreq/boost}. */
    public static final HostFact<Boolean> CPUFREQ_BOOST = reported("cpufreqBoost", Boolean.class);
    /** {@code /sys/devices/system/cpu/intel_pstate/no_turbo}. */
    public static final HostFact<Boolean> INTEL_NO_TURBO = reported("intelNoTurbo", Boolean.class);
    /** {@code /sys/devices/system/cpu/isolated}. */
    public static final HostFact<CpuList> ISOLATED_CPUS = reported("isolatedCpus", CpuList.class);
    /** {@code /sys/devices/system/cpu/nohz_full}. */
    public static final HostFact<CpuList> NOHZ_FULL_CPUS = reported("nohzFullCpus", CpuList.class);
    /**
     * This process's cgroups, which the three facts below were read from ({@code v1 cpu:/ cpuset:/ memory:/a},
     * {@code v2 cpu:/a …}): {@code /proc/self/cgroup} and {@code /proc/self/mountinfo}, see {@link Cgroups}.
     */
    public static final HostFact<String> CGROUP = reported("cgroup", String.class);
    /**
     * The tightest CPU quota of this process's cgroup and its ancestors: v1 {@code cpu.cfs_quota_us} and
     * {@code cpu.cfs_period_us}, v2 {@code cpu.max}. Not in a baseline's host fingerprint: CI runners differ in it.
     */
    public static final HostFact<CpuQuota> CGROUP_CPU_QUOTA = reported("cgroupCpuQuota", CpuQuota.class);
    /** The CPUs this process's cgroup may use: v1 {@code cpuset.effective_cpus}, v2 {@code cpuset.cpus.effective}. */
    public static final HostFact<CpuList> CGROUP_CPUSET = reported("cgroupCpuset", CpuList.class);
    /**
     * The tightest memory limit of this process's cgroup and its ancestors: v1 {@code memory.limit_in_bytes}, v2 {@code
     * memory.max}.
     */
    public static final HostFact<MemoryLimit> CGROUP_MEMORY_LIMIT = reported("cgroupMemoryLimit", MemoryLimit.class);
    /** {@code /proc/sys/kernel/osrelease}. */
    public static final HostFact<String> KERNEL_RELEASE = reported("kernelRelease", String.class);
    /** TSC frequency in Hz from CPUID.15H. */
    public static final HostFact<Long> TSC_FREQUENCY_HZ_CPUID15 = reported("tscFrequencyHzCpuid15", Long.class);
    /** Processor base frequency in Hz from CPUID.16H. */
    public static final HostFact<Long> BASE_FREQUENCY_HZ_CPUID16 = reported("baseFrequencyHzCpuid16", Long.class);
    /** TSC frequency in Hz from CPUID.40000010H. */
    public static final HostFact<Long> TSC_FREQUENCY_HZ_HYPERVISOR = reported("tscFrequencyHzHypervisor", Long.class);
    /**
     * The kernel's NTP state, read with a read-only {@code adjtimex(2)}. Not listed itself: reports
     * show what it means ({@link HostFacts#ntpSynchronised()} and the other {@code ntp…} facts).
     */
    public static final HostFact<Adjtimex> ADJTIMEX = unlisted("adjtimex", Adjtimex.class);

    private static final List<HostFact<?>> ALL = List.copyOf(DECLARED);

    private final String name;
    private final Class<?> type;
    private final boolean listed;

    private HostFact(String name, Class<?> type, boolean listed) {
        this.name = Objects.requireNonNull(name, "name");
        this.type = Objects.requireNonNull(type, "type");
        this.listed = listed;
    }

    // Class<?> rather than Class<T>: List<String> has no class literal; T comes from the constant's type
    private static <T> HostFact<T> reported(String name, Class<?> type) {
        return declare(new HostFact<>(name, type, true));
    }

    private static <T> HostFact<T> unlisted(String name, Class<?> type) {
        return declare(new HostFact<>(name, type, false));
    }

    private static <T> HostFact<T> declare(HostFact<T> key) {
        if (DECLARED.stream().anyMatch(k -> k.name.equals(key.name))) {
            throw new IllegalStateException("two host facts named " + key.name);
        }
        DECLARED.add(key);
        return key;
    }

    /** Every key, in declaration order. */
    public static List<HostFact<?>> all() {
        return ALL;
    }

    /** The keys reports list, in declaration order: all but those shown only through derived facts. */
    public static List<HostFact<?>> listed() {
        return ALL.stream().filter(HostFact::isListed).toList();
    }

    /** The name reports and the JSON use, e.g. {@code clocksource}. */
    public String name() {
        return name;
    }

    /** The class of the value ({@code List} for a list of strings). */
    public Class<?> type() {
        return type;
    }

    /** Whether {@link HostFacts#facts()} lists this fact by its name. */
    public boolean isListed() {
        return listed;
    }

    /** {@code value}, checked against {@link #type()}; lists copied, so a stored fact cannot change. */
    @SuppressWarnings("unchecked")
    T checked(T value) {
        if (!type.isInstance(value)) {
            throw new IllegalArgumentException(name + " is a " + type.getSimpleName() + ", not a " + value.getClass()
                    .getName());
        }
        return value instanceof List<?> list ? (T) List.copyOf(list) : value;
    }

    @Override
    public String toString() {
        return name;
    }
}
