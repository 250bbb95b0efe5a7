package dev.chronoscope.internal.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;

/** The browser tests use a Chromium or Chrome they find on the PATH; the build installs none. */
class HeadlessChromiumTests {

    @Test
    void findsChromeWhereNoChromiumIsOnThePath(@TempDir Path dir) throws IOException {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Path bin = Files.createDirectory(dir.resolve("bin"));
        Path chrome = executable(bin.resolve("google-chrome"));
        Files.createFile(bin.resolve("chromium"));          // not executable: not a browser to run

        assertThat(HeadlessChromium.chromium(empty + ":" + bin)).contains(chrome);
        assertThat(HeadlessChromium.chromium(empty.toString())).isEmpty();
        assertThat(HeadlessChromium.chromium("")).isEmpty();
    }

    @Test
    void takesTheFirstDirectoryOfThePathThatHasABrowser(@TempDir Path dir) throws IOException {
        Path first = Files.createDirectory(dir.resolve("first"));
        Path second = Files.createDirectory(dir.resolve("second"));
        Path chromeFirst = executable(first.resolve("google-chrome-stable"));
        executable(second.resolve("chromium"));

        assertThat(HeadlessChromium.chromium(first + ":" + second)).contains(chromeFirst);
    }

    private static Path executable(Path file) throws IOException {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        return file;
    }
}
