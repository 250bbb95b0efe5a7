package dev.chronoscope.internal.ffm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.SymbolLookup;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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
        // no file at all: an in-memory one, loaded through the descriptor its checksum was read through
        assertThat(ProbeLibrary.source()).startsWith("bundled ")
                .containsPattern("loaded from memory \\(memfd\\) through /proc/self/fd/\\d+, its SHA-256 checked through the same descriptor");
    }

    @Test
    void extractionDirectoriesArePrivate(@TempDir Path temp) throws Exception {
        assumeThat(Platform.current().isLinux()).isTrue();
        Path dir = NativeLibraryLoader.createPrivateDirectory(temp);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
    }

    @Test
    void aParentDirectoryOtherUsersCanWriteIsRefusedUnlessSticky(@TempDir Path temp) throws Exception {
        assumeThat(Platform.current().isLinux()).isTrue();
        Path shared = Files.createDirectory(temp.resolve("shared"));
        Files.setAttribute(shared, "unix:mode", 0777);
        assertThatThrownBy(() -> NativeLibraryLoader.createPrivateDirectory(shared)).isInstanceOf(IOException.class)
                .hasMessage("refusing to extract native libraries below " + shared + ": " + shared + " (mode 0777, group "
                        + Files.getAttribute(shared, "unix:gid") + ") can be written by other users and is not sticky (as /tmp is), "
                        + "so another user could swap what is extracted in it. Set the system property chronoscope.native.dir to a "
                        + "directory only this user can write, or leave it unset");
        // a directory below it is refused for the same reason: the shared one's users could rename it away
        Path below = shared.resolve("mine");
        assertThatThrownBy(() -> NativeLibraryLoader.createPrivateDirectory(below)).hasMessageContaining(shared + " (above " + below + ")");
        try (var left = Files.list(shared)) {
            assertThat(left).as("nothing is created in a refused directory").isEmpty();
        }

        Files.setAttribute(shared, "unix:mode", 01777);
        Path dir = NativeLibraryLoader.createPrivateDirectory(shared);
        assertThat(dir.getParent()).isEqualTo(shared);
        assertThat((int) Files.getAttribute(dir, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 07777).isEqualTo(0700);
    }

    @Test
    void aParentDirectoryOfAnotherUserIsRefused(@TempDir Path temp) throws Exception {
        assumeThat(Platform.current().isLinux()).isTrue();
        assumeThat(Libc.effectiveUid()).as("only root can give a directory to another user").isZero();
        Path theirs = Files.createDirectory(temp.resolve("theirs"));
        Files.setAttribute(theirs, "unix:uid", 65534);
        assertThatThrownBy(() -> NativeLibraryLoader.createPrivateDirectory(theirs))
                .hasMessageContaining(theirs + " belongs to uid 65534, another user, who could swap what is extracted in it");
    }

    @Test
    void anEmptyExtractionDirectoryIsRefusedNamingTheProperty() {
        assertThatThrownBy(() -> NativeLibraryLoader.extractionParent(""))
                .hasMessageStartingWith("the system property chronoscope.native.dir is empty (''); expected the directory to extract "
                        + "native libraries into");
        assertThatThrownBy(() -> NativeLibraryLoader.extractionParent("  ")).hasMessageContaining("is empty ('  ')");
    }

    @Test
    void aRegularFileOrADanglingLinkAsTheDirectoryIsNamed(@TempDir Path temp) throws Exception {
        assumeThat(Platform.current().isLinux()).isTrue();
        Path file = Files.writeString(temp.resolve("a-file"), "not a directory");
        assertThatThrownBy(() -> NativeLibraryLoader.createPrivateDirectory(file))
                .hasMessage("the extraction directory " + file + " is a regular file, not a directory");
        assertThatThrownBy(() -> NativeLibraryLoader.createPrivateDirectory(file.resolve("sub")))
                .hasMessage(file.resolve("sub") + ": " + file + " is a regular file, not a directory");
        Path dangling = Files.createSymbolicLink(temp.resolve("dangling"), temp.resolve("gone"));
        assertThatThrownBy(() -> NativeLibraryLoader.createPrivateDirectory(dangling))
                .hasMessage("the extraction directory " + dangling + " is a symbolic link to " + temp.resolve("gone")
                        + ", which does not exist");
    }

    @Test
    void theFileLoadedIsTheOneWhoseChecksumWasReadEvenWhenItsPathIsSwapped(@TempDir Path temp) throws Exception {
        byte[] library = bundledProbe();
        Path file = Files.write(temp.resolve("libchronoscope.so"), library);
        Files.setAttribute(file, "unix:mode", 0600);
        int fd = Libc.openReadOnlyNoFollow(file.toString());
        // another user's file renamed over the path after the descriptor was opened
        Path other = Files.writeString(temp.resolve("other.so"), "not the library");
        Files.move(other, file, StandardCopyOption.REPLACE_EXISTING);

        SymbolLookup lookup = NativeLibraryLoader.loadVerified(fd, NativeLibraryLoader.sha256(library));
        assertThat(lookup.find("cs_abi_version")).isPresent();
        // by path, the swapped file would have been opened
        assertThat(Files.readString(file)).isEqualTo("not the library");
    }

    @Test
    void aFileAnotherUserOwnsOrCanWriteOrWithAnotherChecksumIsNotLoaded(@TempDir Path temp) throws Exception {
        byte[] library = bundledProbe();
        String sha = NativeLibraryLoader.sha256(library);
        Path file = Files.write(temp.resolve("lib.so"), library);

        Files.setAttribute(file, "unix:mode", 0622);
        assertThatThrownBy(() -> NativeLibraryLoader.loadVerified(Libc.openReadOnlyNoFollow(file.toString()), sha))
                .hasMessageEndingWith("(" + file + ") can be written by other users (mode 0622): refusing to load it");

        Files.setAttribute(file, "unix:mode", 0600);
        assertThatThrownBy(() -> NativeLibraryLoader.loadVerified(Libc.openReadOnlyNoFollow(file.toString()), "0".repeat(64)))
                .hasMessageEndingWith("(" + file + ") has SHA-256 " + sha + ", expected " + "0".repeat(64) + ": refusing to load it");

        if (Libc.effectiveUid() == 0) {
            Files.setAttribute(file, "unix:uid", 65534);
            assertThatThrownBy(() -> NativeLibraryLoader.loadVerified(Libc.openReadOnlyNoFollow(file.toString()), sha))
                    .hasMessageEndingWith("(" + file + ") is owned by uid 65534, not by this process's user (uid 0): refusing to load it");
        }
        // a symbolic link in the library's place is not followed
        Path link = Files.createSymbolicLink(temp.resolve("link.so"), file);
        assertThatThrownBy(() -> Libc.openReadOnlyNoFollow(link.toString())).hasMessageContaining("errno 40");
    }

    /** The probe library's bytes as the jar holds them; the test is skipped where the build bundled none. */
    private static byte[] bundledProbe() throws IOException {
        assumeThat(Platform.current().isLinux()).isTrue();
        try (var in = NativeLoadingTests.class.getResourceAsStream("/dev/chronoscope/native/" + Platform.current().folder()
                + "/libchronoscope.so")) {
            assumeThat(in).as("no bundled probe: the build found no C compiler").isNotNull();
            return in.readAllBytes();
        }
    }

    @Test
    void aJvmThatLoadedTheProbeLeavesNothingInTheExtractionDirectory(@TempDir Path temp) throws Exception {
        assumeThat(Platform.current().isLinux()).isTrue();
        assumeThat(ProbeLibrary.isLoaded()).as(ProbeLibrary.unavailableReason()).isTrue();
        String out = runJava("--enable-native-access=ALL-UNNAMED", "-D" + NativeLibraryLoader.EXTRACT_DIR_PROPERTY + "=" + temp);
        assertThat(out).contains("probe.loaded=true").containsPattern("probe.source=bundled .* \\(extracted to " + temp
                + "/chronoscope-\\d+/libchronoscope.so, loaded through /proc/self/fd/\\d+ once its SHA-256 was checked");
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
        assertThat(MountOptions.mountOptions(Path.of("/tmp/chronoscope-1"), mountinfo)).get()
                .asList().contains("noexec");
        assertThat(MountOptions.mountOptions(Path.of("/tmp/exec dir/chronoscope-1"), mountinfo)).get()
                .asList().doesNotContain("noexec");
        assertThat(MountOptions.mountOptions(Path.of("/home/x"), mountinfo)).get().asList().containsExactly("rw", "relatime");
        assertThat(MountOptions.mountOptions(Path.of("/x"), temp.resolve("absent"))).isEmpty();
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
