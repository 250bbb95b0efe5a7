package dev.chronoscope.internal.host;

import dev.chronoscope.internal.ffm.Adjtimex;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What Chronoscope reads about the host that bears on timing: the CPU and its TSC (CPUID and
 * {@code /proc/cpuinfo}), the kernel's clocksource, frequency scaling, CPU isolation and NTP state.
 * Each is a {@link Fact}: a value with its source, or unknown with the reason. Values measured rather
 * than read (kernel HZ, timer resolution, TSC calibration) live elsewhere.
 *
 * <p>{@link HostFactsReader#read()} reads the real host. To describe another host in a test, start
 * from {@link #invariantTscHost()} or {@link #builder()} and change what matters:
 * {@code HostFacts.invariantTscHost().withoutInvariantTsc()},
 * {@code HostFacts.invariantTscHost().withClocksource("hpet")}, or
 * {@code HostFacts.builder().invariantTsc(false).clocksource("hpet").build()}.
 *
 * @param cpuVendor                CPU vendor (CPUID.0, else {@code /proc/cpuinfo vendor_id})
 * @param cpuModel                 CPU model (CPUID brand string, else {@code /proc/cpuinfo model name})
 * @param logicalCpus              {@code processor} entries in {@code /proc/cpuinfo}
 * @param onlineCpus               {@code /sys/devices/system/cpu/online}
 * @param smtActive                {@code /sys/devices/system/cpu/smt/active}
 * @param smtControl               {@code /sys/devices/system/cpu/smt/control} ({@code on}, {@code off}, {@code notsupported}, …)
 * @param invariantTsc             CPUID.80000007H:EDX[8]
 * @param rdtscp                   CPUID.80000001H:EDX[27]
 * @param hypervisor               CPUID.1:ECX[31], else the {@code hypervisor} flag in {@code /proc/cpuinfo}
 * @param hypervisorVendor         CPUID.40000000H signature ({@code KVMKVMKVM}, …), only under a hypervisor
 * @param constantTscFlag          {@code constant_tsc} in {@code /proc/cpuinfo flags}
 * @param nonstopTscFlag           {@code nonstop_tsc} in {@code /proc/cpuinfo flags}
 * @param tscKnownFreqFlag         {@code tsc_known_freq} in {@code /proc/cpuinfo flags}
 * @param rdtscpFlag               {@code rdtscp} in {@code /proc/cpuinfo flags}
 * @param clocksource              the kernel's current clocksource ({@code tsc}, {@code kvm-clock}, {@code hpet}, …)
 * @param availableClocksources    the clocksources the kernel offers
 * @param cpufreqGovernor          cpu0's cpufreq scaling governor
 * @param cpufreqBoost             {@code /sys/devices/system/cpu/cpufreq/boost}
 * @param intelNoTurbo             {@code /sys/devices/system/cpu/intel_pstate/no_turbo}
 * @param isolatedCpus             {@code /sys/devices/system/cpu/isolated}
 * @param nohzFullCpus             {@code /sys/devices/system/cpu/nohz_full}
 * @param kernelRelease            {@code /proc/sys/kernel/osrelease}
 * @param tscFrequencyHzCpuid15    TSC frequency from CPUID.15H (Hz)
 * @param baseFrequencyHzCpuid16   processor base frequency from CPUID.16H (Hz)
 * @param tscFrequencyHzHypervisor TSC frequency from CPUID.40000010H (Hz)
 * @param adjtimex                 the kernel's NTP state, read with a read-only {@code adjtimex(2)}
 */
public record HostFacts(Fact<String> cpuVendor, Fact<String> cpuModel, Fact<Integer> logicalCpus,
                        Fact<CpuList> onlineCpus, Fact<Boolean> smtActive, Fact<String> smtControl,
                        Fact<Boolean> invariantTsc, Fact<Boolean> rdtscp, Fact<Boolean> hypervisor,
                        Fact<String> hypervisorVendor, Fact<Boolean> constantTscFlag, Fact<Boolean> nonstopTscFlag,
                        Fact<Boolean> tscKnownFreqFlag, Fact<Boolean> rdtscpFlag, Fact<String> clocksource,
                        Fact<List<String>> availableClocksources, Fact<String> cpufreqGovernor,
                        Fact<Boolean> cpufreqBoost, Fact<Boolean> intelNoTurbo, Fact<CpuList> isolatedCpus,
                        Fact<CpuList> nohzFullCpus, Fact<String> kernelRelease, Fact<Long> tscFrequencyHzCpuid15,
                        Fact<Long> baseFrequencyHzCpuid16, Fact<Long> tscFrequencyHzHypervisor,
                        Fact<Adjtimex> adjtimex) {

    /** The source of facts set with the plain-value methods of {@link Builder}. */
    public static final String DESCRIBED = "described";
    static final String NOT_DESCRIBED = "not described";

    /*
     * Seed 000 (lib/vdso/gettimeofday.c): do_hres() asks vdso_clocksource_ok(), and a clocksource
     * whose vDSO clock mode is VDSO_CLOCKMODE_NONE sends every clock_gettime to a real system call.
     * tsc, kvm-clock (pvclock), hyperv_clocksource_tsc_page and arch_sys_counter have a vDSO clock
     * mode; hpet and acpi_pm have none on current kernels (seed 004: ~250-500 ns MMIO/port reads).
     */
    private static final Set<String> VDSO_CAPABLE = Set.of("tsc", "kvm-clock", "arch_sys_counter", "hyperv_clocksource_tsc_page");
    private static final Set<String> NOT_VDSO_CAPABLE = Set.of("hpet", "acpi_pm");

    public HostFacts {
        Objects.requireNonNull(cpuVendor, "cpuVendor");
        Objects.requireNonNull(cpuModel, "cpuModel");
        Objects.requireNonNull(logicalCpus, "logicalCpus");
        Objects.requireNonNull(onlineCpus, "onlineCpus");
        Objects.requireNonNull(smtActive, "smtActive");
        Objects.requireNonNull(smtControl, "smtControl");
        Objects.requireNonNull(invariantTsc, "invariantTsc");
        Objects.requireNonNull(rdtscp, "rdtscp");
        Objects.requireNonNull(hypervisor, "hypervisor");
        Objects.requireNonNull(hypervisorVendor, "hypervisorVendor");
        Objects.requireNonNull(constantTscFlag, "constantTscFlag");
        Objects.requireNonNull(nonstopTscFlag, "nonstopTscFlag");
        Objects.requireNonNull(tscKnownFreqFlag, "tscKnownFreqFlag");
        Objects.requireNonNull(rdtscpFlag, "rdtscpFlag");
        Objects.requireNonNull(clocksource, "clocksource");
        availableClocksources = Objects.requireNonNull(availableClocksources, "availableClocksources").map(List::copyOf);
        Objects.requireNonNull(cpufreqGovernor, "cpufreqGovernor");
        Objects.requireNonNull(cpufreqBoost, "cpufreqBoost");
        Objects.requireNonNull(intelNoTurbo, "intelNoTurbo");
        Objects.requireNonNull(isolatedCpus, "isolatedCpus");
        Objects.requireNonNull(nohzFullCpus, "nohzFullCpus");
        Objects.requireNonNull(kernelRelease, "kernelRelease");
        Objects.requireNonNull(tscFrequencyHzCpuid15, "tscFrequencyHzCpuid15");
        Objects.requireNonNull(baseFrequencyHzCpuid16, "baseFrequencyHzCpuid16");
        Objects.requireNonNull(tscFrequencyHzHypervisor, "tscFrequencyHzHypervisor");
        Objects.requireNonNull(adjtimex, "adjtimex");
    }

    // ---- describing other hosts -------------------------------------------------------------

    /** A builder in which every fact is unknown ("not described"). */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A described x86-64 host whose TSC can be trusted for durations: invariant TSC, RDTSCP,
     * {@code constant_tsc nonstop_tsc tsc_known_freq rdtscp}, clocksource {@code tsc} (of
     * {@code tsc hpet acpi_pm}), no hypervisor, 4 online CPUs, none isolated. Everything else unknown.
     */
    public static HostFacts invariantTscHost() {
        return builder()
                .cpuVendor("GenuineIntel").cpuModel("described CPU").logicalCpus(4).onlineCpus(CpuList.of(0, 1, 2, 3))
                .invariantTsc(true).rdtscp(true).hypervisor(false)
                .constantTscFlag(true).nonstopTscFlag(true).tscKnownFreqFlag(true).rdtscpFlag(true)
                .clocksource("tsc").availableClocksources("tsc", "hpet", "acpi_pm")
                .isolatedCpus(CpuList.NONE)
                .build();
    }

    /** This host, but its CPU reports no invariant TSC (CPUID bit clear, no constant_tsc or nonstop_tsc). */
    public HostFacts withoutInvariantTsc() {
        return toBuilder().invariantTsc(false).constantTscFlag(false).nonstopTscFlag(false).build();
    }

    /** This host, but the kernel keeps time with {@code name} (added to the available ones if missing). */
    public HostFacts withClocksource(String name) {
        Builder b = toBuilder().clocksource(name);
        if (availableClocksources.isKnown() && !availableClocksources.get().contains(name)) {
            List<String> available = new ArrayList<>(availableClocksources.get());
            available.add(name);
            b.availableClocksources(Fact.of(available, availableClocksources.source()));
        } else if (!availableClocksources.isKnown()) {
            b.availableClocksources(name);
        }
        return b.build();
    }

    /** A builder that starts from these facts. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    // ---- derived facts ----------------------------------------------------------------------

    /**
     * Whether the TSC can be trusted to time durations, with the facts behind the answer as the
     * fact's source, in one line, always (known or not), e.g.
     * {@code invariant TSC: yes (CPUID.80000007H:EDX[8] = 1); cpuinfo: constant_tsc nonstop_tsc; clocksource: tsc}.
     *
     * <p>Yes when the TSC is invariant (CPUID; without CPUID, the kernel's reading of the same bit:
     * {@code constant_tsc} and {@code nonstop_tsc}) and the kernel does not keep time with hpet or
     * acpi_pm. Linux prefers tsc (rating 300) to hpet (250) and acpi_pm (200), so one of those as
     * clocksource on a host with a TSC means the TSC was found unstable, or someone chose not to
     * trust it. kvm-clock and the Hyper-V page read the TSC themselves and say nothing against it.
     */
    public Fact<Boolean> invariantTscVerdict() {
        Boolean invariant;
        if (invariantTsc.isKnown()) {
            invariant = invariantTsc.get();
        } else if (constantTscFlag.isKnown() && nonstopTscFlag.isKnown()) {
            invariant = constantTscFlag.get() && nonstopTscFlag.get();
        } else {
            invariant = null;
        }
        boolean platformTimer = clocksource.isKnown() && NOT_VDSO_CAPABLE.contains(clocksource.get());
        String line = "invariant TSC: " + yesNo(invariantTsc)
                + "; cpuinfo: " + cpuinfoTscFlags()
                + "; clocksource: " + (clocksource.isKnown() ? clocksource.get() : "unknown (" + clocksource.source() + ")")
                + (platformTimer && Boolean.TRUE.equals(invariant) ? " (the kernel does not keep time with the TSC)" : "");
        return invariant == null ? Fact.unknown(line) : Fact.of(invariant && !platformTimer, line);
    }

    /**
     * Whether {@code clock_gettime} on the current clocksource is served by the vDSO (tens of ns)
     * rather than a system call; unknown for clocksources we have not classified.
     */
    public Fact<Boolean> vdsoCapableClocksource() {
        return clocksource.flatMap(name -> {
            if (VDSO_CAPABLE.contains(name)) {
                return Fact.of(true, "clocksource " + name + " (" + clocksource.source() + ") has a vDSO clock mode");
            }
            if (NOT_VDSO_CAPABLE.contains(name)) {
                return Fact.of(false, "clocksource " + name + " (" + clocksource.source()
                        + ") has no vDSO clock mode: clock_gettime is a system call");
            }
            return Fact.unknown("clocksource " + name + ": not known whether it has a vDSO clock mode");
        });
    }

    /** The kernel's NTP frequency correction in ppm (positive: the clock is sped up). */
    public Fact<Double> ntpFrequencyPpm() {
        return adjtimex.flatMap(a -> Fact.of(a.frequencyPpm(), adjtimex.source() + ": freq"));
    }

    /** Whether the kernel considers the clock NTP-synchronised (STA_UNSYNC clear, state not TIME_ERROR). */
    public Fact<Boolean> ntpSynchronised() {
        return adjtimex.flatMap(a -> Fact.of(a.synchronised(), adjtimex.source() + ": status, state"));
    }

    /** The kernel clock state ({@code TIME_OK}, {@code TIME_ERROR}, …). */
    public Fact<String> clockState() {
        return adjtimex.flatMap(a -> Fact.of(a.clockStateName(), adjtimex.source() + ": return value"));
    }

    /** The STA_* status bits that are set. */
    public Fact<List<String>> ntpStatusFlags() {
        return adjtimex.flatMap(a -> Fact.of(List.copyOf(a.statusFlags()), adjtimex.source() + ": status"));
    }

    /** Every fact by name, in declaration order, derived ones last; for reports. */
    public Map<String, Fact<?>> facts() {
        Map<String, Fact<?>> m = new LinkedHashMap<>();
        m.put("cpuVendor", cpuVendor);
        m.put("cpuModel", cpuModel);
        m.put("logicalCpus", logicalCpus);
        m.put("onlineCpus", onlineCpus);
        m.put("smtActive", smtActive);
        m.put("smtControl", smtControl);
        m.put("invariantTsc", invariantTsc);
        m.put("rdtscp", rdtscp);
        m.put("hypervisor", hypervisor);
        m.put("hypervisorVendor", hypervisorVendor);
        m.put("constantTscFlag", constantTscFlag);
        m.put("nonstopTscFlag", nonstopTscFlag);
        m.put("tscKnownFreqFlag", tscKnownFreqFlag);
        m.put("rdtscpFlag", rdtscpFlag);
        m.put("clocksource", clocksource);
        m.put("availableClocksources", availableClocksources);
        m.put("cpufreqGovernor", cpufreqGovernor);
        m.put("cpufreqBoost", cpufreqBoost);
        m.put("intelNoTurbo", intelNoTurbo);
        m.put("isolatedCpus", isolatedCpus);
        m.put("nohzFullCpus", nohzFullCpus);
        m.put("kernelRelease", kernelRelease);
        m.put("tscFrequencyHzCpuid15", tscFrequencyHzCpuid15);
        m.put("baseFrequencyHzCpuid16", baseFrequencyHzCpuid16);
        m.put("tscFrequencyHzHypervisor", tscFrequencyHzHypervisor);
        m.put("ntpFrequencyPpm", ntpFrequencyPpm());
        m.put("ntpSynchronised", ntpSynchronised());
        m.put("clockState", clockState());
        m.put("ntpStatusFlags", ntpStatusFlags());
        m.put("vdsoCapableClocksource", vdsoCapableClocksource());
        m.put("invariantTscVerdict", invariantTscVerdict());
        return m;
    }

    /** One line per fact: {@code name = value  [source]} or {@code name = unknown (reason)}. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        facts().forEach((name, fact) -> {
            b.append(name).append(" = ");
            if (fact.isKnown()) {
                b.append(fact.value()).append("  [").append(fact.source()).append(']');
            } else {
                b.append("unknown (").append(fact.source()).append(')');
            }
            b.append('\n');
        });
        return b.toString();
    }

    private static String yesNo(Fact<Boolean> fact) {
        return fact.isKnown() ? (fact.get() ? "yes" : "no") + " (" + fact.source() + ")" : "unknown (" + fact.source() + ")";
    }

    private String cpuinfoTscFlags() {
        if (!constantTscFlag.isKnown() && !nonstopTscFlag.isKnown() && constantTscFlag.source().equals(nonstopTscFlag.source())) {
            return "unknown (" + constantTscFlag.source() + ")";
        }
        List<String> parts = new ArrayList<>();
        boolean allSet = true;
        for (int i = 0; i < 2; i++) {
            String name = i == 0 ? "constant_tsc" : "nonstop_tsc";
            Fact<Boolean> f = i == 0 ? constantTscFlag : nonstopTscFlag;
            allSet &= f.orElse(false);
            parts.add(!f.isKnown() ? name + " unknown (" + f.source() + ")" : f.get() ? name : "no " + name);
        }
        return String.join(allSet ? " " : ", ", parts);
    }

    /**
     * Builds a {@link HostFacts}, to describe a host in a test. Unset facts are unknown
     * ("not described"); plain-value setters record the source {@value #DESCRIBED}.
     */
    public static final class Builder {
        private Fact<String> cpuVendor = Fact.unknown(NOT_DESCRIBED);
        private Fact<String> cpuModel = Fact.unknown(NOT_DESCRIBED);
        private Fact<Integer> logicalCpus = Fact.unknown(NOT_DESCRIBED);
        private Fact<CpuList> onlineCpus = Fact.unknown(NOT_DESCRIBED);
        private Fact<Boolean> smtActive = Fact.unknown(NOT_DESCRIBED);
        private Fact<String> smtControl = Fact.unknown(NOT_DESCRIBED);
        private Fact<Boolean> invariantTsc = Fact.unknown(NOT_DESCRIBED);
        private Fact<Boolean> rdtscp = Fact.unknown(NOT_DESCRIBED);
        private Fact<Boolean> hypervisor = Fact.unknown(NOT_DESCRIBED);
        private Fact<String> hypervisorVendor = Fact.unknown(NOT_DESCRIBED);
        private Fact<Boolean> constantTscFlag = Fact.unknown(NOT_DESCRIBED);
        private Fact<Boolean> nonstopTscFlag = Fact.unknown(NOT_DESCRIBED);
        private Fact<Boolean> tscKnownFreqFlag = Fact.unknown(NOT_DESCRIBED);
        private Fact<Boolean> rdtscpFlag = Fact.unknown(NOT_DESCRIBED);
        private Fact<String> clocksource = Fact.unknown(NOT_DESCRIBED);
        private Fact<List<String>> availableClocksources = Fact.unknown(NOT_DESCRIBED);
        private Fact<String> cpufreqGovernor = Fact.unknown(NOT_DESCRIBED);
        private Fact<Boolean> cpufreqBoost = Fact.unknown(NOT_DESCRIBED);
        private Fact<Boolean> intelNoTurbo = Fact.unknown(NOT_DESCRIBED);
        private Fact<CpuList> isolatedCpus = Fact.unknown(NOT_DESCRIBED);
        private Fact<CpuList> nohzFullCpus = Fact.unknown(NOT_DESCRIBED);
        private Fact<String> kernelRelease = Fact.unknown(NOT_DESCRIBED);
        private Fact<Long> tscFrequencyHzCpuid15 = Fact.unknown(NOT_DESCRIBED);
        private Fact<Long> baseFrequencyHzCpuid16 = Fact.unknown(NOT_DESCRIBED);
        private Fact<Long> tscFrequencyHzHypervisor = Fact.unknown(NOT_DESCRIBED);
        private Fact<Adjtimex> adjtimex = Fact.unknown(NOT_DESCRIBED);

        private Builder() {
        }

        private Builder(HostFacts h) {
            cpuVendor = h.cpuVendor;
            cpuModel = h.cpuModel;
            logicalCpus = h.logicalCpus;
            onlineCpus = h.onlineCpus;
            smtActive = h.smtActive;
            smtControl = h.smtControl;
            invariantTsc = h.invariantTsc;
            rdtscp = h.rdtscp;
            hypervisor = h.hypervisor;
            hypervisorVendor = h.hypervisorVendor;
            constantTscFlag = h.constantTscFlag;
            nonstopTscFlag = h.nonstopTscFlag;
            tscKnownFreqFlag = h.tscKnownFreqFlag;
            rdtscpFlag = h.rdtscpFlag;
            clocksource = h.clocksource;
            availableClocksources = h.availableClocksources;
            cpufreqGovernor = h.cpufreqGovernor;
            cpufreqBoost = h.cpufreqBoost;
            intelNoTurbo = h.intelNoTurbo;
            isolatedCpus = h.isolatedCpus;
            nohzFullCpus = h.nohzFullCpus;
            kernelRelease = h.kernelRelease;
            tscFrequencyHzCpuid15 = h.tscFrequencyHzCpuid15;
            baseFrequencyHzCpuid16 = h.baseFrequencyHzCpuid16;
            tscFrequencyHzHypervisor = h.tscFrequencyHzHypervisor;
            adjtimex = h.adjtimex;
        }

        private static <T> Fact<T> described(T value) {
            return Fact.of(value, DESCRIBED);
        }

        public Builder cpuVendor(Fact<String> f) { cpuVendor = f; return this; }
        public Builder cpuVendor(String v) { return cpuVendor(described(v)); }
        public Builder cpuModel(Fact<String> f) { cpuModel = f; return this; }
        public Builder cpuModel(String v) { return cpuModel(described(v)); }
        public Builder logicalCpus(Fact<Integer> f) { logicalCpus = f; return this; }
        public Builder logicalCpus(int v) { return logicalCpus(described(v)); }
        public Builder onlineCpus(Fact<CpuList> f) { onlineCpus = f; return this; }
        public Builder onlineCpus(CpuList v) { return onlineCpus(described(v)); }
        public Builder smtActive(Fact<Boolean> f) { smtActive = f; return this; }
        public Builder smtActive(boolean v) { return smtActive(described(v)); }
        public Builder smtControl(Fact<String> f) { smtControl = f; return this; }
        public Builder smtControl(String v) { return smtControl(described(v)); }
        public Builder invariantTsc(Fact<Boolean> f) { invariantTsc = f; return this; }
        public Builder invariantTsc(boolean v) { return invariantTsc(described(v)); }
        public Builder rdtscp(Fact<Boolean> f) { rdtscp = f; return this; }
        public Builder rdtscp(boolean v) { return rdtscp(described(v)); }
        public Builder hypervisor(Fact<Boolean> f) { hypervisor = f; return this; }
        public Builder hypervisor(boolean v) { return hypervisor(described(v)); }
        public Builder hypervisorVendor(Fact<String> f) { hypervisorVendor = f; return this; }
        public Builder hypervisorVendor(String v) { return hypervisorVendor(described(v)); }
        public Builder constantTscFlag(Fact<Boolean> f) { constantTscFlag = f; return this; }
        public Builder constantTscFlag(boolean v) { return constantTscFlag(described(v)); }
        public Builder nonstopTscFlag(Fact<Boolean> f) { nonstopTscFlag = f; return this; }
        public Builder nonstopTscFlag(boolean v) { return nonstopTscFlag(described(v)); }
        public Builder tscKnownFreqFlag(Fact<Boolean> f) { tscKnownFreqFlag = f; return this; }
        public Builder tscKnownFreqFlag(boolean v) { return tscKnownFreqFlag(described(v)); }
        public Builder rdtscpFlag(Fact<Boolean> f) { rdtscpFlag = f; return this; }
        public Builder rdtscpFlag(boolean v) { return rdtscpFlag(described(v)); }
        public Builder clocksource(Fact<String> f) { clocksource = f; return this; }
        public Builder clocksource(String v) { return clocksource(described(v)); }
        public Builder availableClocksources(Fact<List<String>> f) { availableClocksources = f; return this; }
        public Builder availableClocksources(String... v) { return availableClocksources(described(List.of(v))); }
        public Builder cpufreqGovernor(Fact<String> f) { cpufreqGovernor = f; return this; }
        public Builder cpufreqGovernor(String v) { return cpufreqGovernor(described(v)); }
        public Builder cpufreqBoost(Fact<Boolean> f) { cpufreqBoost = f; return this; }
        public Builder cpufreqBoost(boolean v) { return cpufreqBoost(described(v)); }
        public Builder intelNoTurbo(Fact<Boolean> f) { intelNoTurbo = f; return this; }
        public Builder intelNoTurbo(boolean v) { return intelNoTurbo(described(v)); }
        public Builder isolatedCpus(Fact<CpuList> f) { isolatedCpus = f; return this; }
        public Builder isolatedCpus(CpuList v) { return isolatedCpus(described(v)); }
        public Builder nohzFullCpus(Fact<CpuList> f) { nohzFullCpus = f; return this; }
        public Builder nohzFullCpus(CpuList v) { return nohzFullCpus(described(v)); }
        public Builder kernelRelease(Fact<String> f) { kernelRelease = f; return this; }
        public Builder kernelRelease(String v) { return kernelRelease(described(v)); }
        public Builder tscFrequencyHzCpuid15(Fact<Long> f) { tscFrequencyHzCpuid15 = f; return this; }
        public Builder tscFrequencyHzCpuid15(long v) { return tscFrequencyHzCpuid15(described(v)); }
        public Builder baseFrequencyHzCpuid16(Fact<Long> f) { baseFrequencyHzCpuid16 = f; return this; }
        public Builder baseFrequencyHzCpuid16(long v) { return baseFrequencyHzCpuid16(described(v)); }
        public Builder tscFrequencyHzHypervisor(Fact<Long> f) { tscFrequencyHzHypervisor = f; return this; }
        public Builder tscFrequencyHzHypervisor(long v) { return tscFrequencyHzHypervisor(described(v)); }
        public Builder adjtimex(Fact<Adjtimex> f) { adjtimex = f; return this; }
        public Builder adjtimex(Adjtimex v) { return adjtimex(described(v)); }

        public HostFacts build() {
            return new HostFacts(cpuVendor, cpuModel, logicalCpus, onlineCpus, smtActive, smtControl, invariantTsc,
                    rdtscp, hypervisor, hypervisorVendor, constantTscFlag, nonstopTscFlag, tscKnownFreqFlag,
                    rdtscpFlag, clocksource, availableClocksources, cpufreqGovernor, cpufreqBoost, intelNoTurbo,
                    isolatedCpus, nohzFullCpus, kernelRelease, tscFrequencyHzCpuid15, baseFrequencyHzCpuid16,
                    tscFrequencyHzHypervisor, adjtimex);
        }
    }
}
