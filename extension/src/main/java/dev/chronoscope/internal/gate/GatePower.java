package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import java.util.Locale;
import java.util.Map;

/**
 * What a timing's gate can see: the smallest change it calls {@code regressed} in 9 of 10 runs at
 * the between-run spread it was judged with and the baseline's runs, and how many runs would bring
 * that to the threshold. The rule ({@link BaselineRule}) calls a change {@code regressed} when the
 * log-ratio d exceeds both ln(1 + threshold) and the 99 % margin t·σ·√(1 + 1/K); a true change D is
 * caught 9 times in 10 when ln(1 + D) lies 1.2816 standard errors σ·√(1 + 1/K) beyond the larger of
 * the two. The noise stops limiting the gate where (t + 1.2816)·σ·√(1 + 1/K) ≤ ln(1 + threshold).
 *
 * @param spread            the between-run spread σ the verdict used (sd of ln medians)
 * @param df                its degrees of freedom (0: the normal quantile)
 * @param runs              the baseline runs the timing was compared with (K)
 * @param threshold         the configured relative change that matters
 * @param detectable        the smallest relative change caught in 9 of 10 runs with these runs
 * @param detectableAtMost  the same with {@value #MAX_RUNS} runs
 * @param runsForThreshold  the fewest runs at which the noise no longer limits the gate below the threshold; 0 where
 *                          even {@value #MAX_RUNS} runs would not do
 * @param spreadForThreshold the largest spread at which many runs bring the gate to the threshold
 * @param unchangedSpread   the spread the verdict's {@code unchanged} test used (its pool leaves out much noisier
 * timings)
 * @param unchangedDf       its degrees of freedom
 * @param repetitions       how many repetitions of a repeated test each side's figure is the mean of (1: one timing)
 * @param rounding          how far a run's median may lie off the duration it rounds to the clock's step, relative to
 * it,
 *                          on the scale of the spread (0: no step known): an error a regression's margin counts beside
 * the
 *                          spread ({@link BaselineRule}); {@code detectable}, {@code detectableAtMost} and {@code
 * runsForThreshold}
 *                          include it
 */
public record GatePower(double spread, int df, int runs, double threshold, double detectable, double detectableAtMost,
                        int runsForThreshold, double spreadForThreshold, double unchangedSpread, int unchangedDf,
                                int repetitions,
                        double rounding) {

    /**
     * The standard normal's 90th percentile: a change this many standard errors past the bar is caught 9 times in 10.
     */
    static final double Z_90 = 1.2816;
    /** The most runs a baseline keeps ({@code chronoscope.baseline.keep}). */
    static final int MAX_RUNS = GateTuning.MAX_RUNS;

    /**
     * The power of a gate that judged with {@code spread} over {@code df} degrees of freedom against {@code runs} runs.
     */
    public static GatePower of(double spread, int df, int runs, double threshold) {
        return of(spread, df, spread, df, runs, threshold);
    }

    /** {@link #of(double, int, int, double)} for a gate whose {@code unchanged} test used {@code unchangedSpread}. */
    public static GatePower of(double spread, int df, double unchangedSpread, int unchangedDf, int runs,
            double threshold) {
        if (!(spread > 0) || runs < 1 || !(threshold > 0)) {
            throw new IllegalArgumentException("a gate's power needs a positive spread, runs and threshold: spread "
                    + spread
                    + ", runs " + runs + ", threshold " + threshold);
        }
        int needed = 0;
        for (int k = 1; k <= MAX_RUNS && needed == 0; k++) {
            if (noiseBar(spread, dfWith(df, k), k) <= Math.log1p(threshold)) {
                needed = k;
            }
        }
        double spreadForThreshold = Math.log1p(threshold) / (BaselineRule.t995(0) + Z_90);
        return new GatePower(spread, df, runs, threshold, detectable(spread, df, runs, threshold),
                detectable(spread, dfWith(df, MAX_RUNS), MAX_RUNS, threshold), needed, spreadForThreshold,
                        unchangedSpread, unchangedDf, 1, 0);
    }

    /**
     * This power for a timing whose runs' rounding to the clock's step adds {@code rounding} on the spread's scale: the
     * regression bar's error is the spread and the rounding together.
     */
    GatePower withRounding(double rounding) {
        if (!(rounding > 0) || !Double.isFinite(rounding)) {
            return this;
        }
        GatePower with = of(Math.hypot(spread, rounding), df, unchangedSpread, unchangedDf, runs, threshold);
        return new GatePower(spread, df, runs, threshold, with.detectable, with.detectableAtMost, with.runsForThreshold,
                spreadForThreshold, unchangedSpread, unchangedDf, repetitions, rounding);
    }

    /** The smallest relative change caught in 9 of 10 runs at {@code spread} with {@code runs} baseline runs. */
    static double detectable(double spread, int df, int runs, double threshold) {
        double se = spread * Math.sqrt(1 + 1.0 / runs);
        return Math.expm1(Math.max(BaselineRule.t995(df) * se, Math.log1p(threshold)) + Z_90 * se);
    }

    /**
     * The share of unchanged runs the rule can call {@code unchanged} at {@code spread} with {@code runs}
     * baseline runs: |d| + t95·se ≤ ln(1 + threshold), d normal with standard error se = σ·√(1 + 1/K).
     */
    public static double reachableUnchanged(double spread, int df, int runs, double threshold) {
        return reachableUnchanged(spread, spread, df, runs, threshold);
    }

    /**
     * {@link #reachableUnchanged(double, int, int, double)} for a timing that spreads {@code trueSpread} between runs,
     * judged with {@code usedSpread} (a pool's, or the floor): its runs land off by d with se = trueSpread·√(1 + 1/K),
     * the margin is t95·usedSpread·√(1 + 1/K).
     */
    public static double reachableUnchanged(double trueSpread, double usedSpread, int df, int runs, double threshold) {
        double factor = Math.sqrt(1 + 1.0 / runs);
        double room = (Math.log1p(threshold) - BaselineRule.t95(df) * usedSpread * factor) / (trueSpread * factor);
        return room <= 0 ? 0 : 2 * normalCdf(room) - 1;
    }

    /**
     * The share of runs of unchanged code that spread {@code trueSpread} between runs which this gate's {@code
     * unchanged}
     * test can pass: the model the rule is validated against, with the spread and quantile that test used.
     */
    public double reachableUnchanged(double trueSpread) {
        return reachableUnchanged(trueSpread, unchangedSpread, unchangedDf, runs, threshold);
    }

    /**
     * The largest |d| (ln of the run's median over the baseline runs' mean) this gate's {@code unchanged} test
     * passes: ln(1 + threshold) less its margin t95·σ·√(1 + 1/K); negative where no run can pass it. Against the
     * |d| of unchanged runs drawn from their own distribution, it gives the reachable share without assuming
     * the runs spread normally (heavy-tailed timings land close more often than a normal of their sd).
     */
    public double unchangedRoom() {
        return Math.log1p(threshold) - BaselineRule.t95(unchangedDf) * unchangedSpread * Math.sqrt(1 + 1.0 / runs);
    }

    /**
     * This power, for figures that are each the mean of {@code m} repetitions of a run (the spread is of those means).
     */
    GatePower ofMeans(int m) {
        return new GatePower(spread, df, runs, threshold, detectable, detectableAtMost, runsForThreshold,
                spreadForThreshold,
                unchangedSpread, unchangedDf, m, rounding);
    }

    /** Whether a change of the threshold's size can be told with as many runs as a baseline keeps. */
    public boolean thresholdReachable() {
        return runsForThreshold > 0;
    }

    /**
     * {@code spreads 3.1 % between runs: with 3 runs the gate tells changes ≥ 15 % (9 times in 10); 10 runs → 13 %; the
     * threshold 10 % is out of reach: it needs a steadier region, a single-run spread below 2.5 %}.
     */
    public String describe() {
        String head = String.format(Locale.ROOT,
                "spreads %.1f %% between runs%s: with %d run%s the gate tells changes ≥ %s (9 times in 10)",
                100 * spread, repetitions > 1 ? " (means of " + repetitions + " repetitions)" : "", runs, runs == 1
                        ? "" : "s",
                percent(detectable));
        String stepNote = rounding >= ROUNDING_SAID ? String.format(Locale.ROOT,
                "; each run's median is rounded by up to %s (half the "
                + "clock's step), counted with the spread", percent(rounding)) : "";
        if (runsForThreshold > 0 && runsForThreshold <= runs) {
            return head + String.format(Locale.ROOT, "; at the threshold %s, the noise does not limit it",
                    percent(threshold)) + stepNote;
        }
        if (runsForThreshold > 0) {
            return head + String.format(Locale.ROOT,
                    "; %d runs → %s: the noise no longer limits it below the threshold %s",
                    runsForThreshold, percent(detectable(Math.hypot(spread, rounding), dfWith(df, runsForThreshold),
                            runsForThreshold,
                            threshold)),
                    percent(threshold)) + stepNote;
        }
        return head + String.format(Locale.ROOT,
                "; %d runs → %s; the threshold %s is out of reach: it needs a steadier region, "
                + "a single-run spread below %.1f %%", MAX_RUNS, percent(detectableAtMost), percent(threshold),
                100 * spreadForThreshold)
                + stepNote;
    }

    /** Rounding of this share of the median or more is said: below it, the statement's figures barely move. */
    static final double ROUNDING_SAID = GateTuning.ROUNDING_SAID;

    public Json.Obj toJson() {
        return Json.object().put("spread", spread).put("df", df).put("runs", runs).put("threshold", threshold)
                .put("detectableChange", detectable).put("detectableChangeAtMostRuns", detectableAtMost)
                .put("runsForThreshold", runsForThreshold == 0 ? null : runsForThreshold).put("spreadForThreshold",
                spreadForThreshold)
                .put("unchangedSpread", unchangedSpread).put("unchangedDf", unchangedDf).put("repetitions", repetitions)
                .put("rounding", rounding).put("statement", describe());
    }

    /** The power a record's {@code power} member holds; null for null (records written before it existed). */
    public static GatePower fromJson(Object o) {
        if (!(o instanceof Map<?, ?> m)) {
            return null;
        }
        Object needed = m.get("runsForThreshold");
        // records written before the 'unchanged' test's spread was kept: the same as the verdict's
        boolean own = m.get("unchangedSpread") instanceof Number;
        return new GatePower(number(m.get("spread")), (int) number(m.get("df")), (int) number(m.get("runs")),
                number(m.get("threshold")), number(m.get("detectableChange")),
                        number(m.get("detectableChangeAtMostRuns")),
                needed == null ? 0 : (int) number(needed), number(m.get("spreadForThreshold")),
                number(m.get(own ? "unchangedSpread" : "spread")), (int) number(m.get(own ? "unchangedDf" : "df")),
                m.get("repetitions") instanceof Number r ? r.intValue() : 1, m.get("rounding") instanceof Number r2
                        ? r2.doubleValue() : 0);
    }

    /** The degrees of freedom with {@code runs} runs: a timing's own from 6 runs, else what it was judged with. */
    private static int dfWith(int df, int runs) {
        return df == 0 ? 0 : Math.max(df, runs - 1 >= BaselineRule.MIN_OWN_DF ? runs - 1 : df);
    }

    /** ln of the change the noise alone lets the gate catch 9 times in 10. */
    private static double noiseBar(double spread, int df, int runs) {
        return (BaselineRule.t995(df) + Z_90) * spread * Math.sqrt(1 + 1.0 / runs);
    }

    private static String percent(double change) {
        return String.format(Locale.ROOT, 100 * change < 10 ? "%.1f %%" : "%.0f %%", 100 * change);
    }

    private static double number(Object v) {
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** The standard normal distribution function (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
    static double normalCdf(double x) {
        double z = Math.abs(x) / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * z);
        double erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t
                + 0.254829592) * t * Math.exp(-z * z);
        return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
    }
}
