package dev.chronoscope.internal.gate;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A repeated test's timing judged with its run's repetitions so far ({@code @RepeatedTest}): the
 * geometric mean of this run's medians of repetitions #1..#j against each baseline run's geometric
 * mean of the same repetitions, so that both sides are means of the same repetitions.
 *
 * <p>The repetitions of one run are not independent runs: they share the JVM's compiled code and
 * the host's state, which last longer than a test (four timings of one region in one JVM read all
 * at 188-194 ns or all at 209-217 ns, by JVM). So their mean is one run's figure, and its
 * between-run spread is the one the runs' means show (a timing's own runs, or else the pool of
 * single timings, which spreads no less): the standard error shrinks by what the repetitions vary
 * apart from each other, never by an assumed 1/√m.
 */
final class Repetitions {

    private Repetitions() {
    }

    /**
     * The entry {@code own} of one baseline run with its median replaced by the geometric mean of that run's entries of
     * {@code keys} ({@code entries}, that run's by key); null where the run lacks one of them or did not resolve it.
     */
    static BaselineEntry collapse(BaselineEntry own, Map<String, BaselineEntry> entries, List<String> keys) {
        double logs = 0;
        for (String k : keys) {
            BaselineEntry e = entries.get(k);
            if (e == null || !e.resolved() || !(e.medianNs() > 0) || !e.clock().equals(own.clock()) || !e.measure()
                    .equals(own.measure())) {
                return null;
            }
            logs += Math.log(e.medianNs());
        }
        double mean = Math.exp(logs / keys.size());
        return BaselineEntry.builder(own.key(), own.test(), own.label()).clock(own.clock()).measure(own.measure())
                .medianNs(mean).floorP50Ns(own.floorP50Ns()).kept(own.kept()).resolved(own.resolved())
                .quantilesNs(Map.of("p50", mean)).kind(own.kind()).kindFloorP50Ns(own.kindFloorP50Ns())
                .coreSpeed(own.coreSpeed()).bytesPerCall(own.bytesPerCall()).build();
    }

    /** {@code v} saying that it judged the mean of {@code m} repetitions, in its reason and its power. */
    static BaselineVerdict judged(BaselineVerdict v, int m) {
        if (m < 2 || v.power() == null) {
            return v;
        }
        return new BaselineVerdict(v.verdict(), v.ratio(), v.low(), v.high(), String.format(Locale.ROOT,
                "the geometric mean of this run's %d repetitions so far against each baseline run's same %d; ", m, m)
                        + v.reason(),
                v.gated(), v.power().ofMeans(m), v.allocation());
    }
}
