package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.internal.json.JsonParser;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * A repeated test's timing judged as the mean of its run's repetitions against the baseline runs'
 * means of the same repetitions ({@link Repetitions}): like with like, and the spread is of means.
 */
class RepetitionsTests {

    private static final HostFingerprint HOST = HostFingerprint.builder().fact("cpuModel", "AMD EPYC 7B13").tscHz(2445.4e6).build();
    private static final String TEMPLATE = "[class:x.T]/[test-template:m()]/[test-template-invocation:#";

    private static String key(int repetition) {
        return TEMPLATE + repetition + "] :: chain";
    }

    /** A run of {@code repetitions}: each repetition's median is {@code shared} times its own factor. */
    private static Baseline.Run run(String id, double shared, double... own) {
        List<BaselineEntry> entries = new ArrayList<>();
        for (int j = 0; j < own.length; j++) {
            double median = 100 * shared * own[j];
            entries.add(BaselineEntry.builder(key(j + 1), "T.m()", "chain").clock("TSC_FENCED").measure("net")
                    .medianNs(median).floorP50Ns(30).kept(10_000).resolved(true).quantilesNs(Map.of("p50", median))
                    .build());
        }
        return new Baseline.Run(id, "now", HOST, entries);
    }

    private static ObservedTiming observed(double medianNs, int repetitions) {
        List<String> keys = new ArrayList<>();
        for (int j = 1; j <= repetitions; j++) {
            keys.add(key(j));
        }
        return ObservedTiming.of(key(repetitions), BaselineRule.Kind.LATENCY, "TSC_FENCED", "net", medianNs, 30, true)
                .withRepetitionKeys(repetitions == 1 ? List.of() : keys);
    }

    @Test
    void theMeanOfTheRunsRepetitionsIsComparedWithTheSameRepetitionsMeanInEachBaselineRun() {
        // the first repetition reads 20 % above the others in every run (its warm-up): a mean of repetitions 1-3 is
        // compared with the baseline runs' means of 1-3, not with their repetition 3 alone
        Baseline b = new Baseline(List.of(run("a", 1.00, 1.2, 1, 1), run("b", 1.01, 1.2, 1, 1), run("c", 0.99, 1.2, 1, 1)));
        double mean = Math.cbrt(1.2);

        BaselineVerdict v = b.compare(observed(100 * mean, 3), HOST, 0.10);

        assertThat(v.ratio()).as(v.reason()).isCloseTo(1.0, within(0.002));
        assertThat(v.reason()).startsWith("the geometric mean of this run's 3 repetitions so far against each baseline run's same 3; ");
        assertThat(v.power().repetitions()).isEqualTo(3);
        assertThat(v.power().describe()).startsWith("spreads 2.0 % between runs (means of 3 repetitions): with 3 runs");
        assertThat(BaselineVerdict.fromJson(JsonParser.parseObject(Json.write(v.toJson()))).power()).isEqualTo(v.power());
    }

    @Test
    void repetitionsThatVaryApartFromTheirRunNarrowTheSpreadAndOnesThatMoveWithItDoNot() {
        // 8 runs (a timing's own spread from 6): each run's repetitions share its error (3 %) and add their own (3 %)
        Random random = new Random(3);
        List<Baseline.Run> runs = new ArrayList<>();
        for (int r = 0; r < 8; r++) {
            runs.add(run("r" + r, Math.exp(0.03 * random.nextGaussian()), Math.exp(0.03 * random.nextGaussian()),
                    Math.exp(0.03 * random.nextGaussian()), Math.exp(0.03 * random.nextGaussian()), Math.exp(0.03 * random.nextGaussian())));
        }
        Baseline b = new Baseline(runs);

        GatePower one = b.compare(observed(100, 1), HOST, 0.10).power();
        GatePower four = b.compare(observed(100, 4), HOST, 0.10).power();

        // sd of one repetition √(3² + 3²) = 4.2 %, of a mean of four √(3² + 3²/4) = 3.4 %: never the 2.1 % an assumed 1/√4 gives
        assertThat(one.spread()).as(one.describe()).isBetween(0.030, 0.060);
        assertThat(four.spread()).as(four.describe()).isLessThan(one.spread()).isGreaterThan(one.spread() / 2 * 1.15);
    }

    @Test
    void unchangedCodeWhoseRepetitionsShareTheirRunsErrorIsRarelyFalselyRegressed() {
        // each run's 4 repetitions share its 6 % and add their own 1 %: judged as if they were 4 runs, the shared part
        // would pass for a change; judged as one run's mean, at most the rule's 1 % of A/A comparisons regress
        Random random = new Random(17);
        int regressed = 0;
        int trials = 1500;
        for (int i = 0; i < trials; i++) {
            List<Baseline.Run> runs = new ArrayList<>();
            for (int r = 0; r <= 10; r++) {
                double shared = Math.exp(0.06 * random.nextGaussian());
                double[] own = new double[4];
                for (int j = 0; j < own.length; j++) {
                    own[j] = Math.exp(0.01 * random.nextGaussian());
                }
                runs.add(run("r" + r, shared, own));
            }
            Baseline.Run current = runs.removeLast();
            double mean = Math.exp(current.timings().stream().mapToDouble(e -> Math.log(e.medianNs())).average().orElseThrow());
            regressed += new Baseline(runs).compare(observed(mean, 4), HOST, 0.10).regressed() ? 1 : 0;
        }
        assertThat((double) regressed / trials).as("A/A regressed, K = 10, means of 4 repetitions").isLessThanOrEqualTo(0.01);
    }
}
