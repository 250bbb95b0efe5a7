package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.gate.BaselineRule;
import dev.chronoscope.internal.gate.BaselineVerdict;
import dev.chronoscope.internal.report.ReportedTest;
import dev.chronoscope.internal.report.ReportedTiming;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The A/B validation's analysis (docs/evidence/ab-validation.md): reads the rounds an {@code ab} run of
 * {@link AbValidationWorkloads} left ({@code <out>/rounds/rNNN-base|head}) and judges subsets of K of them with
 * the command's own code ({@link AbResult#of}), as if {@code ab} had run K rounds: disjoint blocks of consecutive
 * rounds (independent comparisons), then random K-subsets (more of them, overlapping). Beside it, the stored-baseline
 * gate on the same runs: each head run judged against the base runs of its block.
 *
 * <pre>AbValidationMain OUT THRESHOLD_PERCENT [K ...]</pre>
 */
public final class AbValidationMain {

    static final Map<String, String> GROUPS = Map.of("same 256", "A/A", "same 64", "A/A", "same 1024", "A/A",
            "same 256 latency", "A/A", "same allocating", "A/A", "plus 5 %", "+5 %", "plus 10 %", "+10 %", "twice", "2x");

    /** The smallest change each comparison of a group tells 9 times in 10, as it stated; printed and cleared with each table. */
    static final Map<String, List<Double>> DETECTABLE = new LinkedHashMap<>();

    private AbValidationMain() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        double threshold = Double.parseDouble(args[1]) / 100;
        List<Round> rounds = new ArrayList<>();
        for (int n = 1; n <= AbOptions.MAX_ROUNDS; n++) {
            Path base = out.resolve("rounds").resolve(String.format(Locale.ROOT, "r%03d-base", n));
            Path head = out.resolve("rounds").resolve(String.format(Locale.ROOT, "r%03d-head", n));
            if (!Files.isDirectory(base) || !Files.isDirectory(head)) {
                break;
            }
            List<ReportedTest> b = Round.records(base);
            List<ReportedTest> h = Round.records(head);
            if (!b.isEmpty() && !h.isEmpty()) {
                rounds.add(new Round(n, true, b, h, 0, 0, 0));
            }
        }
        System.out.printf(Locale.ROOT, "%s: %d complete rounds, threshold %.0f %%%n", out, rounds.size(), 100 * threshold);
        for (int i = 2; i < args.length; i++) {
            int k = Integer.parseInt(args[i]);
            List<List<Round>> blocks = new ArrayList<>();
            for (int from = 0; from + k <= rounds.size(); from += k) {
                blocks.add(rounds.subList(from, from + k));
            }
            Random random = new Random(k);
            List<List<Round>> subsets = new ArrayList<>();
            for (int s = 0; s < 200 && rounds.size() > k; s++) {
                List<Round> pool = new ArrayList<>(rounds);
                java.util.Collections.shuffle(pool, random);
                subsets.add(List.copyOf(pool.subList(0, k)));
            }
            print("K = " + k + ", disjoint blocks", tally(blocks, threshold));
            print("K = " + k + ", 200 random subsets", tally(subsets, threshold));
            print("K = " + k + ", the stored-baseline gate: each head run against its block's K base runs", gate(blocks, threshold));
            print("K = " + k + ", 200 random subsets, the ratio of each side's median run (bootstrap 99 % interval)",
                    sidesMedians(subsets, threshold));
        }
    }

    /** Per group: comparisons, and how many were regressed, improved, unchanged, inconclusive; and the median detectable change. */
    static Map<String, int[]> tally(List<List<Round>> sets, double threshold) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        for (List<Round> set : sets) {
            AbResult r = AbResult.of(set, List.of(), "validation", 0, threshold, null, null);
            for (TimingResult t : r.timings()) {
                String group = GROUPS.get(t.label());
                if (group == null || !t.gated()) {
                    continue;
                }
                int[] c = counts.computeIfAbsent(group, g -> new int[7]);
                c[0]++;
                c[index(t.time().verdict())]++;
                if (t.allocation() != null) {
                    c[5]++;
                    c[6] += t.allocation().regressed() ? 1 : 0;
                }
                DETECTABLE.computeIfAbsent(group, g -> new ArrayList<>()).add(t.time().detectable());
            }
        }
        return counts;
    }

    /** The gate's verdicts on the same runs: every head run of a block judged against the block's base runs. */
    static Map<String, int[]> gate(List<List<Round>> blocks, double threshold) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        for (List<Round> block : blocks) {
            Map<String, List<BaselineRule.RunMedian>> base = medians(block, Side.BASE);
            Map<String, List<BaselineRule.RunMedian>> head = medians(block, Side.HEAD);
            List<List<Double>> all = base.values().stream().map(l -> l.stream().map(BaselineRule.RunMedian::medianNs).toList()).toList();
            Optional<BaselineRule.Spread> pool = BaselineRule.pooled(all);
            for (Map.Entry<String, List<BaselineRule.RunMedian>> e : head.entrySet()) {
                String group = GROUPS.get(e.getKey());
                List<BaselineRule.RunMedian> baseline = base.get(e.getKey());
                if (group == null || baseline == null || baseline.isEmpty()) {
                    continue;
                }
                BaselineRule.Kind kind = e.getKey().contains("latency") ? BaselineRule.Kind.LATENCY : BaselineRule.Kind.THROUGHPUT;
                for (BaselineRule.RunMedian current : e.getValue()) {
                    BaselineVerdict v = BaselineRule.judge(kind, current, baseline, pool, threshold);
                    int[] c = counts.computeIfAbsent(group, g -> new int[7]);
                    c[0]++;
                    c[index(v.verdict())]++;
                    if (v.power() != null) {
                        DETECTABLE.computeIfAbsent(group, g -> new ArrayList<>()).add(v.power().detectable());
                    }
                }
            }
        }
        return counts;
    }

    /**
     * A rule robust to a JVM's own level (a share of JVMs run the same code a step slower): per timing, the head's
     * median run over the base's median run, its 99 % interval from 2,000 bootstrap resamplings of the rounds;
     * {@code regressed} beyond the threshold with the interval above x1, {@code unchanged} with its 90 % interval
     * within the threshold.
     */
    static Map<String, int[]> sidesMedians(List<List<Round>> sets, double threshold) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        Random random = new Random(42);
        for (List<Round> set : sets) {
            Map<String, List<BaselineRule.RunMedian>> base = medians(set, Side.BASE);
            Map<String, List<BaselineRule.RunMedian>> head = medians(set, Side.HEAD);
            for (Map.Entry<String, List<BaselineRule.RunMedian>> e : head.entrySet()) {
                String group = GROUPS.get(e.getKey());
                List<BaselineRule.RunMedian> b = base.get(e.getKey());
                if (group == null || b == null || b.size() != e.getValue().size()) {
                    continue;
                }
                double[] h = e.getValue().stream().mapToDouble(BaselineRule.RunMedian::medianNs).toArray();
                double[] bs = b.stream().mapToDouble(BaselineRule.RunMedian::medianNs).toArray();
                double ratio = median(h) / median(bs);
                double[] boot = new double[2_000];
                for (int i = 0; i < boot.length; i++) {
                    double[] hh = new double[h.length];
                    double[] bb = new double[bs.length];
                    for (int j = 0; j < h.length; j++) {
                        int pick = random.nextInt(h.length);
                        hh[j] = h[pick];
                        bb[j] = bs[pick];
                    }
                    boot[i] = median(hh) / median(bb);
                }
                java.util.Arrays.sort(boot);
                double lo99 = boot[(int) (0.005 * boot.length)];
                double hi99 = boot[(int) (0.995 * boot.length) - 1];
                double lo90 = boot[(int) (0.05 * boot.length)];
                double hi90 = boot[(int) (0.95 * boot.length) - 1];
                String verdict = ratio > 1 + threshold && lo99 > 1 ? BaselineVerdict.REGRESSED
                        : ratio < 1 / (1 + threshold) && hi99 < 1 ? BaselineVerdict.IMPROVED
                        : lo90 > 1 / (1 + threshold) && hi90 < 1 + threshold ? BaselineVerdict.UNCHANGED : "inconclusive";
                int[] c = counts.computeIfAbsent(group, g -> new int[7]);
                c[0]++;
                c[index(verdict)]++;
            }
        }
        return counts;
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    private static Map<String, List<BaselineRule.RunMedian>> medians(List<Round> block, String side) {
        Map<String, List<BaselineRule.RunMedian>> m = new LinkedHashMap<>();
        for (Round r : block) {
            for (ReportedTest t : r.tests(side)) {
                for (ReportedTiming timing : t.timings()) {
                    if (GROUPS.containsKey(timing.label()) && Double.isFinite(timing.medianNs())) {
                        m.computeIfAbsent(timing.label(), l -> new ArrayList<>())
                                .add(new BaselineRule.RunMedian(timing.medianNs(), timing.withinRunSe(), timing.stepNs()));
                    }
                }
            }
        }
        return m;
    }

    private static int index(String verdict) {
        return switch (verdict) {
            case BaselineVerdict.REGRESSED -> 1;
            case BaselineVerdict.IMPROVED -> 2;
            case BaselineVerdict.UNCHANGED -> 3;
            default -> 4;
        };
    }

    private static void print(String title, Map<String, int[]> counts) {
        System.out.println("  " + title);
        for (Map.Entry<String, int[]> e : counts.entrySet()) {
            int[] c = e.getValue();
            List<Double> d = DETECTABLE.getOrDefault(e.getKey(), List.of()).stream().filter(Double::isFinite).sorted().toList();
            System.out.printf(Locale.ROOT, "    %-6s n=%4d  regressed %5.1f %%  improved %5.1f %%  unchanged %5.1f %%  inconclusive %5.1f %%"
                            + "  tells (median) %s  allocation regressed %d of %d%n", e.getKey(), c[0], 100.0 * c[1] / c[0], 100.0 * c[2] / c[0], 100.0 * c[3] / c[0],
                    100.0 * c[4] / c[0], d.isEmpty() ? "-" : String.format(Locale.ROOT, "%.1f %%", 100 * d.get(d.size() / 2)), c[6], c[5]);
        }
        DETECTABLE.clear();
    }
}
