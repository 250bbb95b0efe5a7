package dev.chronoscope.internal.host;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Containers described by their files: cgroup v2 (a CI runner's container), a hybrid v1 host (this
 * build machine's kind), a container that sees its own cgroup as {@code /}, and what cannot be read.
 */
class CgroupsTests {

    static final String V2_MOUNTINFO = """
            22 1 0:21 / / rw,relatime - overlay overlay rw
            30 22 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime - cgroup2 cgroup2 rw,nsdelegate
            """;

    /** A v2 host: the process in /ci/job, whose parent /ci has the tighter quota 0.30 of a CPU, and the job 512 MiB. */
    static InMemoryHostFiles v2Runner() {
        return InMemoryHostFiles.empty()
                .withFile(Cgroups.SELF_CGROUP, "0::/ci/job\n")
                .withFile(Cgroups.MOUNTINFO, V2_MOUNTINFO)
                .withFile("/sys/fs/cgroup/ci/job/cpu.max", "max 100000\n")
                .withFile("/sys/fs/cgroup/ci/cpu.max", "30000 100000\n")
                .withFile("/sys/fs/cgroup/ci/job/cpu.stat", "usage_usec 9000\nuser_usec 8000\nsystem_usec 1000\n"
                        + "nr_periods 122\nnr_throttled 120\nthrottled_usec 16000000\n")
                .withFile("/sys/fs/cgroup/ci/cpu.stat", "usage_usec 9000\nnr_periods 122\nnr_throttled 120\nthrottled_usec 16000000\n")
                .withFile("/sys/fs/cgroup/ci/job/cpuset.cpus.effective", "0-1\n")
                .withFile("/sys/fs/cgroup/ci/job/memory.max", "536870912\n")
                .withFile("/sys/fs/cgroup/ci/memory.max", "max\n");
    }

    @Test
    void cgroupV2TheTightestQuotaUpTheTreeItsCpuStatTheCpusetAndTheMemoryLimit() {
        Cgroups c = Cgroups.locate(v2Runner());

        assertThat(c.describe().get()).isEqualTo("v2 cpu:/ci/job cpuset:/ci/job memory:/ci/job");
        assertThat(c.cpuQuota().get()).isEqualTo(new CpuQuota(30_000, 100_000));
        assertThat(c.cpuQuota().get()).hasToString("30000/100000 us (0.30 CPUs)");
        assertThat(c.cpuQuota().source()).isEqualTo("/sys/fs/cgroup/ci/cpu.max");
        assertThat(c.cpuStat().get()).as("the counters of the cgroup whose quota binds").isEqualTo(Path.of("/sys/fs/cgroup/ci/cpu.stat"));
        assertThat(c.cpuset().get()).isEqualTo(CpuList.of(0, 1));
        assertThat(c.memoryLimit().get()).isEqualTo(new MemoryLimit(536_870_912));
        assertThat(c.memoryLimit().get()).hasToString("536870912 bytes (512.0 MiB)");
        assertThat(c.memoryLimit().source()).isEqualTo("/sys/fs/cgroup/ci/job/memory.max");
    }

    @Test
    void theHostFactsCarryTheContainer() {
        HostFacts host = HostFactsReader.read(v2Runner(), InMemoryCpuidSource.empty(), NtpSource.unavailable("not described"));

        assertThat(host.get(HostFact.CGROUP_CPU_QUOTA).get().cpus()).isEqualTo(0.3);
        assertThat(host.get(HostFact.CGROUP_CPUSET).get()).isEqualTo(CpuList.of(0, 1));
        assertThat(host.get(HostFact.CGROUP_MEMORY_LIMIT).get().bytes()).isEqualTo(536_870_912L);
        assertThat(host.describe()).contains("cgroupCpuQuota = 30000/100000 us (0.30 CPUs)  [/sys/fs/cgroup/ci/cpu.max]");
    }

    @Test
    void noQuotaAnywhereIsNoneAndThenNothingThrottles() {
        Cgroups c = Cgroups.locate(v2Runner().withFile("/sys/fs/cgroup/ci/cpu.max", "max 100000\n"));

        assertThat(c.cpuQuota().get().limited()).isFalse();
        assertThat(c.cpuQuota().get()).hasToString("none");
        assertThat(c.cpuQuota().source()).isEqualTo("/sys/fs/cgroup/ci/job/cpu.max and each parent's up to /sys/fs/cgroup");
        assertThat(c.cpuStat().isKnown()).isFalse();
        assertThat(c.cpuStat().source()).isEqualTo("no CPU quota: nothing throttles this process");
    }

    @Test
    void aV2CgroupWithoutTheCpuControllerIsBoundByTheAncestorsThatHaveIt() {
        Cgroups c = Cgroups.locate(v2Runner().without("/sys/fs/cgroup/ci/job/cpu.max").without("/sys/fs/cgroup/ci/job/cpuset.cpus.effective"));

        assertThat(c.cpuQuota().get()).isEqualTo(new CpuQuota(30_000, 100_000));
        assertThat(c.cpuQuota().source()).isEqualTo("/sys/fs/cgroup/ci/cpu.max");
        assertThat(c.cpuset().source())
                .isEqualTo("/sys/fs/cgroup/ci/job/cpuset.cpus.effective: file absent: the cpuset controller is not enabled for this cgroup");
    }

    @Test
    void aV2TreeWithoutTheControllersAnywhereHasNoLimitsSayingWhy() {
        Cgroups c = Cgroups.locate(v2Runner().without("/sys/fs/cgroup/ci/job/cpu.max").without("/sys/fs/cgroup/ci/cpu.max")
                .without("/sys/fs/cgroup/ci/job/memory.max").without("/sys/fs/cgroup/ci/memory.max"));

        assertThat(c.cpuQuota().get().limited()).isFalse();
        assertThat(c.cpuQuota().source()).isEqualTo("no cpu.max from /sys/fs/cgroup/ci/job up to /sys/fs/cgroup: the cpu controller"
                + " is not enabled for these cgroups (or this is the root), so no CPU quota applies");
        assertThat(c.cpuStat().source()).isEqualTo("no CPU quota: nothing throttles this process");
        assertThat(c.memoryLimit().get().limited()).isFalse();
        assertThat(c.memoryLimit().source()).startsWith("no memory.max from /sys/fs/cgroup/ci/job up to /sys/fs/cgroup: the memory");
    }

    @Test
    void aContainerThatSeesItsOwnCgroupAsTheRootReadsTheMountItself() {
        // cgroup namespace: /proc/self/cgroup says "/", the mount shows the container's cgroup at /sys/fs/cgroup
        InMemoryHostFiles files = InMemoryHostFiles.empty()
                .withFile(Cgroups.SELF_CGROUP, "0::/\n")
                .withFile(Cgroups.MOUNTINFO, V2_MOUNTINFO)
                .withFile("/sys/fs/cgroup/cpu.max", "150000 100000\n");
        assertThat(Cgroups.locate(files).cpuQuota().get()).hasToString("150000/100000 us (1.50 CPUs)");

        // no cgroup namespace, only the container's own cgroup mounted (its root is that cgroup)
        InMemoryHostFiles docker = InMemoryHostFiles.empty()
                .withFile(Cgroups.SELF_CGROUP, "0::/system.slice/docker-abc.scope\n")
                .withFile(Cgroups.MOUNTINFO, "30 22 0:26 /system.slice/docker-abc.scope /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n")
                .withFile("/sys/fs/cgroup/cpu.max", "50000 100000\n");
        Cgroups c = Cgroups.locate(docker);
        assertThat(c.location("cpu").get().dir()).isEqualTo(Path.of("/sys/fs/cgroup"));
        assertThat(c.cpuQuota().get().cpus()).isEqualTo(0.5);
    }

    /** This build machine's kind: v1 controllers beside an empty v2 tree; cpu and cpuset at /, memory in a child. */
    @Test
    void aHybridHostReadsEachV1ControllerWhereItIsMounted() {
        InMemoryHostFiles files = InMemoryHostFiles.empty()
                .withFile(Cgroups.SELF_CGROUP, "9:name=systemd:/\n4:memory:/process_api/2abd\n3:cpuset:/\n2:cpuacct:/\n1:cpu:/ci\n0::/\n")
                .withFile(Cgroups.MOUNTINFO, """
                        30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
                        31 30 0:28 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
                        32 30 0:29 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
                        33 30 0:30 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset
                        34 30 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
                        40 30 0:37 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
                        """)
                .withFile("/sys/fs/cgroup/cpu/ci/cpu.cfs_quota_us", "30000\n")
                .withFile("/sys/fs/cgroup/cpu/ci/cpu.cfs_period_us", "100000\n")
                .withFile("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", "-1\n")
                .withFile("/sys/fs/cgroup/cpu/cpu.cfs_period_us", "100000\n")
                .withFile("/sys/fs/cgroup/cpu/ci/cpu.stat", "nr_periods 122\nnr_throttled 120\nthrottled_time 16000000000\n")
                .withFile("/sys/fs/cgroup/cpuset/cpuset.effective_cpus", "0-1\n")
                .withFile("/sys/fs/cgroup/memory/process_api/2abd/memory.limit_in_bytes", "9223372036854771712\n")
                .withFile("/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes", "9223372036854771712\n")
                .withFile("/sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
        Cgroups c = Cgroups.locate(files);

        assertThat(c.describe().get()).isEqualTo("v1 cpu:/ci cpuset:/ memory:/process_api/2abd");
        assertThat(c.cpuQuota().get()).isEqualTo(new CpuQuota(30_000, 100_000));
        assertThat(c.cpuQuota().source()).isEqualTo("/sys/fs/cgroup/cpu/ci/cpu.cfs_quota_us, /sys/fs/cgroup/cpu/ci/cpu.cfs_period_us");
        assertThat(c.cpuStat().get()).isEqualTo(Path.of("/sys/fs/cgroup/cpu/ci/cpu.stat"));
        assertThat(c.cpuset().get()).isEqualTo(CpuList.of(0, 1));
        assertThat(c.memoryLimit().get().limited()).as("v1's 'unlimited' is PAGE_COUNTER_MAX pages").isFalse();
    }

    @Test
    void whatCannotBeReadIsUnknownWithTheReason() {
        Cgroups none = Cgroups.locate(InMemoryHostFiles.empty());
        assertThat(none.cpuQuota().source()).isEqualTo("/proc/self/cgroup: file absent: no cgroups (not Linux, or a kernel without them)");

        Cgroups noMount = Cgroups.locate(InMemoryHostFiles.empty().withFile(Cgroups.SELF_CGROUP, "0::/a\n")
                .withFile(Cgroups.MOUNTINFO, "22 1 0:21 / / rw - overlay overlay rw\n"));
        assertThat(noMount.cpuQuota().source()).isEqualTo("no mounted cgroup hierarchy has the cpu controller for this process "
                + "(/proc/self/cgroup: v2 /a; /proc/self/mountinfo: 0 v1 cpu mounts, 0 cgroup2 mounts)");

        Cgroups garbled = Cgroups.locate(v2Runner().withFile("/sys/fs/cgroup/ci/cpu.max", "thirty\n"));
        assertThat(garbled.cpuQuota().source()).isEqualTo("/sys/fs/cgroup/ci/cpu.max: expected '<quota|max> <period>', got 'thirty'");
        Cgroups zero = Cgroups.locate(v2Runner().withFile("/sys/fs/cgroup/ci/cpu.max", "30000 0\n"));
        assertThat(zero.cpuQuota().source()).isEqualTo("/sys/fs/cgroup/ci/cpu.max: CPU period 0 µs: expected a positive number");
    }

    @Test
    void anEscapedMountPointIsUnescaped() {
        InMemoryHostFiles files = InMemoryHostFiles.empty()
                .withFile(Cgroups.SELF_CGROUP, "0::/\n")
                .withFile(Cgroups.MOUNTINFO, "30 22 0:26 / /sys/fs/my\\040cgroups rw - cgroup2 cgroup2 rw\n")
                .withFile("/sys/fs/my cgroups/cpu.max", "20000 100000\n");
        assertThat(Cgroups.locate(files).cpuQuota().get().cpus()).isEqualTo(0.2);
    }

    @Test
    void cpuStatCountersOfBothVersionsAndTheirDifference() {
        CpuStat v1 = CpuStat.parse("nr_periods 122\nnr_throttled 120\nthrottled_time 16000000000\nnr_bursts 0\nburst_time 0\n");
        CpuStat v2 = CpuStat.parse("usage_usec 5\nnr_periods 122\nnr_throttled 120\nthrottled_usec 16000000\n");
        assertThat(v1).isEqualTo(new CpuStat(122, 120, 16_000_000_000L)).isEqualTo(v2);
        assertThat(v1.since(new CpuStat(100, 99, 15_000_000_000L))).isEqualTo(new CpuStat(22, 21, 1_000_000_000L));
        assertThat(CpuStat.parse("usage_usec 9000\nuser_usec 8000\n")).as("v2 without the cpu controller").isNull();
    }
}
