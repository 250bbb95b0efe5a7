package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The JIT check: HotSpot compiled the timed code while its samples were taken, so they ran under more
 * than one code (C1's profiling code can run a region several times slower than C2's). A compilation
 * is refused unless the samples after it are at least {@link #AFTER_SHARE} of them and their median
 * agrees, within {@link Noise#RATIO}, with the median of those before it (or those before it are under
 * {@link #BEFORE_SHARE}, too few to move the median): then the new code costs what the old did, and the
 * figure stands (a 43x comparison was refused for a compilation that changed nothing measurable).
 */
public final class JitDuringSamplingCheck extends NamedCheck {

    /** Samples per block between two reads of HotSpot's counters: a read is two loads from mapped memory ({@value}). */
    public static final int COUNTER_BLOCK = 256;
    /**
     * Share of the samples after a compilation for its figure to stand: then they hold the median;
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final double AFTER_SHARE = 0.5;
    /**
     * Share of the samples before a compilation under which they cannot move the median, whatever they read;
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final double BEFORE_SHARE = 0.1;

    public JitDuringSamplingCheck() {
        super(SelfCheck.JIT_DURING_SAMPLING,
                "sampled again once compiled, within the budget (not in repeatFor); if it still compiles, REFUSED");
    }

    @Override
    public String evidence() {
        return "HotSpot compiled the timed code while sampling (its counters read every " + COUNTER_BLOCK + " samples),"
                + " unless at least " + Prose.share(AFTER_SHARE) + " the samples came after and agree within "
                + Prose.times(Noise.RATIO);
    }

    @Override
    public Optional<Refusal> judge(Timing timing, Evidence evidence) {
        return evidence.seen().jit().filter(seen -> seen.compiles() > 0 && !unchangedAcross(seen)).map(seen ->
                new Refusal(id(), String.format(Locale.ROOT, "self-check JIT during sampling: HotSpot finished"
                                + " compiling the timed code (%s) %d time%s while the samples were taken, so they ran"
                                + " under more than one code (not yet the compiled code the region settles at); a"
                                + " longer region warm-up (chronoscope.region.warmup.budget) lets the JIT finish first",
                        seen.code().get(), seen.compiles(),
                        seen.compiles() == 1 ? "" : "s")));
    }

    /**
     * The timed code was compiled (whether or not that moved the median: the next sampling runs the settled
     * code either way), or compilations finished so close together that whether one was the timed code's
     * cannot be told (after a deoptimisation, HotSpot compiles the region's code and its callees in a burst).
     */
    @Override
    public Optional<Supplier<String>> whyAgain(Evidence evidence) {
        return evidence.seen().jit().flatMap(JitDuringSamplingCheck::whyAgain);
    }

    /** {@link #whyAgain(Evidence)} on what a JIT watch saw. */
    public static Optional<Supplier<String>> whyAgain(JitSeen seen) {
        if (seen.compiles() > 0) {
            return Optional.of(() -> "HotSpot compiled its code (" + seen.code().get() + ") while its samples were"
                    + " taken (a longer region warm-up, chronoscope.region.warmup.budget, lets the JIT finish first)");
        }
        long compilations = seen.unseen();
        if (compilations > 0) {
            return Optional.of(() -> String.format(Locale.ROOT, "HotSpot finished %d compilations so close together"
                    + " while its samples were taken that whether one was its code cannot be told", compilations));
        }
        return Optional.empty();
    }

    /** Whether the one compilation {@code seen} left the samples' median where it was (see the class's rule). */
    static boolean unchangedAcross(JitSeen seen) {
        int n = seen.samples();
        int from = seen.from();
        int to = seen.to();
        if (seen.compiles() != 1 || to < 0 || n - to < Math.max(COUNTER_BLOCK, (int) (n * AFTER_SHARE))) {
            return false;
        }
        if (from < (int) (n * BEFORE_SHARE)) {
            return true;
        }
        double before = median(seen, 0, from);
        double after = median(seen, to, n);
        return before > 0 && after > 0 && Math.max(before, after) <= Noise.RATIO * Math.min(before, after);
    }

    private static double median(JitSeen seen, int from, int to) {
        long[] part = new long[to - from];
        for (int i = from; i < to; i++) {
            part[i - from] = seen.sample().applyAsLong(i);
        }
        Arrays.sort(part);
        return part.length == 0 ? Double.NaN : part[part.length / 2];
    }
}
