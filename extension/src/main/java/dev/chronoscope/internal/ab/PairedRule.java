package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.gate.BaselineRule;
import dev.chronoscope.internal.gate.BaselineVerdict;

import java.util.List;
import java.util.Locale;

/**
 * The rule that turns a timing's paired rounds into a verdict, in the baseline gate's words and with its
 * quantiles ({@link BaselineRule}), on paired differences instead of runs apart in time.
 *
 * <p>Each round runs both builds once, one right after the other in an order drawn for the round, so the host's
 * slow drift (its state, its neighbours) is common to both sides of a round and cancels in the round's log-ratio
 * d = ln(head median / base median). Over K rounds the mean d̄ estimates the change; its standard error is s/√K
 * with s the spread of d between rounds (at least {@link #MIN_SPREAD}), Student's t with K − 1 degrees of freedom.
 * Each median moves in whole steps of its clock (up to half a step off the duration it rounds), an error that is
 * the same in every round: it adds to the margin in quadrature and does not shrink with K.
 * <ul>
 *   <li>{@code regressed}: the ratio exp(d̄) above 1 + threshold and its 99 % interval wholly above 1;</li>
 *   <li>{@code improved}: the mirror image;</li>
 *   <li>{@code unchanged}: the 90 % interval (without the rounding, as the gate) within the threshold both ways
 *       (two one-sided tests at 5 %: a wrong {@code unchanged} fails no build, a wrong {@code regressed} does);</li>
 *   <li>else {@code inconclusive}, saying which.</li>
 * </ul>
 * The number of rounds is fixed before the first: every timing is judged once, on all rounds run, so the error
 * rates are those of one test each (a rule that stopped once a verdict appeared would test again and again).
 */
public final class PairedRule {

    /**
     * The smallest spread of paired log-ratios used: rounds whose medians agree exactly (a stepped clock) estimate
     * zero, which would make any difference look certain.
     */
    public static final double MIN_SPREAD = 0.01;
    /**
     * The standard normal's 90th percentile: a change this many standard errors past the bar is caught 9 times in 10.
     */
    static final double Z_90 = 1.2816;
    /** The most rounds a power statement looks ahead to. */
    static final int MAX_ROUNDS_AHEAD = 100;

    private PairedRule() {
    }

    /**
     * One round's medians of a timing, each side's, and each side's clock step per call (NaN: unknown).
     */
    public record Pair(int round, double baseNs, double headNs, double baseStepNs, double headStepNs) {

        double logRatio() {
            return Math.log(headNs / baseNs);
        }

        /**
         * How far this round's ratio may lie off by its medians' rounding to the clock's step, squared, on the log
         * scale.
         */
        double roundingSquared() {
            return half(baseStepNs, baseNs) + half(headStepNs, headNs);
        }

        private static double half(double step, double median) {
            double r = Double.isFinite(step) && step > 0 ? step / 2 / median : 0;
            return r * r;
        }
    }

    /**
     * A timing's verdict over its paired rounds.
     *
     * @param ratio              exp of the mean log-ratio head/base; NaN without rounds
     * @param low                the 99 % interval's low end
     * @param high               its high end
     * @param spread             the spread of the rounds' log-ratios used (at least {@link #MIN_SPREAD}); NaN below two
     * rounds
     * @param rounding           the rounding error on the log scale, counted beside the spread
     * @param detectable         the smallest change these rounds call {@code regressed} 9 times in 10; NaN below two
     * rounds
     * @param roundsForThreshold the fewest rounds at which the noise no longer limits the verdict below the threshold;
     *                           0 where even {@value #MAX_ROUNDS_AHEAD} would not do
     */
    public record Verdict(String verdict, double ratio, double low, double high, int rounds, double spread,
                          double rounding, double threshold, double detectable, int roundsForThreshold, String reason) {

        public boolean regressed() {
            return verdict.equals(BaselineVerdict.REGRESSED);
        }

        /** {@code rounds spread 2.3 %: 5 rounds tell changes ≥ 12 % (9 times in 10); 9 rounds → the threshold 10 %}. */
        public String power() {
            if (!Double.isFinite(spread)) {
                return "no power statement from one round";
            }
            String head = String.format(Locale.ROOT,
                    "paired rounds spread %s: %d rounds tell changes ≥ %s (9 times in 10)", percent(spread), rounds,
                    percent(detectable));
            if (roundsForThreshold > 0 && roundsForThreshold <= rounds) {
                return head + "; at the threshold " + percent(threshold) + ", the noise does not limit it";
            }
            if (roundsForThreshold > 0) {
                return head + "; " + roundsForThreshold + " rounds → the threshold " + percent(threshold);
            }
            return head + String.format(Locale.ROOT, "; the threshold %s is out of reach in %d rounds%s",
                    percent(threshold), MAX_ROUNDS_AHEAD, rounding > 0.005 ? " (the clock's rounding, "
                    + percent(rounding) + ", does not shrink with rounds)" : "");
        }
    }

    /** The verdict over {@code pairs} (each with positive medians) at {@code threshold} (0.10 for 10 %). */
    public static Verdict judge(List<Pair> pairs, double threshold) {
        int k = pairs.size();
        double up = Math.log1p(threshold);
        if (k == 0) {
            return new Verdict(BaselineVerdict.INCONCLUSIVE, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, 0,
                    threshold, Double.NaN, 0, "no round holds this timing on both sides");
        }
        double mean = pairs.stream().mapToDouble(Pair::logRatio).average().orElseThrow();
        double rounding = Math.sqrt(pairs.stream().mapToDouble(Pair::roundingSquared).average().orElseThrow());
        if (k == 1) {
            double r = Math.exp(mean);
            return new Verdict(BaselineVerdict.INCONCLUSIVE, r, Double.NaN, Double.NaN, 1, Double.NaN, rounding,
                    threshold, Double.NaN, 0, String.format(Locale.ROOT,
                    "ratio x%.3f in one round: one round tells nothing of the spread between rounds;"
                            + " run at least 3", r));
        }
        double squares = pairs.stream().mapToDouble(p -> (p.logRatio() - mean) * (p.logRatio() - mean)).sum();
        double observed = Math.sqrt(squares / (k - 1));
        double s = Math.max(MIN_SPREAD, observed);
        int df = k - 1;
        double se = s / Math.sqrt(k);
        double margin = BaselineRule.t995(df) * Math.sqrt(se * se + rounding * rounding);
        double equivalence = BaselineRule.t95(df) * se;
        double ratio = Math.exp(mean);
        double low = Math.exp(mean - margin);
        double high = Math.exp(mean + margin);
        String figures = String.format(Locale.ROOT,
                        "mean ratio head/base x%.3f over %d rounds, 99 %% interval x%.3f..x%.3f; rounds"
                        + " spread %s%s%s; threshold %s", ratio, k, low, high, percent(observed),
                observed < MIN_SPREAD ? " (" + percent(MIN_SPREAD) + " used, the least)" : "",
                rounding >= 0.005 ? "; each median rounded by up to half its clock's step (" + percent(rounding) + ")"
                : "", percent(threshold));
        String verdict;
        if (mean > up && mean - margin > 0) {
            verdict = BaselineVerdict.REGRESSED;
        } else if (mean < -up && mean + margin < 0) {
            verdict = BaselineVerdict.IMPROVED;
        } else if (mean - equivalence >= -up && mean + equivalence <= up) {
            verdict = BaselineVerdict.UNCHANGED;
            figures = String.format(Locale.ROOT, "90 %% interval x%.3f..x%.3f within the threshold; ",
                    Math.exp(mean - equivalence), Math.exp(mean + equivalence)) + figures;
        } else {
            verdict = BaselineVerdict.INCONCLUSIVE;
            figures = (Math.abs(mean) <= up ? "the change is within the threshold but the interval reaches past it: "
                    : "the change exceeds the threshold but not the noise between rounds: ") + figures;
        }
        return new Verdict(verdict, ratio, low, high, k, s, rounding, threshold, detectable(s, rounding, k, threshold),
                roundsFor(s, rounding, threshold), figures);
    }

    /** The smallest relative change K rounds call {@code regressed} 9 times in 10 at spread {@code s}. */
    static double detectable(double s, double rounding, int k, double threshold) {
        double se = Math.sqrt(s * s / k + rounding * rounding);
        return Math.expm1(Math.max(BaselineRule.t995(k - 1) * se, Math.log1p(threshold)) + Z_90 * se);
    }

    private static int roundsFor(double s, double rounding, double threshold) {
        for (int k = 2; k <= MAX_ROUNDS_AHEAD; k++) {
            if ((BaselineRule.t995(k - 1) + Z_90) * Math.sqrt(s * s / k
                    + rounding * rounding) <= Math.log1p(threshold)) {
                return k;
            }
        }
        return 0;
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, 100 * fraction < 10 ? "%.1f %%" : "%.0f %%", 100 * fraction);
    }
}
