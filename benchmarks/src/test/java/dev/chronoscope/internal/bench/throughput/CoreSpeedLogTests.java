package dev.chronoscope.internal.bench.throughput;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CoreSpeedLogTests {

    @TempDir
    Path dir;

    @Test
    void eachBenchmarksSlowestReadingAroundItsIterationsIsKept() throws Exception {
        Path file = dir.resolve("speed.txt");
        Files.writeString(file, "joinJmh 0.7100 0.7200\njoinJmh 0.7300 1.0100\nsortJmh 0.7000 0.7050\n");
        assertThat(CoreSpeedLog.slowestByBenchmark(file)).containsEntry("joinJmh", 1.01).containsEntry("sortJmh", 0.705)
                .hasSize(2);
        assertThat(CoreSpeedLog.slowestByBenchmark(dir.resolve("none.txt"))).as("no fork wrote one").isEmpty();
    }

    @Test
    void aLineOfAnotherShapeIsRefusedNamingIt() throws Exception {
        Path file = dir.resolve("speed.txt");
        Files.writeString(file, "joinJmh 0.71\n");
        assertThatThrownBy(() -> CoreSpeedLog.slowestByBenchmark(file)).hasMessageContaining("'joinJmh 0.71'")
                .hasMessageContaining("expected '<benchmark> <ns per step before> <ns per step after>'");
    }
}
