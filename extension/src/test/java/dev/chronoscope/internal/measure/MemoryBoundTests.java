package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class MemoryBoundTests {

    /** The bound: a test asking for ten million samples must not need more than ~100 MB. */
    @Test
    void tenMillionSamplesFitInAHundredMegabyteHeap(@TempDir Path dir) throws Exception {
        Path output = dir.resolve("ten-million-samples.out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-Xmx100m", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), TenMillionSamplesMain.class.getName()))
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        // the output goes to a file, so nothing here blocks on reading it and the timeout can fire
        boolean exited = process.waitFor(120, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String out = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(exited).as("exited within 120 s (typically a few seconds); its output so far:%n%s", out).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        assertThat(out).contains("kept+dropped=10000000");
    }
}
