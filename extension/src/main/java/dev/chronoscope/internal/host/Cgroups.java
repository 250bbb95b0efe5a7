package dev.chronoscope.internal.host;

import dev.chronoscope.internal.format.Text;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code Cgroups} is used to find this process's control groups and read what they limit: the CPU
 * quota, the cpuset and the memory limit — the host as a container sees it. CI runners are containers
 * with CPU quotas; a timing that ran out of quota waited, and its figures include the wait.
 *
 * <p>Where: {@code /proc/self/cgroup} names the process's cgroup in each hierarchy ({@code 4:memory:/a/b}
 * for cgroup v1, {@code 0::/a/b} for v2) and {@code /proc/self/mountinfo} where each hierarchy is
 * mounted and which part of it the mount shows (its root: a container sees its own cgroup as
 * {@code /}). A controller mounted as v1 is read there (hybrid hosts mount v1 controllers beside an
 * empty v2 tree), otherwise from the v2 tree. Limits nest: a cgroup's threads are bound by every
 * ancestor's limit, so each limit is the tightest one from the process's cgroup up to the mount's
 * root, and its source names the file it came from.
 *
 * <p>Reading never throws: what cannot be read is an unknown fact with the reason.
 */
public final class Cgroups {

    public static final String SELF_CGROUP = "/proc/self/cgroup";
    public static final String MOUNTINFO = "/proc/self/mountinfo";

    /**
     * One controller's cgroup of this process: its directory, and the mount it lies under (where the
     * walk to ancestors stops).
     *
     * @param version 1 or 2
     * @param path    the cgroup as {@code /proc/self/cgroup} names it
     */
    public record Location(int version, Path dir, Path mount, String path) {

        /** The directory, then each parent up to the mount, inclusive. */
        List<Path> upToMount() {
            List<Path> dirs = new ArrayList<>();
            for (Path d = dir; d != null && d.startsWith(mount); d = d.getParent()) {
                dirs.add(d);
            }
            return dirs;
        }
    }

    private final HostFiles files;
    private final Map<String, Fact<Location>> byController;

    private Cgroups(HostFiles files, Map<String, Fact<Location>> byController) {
        this.files = files;
        this.byController = byController;
    }

    /** This process's cgroups for the {@code cpu}, {@code cpuset} and {@code memory} controllers, on {@code files}. */
    public static Cgroups locate(HostFiles files) {
        Fact<String> cgroup = HostFactsReader.text(files, SELF_CGROUP,
                "file absent: no cgroups (not Linux, or a kernel without them)");
        Fact<String> mountinfo = HostFactsReader.text(files, MOUNTINFO, "file absent");
        Map<String, Fact<Location>> m = new LinkedHashMap<>();
        for (String controller : List.of("cpu", "cpuset", "memory")) {
            m.put(controller, cgroup.flatMap(c -> mountinfo.flatMap(mi -> locate(controller, c, mi))));
        }
        return new Cgroups(files, m);
    }

    /** Where {@code controller}'s cgroup of this process is, from the two files' texts. */
    static Fact<Location> locate(String controller, String cgroupText, String mountinfoText) {
        String v1Path = null;
        String v2Path = null;
        for (String line : Text.split(cgroupText, '\n')) {
            String[] f = Text.split(line, ':', 3);
            if (f.length != 3) {
                continue;
            }
            if (f[0].equals("0") && f[1].isEmpty()) {
                v2Path = f[2].strip();
            } else if (List.of(Text.split(f[1], ',')).contains(controller)) {
                v1Path = f[2].strip();
            }
        }
        List<String[]> v1Mounts = new ArrayList<>();
        List<String[]> v2Mounts = new ArrayList<>();
        for (String line : Text.split(mountinfoText, '\n')) {
            String[] f = Text.split(line, ' ');
            int dash = List.of(f).indexOf("-");
            if (dash < 6 || dash + 3 > f.length) {
                continue;
            }
            // {root, mount point}, octal escapes (\040 for a space) undone
            String[] mount = {unescape(f[3]), unescape(f[4])};
            if (f[dash + 1].equals("cgroup") && List.of(Text.split(f[dash + 3], ',')).contains(controller)) {
                v1Mounts.add(mount);
            } else if (f[dash + 1].equals("cgroup2")) {
                v2Mounts.add(mount);
            }
        }
        if (v1Path != null && !v1Mounts.isEmpty()) {
            return Fact.of(location(1, v1Path, v1Mounts), SELF_CGROUP + ", " + MOUNTINFO);
        }
        if (v2Path != null && !v2Mounts.isEmpty()) {
            return Fact.of(location(2, v2Path, v2Mounts), SELF_CGROUP + ", " + MOUNTINFO);
        }
        return Fact.unknown("no mounted cgroup hierarchy has the " + controller + " controller for this process ("
                + SELF_CGROUP + ": " + (v1Path != null ? "v1 " + v1Path : v2Path != null ? "v2 " + v2Path : "no entry")
                + "; " + MOUNTINFO + ": " + v1Mounts.size() + " v1 " + controller + " mounts, " + v2Mounts.size()
                + " cgroup2 mounts)");
    }

    /**
     * The cgroup's directory under the mount that shows it: the mount whose root is the longest
     * prefix of the path. A path outside every mount's root (a container that sees the host's path
     * but mounts only its own cgroup) is the mount itself, as the JDK's container support reads it.
     */
    private static Location location(int version, String path, List<String[]> mounts) {
        String[] best = null;
        for (String[] m : mounts) {
            if (under(path, m[0]) && (best == null || m[0].length() > best[0].length())) {
                best = m;
            }
        }
        if (best == null) {
            Path mount = Path.of(mounts.getFirst()[1]);
            return new Location(version, mount, mount, path);
        }
        String rest = best[0].equals("/") ? path : path.substring(best[0].length());
        Path mount = Path.of(best[1]);
        Path dir = rest.isEmpty() || rest.equals("/") ? mount : mount.resolve(rest.substring(1));
        return new Location(version, dir.normalize().startsWith(mount) ? dir.normalize() : mount, mount, path);
    }

    private static boolean under(String path, String root) {
        return root.equals("/") || path.equals(root) || path.startsWith(root + "/");
    }

    private static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).chars()
                    .allMatch(d -> d >= '0' && d <= '7')) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** Where {@code controller}'s cgroup is, or why that is unknown. */
    public Fact<Location> location(String controller) {
        return byController.getOrDefault(controller, Fact.unknown("controller " + controller + " not located"));
    }

    /** {@code v1 cpu:/ cpuset:/ memory:/a/b} or {@code v2 /a/b}: which cgroups the limits were read from. */
    public Fact<String> describe() {
        List<String> parts = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        int version = 0;
        for (Map.Entry<String, Fact<Location>> e : byController.entrySet()) {
            if (e.getValue().isKnown()) {
                Location l = e.getValue().get();
                version |= l.version();
                parts.add(e.getKey() + ":" + l.path());
            } else {
                unknown.add(e.getKey() + ": " + e.getValue().source());
            }
        }
        if (parts.isEmpty()) {
            return Fact.unknown(String.join("; ", unknown));
        }
        String v = version == 3 ? "v1 and v2" : "v" + version;
        return Fact.of(v + " " + String.join(" ", parts), SELF_CGROUP + ", " + MOUNTINFO);
    }

    /**
     * The tightest CPU quota from the process's cgroup up (the fewest CPUs per period), or
     * {@code none} where no level sets one.
     */
    public Fact<CpuQuota> cpuQuota() {
        return quotaLevel().map(QuotaLevel::quota);
    }

    /**
     * The {@code cpu.stat} of the cgroup whose quota binds (see {@link #cpuQuota()}): its counters say
     * when that quota throttled the process. Unknown where there is no quota (nothing throttles) or
     * its counters cannot be read.
     */
    public Fact<Path> cpuStat() {
        return quotaLevel().flatMap(level -> {
            if (!level.quota().limited()) {
                return Fact.unknown("no CPU quota: nothing throttles this process");
            }
            Path stat = level.dir().resolve("cpu.stat");
            return HostFactsReader.text(files, stat.toString(), "file absent")
                    .flatMap(text -> CpuStat.parse(text) != null ? Fact.of(stat, stat.toString())
                    : Fact.unknown(stat + ": no nr_periods, nr_throttled and throttled time in "
                    + HostParsers.quote(text)));
        });
    }

    private record QuotaLevel(CpuQuota quota, Path dir) {
    }

    private Fact<QuotaLevel> quotaLevel() {
        return location("cpu").flatMap(l -> {
            Fact<QuotaLevel> tightest = null;
            for (Path dir : l.upToMount()) {
                Fact<CpuQuota> q = l.version() == 1 ? quotaV1(dir) : quotaV2(dir);
                if (!q.isKnown()) {
                    if (absentV2(l, q)) {
                        continue;
                    }
                    return q.map(x -> (QuotaLevel) null);
                }
                Fact<QuotaLevel> level = Fact.of(new QuotaLevel(q.get(), dir), q.source());
                if (tightest == null || (q.get().limited() && q.get().cpus() < tightest.get().quota().cpus())) {
                    tightest = level;
                }
            }
            if (tightest == null) {
                return nothingSet(l, "cpu.cfs_quota_us", "cpu.max", "cpu", "CPU quota",
                        new QuotaLevel(CpuQuota.none(CpuQuota.DEFAULT_PERIOD_MICROS), l.dir()));
            }
            return tightest.get().quota().limited() ? tightest : noneUpTo(tightest, l);
        });
    }

    private Fact<CpuQuota> quotaV1(Path dir) {
        Fact<Long> quota = number(dir.resolve("cpu.cfs_quota_us"));
        Fact<Long> period = number(dir.resolve("cpu.cfs_period_us"));
        return quota.flatMap(q -> period.flatMap(p -> valid(() -> q < 0 ? CpuQuota.none(p) : new CpuQuota(q, p),
                quota.source() + ", " + period.source())));
    }

    private Fact<CpuQuota> quotaV2(Path dir) {
        String file = dir.resolve("cpu.max").toString();
        return HostFactsReader.text(files, file, "file absent").flatMap(text -> {
            String[] f = Text.words(text).toArray(String[]::new);
            try {
                if (f.length == 2) {
                    long period = Long.parseLong(f[1]);
                    return valid(() -> f[0].equals("max") ? CpuQuota.none(period)
                            : new CpuQuota(Long.parseLong(f[0]), period), file);
                }
            } catch (NumberFormatException e) {
                // below
            }
            return Fact.unknown(file + ": expected '<quota|max> <period>', got " + HostParsers.quote(text));
        });
    }

    /** The tightest memory limit from the process's cgroup up, or {@code none}. */
    public Fact<MemoryLimit> memoryLimit() {
        return location("memory").flatMap(l -> {
            Fact<MemoryLimit> tightest = null;
            String name = l.version() == 1 ? "memory.limit_in_bytes" : "memory.max";
            for (Path dir : l.upToMount()) {
                Fact<String> text = HostFactsReader.text(files, dir.resolve(name).toString(), "file absent");
                if (absentV2(l, text)) {
                    continue;
                }
                Fact<MemoryLimit> limit = text.flatMap(t -> memory(t.strip(), text.source()));
                if (!limit.isKnown()) {
                    return limit;
                }
                if (tightest == null || (limit.get().limited()
                        && (!tightest.get().limited() || limit.get().bytes() < tightest.get().bytes()))) {
                    tightest = limit;
                }
            }
            if (tightest == null) {
                return nothingSet(l, name, name, "memory", "memory limit", new MemoryLimit(MemoryLimit.NONE));
            }
            return tightest.get().limited() ? tightest : noneUpTo(tightest, l);
        });
    }

    private static Fact<MemoryLimit> memory(String value, String source) {
        if (value.equals("max")) {
            return Fact.of(new MemoryLimit(MemoryLimit.NONE), source);
        }
        try {
            long bytes = Long.parseLong(value);
            return valid(() -> new MemoryLimit(bytes >= MemoryLimit.UNLIMITED_FROM ? MemoryLimit.NONE : bytes), source);
        } catch (NumberFormatException e) {
            return Fact.unknown(source + ": expected a number of bytes or 'max', got " + HostParsers.quote(value));
        }
    }

    /**
     * The CPUs the process's cgroup may run on: v1 {@code cpuset.effective_cpus} (else
     * {@code cpuset.cpus}), v2 {@code cpuset.cpus.effective}.
     */
    public Fact<CpuList> cpuset() {
        return location("cpuset").flatMap(l -> {
            List<String> names = l.version() == 1 ? List.of("cpuset.effective_cpus", "cpuset.cpus")
                    : List.of("cpuset.cpus.effective");
            Fact<String> text = null;
            for (String name : names) {
                text = HostFactsReader.text(files, l.dir().resolve(name).toString(),
                        l.version() == 2 ? "file absent: the cpuset controller is not enabled for this cgroup"
                        : "file absent");
                if (text.isKnown()) {
                    break;
                }
            }
            Fact<String> read = text;
            return read.flatMap(t -> CpuList.parse(t, read.source()));
        });
    }

    /**
     * A v2 cgroup has {@code cpu.max} ({@code memory.max}) only where its parent enables the
     * controller for it, and the root has none: an absent file is a level no limit can be set on.
     */
    private static boolean absentV2(Location l, Fact<?> read) {
        return l.version() == 2 && !read.isKnown() && read.source().endsWith("file absent");
    }

    /**
     * No level had the file: in v2 no limit can apply (the controller is not enabled on the way up,
     * or the cgroup is the root); in v1, where every cgroup of a mounted controller has it, unknown.
     */
    private static <T> Fact<T> nothingSet(Location l, String v1File, String v2File, String controller, String what,
            T none) {
        if (l.version() == 1) {
            return Fact.unknown(l.dir() + ": no " + v1File + " from here to " + l.mount());
        }
        return Fact.of(none, "no " + v2File + " from " + l.dir() + " up to " + l.mount() + ": the " + controller
                + " controller is not enabled for these cgroups (or this is the root), so no " + what + " applies");
    }

    /** "No limit" read at every level: its source says the ancestors were read too. */
    private static <T> Fact<T> noneUpTo(Fact<T> none, Location l) {
        return l.dir().equals(l.mount()) ? none : Fact.of(none.get(), none.source() + " and each parent's up to "
                + l.mount());
    }

    private Fact<Long> number(Path file) {
        Fact<String> text = HostFactsReader.text(files, file.toString(), "file absent");
        return text.flatMap(t -> {
            try {
                return Fact.of(Long.parseLong(t.strip()), text.source());
            } catch (NumberFormatException e) {
                return Fact.unknown(text.source() + ": expected a whole number, got " + HostParsers.quote(t));
            }
        });
    }

    private static <T> Fact<T> valid(java.util.function.Supplier<T> value, String source) {
        try {
            return Fact.of(value.get(), source);
        } catch (IllegalArgumentException e) {
            return Fact.unknown(source + ": " + e.getMessage());
        }
    }
}
