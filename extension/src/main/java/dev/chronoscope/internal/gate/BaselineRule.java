package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.format.Format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rule that turns a timing's median and its baseline runs' medians into a verdict (derived in
 * docs/explanation/what-the-gate-sees.md, "The rule, and why").
 *
 * <p>On the log scale a run's median is modelled as the true log-median plus a between-run error
 * (JIT decisions, placement, neighbours on the host) of standard deviation σ, plus the run's own
 * sampling error, which the run knows from its samples. With n baseline runs of mean log-median
 * m̄, a new run of the same code gives d = ln(median) − m̄ with variance σ²(1 + 1/n) plus whatever
 * the new run's sampling error exceeds the baseline runs' by, plus, for {@code regressed} and
 * {@code improved}, each run's rounding to the clock's step (up to half a step). σ is the larger of two figures
 * (each with its degrees of freedom, whose Student quantile the interval then uses):
 * <ul>
 *   <li>an estimate: with at least {@link #MIN_OWN_DF} own degrees of freedom, the timing's own
 *       spread of medians over the baseline runs (n − 1 degrees of freedom); below that, the spread
 *       pooled over the baseline's timings of like noise (its own runs among them; regions' latency
 *       and throughput timings together, invocations apart), where they have at least
 *       {@link #MIN_POOLED_DF} degrees of freedom together (a baseline of 20 timings over 3 runs has
 *       40); else its own spread, if it has two runs;</li>
 *   <li>a floor of its kind ({@link Kind#minimum}), or, where no estimate exists (fewer than two
 *       runs and no pool), the assumed spread of its kind ({@link Kind#assumed}): no degrees of
 *       freedom to pay for, the normal quantile.</li>
 * </ul>
 * So a timing as steady as its baseline's others is judged with the pooled spread and a quantile
 * near the normal one, and one that spreads several times more than the rest (beyond the
 * like-noise filter) has no pool and pays for its own few runs.
 * {@code regressed} and {@code improved} need the 99 % interval past 1 and the change beyond the
 * threshold; {@code unchanged} needs the 90 % interval within the threshold (two one-sided tests
 * at 5 %: a wrong "unchanged" fails no build, a wrong "regressed" does). {@code unchanged} is judged
 * with a pool that leaves out the timings spreading more than twice as much as this one, which
 * would only widen a steady timing's interval; {@code regressed} and {@code improved} keep them.
 */
public final class BaselineRule {

    /**
     * What a timing is, for the noise it is judged with: a test's invocation (one sample, with
     * whatever one-off work the test did first, so unchanged runs lie far apart:
     * docs/evidence/gate-validation.md), or a region's latency or throughput figures.
     */
    public enum Kind {
        INVOCATION(0.40, 0.10),
        LATENCY(0.10, 0.02),
        THROUGHPUT(0.10, 0.02);

        /** The between-run spread assumed with no estimate (fewer than two runs, no pool). */
        public final double assumed;
        /**
         * The smallest spread used: runs whose medians agree exactly (a coarse clock's step)
         * estimate zero, which would make every difference look certain.
         */
        public final double minimum;

        Kind(double assumed, double minimum) {
            this.assumed = assumed;
            this.minimum = minimum;
        }

        /** {@code invocation}, {@code latency} or {@code throughput}. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The kind named {@code key}; {@code latency} for null (entries saved before kinds existed). */
        public static Kind of(String key) {
            return key == null ? LATENCY : valueOf(key.toUpperCase(Locale.ROOT));
        }
    }

    /**
     * One run's median of a timing, how precisely the run itself knew it: the standard error of its
     * log-median from its own samples (NaN where unknown: one sample), and the clock's step per call in
     * ns (NaN where unknown): a median moves in whole steps, so two runs of the same code can read one
     * step apart by rounding alone.
     */
    public record RunMedian(double medianNs, double withinRunSe, double stepNs) {

        /** A median whose clock step is unknown. */
        public RunMedian(double medianNs, double withinRunSe) {
            this(medianNs, withinRunSe, Double.NaN);
        }

        /** A median whose run's own precision is unknown. */
        public static RunMedian of(double medianNs) {
            return new RunMedian(medianNs, Double.NaN);
        }

        /**
         * The standard error of the log of a median of {@code n} samples with quartiles {@code p25} and
         * {@code p75}: 1.2533 σ / √n for a normal σ = IQR / 1.349, relative to {@code medianNs}.
         * Consecutive samples are not independent, so this is a lower bound: it adds only where this
         * run was noisier than the baseline's.
         */
        public static double withinRunSe(double p25, double p75, long n, double medianNs) {
            if (n < 2 || !(medianNs > 0) || !Double.isFinite(p25) || !Double.isFinite(p75)) {
                return Double.NaN;
            }
            return 1.2533 * Math.max(0, p75 - p25) / 1.349 / Math.sqrt(n) / medianNs;
        }
    }

    /**
     * A between-run standard deviation of log-medians and its degrees of freedom (0: none paid for, the normal
     * quantile).
     */
    public record Spread(double sigma, int df, String source) {
    }

    /** Degrees of freedom from which a pooled spread is used. */
    public static final int MIN_POOLED_DF = GateTuning.MIN_POOLED_DF;
    /**
     * Degrees of freedom from which a timing's own spread is used without the pool: timings spread
     * differently (measured: 1.8 % to 22 % in one baseline), so a pool of noisier timings would
     * hide a steady timing's changes once its own runs can speak for it.
     */
    public static final int MIN_OWN_DF = GateTuning.MIN_OWN_DF;

    private BaselineRule() {
    }

    /**
     * Student's t 99.5th percentile for {@code df} degrees of freedom (Cornish–Fisher beyond 30; 0: the normal
     * one).
     */
    public static double t995(int df) {
        return StudentT.t995(df);
    }

    /** Student's t 95th percentile for {@code df} degrees of freedom (as {@link #t995}). */
    public static double t95(int df) {
        return StudentT.t95(df);
    }

    /**
     * The between-run spread pooled over timings: each timing's medians over the runs that hold it
     * (a list per timing), their squared deviations from their own mean on the log scale summed
     * and divided by the degrees of freedom they have together; empty below {@link #MIN_POOLED_DF}.
     */
    public static java.util.Optional<Spread> pooled(List<List<Double>> mediansPerTiming) {
        double squares = 0;
        int df = 0;
        for (List<Double> medians : mediansPerTiming) {
            List<Double> logs = medians.stream().filter(m -> m > 0 && Double.isFinite(m)).map(Math::log).toList();
            if (logs.size() < 2) {
                continue;
            }
            double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            for (double l : logs) {
                squares += (l - mean) * (l - mean);
            }
            df += logs.size() - 1;
        }
        if (df < MIN_POOLED_DF) {
            return java.util.Optional.empty();
        }
        double sigma = Math.sqrt(squares / df);
        return java.util.Optional.of(new Spread(sigma, df, String.format(Locale.ROOT,
                "%.1f %% pooled over the baseline's timings of like noise (%d degrees of freedom)", 100 * sigma, df)));
    }

    /**
     * The standard deviation of the logs of {@code medians}, at least {@code kind}'s minimum; NaN
     * below two positive medians.
     */
    public static double spread(List<Double> medians, Kind kind) {
        List<Double> logs = medians.stream().filter(m -> m > 0 && Double.isFinite(m)).map(Math::log).toList();
        if (logs.size() < 2) {
            return Double.NaN;
        }
        double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double squares = logs.stream().mapToDouble(l -> (l - mean) * (l - mean)).sum();
        return Math.max(kind.minimum, Math.sqrt(squares / (logs.size() - 1)));
    }

    /**
     * {@link #judge(Kind, RunMedian, List, java.util.Optional, double)} for a latency median, without a pool or
     * runs' own precision.
     */
    public static BaselineVerdict judge(double medianNs, List<Double> baselineMediansNs, double threshold) {
        return judge(Kind.LATENCY, RunMedian.of(medianNs), baselineMediansNs.stream().map(RunMedian::of).toList(),
                java.util.Optional.empty(), threshold);
    }

    /**
     * {@link #judge(Kind, RunMedian, List, java.util.Optional, java.util.Optional, double)} with one pool for every
     * verdict.
     */
    public static BaselineVerdict judge(Kind kind, RunMedian current, List<RunMedian> baseline,
                                        java.util.Optional<Spread> pool, double threshold) {
        return judge(kind, current, baseline, pool, pool, threshold);
    }

    /**
     * The verdict for {@code current} against the same timing's medians in earlier runs.
     *
     * @param baseline      one per baseline run that holds the timing, oldest first; not empty, all positive
     * @param pool          the between-run spread pooled over the baseline's timings of like noise, this one's
     *                      among them, if estimated: what {@code regressed} and {@code improved} are judged with
     * @param unchangedPool the same pooled over those of them not much noisier than this one: what
     *                      {@code unchanged} is judged with
     * @param threshold     the relative change that matters, e.g. 0.10
     */
    public static BaselineVerdict judge(Kind kind, RunMedian current, List<RunMedian> baseline,
                                        java.util.Optional<Spread> pool, java.util.Optional<Spread> unchangedPool,
                                        double threshold) {
        if (baseline.isEmpty()) {
            throw new IllegalArgumentException("no baseline medians");
        }
        int n = baseline.size();
        double mean = MedianErrors.logMean(baseline);
        Spread used = spreadUsed(kind, baseline, mean, pool);
        Spread usedForUnchanged = spreadUsed(kind, baseline, mean, unchangedPool);
        double excess = MedianErrors.excessNoise(current, baseline);
        double d = Math.log(current.medianNs()) - mean;
        // a median moves in whole clock steps, each run's up to half a step off: one more error for 'regressed' and
        // 'improved' to pass ('unchanged', which fails no build, is judged without it); runs saved without a step
        // add none
        double rounding = MedianErrors.rounding(current);
        double roundingVariance = MedianErrors.roundingVariance(current, baseline);
        double margin = t995(used.df())
                * Math.sqrt(used.sigma() * used.sigma() * (1 + 1.0 / n) + roundingVariance + excess);
        double equivalenceMargin = t95(usedForUnchanged.df())
                * Math.sqrt(usedForUnchanged.sigma() * usedForUnchanged.sigma() * (1 + 1.0 / n) + excess);
        double ratio = Math.exp(d);
        double low = Math.exp(d - margin);
        double high = Math.exp(d + margin);
        double up = 1 + threshold;
        String figures = figures(current, mean, n, margin, used, usedForUnchanged, excess, threshold);
        double slowest = baseline.stream().mapToDouble(RunMedian::medianNs).max().orElseThrow();
        double fastest = baseline.stream().mapToDouble(RunMedian::medianNs).min().orElseThrow();
        String verdict;
        if (ratio > up && low > 1 && current.medianNs() > slowest) {
            verdict = BaselineVerdict.REGRESSED;
        } else if (ratio < 1 / up && high < 1 && current.medianNs() < fastest) {
            verdict = BaselineVerdict.IMPROVED;
        } else if ((ratio > up && low > 1) || (ratio < 1 / up && high < 1)) {
            // run medians have heavier tails than the model's: code is not called slower than its baseline
            // while one of the baseline's own runs was as slow (docs/evidence/gate-validation.md)
            verdict = BaselineVerdict.INCONCLUSIVE;
            figures = String.format(Locale.ROOT, "the change exceeds the threshold and the interval, but a baseline "
                    + "run read %s ns, as far out: one run of the unchanged code was already this %s; ",
                    Format.units(ratio > 1 ? slowest : fastest), ratio > 1 ? "slow" : "fast") + figures;
        } else if (d - equivalenceMargin >= -Math.log(up) && d + equivalenceMargin <= Math.log(up)) {
            verdict = BaselineVerdict.UNCHANGED;
            figures = String.format(Locale.ROOT, "90 %% interval x%.3f..x%.3f within the threshold; ",
                    Math.exp(d - equivalenceMargin), Math.exp(d + equivalenceMargin)) + figures;
        } else {
            verdict = BaselineVerdict.INCONCLUSIVE;
            figures = whyNotJudged(Math.abs(d) <= Math.log(up), rounding) + figures;
        }
        return new BaselineVerdict(verdict, ratio, low, high, figures).withPower(GatePower.of(used.sigma(), used.df(),
                usedForUnchanged.sigma(), usedForUnchanged.df(), n, threshold)
                .withRounding(Math.sqrt(roundingVariance / (1 + 1.0 / n))));
    }

    /**
     * The figures a verdict states: the medians, the interval without a change, the spreads used, this run's own
     * noise beyond the baseline runs' and the clock's rounding where they count, and the threshold.
     */
    private static String figures(RunMedian current, double mean, int n, double margin, Spread used,
                                  Spread usedForUnchanged, double excess, double threshold) {
        String ownNoise = excess > 0 ? String.format(Locale.ROOT,
                ", plus this run's own noise beyond the baseline runs' (%.1f %%)", 100 * Math.sqrt(excess)) : "";
        double rounding = MedianErrors.rounding(current);
        String rounded = rounding >= GatePower.ROUNDING_SAID ? String.format(Locale.ROOT,
                "; each run's median rounded by up to half the clock's step of %s ns per call (this run's %.1f %%)",
                Format.units(MedianErrors.stepOf(current)), 100 * rounding) : "";
        return String.format(Locale.ROOT, "median %s ns vs %s ns (geometric mean of %d baseline run%s); 99 %% interval "
                        + "without a change x%.3f..x%.3f; between-run spread used: %s%s%s; threshold %.0f %%",
                Format.units(current.medianNs()), Format.units(Math.exp(mean)), n, n == 1 ? "" : "s",
                Math.exp(-margin), Math.exp(margin), used.source(),
                usedForUnchanged.equals(used) ? "" : "; for 'unchanged': " + usedForUnchanged.source(),
                ownNoise, 100 * threshold)
                + rounded;
    }

    /**
     * Why a change is neither judged nor unchanged: within the threshold with an interval reaching past it, or
     * beyond it but within the noise (and the clock's rounding, where that is said).
     */
    private static String whyNotJudged(boolean withinThreshold, double rounding) {
        if (withinThreshold) {
            return "the change is within the threshold but the interval reaches past it: ";
        }
        return rounding >= GatePower.ROUNDING_SAID
                ? "the change exceeds the threshold but not the between-run noise and the clock's rounding: "
                : "the change exceeds the threshold but not the between-run noise: ";
    }

    /**
     * The between-run spread {@code judge} uses for a timing whose {@code baseline} medians' mean log is
     * {@code mean}.
     */
    private static Spread spreadUsed(Kind kind, List<RunMedian> baseline, double mean,
                                     java.util.Optional<Spread> pool) {
        int n = baseline.size();
        List<Spread> candidates = new ArrayList<>();
        if (n >= 2) {
            double squares = 0;
            for (RunMedian m : baseline) {
                squares += (Math.log(m.medianNs()) - mean) * (Math.log(m.medianNs()) - mean);
            }
            double s = Math.sqrt(squares / (n - 1));
            candidates.add(new Spread(s, n - 1,
                    String.format(Locale.ROOT, "%.1f %% from this timing's %d baseline runs", 100 * s, n)));
        }
        // a timing's own spread from enough runs is its own; below that, the pool stands in for it:
        // the pool holds this timing's own runs too (with timings of like noise), so its figure is
        // this timing's few degrees of freedom and the others' together. Taking the larger of the
        // two instead made a timing pay for its own 2 degrees of freedom whenever its three runs
        // happened to spread more than the pool: about half the time (K = 3: 'unchanged' in 56 %).
        boolean ownSuffices = n - 1 >= MIN_OWN_DF;
        if (!ownSuffices && pool.isPresent()) {
            candidates.clear();
            candidates.add(pool.get());
        }
        if (pool.isEmpty() && n < 3) {
            candidates.add(new Spread(kind.assumed, 0, String.format(Locale.ROOT,
                    "%.0f %% assumed for %s timings: %d baseline run%s and no pooled estimate",
                    100 * kind.assumed, kind.key(), n, n == 1 ? "" : "s")));
        } else {
            candidates.add(new Spread(kind.minimum, 0, String.format(Locale.ROOT, "the minimum for %s timings, %.0f %%",
                    kind.key(), 100 * kind.minimum)));
        }
        Spread used = candidates.getFirst();
        for (Spread c : candidates) {
            if (c.sigma() > used.sigma()) {
                used = c;
            }
        }
        return used;
    }
}
