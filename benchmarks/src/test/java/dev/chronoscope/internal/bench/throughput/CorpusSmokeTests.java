package dev.chronoscope.internal.bench.throughput;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The validation corpus in small: one workload per library (JDK, fastutil, Caffeine, Guava, commons-lang3,
 * Jackson, lz4-java), one JVM per tool, JMH in short forks. A figure Chronoscope prints {@code RESOLVED} must lie
 * within {@link ValidationTable#SMOKE} of JMH's; one it cannot vouch for must not say {@code RESOLVED}. The full
 * table, with the real targets over 8 JVMs, is a command (docs/latency-and-throughput.md).
 */
class CorpusSmokeTests {

    /** JMH: 4 warm-up and 2 measured iterations of 250 ms per fork (C2 reaches Jackson's code within the first). */
    private static final ThroughputOptions SMOKE = new ThroughputOptions(2, 4, 250, 1_000, 1,
            WorkloadCatalog.GROUPS.get("smoke"), null, false, false);

    @Test
    void everyLibrarysFigureIsWithinTheBoundOfJmhsOrNotPrintedResolved() throws Exception {
        ValidationTable table = ValidationTable.of(SMOKE, ThroughputComparison.run(SMOKE, VerboseMode.SILENT),
                ValidationTable.SMOKE);
        table.print(System.out);

        assertThat(table.rows()).extracting(r -> r.workload().library()).containsExactlyInAnyOrder("JDK", "fastutil",
                "Caffeine", "Guava", "commons-lang3", "jackson-databind", "lz4-java");
        List<String> wrong = table.rows().stream().filter(ValidationTable.Row::wrongAndResolved)
                .map(r -> String.format(Locale.ROOT, "%s: %.1f ns per call, RESOLVED, JMH %.1f ns", r.workload().name(),
                        r.resolvedMedian(), r.jmhMedian()))
                .toList();
        assertThat(wrong).as("figures printed RESOLVED though not %s", ValidationTable.SMOKE.description()).isEmpty();
        List<String> wrongRatios = table.ratioRows().stream()
                .filter(r -> r.chronoscope().stream().allMatch(c -> c.firstVerdict().equals("RESOLVED")
                        && c.secondVerdict().equals("RESOLVED")))
                .filter(r -> !ValidationTable.SMOKE_RATIO.contains(r.median(), r.jmhRatio()))
                .map(r -> String.format(Locale.ROOT, "%s: ratio %.2f, both sides RESOLVED, JMH's %.2f", r.pairing().name(),
                        r.median(), r.jmhRatio()))
                .toList();
        assertThat(wrongRatios).as("comparisons %s", ValidationTable.SMOKE_RATIO.description()).isEmpty();
    }
}
