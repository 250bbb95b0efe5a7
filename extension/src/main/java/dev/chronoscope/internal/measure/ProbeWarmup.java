package dev.chronoscope.internal.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What a warm-up ({@link Warmer}) did: its rounds, their medians, how long it took, and whether and
 * how it settled under its {@link WarmupRule}.
 *
 * @param rounds       rounds run
 * @param roundSize    empty regions per round
 * @param medians      each round's median, in the clock's unit
 * @param elapsedNanos wall time the warm-up took
 * @param settled      true when the medians settled within the budget
 * @param settledBy    what, besides settled medians, ended it ({@link #BY_JIT_QUIET}, {@link #BY_C2},
 *                     {@link #BY_SETTLED_LEVEL}); empty when it did not settle
 */
public record ProbeWarmup(int rounds, int roundSize, List<Long> medians, long elapsedNanos, boolean settled,
                          String settledBy) {

    /**
     * No warm-up ran: region warm-ups are off, or none ran at the samples' batch size. It did not
     * settle and has no level, so nothing is held against it and no unsettled warm-up is said.
     */
    public static final ProbeWarmup NONE = new ProbeWarmup(0, 0, List.of(), 0, false, "");

    /** Settled under the full rule: no compilation ran in the JVM for {@link WarmupRule#MIN_JIT_QUIET_NANOS}. */
    public static final String BY_JIT_QUIET = "with the JIT quiet for 20 ms";
    /** Settled under the full rule: C2 was seen finishing the timed code ({@link CompilerWatch}). */
    public static final String BY_C2 = "after C2 was seen compiling the timed code";
    /** Settled as code compiled before: five agreeing rounds, no compilation during them, within the level it had. */
    public static final String BY_SETTLED_LEVEL = "as code compiled before, within the level it settled at";

    public ProbeWarmup {
        medians = List.copyOf(medians);
        Objects.requireNonNull(settledBy, "settledBy");
    }

    /** One line: rounds, time, whether it settled, where and how, and the first round's median for contrast. */
    public String describe(String unit) {
        return String.format(Locale.ROOT,
                "once per JVM: %d rounds of %d empty regions in %.1f ms, %s at p50 %d %s%s (first round %d %s)",
                rounds, roundSize, elapsedNanos / 1e6, settled ? "settled" : "NOT settled within the budget",
                settledLevel(), unit, settledBy.isEmpty() ? "" : " " + settledBy,
                medians.isEmpty() ? 0 : medians.get(0), unit);
    }

    /** Whether a warm-up ran: false for {@link #NONE}. */
    public boolean ran() {
        return !equals(NONE);
    }

    /** The level it ended at: its last round's median, in the clock's unit (0 for {@link #NONE}). */
    public long settledLevel() {
        return medians.isEmpty() ? 0 : medians.get(medians.size() - 1);
    }

    /** This warm-up, {@code settledBy} saying how it settled. */
    ProbeWarmup settledAs(String settledBy) {
        return new ProbeWarmup(rounds, roundSize, medians, elapsedNanos, settled, settledBy);
    }

    /** This warm-up and {@code next}, run right after it, as one: all rounds, ending as {@code next} ended. */
    ProbeWarmup followedBy(ProbeWarmup next) {
        List<Long> all = new ArrayList<>(medians);
        all.addAll(next.medians());
        return new ProbeWarmup(rounds + next.rounds(), next.roundSize(), all, elapsedNanos + next.elapsedNanos(),
                next.settled(), next.settledBy());
    }
}
