package dev.chronoscope.internal.host;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What other processes took of the host's CPUs over an interval, from two readings of /proc/stat
 * and /proc/self/stat: parsed as Linux writes them, differenced, and said; unknown with the reason
 * where the files are not there or not in that form.
 */
class HostLoadTests {

    private static String procStat(long user, long idle, long steal) {
        return "cpu  " + user + " 0 0 " + idle + " 0 0 0 " + steal + " 0 0\n"
                + "cpu0 1 0 0 1 0 0 0 0 0 0\ncpu1 1 0 0 1 0 0 0 0 0 0\nintr 1\n";
    }

    /** A process named with spaces and a parenthesis, as comm may be: utime and stime are fields 14 and 15. */
    private static String selfStat(long utime, long stime) {
        return "4711 (java (x) y) S 1 4711 4711 0 -1 4194560 1 0 0 0 " + utime + " " + stime + " 0 0 20 0 30 0 100 0 0\n";
    }

    @Test
    void othersAreTheBusyTicksLessThisProcesssOverTheInterval() {
        HostLoad before = HostLoad.parse(procStat(1_000, 5_000, 10), selfStat(300, 100));
        // 200 ticks per CPU pass on 2 CPUs (400 in all): 150 idle, 250 busy, of which this JVM 60 and steal 8
        HostLoad after = HostLoad.parse(procStat(1_000 + 242, 5_000 + 150, 18), selfStat(340, 120));
        HostLoad.Interval i = after.since(before);
        assertThat(i.cpus()).isEqualTo(2);
        assertThat(i.elapsedTicks()).isEqualTo(200);
        assertThat(i.othersCpus()).isCloseTo(190 / 200.0, within(1e-9));
        assertThat(i.stealShare()).isCloseTo(8 / 400.0, within(1e-9));
        assertThat(i.describe()).isEqualTo("other processes used 0.95 of 2 CPUs, this JVM 0.30 (over 200 clock ticks of /proc/stat);"
                + " steal 2.0 %");
    }

    @Test
    void anIntervalOfAFewTicksIsNotTold() {
        HostLoad before = HostLoad.parse(procStat(1_000, 5_000, 0), selfStat(300, 100));
        HostLoad after = HostLoad.parse(procStat(1_002, 5_004, 0), selfStat(301, 100));
        assertThat(after.since(before).othersCpus()).isNaN();
        assertThat(after.since(before).describe()).isEqualTo("not told: the test lasted 3 clock ticks of /proc/stat, under the 5 it takes");
    }

    @Test
    void filesNotInLinuxsFormAreUnknownWithTheReason() {
        assertThat(HostLoad.parse("intr 1\n", selfStat(1, 1))).isNull();
        assertThat(HostLoad.parse(procStat(1, 1, 0), "4711 java S 1")).isNull();
        assertThat(HostLoad.parse(procStat(1, 1, 0), "4711 (java) S 1 2")).isNull();
        Fact<HostLoad> absent = HostLoad.read(path -> new HostFiles.Content.Absent());
        assertThat(absent.isKnown()).isFalse();
        assertThat(absent.unknownReason()).isEqualTo("/proc/stat: file absent (not Linux)");
    }

    @Test
    void thisHostsFilesAreRead() {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")) && Files.isReadable(Path.of("/proc/self/stat")), "a Linux /proc");
        Fact<HostLoad> now = HostLoad.read(HostFiles.system());
        assertThat(now.isKnown()).as(now.unknownReason()).isTrue();
        assertThat(now.get().cpus()).isPositive();
        assertThat(now.get().selfTicks()).as("this JVM has run").isPositive();
    }
}
