package dev.chronoscope.internal.host;

import dev.chronoscope.internal.ffm.Adjtimex;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Described hosts for tests: one whose TSC can be trusted, and the usual ways to spoil it. Test code
 * rather than {@link HostFacts} methods, as nothing in the product describes hosts this way.
 */
public final class HostFixtures {

    private HostFixtures() {
    }

    /**
     * A described x86-64 host whose TSC can be trusted for durations: invariant TSC, RDTSCP,
     * {@code constant_tsc nonstop_tsc tsc_known_freq rdtscp}, clocksource {@code tsc} (of
     * {@code tsc hpet acpi_pm}), no hypervisor, 4 online CPUs, none isolated. Everything else unknown.
     */
    public static HostFacts invariantTscHost() {
        return HostFacts.builder()
                .cpuVendor("GenuineIntel").cpuModel("described CPU").logicalCpus(4).onlineCpus(CpuList.of(0, 1, 2, 3))
                .invariantTsc(true).rdtscp(true).hypervisor(false)
                .constantTscFlag(true).nonstopTscFlag(true).tscKnownFreqFlag(true).rdtscpFlag(true)
                .clocksource("tsc").availableClocksources("tsc", "hpet", "acpi_pm")
                .isolatedCpus(CpuList.NONE)
                .build();
    }

    /** {@code host}, but its CPU reports no invariant TSC (CPUID bit clear, no constant_tsc or nonstop_tsc). */
    public static HostFacts withoutInvariantTsc(HostFacts host) {
        return host.toBuilder().invariantTsc(false).constantTscFlag(false).nonstopTscFlag(false).build();
    }

    /** {@code host}, but the kernel keeps time with {@code name} (added to the available ones if missing). */
    public static HostFacts withClocksource(HostFacts host, String name) {
        Fact<List<String>> available = host.availableClocksources();
        HostFacts.Builder b = host.toBuilder().clocksource(name);
        if (available.isKnown() && !available.get().contains(name)) {
            List<String> more = new ArrayList<>(available.get());
            more.add(name);
            b.availableClocksources(Fact.of(more, available.source()));
        } else if (!available.isKnown()) {
            b.availableClocksources(name);
        }
        return b.build();
    }

    /**
     * A host on which every fact of {@link HostFact#all()} is known, each with a value of its type and
     * the source {@code source.apply(key)}: to check that code which goes through the keys, not the
     * named accessors, sees every fact, new ones included. A key of a type not below needs a case here.
     */
    public static HostFacts everyFactKnown(Function<HostFact<?>, String> source) {
        HostFacts.Builder b = HostFacts.builder();
        for (HostFact<?> key : HostFact.all()) {
            with(b, key, source.apply(key));
        }
        return b.build();
    }

    private static <T> void with(HostFacts.Builder b, HostFact<T> key, String source) {
        Class<?> type = key.type();
        Object value;
        if (type == String.class) {
            value = "a " + key.name();
        } else if (type == Boolean.class) {
            value = true;
        } else if (type == Integer.class) {
            value = 7;
        } else if (type == Long.class) {
            value = 7L;
        } else if (type == CpuList.class) {
            value = CpuList.of(0, 1);
        } else if (type == List.class) {
            value = List.of("a", "b");
        } else if (type == CpuQuota.class) {
            value = new CpuQuota(30_000, 100_000);
        } else if (type == MemoryLimit.class) {
            value = new MemoryLimit(1L << 30);
        } else if (type == Adjtimex.class) {
            value = new Adjtimex(0, 0, 0, 1_000, 100, Adjtimex.STA_PLL, 10_000, 37);
        } else {
            throw new IllegalArgumentException("no sample value for " + key + " (" + type.getName() + ")");
        }
        @SuppressWarnings("unchecked") // value is an instance of the key's type; with() checks it again
        T typed = (T) value;
        b.with(key, Fact.of(typed, source));
    }
}
