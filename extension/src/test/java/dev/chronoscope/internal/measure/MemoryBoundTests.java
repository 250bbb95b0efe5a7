package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class MemoryBoundTests {

    /** The bound: a test asking for ten million samples must not need more than ~100 MB. */
    @Test
    void tenMillionSamplesFitInAHundredMegabyteHeap() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-Xmx100m", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), TenMillionSamplesMain.class.getName()))
                .redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        assertThat(out).contains("kept+dropped=10000000");
    }
}
