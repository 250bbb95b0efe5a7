package dev.chronoscope.internal.ffm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

class NativeLoadingTests {

    @Test
    void platformNamesFollowTheJarFolders() {
        assertThat(Platform.of("Linux", "amd64").folder()).isEqualTo("linux-x86_64");
        assertThat(Platform.of("Linux", "aarch64").folder()).isEqualTo("linux-aarch64");
        assertThat(Platform.of("Mac OS X", "aarch64").isLinux()).isFalse();
    }

    @Test
    void aLibraryThatIsNotBundledIsReportedWithTheReasonForEachAttempt() {
        NativeLibraryLoader.Result result = NativeLibraryLoader.load("chronoscope-does-not-exist");
        assertThat(result.loaded()).isFalse();
        assertThat(result.failureReason())
                .contains("no bundled libchronoscope-does-not-exist.so")
                .contains("none on java.library.path");
    }

    @Test
    void theBundledProbeIsLoadedFromTheJarAndItsCopyRemoved() {
        assumeThat(Platform.current().isLinux()).as("the native loader is Linux's; this host runs " + Platform.current()).isTrue();
        assumeThat(ProbeLibrary.isLoaded()).as("the native probe is not loaded (the build bundles it only where it found a C compiler): "
                + ProbeLibrary.unavailableReason()).isTrue();
        assertThat(ProbeLibrary.source()).startsWith("bundled ").endsWith(", removed once loaded)");
        String path = ProbeLibrary.source().replaceAll(".*extracted to (.*), removed once loaded\\)$", "$1");
        assertThat(Path.of(path)).doesNotExist();
        assertThat(Path.of(path).getParent()).doesNotExist();
    }

    @Test
    void extractionDirectoriesArePrivate(@TempDir Path temp) throws Exception {
        System.setProperty(NativeLibraryLoader.EXTRACT_DIR_PROPERTY, temp.toString());
        try {
            Path dir = NativeLibraryLoader.createPrivateDirectory();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
        } finally {
            System.clearProperty(NativeLibraryLoader.EXTRACT_DIR_PROPERTY);
        }
    }

    @Test
    void aJvmThatLoadedTheProbeLeavesNothingInTheExtractionDirectory(@TempDir Path temp) throws Exception {
        assumeThat(Platform.current().isLinux()).isTrue();
        assumeThat(ProbeLibrary.isLoaded()).as(ProbeLibrary.unavailableReason()).isTrue();
        String out = runJava("--enable-native-access=ALL-UNNAMED", "-D" + NativeLibraryLoader.EXTRACT_DIR_PROPERTY + "=" + temp);
        assertThat(out).contains("probe.loaded=true");
        try (var left = Files.list(temp)) {
            assertThat(left).as("left in " + temp).isEmpty();
        }
    }

    @Test
    void aNoexecFileSystemIsNamedWithTheFix(@TempDir Path temp) throws Exception {
        Path mountinfo = Files.writeString(temp.resolve("mountinfo"), """
                22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
                35 22 0:31 / /tmp rw,nosuid,nodev,noexec,relatime shared:15 - tmpfs tmpfs rw
                36 22 0:32 / /tmp/exec\\040dir rw,relatime shared:16 - tmpfs tmpfs rw
                """);
        assertThat(NativeLibraryLoader.mountOptions(Path.of("/tmp/chronoscope-1"), mountinfo)).get()
                .asList().contains("noexec");
        assertThat(NativeLibraryLoader.mountOptions(Path.of("/tmp/exec dir/chronoscope-1"), mountinfo)).get()
                .asList().doesNotContain("noexec");
        assertThat(NativeLibraryLoader.mountOptions(Path.of("/home/x"), mountinfo)).get().asList().containsExactly("rw", "relatime");
        assertThat(NativeLibraryLoader.mountOptions(Path.of("/x"), temp.resolve("absent"))).isEmpty();
    }

    @Test
    void deniedNativeAccessIsReportedNotThrown() throws Exception {
        assumeThat(Platform.current().isLinux()).as("the native loader is Linux's; this host runs " + Platform.current()).isTrue();
        String out = runJava("--illegal-native-access=deny");
        assertThat(out).contains("probe.loaded=false").contains("libc.available=false");
        assertThat(out).containsPattern("probe\\.reason=.*\\S").containsPattern("libc\\.reason=.*IllegalCallerException");
    }

    @Test
    void anUnusableExtractionDirectoryIsReportedNotThrown(@TempDir Path temp) throws Exception {
        assumeThat(Platform.current().isLinux()).as("the native loader is Linux's; this host runs " + Platform.current()).isTrue();
        // a directory below a regular file cannot be created, not even by root
        Path file = Files.writeString(temp.resolve("a-file"), "not a directory");
        String out = runJava("--enable-native-access=ALL-UNNAMED", "-D" + NativeLibraryLoader.EXTRACT_DIR_PROPERTY + "=" + file.resolve("sub"));
        assertThat(out).contains("probe.loaded=false").contains("could not be loaded");
    }

    private static String runJava(String... jvmArgs) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(List.of(jvmArgs));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), NativeStatusMain.class.getName()));
        // the output goes to a file, so that the timeout below can fire while the child still runs
        Path log = Files.createTempFile("chronoscope-native-status-", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean finished = process.waitFor(60, TimeUnit.SECONDS);
            if (!finished) {
                process.destroyForcibly();
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(finished).as("the JVM finished within 60 s; it printed:\n" + out).isTrue();
            assertThat(process.exitValue()).as(out).isZero();
            return out;
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
