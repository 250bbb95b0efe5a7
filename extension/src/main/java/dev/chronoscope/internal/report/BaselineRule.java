package dev.chronoscope.internal.report;

import java.util.List;
import java.util.Locale;

/**
 * The rule that turns a timing's median and its baseline runs' medians into a verdict (derived in
 * docs/run-report.md, "The rule").
 *
 * <p>Medians drift between runs (JIT decisions, placement, neighbours on the host) far more than
 * within one run, so the rule compares the new median against the spread of the baseline's medians
 * across runs, not against within-run noise. On the log scale a run's median is modelled as the
 * true log-median plus a between-run error with standard deviation σ. With n baseline runs of mean
 * log-median m̄, a new run of the same code gives d = ln(median) − m̄ with standard deviation
 * σ·√(1 + 1/n); σ is estimated by the runs' sample standard deviation s (n − 1 degrees of freedom),
 * so d / (s·√(1 + 1/n)) follows Student's t. The interval exp(d ± t·s·√(1 + 1/n)), with t the
 * 99.5th percentile, is a 99 % prediction interval for the ratio: without a change, its low end
 * exceeds 1 in at most 0.5 % of runs, so at most 0.5 % of unchanged timings read as regressed.
 * Below three runs s is not worth estimating (one degree of freedom gives t = 63.7); the rule then
 * assumes σ = {@value #ASSUMED_SPREAD} with the normal quantile, a wide margin that a 2x change
 * still clears. A change must also exceed the relative threshold, so that a real but irrelevant
 * change is not a regression.
 */
public final class BaselineRule {

    /** Fewest baseline runs from which the between-run spread is estimated. */
    public static final int MIN_RUNS_FOR_SPREAD = 3;
    /** The between-run standard deviation of log-medians assumed below {@link #MIN_RUNS_FOR_SPREAD} runs. */
    public static final double ASSUMED_SPREAD = 0.10;
    /**
     * The smallest spread used: runs whose medians happen to agree exactly (a coarse clock's step)
     * estimate zero, which would make every difference look certain.
     */
    public static final double MIN_SPREAD = 0.02;

    /** Two-sided 99 %: Student's t 99.5th percentiles for 1 to 30 degrees of freedom. */
    private static final double[] T_995 = {63.657, 9.925, 5.841, 4.604, 4.032, 3.707, 3.499, 3.355, 3.250, 3.169, 3.106, 3.055,
            3.012, 2.977, 2.947, 2.921, 2.898, 2.878, 2.861, 2.845, 2.831, 2.819, 2.807, 2.797, 2.787, 2.779, 2.771, 2.763, 2.756, 2.750};
    private static final double Z_995 = 2.5758;

    private BaselineRule() {
    }

    /** Student's t 99.5th percentile for {@code df} degrees of freedom (Cornish–Fisher beyond 30). */
    static double t995(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be at least 1: " + df);
        }
        return df <= T_995.length ? T_995[df - 1] : Z_995 + (Z_995 * Z_995 * Z_995 + Z_995) / (4.0 * df);
    }

    /**
     * The verdict for a median of {@code medianNs} against the same timing's medians in earlier runs.
     *
     * @param baselineMediansNs one per baseline run that holds the timing, oldest first; not empty, all positive
     * @param threshold         the relative change that matters, e.g. 0.10
     */
    public static BaselineVerdict judge(double medianNs, List<Double> baselineMediansNs, double threshold) {
        if (baselineMediansNs.isEmpty()) {
            throw new IllegalArgumentException("no baseline medians");
        }
        int n = baselineMediansNs.size();
        double mean = 0;
        for (double m : baselineMediansNs) {
            mean += Math.log(m);
        }
        mean /= n;
        double spread;
        double quantile;
        String spreadSource;
        if (n >= MIN_RUNS_FOR_SPREAD) {
            double squares = 0;
            for (double m : baselineMediansNs) {
                squares += (Math.log(m) - mean) * (Math.log(m) - mean);
            }
            double s = Math.sqrt(squares / (n - 1));
            spread = Math.max(s, MIN_SPREAD);
            quantile = t995(n - 1);
            spreadSource = String.format(Locale.ROOT, "between-run spread %.1f %% estimated from %d baseline runs%s", 100 * s, n,
                    s < MIN_SPREAD ? String.format(Locale.ROOT, " (used: the minimum, %.0f %%)", 100 * MIN_SPREAD) : "");
        } else {
            spread = ASSUMED_SPREAD;
            quantile = Z_995;
            spreadSource = String.format(Locale.ROOT, "between-run spread assumed %.0f %%: %d baseline run%s, fewer than %d to estimate it",
                    100 * ASSUMED_SPREAD, n, n == 1 ? "" : "s", MIN_RUNS_FOR_SPREAD);
        }
        double d = Math.log(medianNs) - mean;
        double margin = quantile * spread * Math.sqrt(1 + 1.0 / n);
        double ratio = Math.exp(d);
        double low = Math.exp(d - margin);
        double high = Math.exp(d + margin);
        double up = 1 + threshold;
        String figures = String.format(Locale.ROOT, "median %s ns vs %s ns (geometric mean of %d baseline run%s); 99 %% interval "
                        + "without a change x%.3f..x%.3f; %s; threshold %.0f %%", TimingSection.number(medianNs),
                TimingSection.number(Math.exp(mean)), n, n == 1 ? "" : "s", Math.exp(-margin), Math.exp(margin), spreadSource,
                100 * threshold);
        String verdict;
        if (ratio > up && low > 1) {
            verdict = BaselineVerdict.REGRESSED;
        } else if (ratio < 1 / up && high < 1) {
            verdict = BaselineVerdict.IMPROVED;
        } else if (low >= 1 / up && high <= up) {
            verdict = BaselineVerdict.UNCHANGED;
        } else {
            verdict = BaselineVerdict.INCONCLUSIVE;
            figures = (Math.abs(d) <= Math.log(up) ? "the change is within the threshold but the interval reaches past it: "
                    : "the change exceeds the threshold but not the between-run noise: ") + figures;
        }
        return new BaselineVerdict(verdict, ratio, low, high, figures);
    }
}
