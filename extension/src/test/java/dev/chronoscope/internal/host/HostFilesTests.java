package dev.chronoscope.internal.host;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class HostFilesTests {

    @Test
    void theFileSystemDistinguishesTextAbsentAndUnreadable(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("current_clocksource"), "tsc\n");
        HostFiles files = HostFiles.system();

        assertThat(files.read(file)).isEqualTo(new HostFiles.Content.Text("tsc\n"));
        assertThat(files.read(dir.resolve("absent"))).isEqualTo(new HostFiles.Content.Absent());
        assertThat(files.read(dir)).isInstanceOf(HostFiles.Content.Unreadable.class);
    }

    @Test
    void procfsFilesReportNoSizeButAreReadWhole() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(cpuinfo), "this host's /proc/cpuinfo could not be read");

        HostFiles.Content content = HostFiles.system().read(cpuinfo);

        assertThat(content).isInstanceOfSatisfying(HostFiles.Content.Text.class,
                t -> assertThat(t.text()).contains("processor"));
    }

    @Test
    void inMemoryFilesAreImmutableAndAbsentByDefault() {
        InMemoryHostFiles a = InMemoryHostFiles.empty().withFile("/proc/sys/kernel/osrelease", "6.8.0\n");
        InMemoryHostFiles b = a.withUnreadable("/proc/cpuinfo", "permission denied").without("/proc/sys/kernel/osrelease");

        assertThat(a.read(Path.of("/proc/sys/kernel/osrelease"))).isEqualTo(new HostFiles.Content.Text("6.8.0\n"));
        assertThat(a.read(Path.of("/proc/cpuinfo"))).isEqualTo(new HostFiles.Content.Absent());
        assertThat(b.read(Path.of("/proc/sys/kernel/osrelease"))).isEqualTo(new HostFiles.Content.Absent());
        assertThat(b.read(Path.of("/proc/cpuinfo"))).isEqualTo(new HostFiles.Content.Unreadable("permission denied"));
    }
}
