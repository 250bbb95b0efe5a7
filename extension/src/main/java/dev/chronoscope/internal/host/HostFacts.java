package dev.chronoscope.internal.host;

import dev.chronoscope.internal.ffm.Adjtimex;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;

/**
 * What Chronoscope reads about the host that bears on timing: the CPU and its TSC (CPUID and
 * {@code /proc/cpuinfo}), the kernel's clocksource, frequency scaling, CPU isolation and NTP state.
 * Each is a {@link Fact}: a value with its source, or unknown with the reason. Values measured rather
 * than read (kernel HZ, timer resolution, TSC calibration) live elsewhere. Immutable.
 *
 * <p>The facts are held by key ({@link HostFact}), one {@code Fact} per key, so that adding a fact
 * is its key plus the line in {@link HostFactsReader} that reads it: {@link #get(HostFact)}, the
 * {@link Builder}, {@link #facts()} and {@link #describe()} take every key as declared. The named
 * accessors ({@link #clocksource()}, …) and the builder's named setters are conveniences kept for
 * the code that already calls them; each is one line over {@code get} or {@code with}, and a new fact
 * needs none.
 *
 * <p>{@link HostFactsReader#read()} reads the real host. To describe another host in a test, start
 * from {@link #builder()} and set what matters:
 * {@code HostFacts.builder().invariantTsc(false).clocksource("hpet").build()}, or
 * {@code HostFacts.builder().with(HostFact.CLOCKSOURCE, "hpet").build()}.
 */
public final class HostFacts {

    /** The source of facts set with the plain-value methods of {@link Builder}. */
    public static final String DESCRIBED = "described";
    static final String NOT_DESCRIBED = "not described";

    /*
     * The kernel's vDSO (lib/vdso/gettimeofday.c): do_hres() asks vdso_clocksource_ok(), and a clocksource
     * whose vDSO clock mode is VDSO_CLOCKMODE_NONE sends every clock_gettime to a real system call.
     * tsc, kvm-clock (pvclock), hyperv_clocksource_tsc_page and arch_sys_counter have a vDSO clock
     * mode; hpet and acpi_pm have none on current kernels (~250-500 ns MMIO/port reads instead:
     * docs/reference/doctor.md).
     */
    private static final Set<String> VDSO_CAPABLE = Set.of("tsc", "kvm-clock", "arch_sys_counter",
            "hyperv_clocksource_tsc_page");
    private static final Set<String> NOT_VDSO_CAPABLE = Set.of("hpet", "acpi_pm");
    /** Clocksources that are the TSC or computed from it: the kernel keeps time with the TSC. */
    private static final Set<String> TSC_BASED = Set.of("tsc", "kvm-clock", "xen", "hyperv_clocksource_tsc_page");

    /** Every key of {@link HostFact#all()}, in its order; unmodifiable. */
    private final Map<HostFact<?>, Fact<?>> byKey;

    private HostFacts(Map<HostFact<?>, Fact<?>> byKey) {
        Map<HostFact<?>, Fact<?>> all = new LinkedHashMap<>();
        for (HostFact<?> key : HostFact.all()) {
            all.put(key, byKey.getOrDefault(key, Fact.unknown(NOT_DESCRIBED)));
        }
        this.byKey = Collections.unmodifiableMap(all);
    }

    /** The fact {@code key} names: read, described, or unknown with the reason. */
    @SuppressWarnings("unchecked") // the Builder stores only a Fact<T> under a HostFact<T>
    public <T> Fact<T> get(HostFact<T> key) {
        return (Fact<T>) byKey.get(Objects.requireNonNull(key, "key"));
    }

    // ---- the facts by name: conveniences over get(HostFact) -----------------------------------

    public Fact<String> cpuVendor() { return get(HostFact.CPU_VENDOR); }
    public Fact<String> cpuModel() { return get(HostFact.CPU_MODEL); }
    public Fact<Integer> logicalCpus() { return get(HostFact.LOGICAL_CPUS); }
    public Fact<CpuList> onlineCpus() { return get(HostFact.ONLINE_CPUS); }
    public Fact<Boolean> smtActive() { return get(HostFact.SMT_ACTIVE); }
    public Fact<String> smtControl() { return get(HostFact.SMT_CONTROL); }
    public Fact<Boolean> invariantTsc() { return get(HostFact.INVARIANT_TSC); }
    public Fact<Boolean> rdtscp() { return get(HostFact.RDTSCP); }
    public Fact<Boolean> rdpid() { return get(HostFact.RDPID); }
    public Fact<List<String>> kernelTscParameters() { return get(HostFact.KERNEL_TSC_PARAMETERS); }
    public Fact<Boolean> hypervisor() { return get(HostFact.HYPERVISOR); }
    public Fact<String> hypervisorVendor() { return get(HostFact.HYPERVISOR_VENDOR); }
    public Fact<Boolean> constantTscFlag() { return get(HostFact.CONSTANT_TSC_FLAG); }
    public Fact<Boolean> nonstopTscFlag() { return get(HostFact.NONSTOP_TSC_FLAG); }
    public Fact<Boolean> tscKnownFreqFlag() { return get(HostFact.TSC_KNOWN_FREQ_FLAG); }
    public Fact<Boolean> rdtscpFlag() { return get(HostFact.RDTSCP_FLAG); }
    public Fact<String> clocksource() { return get(HostFact.CLOCKSOURCE); }
    public Fact<List<String>> availableClocksources() { return get(HostFact.AVAILABLE_CLOCKSOURCES); }
    public Fact<String> cpufreqGovernor() { return get(HostFact.CPUFREQ_GOVERNOR); }
    public Fact<Boolean> cpufreqBoost() { return get(HostFact.CPUFREQ_BOOST); }
    public Fact<Boolean> intelNoTurbo() { return get(HostFact.INTEL_NO_TURBO); }
    public Fact<CpuList> isolatedCpus() { return get(HostFact.ISOLATED_CPUS); }
    public Fact<CpuList> nohzFullCpus() { return get(HostFact.NOHZ_FULL_CPUS); }
    public Fact<String> kernelRelease() { return get(HostFact.KERNEL_RELEASE); }
    public Fact<Long> tscFrequencyHzCpuid15() { return get(HostFact.TSC_FREQUENCY_HZ_CPUID15); }
    public Fact<Long> baseFrequencyHzCpuid16() { return get(HostFact.BASE_FREQUENCY_HZ_CPUID16); }
    public Fact<Long> tscFrequencyHzHypervisor() { return get(HostFact.TSC_FREQUENCY_HZ_HYPERVISOR); }
    public Fact<Adjtimex> adjtimex() { return get(HostFact.ADJTIMEX); }

    // ---- describing other hosts -------------------------------------------------------------

    /** A builder in which every fact is unknown ("not described"). */
    public static Builder builder() {
        return new Builder(Map.of());
    }

    /** A builder that starts from these facts. */
    public Builder toBuilder() {
        return new Builder(byKey);
    }

    // ---- derived facts ----------------------------------------------------------------------

    /**
     * Whether the TSC is usable for durations — Chronoscope's one rule, used by the doctor's "fit for
     * durations", {@code @RequiresInvariantTsc} and the default clock — with the facts behind the
     * answer as the fact's source, in one line, always (known or not), e.g.
     * {@code invariant TSC: yes (CPUID.80000007H:EDX[8] = 1); cpuinfo: constant_tsc nonstop_tsc; clocksource: kvm-clock
     * (built on the TSC)}.
     *
     * <p>Yes when the TSC is invariant (CPUID; without CPUID, the kernel's reading of the same bit:
     * {@code constant_tsc} and {@code nonstop_tsc}) and the kernel keeps time with it, directly
     * ({@code tsc}) or through a paravirtual clock computed from it ({@code kvm-clock}, Xen's
     * pvclock, the Hyper-V reference page): a kernel that keeps time on hpet or acpi_pm found the TSC
     * unfit or was told not to trust it. RDTSCP is not part of the rule: it is one read path
     * ({@code TscReadPath}); {@code lfence;rdtsc;lfence} serves where it is missing.
     *
     * <p>The kernel's command-line words ({@code tsc=unstable}, {@code tsc=reliable}) are shown but do
     * not decide: a guest's command line can carry both (host kinds captured in hosts/ do), and what they change
     * — the kernel's choice of clocksource — is already in the rule. An unknown clocksource leaves the
     * answer to invariance alone, and says so.
     */
    public Fact<Boolean> invariantTscVerdict() {
        Fact<Boolean> invariantTsc = invariantTsc();
        Fact<Boolean> constantTscFlag = constantTscFlag();
        Fact<Boolean> nonstopTscFlag = nonstopTscFlag();
        Fact<String> clocksource = clocksource();
        Boolean invariant;
        if (invariantTsc.isKnown()) {
            invariant = invariantTsc.get();
        } else if (constantTscFlag.isKnown() && nonstopTscFlag.isKnown()) {
            invariant = constantTscFlag.get() && nonstopTscFlag.get();
        } else {
            invariant = null;
        }
        boolean tscBased = clocksource.isKnown() && TSC_BASED.contains(clocksource.get());
        boolean otherTimer = clocksource.isKnown() && !tscBased;
        Fact<List<String>> kernelWords = kernelTscParameters();
        String line = "invariant TSC: " + yesNo(invariantTsc)
                + "; cpuinfo: " + cpuinfoTscFlags(constantTscFlag, nonstopTscFlag)
                + "; clocksource: " + (!clocksource.isKnown() ? "unknown (" + clocksource.source() + ")"
                : clocksource.get() + (clocksource.get().equals("tsc") ? "" : tscBased ? " (built on the TSC)"
                : " (the kernel does not keep time with the TSC)"))
                + (kernelWords.isKnown() && !kernelWords.get().isEmpty()
                ? "; kernel command line: " + String.join(" ", kernelWords.get()) + " (shown, not decisive)" : "");
        return invariant == null ? Fact.unknown(line) : Fact.of(invariant && !otherTimer, line);
    }

    /**
     * Whether {@code clock_gettime} on the current clocksource is served by the vDSO (tens of ns)
     * rather than a system call; unknown for clocksources we have not classified.
     */
    public Fact<Boolean> vdsoCapableClocksource() {
        Fact<String> clocksource = clocksource();
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
        Fact<Adjtimex> adjtimex = adjtimex();
        return adjtimex.flatMap(a -> Fact.of(a.frequencyPpm(), adjtimex.source() + ": freq"));
    }

    /** Whether the kernel considers the clock NTP-synchronised (STA_UNSYNC clear, state not TIME_ERROR). */
    public Fact<Boolean> ntpSynchronised() {
        Fact<Adjtimex> adjtimex = adjtimex();
        return adjtimex.flatMap(a -> Fact.of(a.synchronised(), adjtimex.source() + ": status, state"));
    }

    /** The kernel clock state ({@code TIME_OK}, {@code TIME_ERROR}, …). */
    public Fact<String> clockState() {
        Fact<Adjtimex> adjtimex = adjtimex();
        return adjtimex.flatMap(a -> Fact.of(a.clockStateName(), adjtimex.source() + ": return value"));
    }

    /** The STA_* status bits that are set. */
    public Fact<List<String>> ntpStatusFlags() {
        Fact<Adjtimex> adjtimex = adjtimex();
        return adjtimex.flatMap(a -> Fact.of(List.copyOf(a.statusFlags()), adjtimex.source() + ": status"));
    }

    /**
     * Every fact by name, for reports: each {@linkplain HostFact#listed() listed key} in declaration
     * order, then the derived facts. Unmodifiable.
     */
    public Map<String, Fact<?>> facts() {
        Map<String, Fact<?>> m = new LinkedHashMap<>();
        for (HostFact<?> key : HostFact.listed()) {
            m.put(key.name(), get(key));
        }
        m.put("ntpFrequencyPpm", ntpFrequencyPpm());
        m.put("ntpSynchronised", ntpSynchronised());
        m.put("clockState", clockState());
        m.put("ntpStatusFlags", ntpStatusFlags());
        m.put("vdsoCapableClocksource", vdsoCapableClocksource());
        m.put("invariantTscVerdict", invariantTscVerdict());
        return Collections.unmodifiableMap(m);
    }

    /** One line per fact of {@link #facts()}: {@code name = value  [source]} or {@code name = unknown (reason)}. */
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
        return fact.isKnown() ? (fact.get() ? "yes" : "no") + " (" + fact.source() + ")" : "unknown (" + fact.source()
                + ")";
    }

    private static String cpuinfoTscFlags(Fact<Boolean> constantTscFlag, Fact<Boolean> nonstopTscFlag) {
        if (!constantTscFlag.isKnown() && !nonstopTscFlag.isKnown() && constantTscFlag.source()
                .equals(nonstopTscFlag.source())) {
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

    // ---- value semantics: equal when every fact is equal, as when this was a record -------------

    @Override
    public boolean equals(Object o) {
        return o instanceof HostFacts other && byKey.equals(other.byKey);
    }

    @Override
    public int hashCode() {
        return byKey.hashCode();
    }

    /** {@code HostFacts[cpuVendor=Fact[…], …]}: every key, unlisted ones too. */
    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(", ", "HostFacts[", "]");
        byKey.forEach((key, fact) -> j.add(key.name() + "=" + fact));
        return j.toString();
    }

    /**
     * Builds a {@link HostFacts}, to describe a host (in a test, or from a {@code DescribedHost}) or to
     * collect what {@link HostFactsReader} read. Unset facts are unknown ("not described");
     * plain-value setters record the source {@value #DESCRIBED}. The named setters are conveniences
     * over {@link #with(HostFact, Fact)}.
     */
    public static final class Builder {
        private final Map<HostFact<?>, Fact<?>> byKey;

        private Builder(Map<HostFact<?>, Fact<?>> from) {
            byKey = new LinkedHashMap<>(from);
        }

        /** Sets the fact {@code key} names (its value checked against the key's type, lists copied). */
        public <T> Builder with(HostFact<T> key, Fact<T> fact) {
            Objects.requireNonNull(key, "key");
            byKey.put(key, Objects.requireNonNull(fact, key.name()).map(key::checked));
            return this;
        }

        /** Sets the fact {@code key} names to {@code value}, with the source {@value #DESCRIBED}. */
        public <T> Builder with(HostFact<T> key, T value) {
            return with(key, Fact.of(value, DESCRIBED));
        }

        public Builder cpuVendor(Fact<String> f) { return with(HostFact.CPU_VENDOR, f); }
        public Builder cpuVendor(String v) { return with(HostFact.CPU_VENDOR, v); }
        public Builder cpuModel(Fact<String> f) { return with(HostFact.CPU_MODEL, f); }
        public Builder cpuModel(String v) { return with(HostFact.CPU_MODEL, v); }
        public Builder logicalCpus(Fact<Integer> f) { return with(HostFact.LOGICAL_CPUS, f); }
        public Builder logicalCpus(int v) { return with(HostFact.LOGICAL_CPUS, v); }
        public Builder onlineCpus(Fact<CpuList> f) { return with(HostFact.ONLINE_CPUS, f); }
        public Builder onlineCpus(CpuList v) { return with(HostFact.ONLINE_CPUS, v); }
        public Builder smtActive(Fact<Boolean> f) { return with(HostFact.SMT_ACTIVE, f); }
        public Builder smtActive(boolean v) { return with(HostFact.SMT_ACTIVE, v); }
        public Builder smtControl(Fact<String> f) { return with(HostFact.SMT_CONTROL, f); }
        public Builder smtControl(String v) { return with(HostFact.SMT_CONTROL, v); }
        public Builder invariantTsc(Fact<Boolean> f) { return with(HostFact.INVARIANT_TSC, f); }
        public Builder invariantTsc(boolean v) { return with(HostFact.INVARIANT_TSC, v); }
        public Builder rdtscp(Fact<Boolean> f) { return with(HostFact.RDTSCP, f); }
        public Builder rdtscp(boolean v) { return with(HostFact.RDTSCP, v); }
        public Builder rdpid(Fact<Boolean> f) { return with(HostFact.RDPID, f); }
        public Builder rdpid(boolean v) { return with(HostFact.RDPID, v); }
        public Builder hypervisor(Fact<Boolean> f) { return with(HostFact.HYPERVISOR, f); }
        public Builder hypervisor(boolean v) { return with(HostFact.HYPERVISOR, v); }
        public Builder hypervisorVendor(Fact<String> f) { return with(HostFact.HYPERVISOR_VENDOR, f); }
        public Builder hypervisorVendor(String v) { return with(HostFact.HYPERVISOR_VENDOR, v); }
        public Builder constantTscFlag(Fact<Boolean> f) { return with(HostFact.CONSTANT_TSC_FLAG, f); }
        public Builder constantTscFlag(boolean v) { return with(HostFact.CONSTANT_TSC_FLAG, v); }
        public Builder nonstopTscFlag(Fact<Boolean> f) { return with(HostFact.NONSTOP_TSC_FLAG, f); }
        public Builder nonstopTscFlag(boolean v) { return with(HostFact.NONSTOP_TSC_FLAG, v); }
        public Builder tscKnownFreqFlag(Fact<Boolean> f) { return with(HostFact.TSC_KNOWN_FREQ_FLAG, f); }
        public Builder tscKnownFreqFlag(boolean v) { return with(HostFact.TSC_KNOWN_FREQ_FLAG, v); }
        public Builder rdtscpFlag(Fact<Boolean> f) { return with(HostFact.RDTSCP_FLAG, f); }
        public Builder rdtscpFlag(boolean v) { return with(HostFact.RDTSCP_FLAG, v); }
        public Builder clocksource(Fact<String> f) { return with(HostFact.CLOCKSOURCE, f); }
        public Builder clocksource(String v) { return with(HostFact.CLOCKSOURCE, v); }
        public Builder availableClocksources(Fact<List<String>> f) { return with(HostFact.AVAILABLE_CLOCKSOURCES, f); }
        public Builder availableClocksources(String... v) { return with(HostFact.AVAILABLE_CLOCKSOURCES, List.of(v)); }
        public Builder cpufreqGovernor(Fact<String> f) { return with(HostFact.CPUFREQ_GOVERNOR, f); }
        public Builder cpufreqGovernor(String v) { return with(HostFact.CPUFREQ_GOVERNOR, v); }
        public Builder cpufreqBoost(Fact<Boolean> f) { return with(HostFact.CPUFREQ_BOOST, f); }
        public Builder cpufreqBoost(boolean v) { return with(HostFact.CPUFREQ_BOOST, v); }
        public Builder intelNoTurbo(Fact<Boolean> f) { return with(HostFact.INTEL_NO_TURBO, f); }
        public Builder intelNoTurbo(boolean v) { return with(HostFact.INTEL_NO_TURBO, v); }
        public Builder isolatedCpus(Fact<CpuList> f) { return with(HostFact.ISOLATED_CPUS, f); }
        public Builder isolatedCpus(CpuList v) { return with(HostFact.ISOLATED_CPUS, v); }
        public Builder nohzFullCpus(Fact<CpuList> f) { return with(HostFact.NOHZ_FULL_CPUS, f); }
        public Builder nohzFullCpus(CpuList v) { return with(HostFact.NOHZ_FULL_CPUS, v); }
        public Builder kernelRelease(Fact<String> f) { return with(HostFact.KERNEL_RELEASE, f); }
        public Builder kernelRelease(String v) { return with(HostFact.KERNEL_RELEASE, v); }
        public Builder tscFrequencyHzCpuid15(Fact<Long> f) { return with(HostFact.TSC_FREQUENCY_HZ_CPUID15, f); }
        public Builder tscFrequencyHzCpuid15(long v) { return with(HostFact.TSC_FREQUENCY_HZ_CPUID15, v); }
        public Builder baseFrequencyHzCpuid16(Fact<Long> f) { return with(HostFact.BASE_FREQUENCY_HZ_CPUID16, f); }
        public Builder baseFrequencyHzCpuid16(long v) { return with(HostFact.BASE_FREQUENCY_HZ_CPUID16, v); }
        public Builder tscFrequencyHzHypervisor(Fact<Long> f) { return with(HostFact.TSC_FREQUENCY_HZ_HYPERVISOR, f); }
        public Builder tscFrequencyHzHypervisor(long v) { return with(HostFact.TSC_FREQUENCY_HZ_HYPERVISOR, v); }
        public Builder adjtimex(Fact<Adjtimex> f) { return with(HostFact.ADJTIMEX, f); }
        public Builder adjtimex(Adjtimex v) { return with(HostFact.ADJTIMEX, v); }

        public HostFacts build() {
            return new HostFacts(byKey);
        }
    }
}
