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
        String out = run(dir, "-Xmx100m", TenMillionSamplesMain.class);

        assertThat(out).contains("kept+dropped=10000000");
    }

    /** Samples that cannot fit the heap are refused before anything runs, with what they need; the JVM goes on. */
    @Test
    void tenMillionSamplesInASixtyFourMegabyteHeapAreRefusedWithTheMemoryTheyNeed(@TempDir Path dir) throws Exception {
        String out = run(dir, "-Xmx64m", TooManySamplesMain.class);

        assertThat(out).contains("refused=Probe.repeat: 10,000,000 samples need 76.3 MiB of heap while their timing is built (8 bytes "
                + "each), more than the ").contains("this JVM's heap can give them (at most 64.0 MiB, ")
                .contains("or give the test JVM more heap (-Xmx)")
                .contains("then kept=100").doesNotContain("OutOfMemoryError");
    }

    @Test
    void samplesFitWhereTheHeapFreeAfterTheLastCollectionHoldsThem() {
        long mib = 1024 * 1024;
        assertThat(Samples.heapShortfall(10_000_000, 8, 100 * mib, 10 * mib)).isEmpty();
        assertThat(Samples.heapShortfall(10_000_000, 8, 100 * mib, 30 * mib)).hasValue("10,000,000 samples need 76.3 MiB of heap "
                + "while their timing is built (8 bytes each), more than the 57.5 MiB this JVM's heap can give them (at most 100.0 MiB, "
                + "30.0 MiB in use after the last collection, an eighth kept for the test's own data); ask for at most 7,536,640 samples, "
                + "or give the test JVM more heap (-Xmx)");
    }

    /** What {@code main} printed in a JVM with {@code heap}; it must exit with 0 within 120 s. */
    private static String run(Path dir, String heap, Class<?> main) throws Exception {
        Path output = dir.resolve(main.getSimpleName() + ".out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, heap, "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), main.getName()))
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        // the output goes to a file, so nothing here blocks on reading it and the timeout can fire
        boolean exited = process.waitFor(120, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String out = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(exited).as("exited within 120 s (typically a few seconds); its output so far:%n%s", out).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        return out;
    }
}
