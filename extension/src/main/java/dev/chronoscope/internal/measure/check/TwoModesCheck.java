package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.internal.format.Format;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The two-modes check: the timing's samples fall into two groups of at least {@link #MODE_SHARE} each
 * whose values lie beyond {@link Noise#RATIO} and {@link #MODES_MIN_QUANTA} clock quanta apart, with at
 * most {@link #VALLEY_SHARE} of the samples between them. Then the region ran two ways (two compiled forms
 * of its loop; data that differs from call to call), no one median describes it, and which mode the median
 * falls in decides the figure. The 4.6 and 62.6 ns of {@code TwoModesTests} are the two figures one region
 * gave, alone and in a batched comparison, in one JVM; they were not seen as two modes of one sampling.
 * Found on the sorted samples as the widest jump across a {@link #VALLEY_SHARE} window of quantiles with
 * {@link #MODE_SHARE} of the samples on each side: a unimodal spread, however wide, has its wide jumps in
 * the tails.
 */
public final class TwoModesCheck extends NamedCheck {

    /**
     * Fewest samples the check reads: below it, a gap between quantiles is a handful of samples;
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final int MODES_MIN_SAMPLES = 200;
    /**
     * Each mode holds at least this share of the samples: then the median lies within a sixth of the
     * samples of the valley, and a run whose shares differ a little reads the other mode. A smaller mode
     * leaves the median inside the larger one:
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final double MODE_SHARE = 1.0 / 3;
    /**
     * The valley between two modes holds at most this share of the samples, a window of quantiles;
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final double VALLEY_SHARE = 0.05;
    /**
     * Modes closer than this many clock quanta are the clock's steps, not the region's;
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final int MODES_MIN_QUANTA = 3;

    public TwoModesCheck() {
        super(SelfCheck.TWO_MODES, "warmed up and sampled again within the budget; if the modes persist, REFUSED");
    }

    @Override
    public String evidence() {
        return "the batches fall into two groups of at least " + Prose.share(MODE_SHARE) + " each, beyond "
                + Prose.times(Noise.RATIO) + " and " + MODES_MIN_QUANTA + " clock steps apart, at most "
                + Prose.percent(VALLEY_SHARE) + " between them";
    }

    @Override
    public Optional<Refusal> judge(Timing timing, Evidence evidence) {
        return figures(timing, evidence.unit()).map(figures -> new Refusal(id(), "self-check two modes: " + figures
                + ": the region ran two ways (two compiled forms of its code, or calls that differ), so no one median"
                + " describes it"));
    }

    /** The host slowed down for part of the samples, or the region runs two ways: warmed up and sampled again. */
    @Override
    public Optional<Supplier<String>> whyAgain(Evidence evidence) {
        // worded here, before the warm-up again: text built between a warm-up and its samples can slow them
        return evidence.figure().flatMap(t -> figures(t, evidence.unit())).map(modes -> {
            String why = "its samples fell into two modes (" + modes + "): the host slowed down for part of them, or"
                    + " the region runs two ways; it was warmed up again";
            return () -> why;
        });
    }

    /** The two modes found, as figures only ({@code "60 % of the samples read … x13.57 apart"}); empty where none. */
    static Optional<String> figures(Timing timing, String unit) {
        int n = (int) timing.kept();
        // per call in batches only: one call alone reads whatever the host and the data did to that
        // call, and two modes there are common and real; a batch averages those, so two modes of
        // batches are two ways the loop itself ran
        if (timing.mode() != TimingMode.THROUGHPUT || n < MODES_MIN_SAMPLES) {
            return Optional.empty();
        }
        int at = widestJump(timing, n);
        if (at < 0) {
            return Optional.empty();
        }
        int boundary = boundary(timing, at, window(n));
        int calls = timing.callsPerSample();
        double lowMode = timing.sortedSample(boundary / 2) / (double) calls;
        double highMode = timing.sortedSample((boundary + n) / 2) / (double) calls;
        double lowTop = timing.sortedSample(boundary) / (double) calls;
        double highBottom = timing.sortedSample(boundary + 1) / (double) calls;
        return Optional.of(String.format(Locale.ROOT, "%.0f %% of the samples read %s %s per call or less"
                        + " (their middle: %s) and %.0f %% read %s or more (their middle: %s), x%.2f apart",
                100.0 * (boundary + 1) / n, Format.unitsOrFraction(lowTop), unit, Format.unitsOrFraction(lowMode),
                100.0 * (n - boundary - 1) / n, Format.unitsOrFraction(highBottom), Format.unitsOrFraction(highMode),
                highMode / lowMode));
    }

    private static int window(int n) {
        return Math.max(1, (int) Math.floor(VALLEY_SHARE * n));
    }

    /** Where the widest jump beyond noise across a window starts, with a mode's share on each side; -1 none. */
    private static int widestJump(Timing timing, int n) {
        double quantum = timing.clockStep() * timing.callsPerSample();
        int window = window(n);
        int first = (int) Math.ceil(MODE_SHARE * n) - 1;
        int last = n - (int) Math.ceil(MODE_SHARE * n);
        double widest = 0;
        int at = -1;
        for (int i = first; i + window <= last; i++) {
            long low = timing.sortedSample(i);
            long high = timing.sortedSample(i + window);
            if (low <= 0) {
                continue;
            }
            double jump = high / (double) low;
            if (jump > widest && high - low >= MODES_MIN_QUANTA * quantum) {
                widest = jump;
                at = i;
            }
        }
        return widest <= Noise.RATIO ? -1 : at;
    }

    /** The boundary: the widest step between neighbours within the window that jumped. */
    private static int boundary(Timing timing, int at, int window) {
        int boundary = at;
        double step = 0;
        for (int i = at; i < at + window; i++) {
            double r = timing.sortedSample(i + 1) / (double) Math.max(1, timing.sortedSample(i));
            if (r > step) {
                step = r;
                boundary = i;
            }
        }
        return boundary;
    }
}
