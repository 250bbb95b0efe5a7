package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;
import dev.chronoscope.internal.format.Format;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The settled-code check: the samples' median beyond noise above the median the region's warm-up
 * settled at, at the same batch size, right before. The code slowed down between the two: a region's
 * loop thrown away (deoptimised) after its warm-up runs interpreted, many times slower, with no
 * compilation during the samples to see. A compared side ({@link Looks#again()}) is kept, said in the
 * record, where the other side slowed alike (the host did), or where alone again right after it is as
 * fast as its warm-up, with no compilation (the other side's turns slowed its calls: data it evicted),
 * not other code.
 */
public final class SlowerThanWarmedUpCheck extends NamedCheck {

    /**
     * Beyond noise for samples of one call alone against a warm-up of one call per sample: one call reads
     * the cache state the calls around it left and the host's moment, where a loop the JIT threw away runs
     * many times slower: docs/evidence/real-library-code.md#the-self-checks.
     */
    static final double ALONE_RATIO = 3;

    public SlowerThanWarmedUpCheck() {
        super(SelfCheck.SLOWER_THAN_WARMED_UP,
                "back to back: warmed up and sampled again within the budget; if still slower, REFUSED; in repeat:"
                        + " REFUSED; in compare: kept where the other side slowed alike or the side alone is within "
                        + Prose.times(ALONE_RATIO) + " of its warm-up, else REFUSED");
    }

    @Override
    public String evidence() {
        return "the median beyond " + Prose.times(Noise.RATIO) + " (" + Prose.times(ALONE_RATIO) + " for one call per"
                + " sample) above the one the region's warm-up settled at right before";
    }

    @Override
    public Optional<Refusal> judge(Timing timing, Evidence evidence) {
        // refused only against a warm-up that settled: the last round of one that did not may be noise
        Optional<WarmedUp> settled = evidence.looks().warmedUp().filter(WarmedUp::settled);
        double ratio = settled.map(w -> slowdown(timing, w)).orElse(Double.NaN);
        double noise = timing.callsPerSample() == 1 ? ALONE_RATIO : Noise.RATIO;
        if (!(ratio > noise)) {
            return Optional.empty();
        }
        double level = settled.get().perSample();
        String unit = evidence.unit();
        String alone = "";
        if (evidence.looks().again().isPresent()) {
            AloneAgain look = evidence.looks().again().get().get();
            Optional<String> kept = kept(timing, look, ratio, level, noise, unit);
            if (kept.isPresent()) {
                look.kept().accept(kept.get());
                return Optional.empty();
            }
            alone = String.format(Locale.ROOT, "; alone again right after them it read %.2fx%s, while '%s' read %.2fx"
                    + " its own warm-up", look.perSample() / level,
                    look.recompiled() ? ", and HotSpot compiled its code meanwhile" : ", as slow", look.otherLabel(),
                    look.otherSlowdown());
        }
        double sampled = timing.raw().p50() * timing.callsPerSample();
        return Optional.of(new Refusal(id(), String.format(Locale.ROOT, "self-check slower than warmed up: the"
                        + " samples' p50 of %s %s per sample (%d calls) is %.2fx the %s %s its warm-up settled at"
                        + " right before, beyond the x%.2f that noise explains%s: the region's code changed between"
                        + " the two (thrown away by the JIT, or other code)",
                Format.unitsOrFraction(sampled), unit, timing.callsPerSample(), ratio, Format.unitsOrFraction(level),
                unit, noise, alone)));
    }

    /** Why a compared side slower than its warm-up is kept, in the record's words; empty: refused. */
    private static Optional<String> kept(Timing timing, AloneAgain look, double ratio, double level, double noise,
                                         String unit) {
        if (ratio / look.otherSlowdown() <= noise) {
            return Optional.of(String.format(Locale.ROOT, "'%s' read its samples at %.2fx the %s %s per call its"
                            + " warm-up settled at, and '%s' at %.2fx its own: the host (or what both sides share)"
                            + " slowed both alike, not this side's code; kept, the ratio the comparison stands on"
                            + " holds", timing.label(), ratio, Format.unitsOrFraction(level), unit, look.otherLabel(),
                    look.otherSlowdown()));
        }
        double againRatio = look.perSample() / level;
        if (!look.recompiled() && againRatio <= noise) {
            return Optional.of(String.format(Locale.ROOT, "'%s' read its samples at %.2fx the %s %s per call its"
                            + " warm-up settled at alone, and alone again right after them at %.2fx: its calls were"
                            + " slower only while taking turns with the other side (what that left in the caches and"
                            + " predictors), not in other code; kept, as what its calls cost in turn",
                    timing.label(), ratio, Format.unitsOrFraction(level), unit, againRatio));
        }
        return Optional.empty();
    }

    /**
     * Back to back: the samples slower than the warm-up right before (the host slowed down, or the JIT threw
     * the region's loop away); warmed up again and sampled again, a passing slowdown leaves. A warm-up that
     * did not settle within its budget still ended at a round median: samples slower than that are as much a
     * slowdown (a warm-up that does not settle gets faster, as the JIT compiles).
     */
    @Override
    public Optional<Supplier<String>> whyAgain(Evidence evidence) {
        double slowdown = evidence.figure().flatMap(t -> evidence.looks().warmedUp().map(w -> slowdown(t, w)))
                .orElse(Double.NaN);
        if (!(slowdown > Noise.RATIO)) {
            return Optional.empty();
        }
        return Optional.of(() -> String.format(Locale.ROOT, "its samples' p50 per sample was %.2fx what its warm-up"
                + " settled at right before (the host slowed down, or the JIT threw its code away); it was warmed up"
                + " again", slowdown));
    }

    /** The samples' median per sample over the level the warm-up ended at; NaN where that level is not positive. */
    static double slowdown(Timing timing, WarmedUp warmedUp) {
        return warmedUp.perSample() <= 0 ? Double.NaN
                : timing.raw().p50() * timing.callsPerSample() / warmedUp.perSample();
    }
}
