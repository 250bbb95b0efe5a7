package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.report.Baseline;
import dev.chronoscope.internal.report.BaselineEntry;
import dev.chronoscope.internal.report.BaselineVerdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The baseline rule validated across separate JVM runs (docs/run-report.md, "Validation"). Runs of
 * {@link BaselineWorkflowMain.FourRegionsTestCase}, each in a JVM of its own, are saved: {@code N}
 * unchanged runs and {@code M} runs each with the regions 1.5x and 2x slower. Every unchanged run
 * is compared with the {@code K} unchanged runs before it, cyclically (A/A), and every
 * slowed run with the last {@code K} unchanged runs, through the same {@link Baseline#compare} the
 * extension uses. Off unless {@code -Dvalidation.runs=N} is given (a full run takes
 * minutes): {@code -Dvalidation.slowRuns=M} (default N/3), {@code
 * -Dvalidation.baselineRuns=K} (default 10), {@code -Dvalidation.pools=<dir>} to keep the runs.
 */
class BaselineValidationTests {

    @TempDir
    Path dir;

    @Test
    void falseRegressionsAreRareAndSlowdownsAreFound() throws Exception {
        int n = Integer.getInteger("validation.runs", 0);
        assumeTrue(n > 0, "the validation runs only with -Dvalidation.runs=N (it starts N + 2M JVMs)");
        int m = Integer.getInteger("validation.slowRuns", Math.max(1, n / 3));
        int k = Integer.getInteger("validation.baselineRuns", 10);
        assertThat(n).as("more unchanged runs than baseline runs").isGreaterThan(k);

        Baseline same = runs("same", 1.0, n);
        Baseline slower15 = runs("x1.5", 1.5, m);
        Baseline slower2 = runs("x2", 2.0, m);

        // A/A: the runs are exchangeable, so each run is compared with the k runs before it, cyclically
        Map<String, int[]> aa = new TreeMap<>();
        for (int j = 0; j < n; j++) {
            List<Baseline.Run> window = new ArrayList<>();
            for (int i = j - k; i < j; i++) {
                window.add(same.runs().get(Math.floorMod(i, n)));
            }
            judge(new Baseline(window), same.runs().get(j), aa);
        }
        Baseline last = new Baseline(same.runs().subList(n - k, n));
        Map<String, int[]> x15 = new TreeMap<>();
        Map<String, int[]> x2 = new TreeMap<>();
        slower15.runs().forEach(r -> judge(last, r, x15));
        slower2.runs().forEach(r -> judge(last, r, x2));

        System.out.println(table("A/A (same code)", aa) + table("1.5x slower", x15) + table("2x slower", x2));
        int aaTotal = total(aa);
        assertThat(aaTotal).isEqualTo(n * 4);
        assertThat(count(aa, 0)).as("false regressions in %d A/A comparisons", aaTotal).isLessThanOrEqualTo(aaTotal / 100);
        // regions of 100 ns and more (not "chain 60", ~80 ns net here), on runs whose floor was not off:
        // those on a busier host are inconclusive by design, and counted in the tables
        assertThat(flagged(x15)).as("1.5x slowdowns flagged of the comparable ones").isGreaterThanOrEqualTo(0.95);
        assertThat(flagged(x2)).as("2x slowdowns flagged of the comparable ones").isGreaterThanOrEqualTo(0.95);
    }

    /** Regressed among the comparisons of regions of 100 ns and more that were not stopped by the floor control. */
    private static double flagged(Map<String, int[]> counts) {
        int regressed = 0;
        int comparable = 0;
        for (Map.Entry<String, int[]> e : counts.entrySet()) {
            if (!e.getKey().equals("chain 60")) {
                regressed += e.getValue()[0];
                comparable += e.getValue()[0] + e.getValue()[1] + e.getValue()[2] + e.getValue()[3] - e.getValue()[4];
            }
        }
        return comparable == 0 ? 0 : (double) regressed / comparable;
    }

    private static final String[] VERDICTS = {"regressed", "improved", "unchanged", "inconclusive"};
    /** Index of the count of inconclusive verdicts given because the test's floor was off (also counted as inconclusive). */
    private static final int FLOOR_OFF = 4;

    /**
     * {@code count} runs saved in the pool {@code name}: in {@code -Dvalidation.pools=<dir>} when
     * given (kept there, and reused when it already holds enough runs, so that the rule can be
     * re-evaluated on the same runs), else in the test's temporary directory.
     */
    private Baseline runs(String name, double slowdown, int count) throws Exception {
        Path pools = System.getProperty("validation.pools") == null ? dir : Path.of(System.getProperty("validation.pools"));
        Path file = pools.resolve(name + ".json");
        if (java.nio.file.Files.exists(file) && Baseline.read(file).runs().size() >= count) {
            return new Baseline(Baseline.read(file).runs().subList(0, count));
        }
        java.nio.file.Files.deleteIfExists(file);
        for (int i = 0; i < count; i++) {
            BaselineWorkflowTests.run(dir, name + "-" + i, "four", slowdown, ChronoscopeConfig.BASELINE_SAVE_KEY + "=" + file,
                    ChronoscopeConfig.BASELINE_KEEP_KEY + "=100");
        }
        Baseline b = Baseline.read(file);
        assertThat(b.runs()).hasSize(count);
        return b;
    }

    /** Judges each region of {@code run} against {@code baseline}, counting verdicts per region. */
    private static void judge(Baseline baseline, Baseline.Run run, Map<String, int[]> counts) {
        for (BaselineEntry e : run.timings()) {
            if (e.label().equals("invocation")) {
                continue;
            }
            BaselineVerdict v = baseline.compare(e.key(), e.clock(), e.measure(), e.medianNs(), e.floorP50Ns(), e.resolved(), run.host(), 0.10);
            int[] c = counts.computeIfAbsent(e.label(), l -> new int[VERDICTS.length + 1]);
            c[List.of(VERDICTS).indexOf(v.verdict())]++;
            if (v.reason().startsWith("this test's probe floor was")) {
                c[FLOOR_OFF]++;
            }
        }
    }

    private static int total(Map<String, int[]> counts) {
        return counts.values().stream().mapToInt(c -> c[0] + c[1] + c[2] + c[3]).sum();
    }

    private static int count(Map<String, int[]> counts, int verdict) {
        return counts.values().stream().mapToInt(c -> c[verdict]).sum();
    }

    private static String table(String title, Map<String, int[]> counts) {
        List<String> lines = new ArrayList<>();
        lines.add("| " + title + " | comparisons | regressed | improved | unchanged | inconclusive | of which: floor off |");
        lines.add("|---|---|---|---|---|---|---|");
        counts.forEach((label, c) -> lines.add(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d |", label,
                c[0] + c[1] + c[2] + c[3], c[0], c[1], c[2], c[3], c[FLOOR_OFF])));
        return String.join("\n", lines) + "\n\n";
    }
}
