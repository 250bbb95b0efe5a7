package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFact;
import dev.chronoscope.internal.host.HostFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The host as a container sees it, for records, the run report and baselines: the cgroup CPU quota,
 * cpuset and memory limit ({@link HostFact#CGROUP_CPU_QUOTA} …) as text, each value in the form the
 * doctor shows ({@code 30000/100000 us (0.30 CPUs)}, {@code none}, {@code 0-1}) or
 * {@code unknown (reason)}. Kept out of the baseline's {@link HostFingerprint}: CI runners differ in
 * quota and would never match; a comparison under another quota says so instead ({@link #differences}).
 *
 * @param cgroup      which cgroups the limits were read from ({@code v1 cpu:/ cpuset:/ memory:/a})
 * @param cpuQuota    the tightest CPU quota of the process's cgroups
 * @param cpuset      the CPUs its cgroup may use
 * @param memoryLimit the tightest memory limit
 */
public record ContainerFacts(String cgroup, String cpuQuota, String cpuset, String memoryLimit) {

    static final String UNKNOWN_PREFIX = "unknown";

    public ContainerFacts {
        Objects.requireNonNull(cgroup, "cgroup");
        Objects.requireNonNull(cpuQuota, "cpuQuota");
        Objects.requireNonNull(cpuset, "cpuset");
        Objects.requireNonNull(memoryLimit, "memoryLimit");
    }

    /** Nothing known: what records and baselines written before these facts existed hold. */
    public static final ContainerFacts NOT_RECORDED = new ContainerFacts("unknown (not recorded)",
            "unknown (not recorded)",
            "unknown (not recorded)", "unknown (not recorded)");

    public static ContainerFacts of(HostFacts host) {
        return new ContainerFacts(text(host.get(HostFact.CGROUP)), text(host.get(HostFact.CGROUP_CPU_QUOTA)),
                text(host.get(HostFact.CGROUP_CPUSET)), text(host.get(HostFact.CGROUP_MEMORY_LIMIT)));
    }

    private static String text(Fact<?> fact) {
        return fact.isKnown() ? String.valueOf(fact.get()) : UNKNOWN_PREFIX + " (" + fact.source() + ")";
    }

    /**
     * {@code CPU quota 30000/100000 us (0.30 CPUs) | cpuset 0-1 | memory limit none | cgroup v1 cpu:/a …}: one line.
     */
    public String describe() {
        return "CPU quota " + cpuQuota + " | cpuset " + cpuset + " | memory limit " + memoryLimit + " | cgroup "
                + cgroup;
    }

    /**
     * The limits that differ from {@code baseline}'s, as {@code CPU quota: none (baseline) vs 30000/100000 us
     * (0.30 CPUs) (this run)}; unknown values differ from nothing. The cgroup's name is not compared:
     * it is where the limits come from, not what they are.
     */
    public List<String> differences(ContainerFacts baseline) {
        List<String> out = new ArrayList<>();
        difference(out, "CPU quota", baseline.cpuQuota, cpuQuota);
        difference(out, "cpuset", baseline.cpuset, cpuset);
        difference(out, "memory limit", baseline.memoryLimit, memoryLimit);
        return out;
    }

    private static void difference(List<String> out, String name, String baseline, String mine) {
        if (!baseline.startsWith(UNKNOWN_PREFIX) && !mine.startsWith(UNKNOWN_PREFIX) && !baseline.equals(mine)) {
            out.add(name + ": " + baseline + " (baseline) vs " + mine + " (this run)");
        }
    }

    public Json.Obj toJson() {
        return Json.object().put("cpuQuota", cpuQuota).put("cpuset", cpuset).put("memoryLimit", memoryLimit)
                .put("cgroup", cgroup);
    }

    /** The facts {@code o} holds; {@link #NOT_RECORDED} for null (written before they existed). */
    public static ContainerFacts fromJson(Map<String, Object> o) {
        if (o == null) {
            return NOT_RECORDED;
        }
        return new ContainerFacts(string(o, "cgroup"), string(o, "cpuQuota"), string(o, "cpuset"), string(o,
                "memoryLimit"));
    }

    private static String string(Map<String, Object> o, String name) {
        Object v = o.get(name);
        return v == null ? "unknown (not recorded)" : String.valueOf(v);
    }
}
