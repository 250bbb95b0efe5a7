package dev.chronoscope.internal.gate;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The reachable {@code unchanged} share ({@link GatePower#reachableUnchanged(double)}) against the gate's own verdicts
 * on simulated runs whose between-run spread is known: the model the validation holds the rule to must describe the
 * rule, or the validation tests the model instead of the rule.
 */
class ReachableUnchangedTests {

    private static final HostFingerprint HOST = HostFingerprint.builder().fact("cpuModel", "AMD EPYC 7B13").tscHz(2445.4e6).build();
    private static final double THRESHOLD = 0.10;
    /** Three steady timings and one that spreads about twice as much: it joins the pool of 'regressed', not of 'unchanged'. */
    private static final double[] SPREADS = {0.022, 0.025, 0.030, 0.055};
    private static final double[] MEDIANS_NS = {200, 600, 2000, 450};

    @Test
    void theModelledShareAtTheTrueSpreadMatchesTheObservedOneWithThreeAndTenRuns() {
        for (int k : new int[]{3, 10}) {
            Random random = new Random(11 + k);
            int trials = 1500;
            double[] unchanged = new double[SPREADS.length];
            double[] modelled = new double[SPREADS.length];
            for (int i = 0; i < trials; i++) {
                // fresh runs each time: each comparison is one draw of the model's, not one of a fixed pool's
                List<Baseline.Run> runs = new ArrayList<>();
                for (int r = 0; r < k; r++) {
                    runs.add(run("r" + r, random));
                }
                Baseline.Run current = run("new", random);
                Baseline baseline = new Baseline(runs);
                for (int t = 0; t < SPREADS.length; t++) {
                    BaselineEntry e = current.timings().get(t);
                    BaselineVerdict v = baseline.compare(ObservedTiming.of(e.key(), BaselineRule.Kind.LATENCY, e.clock(), e.measure(),
                            e.medianNs(), e.floorP50Ns(), true), HOST, THRESHOLD);
                    unchanged[t] += v.verdict().equals(BaselineVerdict.UNCHANGED) ? 1 : 0;
                    modelled[t] += v.power().reachableUnchanged(SPREADS[t]);
                }
            }
            for (int t = 0; t < SPREADS.length; t++) {
                assertThat(unchanged[t] / trials).as("K = %d, spread %.1f %%: 'unchanged' against the modelled %.3f", k,
                        100 * SPREADS[t], modelled[t] / trials).isCloseTo(modelled[t] / trials, within(0.03));
            }
        }
    }

    private static Baseline.Run run(String id, Random random) {
        List<BaselineEntry> entries = new ArrayList<>();
        for (int t = 0; t < SPREADS.length; t++) {
            double median = MEDIANS_NS[t] * Math.exp(SPREADS[t] * random.nextGaussian());
            entries.add(BaselineEntry.builder("T.m() :: t" + t, "T.m()", "t" + t).clock("TSC_FENCED").measure("net")
                    .medianNs(median).floorP50Ns(30).kept(100_000).resolved(true).quantilesNs(Map.of("p50", median))
                    .build());
        }
        return new Baseline.Run(id, "now", HOST, entries);
    }
}
