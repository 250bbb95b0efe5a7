package dev.chronoscope.internal.bench;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class BenchmarkTests {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String output() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aBadOptionIsAUsageErrorThatMeasuresNothing() {
        int code = Benchmark.run(new String[] {"--samples", "lots"}, out);

        assertThat(code).isEqualTo(Benchmark.EXIT_USAGE);
        assertThat(output())
                .contains("chronoscope bench: option --samples: 'lots' is not a whole number")
                .contains("usage: bench")
                .doesNotContain("targets");
    }

    @Test
    void helpPrintsTheUsage() {
        assertThat(Benchmark.run(new String[] {"--help"}, out)).isEqualTo(Benchmark.EXIT_OK);
        assertThat(output()).startsWith("usage: bench [--rounds N] [--samples N] [--warmup N]");
    }

    @Test
    void aShortRunReportsEveryMeasureAndTheTargets() {
        assumeTrue(Benchmark.unavailableReason().isEmpty(), () -> "native libraries: " + Benchmark.unavailableReason());

        int code = Benchmark.run(new String[] {"--rounds", "2", "--samples", "1000", "--warmup", "1"}, out);

        assertThat(code).isEqualTo(Benchmark.EXIT_OK);
        assertThat(output())
                .contains("2 measured x 1000 samples")
                .contains("not core cycles")
                .contains("floor: ", "tsc_fenced: ", "chain64: ")
                .contains("per-round p50 ratio Java/C over 2 rounds")
                .contains("net of floor")
                .contains("Java and C computed the same values in every round")
                .contains("targets");
    }
}
