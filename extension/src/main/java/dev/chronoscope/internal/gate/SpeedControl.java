package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.stats.PercentileClaim;

import java.util.List;
import java.util.Locale;

/**
 * The core's speed as a guard on a baseline verdict ({@link CoreSpeed}). A counter keeps its rate
 * while what the core gets done per tick follows the host, so unchanged code timed in a slower state
 * of the host reads slower, which the gate would judge a regression whenever its baseline had not
 * seen that state (docs/evidence/gate-validation.md).
 *
 * <p>A test's speed is the slower of its two readings (the core ran at least that slowly during
 * it), compared with the median of the baseline runs' faster readings ({@link #select}). A
 * region's {@code regressed} (throughput or latency) on a core slower than that by more than {@link #TOLERANCE}
 * (an {@code improved} on a faster one) is judged again against the baseline runs whose core ran
 * at its speed ({@link #judgeLikeStates}). Where there are none it stands only beyond what the state could
 * make of unchanged code, the speed ratio squared ({@link #beyondTheState}), and is inconclusive below: in one JVM
 * whose
 * reference read 1.43x slower, the corpus's code read 1.5-1.8x slower (a sort of 200 strings 1.77x, LZ4 1.55x), the
 * 200-step chain 1.11x in the pools, so no division by the reference's ratio alone says what the host took.
 * One call alone slows too, by a few tens of ns (docs/evidence/gate-validation.md). Nothing else changes: a
 * run at the baseline's speed, any {@code unchanged}, and a test's invocation are judged as before.
 */
final class SpeedControl {

    /**
     * Readings within this factor are one speed: within one state they spread less, and a host's two states lie
     * farther apart (docs/evidence/jmh-agreement.md, docs/evidence/gate-validation.md).
     */
    static final double TOLERANCE = GateTuning.SPEED_TOLERANCE;

    private SpeedControl() {
    }

    /**
     * How much slower (above 1) or faster (below 1) the core ran in the judged test than in the
     * baseline runs; 1 where they ran alike, within {@link #TOLERANCE}, or where a speed is unknown
     * (baselines saved before it was read). Each side is taken as the speed that could explain
     * most: for a slower core, the judged test's slower reading against the median of the baseline
     * runs' faster ones (a baseline test whose state changed between its readings may have timed in
     * the fast state: of 5 such runs in one pool, all 5 read the fast throughput); for a faster
     * core, the other way round.
     */
    static Selection select(CoreSpeed judged, List<BaselineEntry> comparable) {
        // readings of another reference's chains are another measure: as unknown as a baseline saved before speeds were
        // read
        List<CoreSpeed> known = comparable.stream().map(BaselineEntry::coreSpeed).filter(CoreSpeed::known)
                .filter(s -> s.reference().equals(judged.reference())).toList();
        if (!judged.known() || known.isEmpty()) {
            return new Selection(1.0, Double.NaN);
        }
        double fastestTypical = Baseline.median(known.stream().map(SpeedControl::fastest).toList());
        double slower = slowest(judged) / fastestTypical;
        if (slower > TOLERANCE) {
            return new Selection(slower, fastestTypical);
        }
        double slowestTypical = Baseline.median(known.stream().map(SpeedControl::slowest).toList());
        double faster = fastest(judged) / slowestTypical;
        return faster < 1 / TOLERANCE ? new Selection(faster, slowestTypical) : new Selection(1.0, fastestTypical);
    }

    /**
     * The judged test's speed against the baseline's.
     *
     * @param ratio   the judged test's speed over the baseline runs' median (above 1: a slower core); 1 where alike
     * @param typical the baseline runs' median speed (NaN: unknown)
     */
    record Selection(double ratio, double typical) {

        /**
         * Whether {@code v} is a verdict the speed could have made: a regression on a slower core, an improvement on a
         * faster one.
         */
        boolean couldExplain(BaselineVerdict v) {
            return ratio > 1 ? v.verdict().equals(BaselineVerdict.REGRESSED)
                    : ratio < 1 && v.verdict().equals(BaselineVerdict.IMPROVED);
        }
    }

    /**
     * {@code raw}, a verdict the core's other speed could have made, judged again against those of the baseline runs
     * {@code kept} whose test ran at this test's speed ({@link #alike}): like states compared, the host's state is no
     * longer a difference between the two sides. Where the baseline holds none, as read beyond the state's reach
     * ({@link #beyondTheState}), else inconclusive ({@link #judgeAcrossSpeeds}).
     */
    static BaselineVerdict judgeLikeStates(BaselineVerdict raw, CoreSpeed judged, Selection selection,
            List<BaselineEntry> kept,
                                           java.util.function.Function<List<BaselineEntry>, BaselineVerdict> against,
                                           double threshold) {
        List<BaselineEntry> like = kept.stream().filter(e -> alike(judged, e.coreSpeed(), selection.ratio() > 1))
                .toList();
        if (like.isEmpty()) {
            return beyondTheState(raw, judged, selection, threshold).orElseGet(() -> judgeAcrossSpeeds(raw, judged,
                    selection))
                    .withPower(raw.power());
        }
        BaselineVerdict v = against.apply(like);
        return new BaselineVerdict(v.verdict(), v.ratio(), v.low(), v.high(), String.format(Locale.ROOT,
                "the core ran x%.2f %s than "
                + "in the baseline runs (%s), so this is judged against the %d of them whose core ran at this test's "
                + "%s speed "
                + "throughout; ", selection.ratio() > 1 ? selection.ratio() : 1 / selection.ratio(),
                selection.ratio() > 1 ? "slower" : "faster",
                judged.describe(), like.size(), selection.ratio() > 1 ? "slower" : "faster") + v.reason(), v.gated(),
                        v.power(), v.allocation());
    }

    /**
     * {@code raw} where its change lies beyond what the core's other speed could make of unchanged code: code slows
     * with
     * the core by up to its speed ratio squared ({@link PercentileClaim#CODE_SLOWDOWN_EXPONENT}, the claims' bound), so
     * a
     * regression whose ratio and interval, divided by that, still pass the threshold and 1 is the code's; empty where
     * the state could have made it.
     */
    static java.util.Optional<BaselineVerdict> beyondTheState(BaselineVerdict raw, CoreSpeed judged,
            Selection selection, double threshold) {
        double most = Math.pow(selection.ratio(), PercentileClaim.CODE_SLOWDOWN_EXPONENT);
        boolean slower = selection.ratio() > 1;
        boolean beyond = slower ? raw.ratio() / most > 1 + threshold && raw.low() / most > 1
                : raw.ratio() / most < 1 / (1 + threshold) && raw.high() / most < 1;
        if (!beyond) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new BaselineVerdict(raw.verdict(), raw.ratio(), raw.low(), raw.high(),
                String.format(Locale.ROOT,
                "the core ran x%.2f %s than in the baseline runs (%s) and none of them ran at that speed; code slows "
                        + "with the "
                        + "core by up to that squared, x%.2f, and the change lies beyond it (its interval "
                        + "x%.3f..x%.3f divided by "
                        + "that: x%.3f..x%.3f); ", slower ? selection.ratio() : 1 / selection.ratio(), slower
                        ? "slower" : "faster",
                judged.describe(), slower ? most : 1 / most, raw.low(), raw.high(), raw.low() / most,
                        raw.high() / most) + raw.reason(),
                raw.gated(), raw.power(), raw.allocation()));
    }

    /**
     * Whether a baseline test's core ran throughout (its two readings within {@link #TOLERANCE}) at the speed that
     * could
     * explain most of the judged test's verdict: for a regression its slower reading, for an improvement its faster
     * one.
     * A judged test whose state changed during it may have timed in either state; against runs of the state that
     * favours its verdict least, the state explains none of it.
     */
    static boolean alike(CoreSpeed judged, CoreSpeed baseline, boolean slower) {
        return judged.known() && baseline.known() && judged.reference().equals(baseline.reference())
                && within(baseline.beforeNsPerStep(), baseline.afterNsPerStep())
                && (slower ? within(slowest(judged), slowest(baseline)) : within(fastest(judged), fastest(baseline)));
    }

    private static boolean within(double a, double b) {
        return a <= b * TOLERANCE && b <= a * TOLERANCE;
    }

    /**
     * Inconclusive, saying why: {@code raw} is a verdict the core's other speed could have made (a
     * regression on a slower core, an improvement on a faster one), and code slows with the core by
     * more or less than the reference (measured: 1.11-1.77x while it read 1.43x), so no division by
     * the reference's ratio tells the code's change from the host's.
     */
    static BaselineVerdict judgeAcrossSpeeds(BaselineVerdict raw, CoreSpeed judged, Selection selection) {
        return BaselineVerdict.inconclusive(String.format(Locale.ROOT,
                "the core ran at another speed than in the baseline runs: its"
                        + " speed reference read %s, against %.3f ns per multiply-add in the baseline runs (the "
                        + "median of their %s"
                        + " readings), x%.2f, beyond x%.2f; as read it is %s (ratio %.3f), but code slows"
                        + " with the core by more or less than this reference, so the change of the code cannot be "
                        + "told from the"
                        + " host's: run again", judged.describe(), selection.typical(),
                selection.ratio() > 1 ? "faster" : "slower", selection.ratio(), TOLERANCE, raw.verdict(), raw.ratio()));
    }

    private static double slowest(CoreSpeed s) {
        return Math.max(s.beforeNsPerStep(), s.afterNsPerStep());
    }

    private static double fastest(CoreSpeed s) {
        return Math.min(s.beforeNsPerStep(), s.afterNsPerStep());
    }
}
