package dev.chronoscope.internal.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The between-run spreads a timing is judged with where its own runs are too few: pooled over the
 * baseline's timings of like noise ({@link BaselineRule#pooled}).
 */
final class SpreadPools {

    private SpreadPools() {
    }

    /**
     * The between-run spread of the {@code runs}' resolved timings of {@code kind}, clock and
     * measure, pooled over those timings ({@link BaselineRule#pooled}) whose own spread lies between
     * a third of this timing's and {@code noisier} times it.
     */
    static java.util.Optional<BaselineRule.Spread> pooled(List<Baseline.Run> runs, String key, BaselineRule.Kind kind,
            String clock,
                                                          String measure, double noisier) {
        Map<String, List<Double>> byKey = new java.util.LinkedHashMap<>();
        for (Baseline.Run r : runs) {
            for (BaselineEntry e : r.timings()) {
                if (sameNoise(e.ruleKind(), kind) && e.clock().equals(clock) && e.measure().equals(measure)
                        && e.resolved()
                        && e.medianNs() > 0) {
                    byKey.computeIfAbsent(e.key(), k -> new ArrayList<>()).add(e.medianNs());
                }
            }
        }
        // timings of like noise only: one spreading ten times as much says nothing about this one's
        double own = BaselineRule.spread(byKey.getOrDefault(key, List.of()), kind);
        return BaselineRule.pooled(byKey.values().stream().filter(m -> {
            double s = BaselineRule.spread(m, kind);
            return Double.isFinite(own) && Double.isFinite(s) && s <= own * noisier && s >= own / LIKE_NOISE;
        }).toList());
    }

    /**
     * Whether timings of kinds {@code a} and {@code b} may share a pooled spread: invocations only
     * with invocations (one sample each, with one-off work); a region's latency and throughput
     * figures together, both medians of many samples whose between-run spread comes from the same
     * JIT and placement decisions (and the like-noise filter keeps a noisier one out). A suite with
     * one throughput timing had no pool for it, and its own two degrees of freedom from three runs
     * made `unchanged` unreachable (43 of 300 unchanged comparisons said so).
     */
    static boolean sameNoise(BaselineRule.Kind a, BaselineRule.Kind b) {
        return (a == BaselineRule.Kind.INVOCATION) == (b == BaselineRule.Kind.INVOCATION);
    }

    /** How far apart two timings' own spreads may lie for one to be pooled with the other's. */
    static final double LIKE_NOISE = GateTuning.LIKE_NOISE;

    /**
     * How much more a timing may spread than this one for the pool this one's {@code unchanged} is
     * judged with. With three runs each spread has 2 degrees of freedom, so at x3 a timing spreading
     * three times as much joined the pool about half the time and dominated it: a coarse-stepped chain
     * pooled with quieter ones made their K = 3 {@code unchanged} rarer than at x2
     * (docs/evidence/gate-validation.md). {@code regressed} keeps the x3 pool: a noisy timing that lost
     * a noisier one from its pool was falsely regressed more often.
     */
    static final double LIKE_NOISE_UNCHANGED = GateTuning.LIKE_NOISE_UNCHANGED;
}
