package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.args.CommandLine;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ThroughputOptionsTests {

    @Test
    void noArgumentsTimeTheCorpusInThisJvmWithJmhBesideOnTheDefaultClock() throws Exception {
        ThroughputOptions options = ThroughputOptions.parse();
        assertThat(options).isEqualTo(new ThroughputOptions(ThroughputOptions.DEFAULT_JMH_ITERATIONS,
                ThroughputOptions.DEFAULT_JMH_WARMUP, ThroughputOptions.DEFAULT_JMH_MILLIS, ThroughputOptions.DEFAULT_SAMPLES,
                1, WorkloadCatalog.GROUPS.get("corpus"), null, null, false, false));
        assertThat(options.workloads()).hasSizeGreaterThanOrEqualTo(12);
        assertThat(options.workloads().stream().map(w -> WorkloadCatalog.named(w).library()).distinct())
                .as("libraries besides the JDK").filteredOn(l -> !l.equals("JDK")).hasSizeGreaterThanOrEqualTo(4);
        assertThat(options.pairings()).hasSize(2);
    }

    @Test
    void readsEveryOptionSeparateOrWithEqualsSign() throws Exception {
        assertThat(ThroughputOptions.parse("--jmh-iterations", "0", "--jmh-warmup=1", "--jmh-time", "200",
                "--samples=5_000", "--forks", "6", "--workloads=fnv64", "--clock", "clock_monotonic"))
                .isEqualTo(new ThroughputOptions(0, 1, 200, 5000, 6, List.of("fnv64"), ClockId.CLOCK_MONOTONIC, null, false, false));
    }

    @Test
    void keepsWorkloadsInTheirOwnOrderWhateverOrderTheyAreNamedInAndExpandsGroups() throws Exception {
        assertThat(ThroughputOptions.parse("--workloads", "chain1024, chain4,chain4").workloads())
                .containsExactly("chain4", "chain1024");
        assertThat(ThroughputOptions.parse("--workloads", "sort,chains").workloads())
                .containsExactly("chain4", "chain64", "fnv64", "chain1024", "sort");
    }

    @Test
    void comparesOnlyPairsWhoseTwoWorkloadsAreTimed() throws Exception {
        assertThat(ThroughputOptions.parse("--workloads", "hashMapGet,fastutilGet,join").pairings())
                .containsExactly(new WorkloadCatalog.Pairing("fastutilGet", "hashMapGet"));
    }

    @Test
    void rejectsAnUnknownWorkloadNamingItAndTheKnownOnes() {
        assertThatThrownBy(() -> ThroughputOptions.parse("--workloads", "chain4,chain8"))
                .isInstanceOf(CommandLine.InvalidOptionException.class)
                .hasMessageStartingWith("option --workloads: 'chain8' in 'chain4,chain8' is not a workload; expected a"
                        + " comma-separated list of chain4, chain64, fnv64, chain1024, hashMapGet")
                .hasMessageEndingWith("or the groups chains, corpus, profiles, smoke, suite");
    }

    @Test
    void rejectsAnUnknownClockNamingTheKnownOnes() {
        assertThatThrownBy(() -> ThroughputOptions.parse("--clock", "TSC_FAST"))
                .isInstanceOf(CommandLine.InvalidOptionException.class)
                .hasMessageStartingWith("option --clock: 'TSC_FAST' is not a clock; expected one of TSC_FENCED, TSC,");
    }

    @Test
    void rejectsNumbersOutOfRange() {
        assertThatThrownBy(() -> ThroughputOptions.parse("--forks", "0"))
                .hasMessage("option --forks: 0 is out of range; expected a number of JVMs per tool from 1 to "
                        + ThroughputOptions.MAX_FORKS);
        assertThatThrownBy(() -> ThroughputOptions.parse("--samples", "99"))
                .hasMessageContaining("--samples").hasMessageContaining("99 is out of range");
        assertThatThrownBy(() -> ThroughputOptions.parse("--jmh-iterations", "-1"))
                .hasMessageContaining("--jmh-iterations").hasMessageContaining("-1 is out of range");
        assertThatThrownBy(() -> ThroughputOptions.parse("--jmh-time", "5"))
                .hasMessageContaining("--jmh-time").hasMessageContaining("5 is out of range");
    }

    @Test
    void aHeapGoesToBothToolsJvmsAsOnePreTouchedSize() throws Exception {
        ThroughputOptions options = ThroughputOptions.parse("--forks", "8", "--heap", "1G");
        assertThat(options.heap()).isEqualTo("1g");
        assertThat(options.heapJvmOptions()).containsExactly("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch");
        assertThat(options.heapDescription()).startsWith("one heap of 1g in every JVM of both tools, pre-touched");
        assertThat(ThroughputOptions.parse("--forks=2", "--heap=512m").heapJvmOptions()).contains("-Xmx512m");
        assertThat(ThroughputOptions.parse("--forks", "8").heapJvmOptions()).as("the default heap: no options").isEmpty();
        assertThat(ThroughputOptions.parse(options.childArguments().toArray(String[]::new)).heap())
                .as("the child is started with the heap; it is not an argument of its own").isNull();
    }

    @Test
    void rejectsAHeapThatIsNotASizeInRangeOrThatThisJvmWouldNeed() {
        assertThatThrownBy(() -> ThroughputOptions.parse("--forks", "2", "--heap", "1gb"))
                .isInstanceOf(CommandLine.InvalidOptionException.class)
                .hasMessageStartingWith("option --heap: '1gb' is not a heap size; expected a heap size as the JVM takes it");
        assertThatThrownBy(() -> ThroughputOptions.parse("--forks", "2", "--heap", "1024"))
                .hasMessageStartingWith("option --heap: '1024' is not a heap size;");
        assertThatThrownBy(() -> ThroughputOptions.parse("--forks", "2", "--heap", "64m"))
                .hasMessageStartingWith("option --heap: '64m' is 64 MiB; expected").hasMessageEndingWith("from 128m to 16g");
        assertThatThrownBy(() -> ThroughputOptions.parse("--heap", "1g"))
                .hasMessageStartingWith("option --heap 1g is for the JVMs this comparison starts, and with --forks 1"
                        + " Chronoscope times in this JVM");
    }

    @Test
    void aForkChildTimesWhatItsParentAskedOnItsClockWithItsJmhOptions() throws Exception {
        ThroughputOptions parent = ThroughputOptions.parse("--forks", "4", "--samples", "2000", "--workloads",
                "fnv64,chain64", "--clock", "TSC_FENCED", "--jmh-iterations", "2", "--jmh-warmup", "1", "--jmh-time", "300");
        ThroughputOptions child = ThroughputOptions.parse(parent.childArguments().toArray(String[]::new));
        assertThat(child).as("JMH's options go along for the workloads JMH times inside Chronoscope's JVM")
                .isEqualTo(new ThroughputOptions(2, 1, 300, 2000, 1, List.of("chain64", "fnv64"), ClockId.TSC_FENCED, null, true, false));
        assertThat(ThroughputOptions.parse(ThroughputOptions.parse().childArguments().toArray(String[]::new)).clock())
                .as("no --clock: the child chooses as the parent would").isNull();
    }

    @Test
    void aFiguresLineReadsBackAsWrittenWithItsReason() {
        ThroughputComparison.Figures figures = new ThroughputComparison.Figures("chain4", 3.2125, 3.4, "NOT_RESOLVED", 618,
                0.47, "NOT_RESOLVED", 0.721, 1.004, "not resolved: net p50 0 ticks (the median region read no longer)");
        assertThat(ThroughputComparison.Figures.parse(figures.toLine())).isEqualTo(figures);
        assertThatThrownBy(() -> ThroughputComparison.Figures.parse("figures chain4 3.2"))
                .hasMessageContaining("not a figures line: 'figures chain4 3.2'");
    }

    @Test
    void aRatioLineReadsBackAsWritten() {
        ThroughputComparison.RatioFigures ratio = new ThroughputComparison.RatioFigures("fastutilGet", "hashMapGet",
                1.1, 1.02, Double.POSITIVE_INFINITY, 240, "RESOLVED", "RESOLVED");
        assertThat(ThroughputComparison.RatioFigures.parse(ratio.toLine())).isEqualTo(ratio);
        assertThat(ratio.pairing()).isEqualTo("fastutilGet vs hashMapGet");
        assertThatThrownBy(() -> ThroughputComparison.RatioFigures.parse("ratio a b 1.1"))
                .hasMessageContaining("not a ratio line: 'ratio a b 1.1'");
    }

    @Test
    void aLineOfJmhsFiguresInAChronoscopeJvmReadsBackAsWritten() {
        ThroughputComparison.JmhFigure figure = new ThroughputComparison.JmhFigure(776.0, 0.707);
        assertThat(ThroughputComparison.JmhFigure.parse(figure.toLine("streamShared")))
                .isEqualTo(java.util.Map.entry("streamShared", figure));
        assertThat(ThroughputComparison.JmhFigure.parse(new ThroughputComparison.JmhFigure(776.0, Double.NaN).toLine("streamShared"))
                .getValue().slowestSpeed()).as("no core-speed reading").isNaN();
        assertThatThrownBy(() -> ThroughputComparison.JmhFigure.parse("jmh-here streamShared 776.0"))
                .hasMessageContaining("not a line of JMH's figures in a Chronoscope JVM: 'jmh-here streamShared 776.0'");
    }
}
