package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.internal.args.CommandLine;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ThroughputOptionsTests {

    @Test
    void noArgumentsTimeEveryWorkloadInThisJvmWithJmhBeside() throws Exception {
        assertThat(ThroughputOptions.parse()).isEqualTo(new ThroughputOptions(ThroughputOptions.DEFAULT_JMH_ITERATIONS,
                ThroughputOptions.DEFAULT_SAMPLES, 1, ThroughputOptions.WORKLOADS, false, false));
    }

    @Test
    void readsEveryOptionSeparateOrWithEqualsSign() throws Exception {
        assertThat(ThroughputOptions.parse("--jmh-iterations", "0", "--samples=5_000", "--forks", "6",
                "--workloads=fnv64"))
                .isEqualTo(new ThroughputOptions(0, 5000, 6, List.of("fnv64"), false, false));
    }

    @Test
    void keepsWorkloadsInTheirOwnOrderWhateverOrderTheyAreNamedIn() throws Exception {
        assertThat(ThroughputOptions.parse("--workloads", "chain1024, chain4,chain4").workloads())
                .containsExactly("chain4", "chain1024");
    }

    @Test
    void rejectsAnUnknownWorkloadNamingItAndTheKnownOnes() {
        assertThatThrownBy(() -> ThroughputOptions.parse("--workloads", "chain4,chain8"))
                .isInstanceOf(CommandLine.InvalidOptionException.class)
                .hasMessage("option --workloads: 'chain8' in 'chain4,chain8' is not a workload; expected a"
                        + " comma-separated list of chain4, chain64, fnv64, chain1024");
    }

    @Test
    void rejectsForksAndSamplesOutOfRange() {
        assertThatThrownBy(() -> ThroughputOptions.parse("--forks", "0"))
                .hasMessage("option --forks: 0 is out of range; expected a number of JVMs per tool from 1 to "
                        + ThroughputOptions.MAX_FORKS);
        assertThatThrownBy(() -> ThroughputOptions.parse("--samples", "99"))
                .hasMessageContaining("--samples").hasMessageContaining("99 is out of range");
        assertThatThrownBy(() -> ThroughputOptions.parse("--jmh-iterations", "-1"))
                .hasMessageContaining("--jmh-iterations").hasMessageContaining("-1 is out of range");
    }

    @Test
    void aForkChildTimesWhatItsParentAskedWithoutJmh() throws Exception {
        ThroughputOptions parent = ThroughputOptions.parse("--forks", "4", "--samples", "2000", "--workloads",
                "fnv64,chain64");
        ThroughputOptions child = ThroughputOptions.parse(parent.childArguments().toArray(String[]::new));
        assertThat(child).isEqualTo(new ThroughputOptions(0, 2000, 1, List.of("chain64", "fnv64"), true, false));
    }

    @Test
    void aFiguresLineReadsBackAsWritten() {
        ThroughputComparison.Figures figures = new ThroughputComparison.Figures("chain4", 3.2125, true, 618, 0.47, false);
        assertThat(ThroughputComparison.Figures.parse(figures.toLine())).isEqualTo(figures);
        assertThatThrownBy(() -> ThroughputComparison.Figures.parse("figures chain4 3.2"))
                .hasMessageContaining("not a figures line: 'figures chain4 3.2'");
    }
}
