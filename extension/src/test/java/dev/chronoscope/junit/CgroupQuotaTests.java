package dev.chronoscope.junit;

import dev.chronoscope.internal.host.Cgroups;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFiles;
import dev.chronoscope.MeasureWith;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A JVM in a container with a CPU quota, for real: the test creates a child cgroup v1 under this
 * process's {@code cpu} cgroup, starts a JVM in it (a shell joins the cgroup, then execs java) with a
 * quota of 1.5 CPUs, and the fixture tightens the quota to 0.2 CPUs inside its test method while it
 * spins for 0.5 s on one thread — a thread that wants a whole CPU is throttled in each 100 ms period.
 * The record must show the quota read when the run started, and the invocation's timing the periods
 * it was throttled in, flagged. The cgroup is removed afterwards. Skipped, with the reason, where no
 * writable cgroup v1 {@code cpu} hierarchy exists (not root, or cgroup v2 only: v2 is tested through
 * described files in {@code CgroupsTests}).
 */
class CgroupQuotaTests {

    static final String CGROUP_PROPERTY = "chronoscope.test.cgroup";

    @MeasureWith(CLOCK_MONOTONIC) // any clock: the quota throttles whatever is timed
    static class QuotaTestCase {

        @Test
        void spinsUnderATightQuota() throws IOException {
            Path quota = Path.of(System.getProperty(CGROUP_PROPERTY), "cpu.cfs_quota_us");
            Files.writeString(quota, "20000");
            try {
                long end = System.nanoTime() + 500_000_000L;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            } finally {
                Files.writeString(quota, "150000");
            }
        }
    }

    @Test
    void aTimingThrottledByTheCgroupsQuotaSaysSoAndTheRecordCarriesTheQuota() throws Exception {
        Fact<Cgroups.Location> cpu = Cgroups.locate(HostFiles.system()).location("cpu");
        assumeTrue(cpu.isKnown(), () -> "no cpu cgroup: " + cpu.source());
        assumeTrue(cpu.get().version() == 1, () -> "the cpu controller is cgroup v" + cpu.get().version()
                + " here; the child cgroup test writes v1 files (v2 is tested through described files in CgroupsTests)");
        Path dir = cpu.get().dir().resolve("chronoscope-test-" + ProcessHandle.current().pid());
        try {
            Files.createDirectory(dir);
        } catch (IOException e) {
            assumeTrue(false, () -> "cannot create a child cgroup in " + cpu.get().dir() + " (" + e + "): needs root or a delegated cgroup");
        }
        try {
            Files.writeString(dir.resolve("cpu.cfs_quota_us"), "150000");
            String out = ChildJvm.runKit(List.of("sh", "-c", "echo $$ > " + dir.resolve("cgroup.procs") + " && exec \"$@\"", "sh"),
                    List.of("--enable-native-access=ALL-UNNAMED", "-D" + CGROUP_PROPERTY + "=" + dir),
                    QuotaTestCase.class.getName());

            String container = out.lines().filter(l -> l.startsWith("container QuotaTestCase.spinsUnderATightQuota()"))
                    .findFirst().orElseThrow(() -> new AssertionError(out));
            assertThat(container).as(out)
                    .contains("cpuQuota=150000/100000 us (1.50 CPUs)")
                    .contains("cgroup=v1 cpu:/" + cpu.get().dir().relativize(dir) + " ");
            // 0.5 s of one spinning thread under 20 ms per 100 ms: throttled in most of its periods (numbers as the JSON parser reads them)
            assertThat(container).as(out).containsPattern("throttling=\\[invocation:\\{periods=\\d+\\.0, throttledPeriods=[1-9]\\d*\\.0, "
                    + "throttledNs=\\S+, throttled=true}]");
            String record = out.lines().filter(l -> l.startsWith("record QuotaTestCase.spinsUnderATightQuota()"))
                    .findFirst().orElseThrow(() -> new AssertionError(out));
            assertThat(record).as(out).containsPattern("timing 'invocation': its cgroup was throttled in [1-9]\\d* of \\d+ CPU-quota "
                    + "periods \\(\\d+\\.\\d ms\\) while it sampled \\(CPU quota 150000/100000 us \\(1.50 CPUs\\) when the run started\\)");
            assertThat(out).as(out).containsPattern("out\\| noise +\\d+ involuntary context switches \\| \\d+ samples moved between CPUs"
                    + " \\| CPU quota throttled in [1-9]\\d* of \\d+ CPU-quota periods \\(\\d+\\.\\d ms\\): THROTTLED while sampling");
        } finally {
            removeWhenEmpty(dir);
        }
    }

    /** Removes the cgroup once the child has left it (its exit can lag the wait by a moment). */
    private static void removeWhenEmpty(Path dir) throws Exception {
        for (int attempt = 0; ; attempt++) {
            try {
                Files.delete(dir);
                return;
            } catch (IOException e) {
                if (attempt == 50) {
                    throw new AssertionError("could not remove the test's cgroup " + dir + ": " + e, e);
                }
                Thread.sleep(100);
            }
        }
    }
}
