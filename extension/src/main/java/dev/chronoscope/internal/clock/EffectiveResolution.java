package dev.chronoscope.internal.clock;

import dev.chronoscope.internal.format.Format;

import java.util.Arrays;
import java.util.Locale;
import java.util.TreeSet;

/**
 * A clock's <em>effective resolution</em>: the quantum its readings come in, measured from the
 * differences between its readings — not what {@code clock_getres} advertises (the timer grid, seed
 * 000), not the smallest difference ever seen, and not the cost of reading the clock.
 *
 * <p>Three figures that are easy to confuse, kept apart here:
 * <ul>
 *   <li>the <b>quantum</b> ({@link #quantum()}): the value that nearly all differences between
 *       readings are whole multiples of. Two durations less than a quantum apart can read the same;
 *       this is what the verdicts and the assertions use;</li>
 *   <li>the <b>smallest difference</b> ({@link #smallestDifference()}): the least positive difference
 *       seen. A clock derived from a coarse counter by scaling (CLOCK_MONOTONIC from a TSC that moves
 *       in 10 ns steps) shows an occasional 1 ns difference while nearly all its readings are 10 ns
 *       apart, so the smallest difference alone overstates the resolution;</li>
 *   <li>the <b>read cost</b> ({@link #readCostNanos()}): the time one read takes. When the clock is
 *       finer than its read cost, every back-to-back read changes and their differences show the
 *       read cost, not the quantum.</li>
 * </ul>
 *
 * <p><b>The definition.</b> From the positive differences between back-to-back reads and the
 * positive samples of the probe floor (each the difference of two readings), the quantum is the
 * largest q for which at least {@value #SHARE} of the differences lie within the tolerance of a
 * positive multiple of q. The tolerance absorbs the kernel's scaling, which turns a counter step into
 * 10 or 11 ns, and a counter stepping 24.45 ticks on average: 0 below {@value #EXACT_BELOW} units
 * (so that small quanta such as 2 ticks are exact, and a tolerance could not make every integer fit),
 * else the larger of 1 unit and q/{@value #RELATIVE_TOLERANCE_DIVISOR}. Outliers — an off-by-one
 * difference, an interrupt between two reads — are the at most {@code 1 - SHARE} left out. q need not
 * be a whole number of units: candidates are the most frequent differences divided by 1 to
 * {@value #MAX_DIVISOR}, the small whole numbers up to {@value #MAX_SMALL_CANDIDATE} and the greatest
 * common divisor of the most frequent differences; the largest that fits is refined to the total of
 * the differences that fit it over the total of their multiples, and to the nearest whole number of
 * units when that fits as well.
 *
 * <p>When every back-to-back read changed (at least {@link StepObservation#METHOD_FLOOR_CHANGE_RATE}),
 * the differences are the read cost plus a share of the quantum; one cluster of equal differences
 * then says only that the quantum is at most that value. So a quantum above one unit must also show
 * in at least two distinct multiples, each holding at least {@value #MIN_MULTIPLE_SHARE} of the
 * differences (with 10 ns quanta and reads that cost 29 ns, differences of 20 and 30 ns). Where nothing
 * above one unit fits, the quantum is one unit of the clock (1 ns, 1 tick) and the method says that
 * the clock is finer than what the differences show.
 *
 * @param quantum            the quantum in the clock's unit; 0 when no difference was seen
 * @param method             how the quantum was decided
 * @param tolerance          the tolerance the differences were matched with, in the clock's unit
 * @param share              share of the differences within the tolerance of a multiple of the quantum
 * @param differences        positive differences the quantum was decided from
 * @param smallestDifference smallest positive difference seen, in the clock's unit; 0 when none
 * @param changedFraction    share of back-to-back reads that changed; NaN when no back-to-back reads were made
 * @param readCostNanos      mean wall time of one back-to-back read; NaN when not measured
 * @param unit               the clock's unit symbol, {@code ns} or {@code ticks}
 */
public record EffectiveResolution(double quantum, Method method, double tolerance, double share, long differences,
                                  long smallestDifference, double changedFraction, double readCostNanos, String unit) {

    /** Share of the differences that must lie near a multiple of the quantum: "nearly all". */
    public static final double SHARE = 0.95;
    /** Quanta below this many units are matched exactly: a tolerance of 1 would fit any integer to 2 or 3. */
    public static final int EXACT_BELOW = 8;
    /** From {@link #EXACT_BELOW} up, the tolerance is q divided by this, at least 1 unit. */
    public static final int RELATIVE_TOLERANCE_DIVISOR = 1024;
    /** Where every read changed, each of two multiples must hold this share of the differences. */
    public static final double MIN_MULTIPLE_SHARE = 0.01;
    /** Candidates: the most frequent differences, divided by 1 up to this. */
    static final int MAX_DIVISOR = 8;
    /** ...this many of the most frequent differences... */
    static final int FREQUENT_VALUES = 16;
    /** ...and the whole numbers from 2 up to this. */
    static final int MAX_SMALL_CANDIDATE = 16;

    /** How the quantum was decided. Its key opens {@link #describe()}, so a report can name it. */
    public enum Method {
        /** Nearly all differences are multiples of a quantum above one unit. */
        MULTIPLES,
        /** No quantum above one unit fits: the clock is finer than the differences show; one unit is taken. */
        ONE_UNIT,
        /** No positive difference was seen: the quantum is unknown. */
        NO_DIFFERENCE;

        /**
         * A short stable name, as in the JSON reports: the constant's name in lower case, words joined by '-' ({@code
         * one-unit}).
         */
        public String key() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** The method whose key opens {@code description} (as {@link #describe()} writes it), if any. */
        public static java.util.Optional<Method> ofDescription(String description) {
            for (Method m : values()) {
                if (description.startsWith(m.key() + ":")) {
                    return java.util.Optional.of(m);
                }
            }
            return java.util.Optional.empty();
        }
    }

    /** The effective resolution from back-to-back reads alone (the doctor's survey). */
    public static EffectiveResolution of(StepObservation backToBack, String unit) {
        return of(backToBack, ReadingDifferences.NONE, unit);
    }

    /** The effective resolution from back-to-back reads and the probe floor's samples. */
    public static EffectiveResolution of(StepObservation backToBack, ReadingDifferences floorSamples, String unit) {
        return estimate(backToBack.differences().plus(floorSamples), backToBack.changedFraction(),
                backToBack.nanosPerRead(), unit);
    }

    /**
     * The effective resolution of {@code differences}.
     *
     * @param changedFraction share of back-to-back reads that changed (NaN when unknown: then a
     *                        single cluster of differences is not taken as the quantum either)
     * @param readCostNanos   mean time per read, for the description; NaN when not measured
     */
    public static EffectiveResolution estimate(ReadingDifferences differences, double changedFraction,
                                               double readCostNanos, String unit) {
        long total = differences.total();
        long smallest = differences.smallest();
        if (total == 0) {
            return new EffectiveResolution(0, Method.NO_DIFFERENCE, 0, 0, 0, 0, changedFraction, readCostNanos, unit);
        }
        // a single cluster proves a quantum only when some reads did not change: else it may be the read cost
        boolean singleClusterIsEvidence = changedFraction < StepObservation.METHOD_FLOOR_CHANGE_RATE;
        Fit best = null;
        for (double q : candidates(differences)) {
            if (q <= 1 || (best != null && q <= best.quantum)) {
                continue;
            }
            Fit fit = Fit.of(differences, q);
            if (fit.accepted(singleClusterIsEvidence)) {
                best = fit;
            }
        }
        if (best != null) {
            best = finerWhereTheRestFits(differences, best, singleClusterIsEvidence);
        }
        if (best == null) {
            Fit unit1 = Fit.of(differences, 1);
            return new EffectiveResolution(1, Method.ONE_UNIT, 0, unit1.share, total, smallest, changedFraction,
                    readCostNanos, unit);
        }
        // The tolerance lets a range of q fit (10 and 10.33 both fit 20, 30 and 31 ns): the largest is
        // refined to the mean quantum of the differences that fit it, and to the nearest whole number
        // of units when that fits as well.
        Fit chosen = best;
        Fit refined = Fit.of(differences, best.refined());
        if (refined.accepted(singleClusterIsEvidence)) {
            chosen = refined;
            Fit whole = Fit.of(differences, Math.rint(refined.quantum));
            if (whole.quantum > 1 && whole.accepted(singleClusterIsEvidence) && whole.share >= refined.share) {
                chosen = whole;
            }
        }
        return new EffectiveResolution(chosen.quantum, Method.MULTIPLES, tolerance(chosen.quantum), chosen.share, total,
                smallest, changedFraction, readCostNanos, unit);
    }

    /**
     * {@code coarse}, or the largest fraction of it (q/2 to q/{@value #MAX_DIVISOR}) that also fits
     * and holds at least {@value #FINER_CAPTURE} of the differences {@code coarse} leaves out, where
     * those are at least {@value #MIN_MULTIPLE_SHARE} of all. "Nearly all" can hold for a multiple of
     * the quantum: fenced reads that cost three 21-tick steps almost every time read 63 ticks in
     * 95.3 % of 75,536 differences, and 63 was taken for the quantum, though every other difference
     * (84, 105 ticks) lay exactly on 21. Outliers (an interrupt between two reads) lie anywhere; a
     * finer lattice that holds most of what the coarse one leaves out is the clock's.
     */
    private static Fit finerWhereTheRestFits(ReadingDifferences differences, Fit coarse,
            boolean singleClusterIsEvidence) {
        double leftOut = 1 - coarse.share;
        if (leftOut < MIN_MULTIPLE_SHARE) {
            return coarse;
        }
        for (int m = 2; m <= MAX_DIVISOR && coarse.quantum / m > 1; m++) {
            Fit fine = Fit.of(differences, coarse.quantum / m);
            if (fine.accepted(singleClusterIsEvidence) && fine.share - coarse.share >= FINER_CAPTURE * leftOut) {
                return fine;
            }
        }
        return coarse;
    }

    /** Of the differences a quantum leaves out, the share a fraction of it must hold to be taken instead. */
    static final double FINER_CAPTURE = 0.5;

    /** The tolerance for quantum {@code q}: exact below {@value #EXACT_BELOW} units, else max(1, q/1024). */
    public static double tolerance(double q) {
        return q < EXACT_BELOW ? 0 : Math.max(1, q / RELATIVE_TOLERANCE_DIVISOR);
    }

    private static double[] candidates(ReadingDifferences d) {
        // the most frequent values first, ties in value order: count and index packed in one long and
        // sorted as primitives (a boxed index array sorted with a comparator ran TimSort on every floor)
        long[] byCount = new long[d.size()];
        for (int i = 0; i < byCount.length; i++) {
            byCount[i] = (d.countAt(i) << 32) | (0xFFFF_FFFFL - i);
        }
        Arrays.sort(byCount);
        TreeSet<Double> out = new TreeSet<>();
        long gcd = 0;
        for (int i = 0; i < Math.min(FREQUENT_VALUES, byCount.length); i++) {
            long v = d.valueAt((int) (0xFFFF_FFFFL - (byCount[byCount.length - 1 - i] & 0xFFFF_FFFFL)));
            gcd = gcd(gcd, v);
            for (int k = 1; k <= MAX_DIVISOR; k++) {
                out.add((double) v / k);
            }
        }
        out.add((double) gcd);
        for (int q = 2; q <= MAX_SMALL_CANDIDATE; q++) {
            out.add((double) q);
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /** How well the differences fit multiples of one quantum. */
    private record Fit(double quantum, double share, int multiplesWithShare, double fittedSum, double fittedMultiples) {

        static Fit of(ReadingDifferences d, double q) {
            double tol = tolerance(q);
            long total = d.total();
            long fitted = 0;
            double sum = 0;
            double multiples = 0;
            long needed = (long) Math.ceil(MIN_MULTIPLE_SHARE * total);
            // values ascend, so the fitted values of one multiple are adjacent: counted per run of k,
            // with no map (this runs for every candidate quantum of every timed test's floor)
            int withShare = 0;
            long runK = 0;
            long runCount = 0;
            for (int i = 0; i < d.size(); i++) {
                long v = d.valueAt(i);
                long k = Math.round(v / q);
                // 1e-9: the candidate v/k itself must fit v despite rounding of the division
                if (k >= 1 && Math.abs(v - k * q) <= tol + 1e-9) {
                    fitted += d.countAt(i);
                    sum += (double) v * d.countAt(i);
                    multiples += (double) k * d.countAt(i);
                    if (k != runK) {
                        withShare += runCount >= needed && runCount > 0 ? 1 : 0;
                        runK = k;
                        runCount = 0;
                    }
                    runCount += d.countAt(i);
                }
            }
            withShare += runCount >= needed && runCount > 0 ? 1 : 0;
            return new Fit(q, total == 0 ? 0 : (double) fitted / total, withShare, sum, multiples);
        }

        /** Nearly all differences fit, and in two multiples unless a single cluster is evidence enough. */
        boolean accepted(boolean singleClusterIsEvidence) {
            return share >= SHARE && (singleClusterIsEvidence || multiplesWithShare >= 2);
        }

        /** Total fitted difference over total multiples: the mean quantum the fitted differences show. */
        double refined() {
            return fittedMultiples == 0 ? quantum : fittedSum / fittedMultiples;
        }
    }

    /** True when the quantum is known (a positive difference was seen). */
    public boolean isKnown() {
        return method != Method.NO_DIFFERENCE;
    }

    /**
     * One line: the method's key, then the facts, e.g.
     * {@code multiples: 99.0 % of 12,345 differences within ±1 ns of a multiple of 10 ns; …; read cost 29.1 ns}.
     */
    public String describe() {
        String cost = Double.isNaN(readCostNanos) ? ""
                : String.format(Locale.ROOT, "; read cost %.1f ns", readCostNanos);
        String changed = Double.isNaN(changedFraction) ? ""
                : String.format(Locale.ROOT, ", %.1f %% of back-to-back reads changed", 100 * changedFraction);
        return switch (method) {
            case MULTIPLES -> String.format(Locale.ROOT,
                            "%s: %.1f %% of %,d differences between readings within %s of a multiple"
                            + " of %s%s; smallest difference %s%s", method.key(), 100 * share, differences,
                    tolerance == 0 ? "0" : "±" + amount(tolerance), amount(quantum), changed,
                    amount(smallestDifference), cost);
            case ONE_UNIT -> String.format(Locale.ROOT,
                            "%s: no quantum above 1 %s fits %.0f %% of %,d differences between"
                            + " readings%s, so the clock is finer than they show and its unit is taken; smallest "
                            + "difference %s%s",
                    method.key(), unitSingular(), 100 * SHARE, differences, changed, amount(smallestDifference), cost);
            case NO_DIFFERENCE -> String.format(Locale.ROOT, "%s: no two readings differed%s; the quantum is unknown%s",
                    method.key(), changed, cost);
        };
    }

    private String amount(double v) {
        return Format.quantum(v) + " " + unit;
    }

    private String unitSingular() {
        return "ticks".equals(unit) ? "tick" : unit;
    }
}
