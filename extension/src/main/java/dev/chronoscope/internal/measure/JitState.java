package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockReader;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the JVM's JIT has made of Chronoscope's code so far, as the warm-ups saw it: each clock's
 * probe-path warm-up and the level its path settled at ({@link #settledLevel}), which re-warms ran out of
 * budget, and the region classes already compiled ({@link CompiledRegions}). It changes as the JIT compiles and
 * throws code away: the part of {@link JvmState} that moves.
 *
 * <p>The probe path is warmed once per clock, with the budget of the run that asks first; a later
 * run that asks with a larger budget, where the kept warm-up ran its budget out without settling,
 * warms the path again with its own (a warm-up that settled stands for any budget: the path is
 * compiled). So a first run with the warm-up off ({@code 0ms}) does not leave every later run in
 * the JVM with a cold path, and each record says the warm-up it got.
 */
final class JitState {

    /** A clock's probe-path warm-up and the budget it was given. */
    private record KeptWarmup(ProbeWarmup warmup, long budgetNanos) {
        boolean serves(long budgetNanos) {
            return warmup.settled() || this.budgetNanos >= budgetNanos;
        }
    }

    private final Map<ClockId, KeptWarmup> warmups = new ConcurrentHashMap<>();
    /** Per clock, the highest level its probe path settled at under the full rule (see {@link Warmer#rewarmIfCold}). */
    private final Map<ClockId, Long> settledLevels = new ConcurrentHashMap<>();
    /** The clocks whose last re-warm ran its budget out without settling. */
    private final Set<ClockId> unsettledRewarms = ConcurrentHashMap.newKeySet();
    private final CompiledRegions compiledRegions = new CompiledRegions();

    /**
     * {@code clock}'s probe-path warm-up: the one kept, or one done now with {@code reader} (see the
     * class comment). One at a time: two warm-ups at once would each time the other's work.
     */
    ProbeWarmup warmup(ClockId clock, ClockReader reader, long budgetNanos) {
        KeptWarmup kept = warmups.get(clock);
        if (kept != null && kept.serves(budgetNanos)) {
            return kept.warmup();
        }
        synchronized (warmups) {
            kept = warmups.get(clock);
            if (kept != null && kept.serves(budgetNanos)) {
                return kept.warmup();
            }
            ProbeWarmup warmup = new Warmer(reader, compiledRegions.compilerWatch()).probePath(budgetNanos);
            settledLevels.merge(clock, warmup.settledLevel(), Math::max);
            warmups.put(clock, new KeptWarmup(warmup, budgetNanos));
            return warmup;
        }
    }

    /** Whether {@code clock}'s probe path needs warming for {@code budgetNanos}: no warm-up kept serves it. */
    boolean needsWarmup(ClockId clock, long budgetNanos) {
        KeptWarmup kept = warmups.get(clock);
        return kept == null || !kept.serves(budgetNanos);
    }

    /** The highest median {@code clock}'s probe path settled at in this JVM; its warm-up must have run. */
    long settledLevel(ClockId clock) {
        Long level = settledLevels.get(clock);
        if (level == null) {
            throw new IllegalStateException("the probe path of " + clock
                    + " was never warmed in this JVM: call warmup first");
        }
        return level;
    }

    /**
     * Re-warms {@code clock}'s probe path with {@code reader} if it went cold since it last settled
     * ({@link Warmer#rewarmIfCold}); its warm-up must have run.
     *
     * @return empty when the path was still warm, else the re-warm done
     */
    Optional<ProbeWarmup> rewarmIfCold(ClockId clock, ClockReader reader, long budgetNanos) {
        long settledLevel = settledLevel(clock);
        // after a re-warm that ran its whole budget without settling, the path has run hot that long and
        // is as compiled as the JIT will make it soon: the next re-warms get the JIT-quiet window only,
        // rather than every later test paying the full budget again; the record still says each one did
        // not settle
        long budget = unsettledRewarms.contains(clock) ? Math.min(budgetNanos, WarmupRule.MIN_JIT_QUIET_NANOS)
                : budgetNanos;
        Optional<ProbeWarmup> again = new Warmer(reader, compiledRegions.compilerWatch()).rewarmIfCold(settledLevel,
                budget, settled -> settledLevels.merge(clock, settled, Math::max));
        again.ifPresent(w -> {
            if (w.settled()) {
                unsettledRewarms.remove(clock);
            } else {
                unsettledRewarms.add(clock);
            }
        });
        return again;
    }

    CompiledRegions compiledRegions() {
        return compiledRegions;
    }
}
