package dev.chronoscope.internal.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The core's speed as a control for a baseline comparison ({@link CoreSpeed}): medians are compared
 * with baseline runs whose core ran at the same speed. The counter keeps its rate while the core's
 * clock follows the host's frequency budget; measured on a bhyve guest (AMD Turin, 2026-12-01): the
 * reference read 75 ns per 100 multiply-adds in one state and 99-101 ns in another, in spells of tens
 * of seconds, a 200-step chain's throughput 190 and 211 ns with it; of 30 unchanged runs 7 read in
 * the slow state, and every false {@code regressed} of that timing was one of them judged against
 * baselines that had only seen the fast one.
 *
 * <p>A run's speed is the slower of its two readings (the core ran at least that slowly during the
 * test). Runs within {@link #TOLERANCE} of each other ran alike. Where no baseline run ran like the
 * judged one, its median is divided by the speed ratio, the most a slower core can explain of
 * compute-bound code (the chain above moved 11 % while the reference moved 33 %), and only a verdict
 * that stands after that is given; any other is inconclusive.
 */
final class SpeedControl {

    /**
     * Readings within this factor are one speed: one state's readings spread 2 % here (74.9-76.5 ns
     * per 100 steps), the two states lay 1.33x apart.
     */
    static final double TOLERANCE = 1.10;

    private SpeedControl() {
    }

    /**
     * The baseline runs to compare a test of core speed {@code judged} with, and what the speed
     * leaves to explain.
     *
     * @param entries the baseline runs like for like, or all of them where speeds are unknown
     * @param ratio   1 where {@code entries} ran at the judged speed (or speeds are unknown); else the
     *                judged run's speed over the baseline runs' median (above 1: a slower core)
     * @param typical the baseline runs' median speed (NaN: unknown)
     */
    record Selection(List<BaselineEntry> entries, double ratio, double typical) {

        boolean speedDiffers() {
            return ratio != 1.0;
        }
    }

    /** The baseline runs among {@code comparable} to judge a test whose core speed was {@code judged} with. */
    static Selection select(CoreSpeed judged, List<BaselineEntry> comparable) {
        List<Double> known = comparable.stream().filter(e -> e.coreSpeed().known()).map(e -> slowest(e.coreSpeed())).toList();
        if (!judged.known() || known.isEmpty()) {
            return new Selection(comparable, 1.0, Double.NaN);
        }
        double speed = slowest(judged);
        List<BaselineEntry> alike = new ArrayList<>();
        for (BaselineEntry e : comparable) {
            // an entry whose speed is unknown cannot be told apart: it stays, as before speeds were read
            if (!e.coreSpeed().known() || alike(slowest(e.coreSpeed()), speed)) {
                alike.add(e);
            }
        }
        double typical = Baseline.median(known);
        boolean anyAlike = alike.stream().anyMatch(e -> e.coreSpeed().known());
        return anyAlike ? new Selection(alike, 1.0, typical) : new Selection(comparable, speed / typical, typical);
    }

    /**
     * The verdict on a test whose core ran at another speed than every baseline run, from the verdict
     * on its median as read ({@code raw}) and on its median divided by the speed ratio
     * ({@code deflated}, the most the core's speed explains): on a slower core a regression must stand
     * deflated and an improvement as read; on a faster core the other way round. Anything else is
     * inconclusive, saying why.
     */
    static BaselineVerdict judgeAcrossSpeeds(BaselineVerdict raw, BaselineVerdict deflated, CoreSpeed judged, Selection selection) {
        String speeds = String.format(Locale.ROOT, "the core ran at another speed than in every baseline run: its speed reference "
                        + "read %s, against %.3f ns per multiply-add in the baseline runs (their median), x%.2f, beyond x%.2f",
                judged.describe(), selection.typical(), selection.ratio(), TOLERANCE);
        boolean slower = selection.ratio() > 1;
        String beyond = slower ? BaselineVerdict.REGRESSED : BaselineVerdict.IMPROVED;
        String despite = slower ? BaselineVerdict.IMPROVED : BaselineVerdict.REGRESSED;
        if (deflated.verdict().equals(beyond)) {
            return new BaselineVerdict(beyond, raw.ratio(), raw.low(), raw.high(), deflated.reason() + String.format(Locale.ROOT,
                    "; %s, and it stays %s with its median divided by that x%.2f, the most the core's speed explains", speeds, beyond,
                    selection.ratio()), deflated.gated());
        }
        if (raw.verdict().equals(despite)) {
            return new BaselineVerdict(despite, raw.ratio(), raw.low(), raw.high(), raw.reason() + String.format(Locale.ROOT,
                    "; %s, on a %s core, which cannot make code read %s", speeds, slower ? "slower" : "faster",
                    slower ? "faster" : "slower"), raw.gated());
        }
        return BaselineVerdict.inconclusive(speeds + String.format(Locale.ROOT, "; as read it is %s, with its median divided by"
                + " that x%.2f (the most the core's speed explains) %s, so a change of the code cannot be told from the core's:"
                + " run again", raw.verdict(), selection.ratio(), deflated.verdict()));
    }

    private static boolean alike(double a, double b) {
        return Math.abs(Math.log(a / b)) <= Math.log(TOLERANCE);
    }

    private static double slowest(CoreSpeed s) {
        return Math.max(s.beforeNsPerStep(), s.afterNsPerStep());
    }
}
