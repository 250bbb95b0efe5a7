package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.internal.format.Format;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The re-sizing check: the raw per-call p50 of pilots at the timing's k calls per sample and at 2k,
 * taken in turn sample by sample right after the samples ({@link Pilots}). Per call, a longer batch
 * spreads the pair of reads thinner and nothing else: a figure that moves beyond noise with k measured a
 * loop whose code depends on the batch length. The two sizes are read in turn, not the pilot at 2k
 * against the samples taken before it: a host's speed changes from one moment to the next (another
 * process on the core's sibling). A first pair that differs is confirmed by more, and the median of
 * the ratios decides.
 */
public final class ResizedCheck extends NamedCheck {

    /**
     * Pairs of pilots taken at most: a first one, and two more to confirm one that differs, so that one
     * moment of a changing host does not refuse:
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    public static final int RESIZE_PILOTS = 3;

    public ResizedCheck() {
        super(SelfCheck.RESIZED, "REFUSED: the figure depends on the batch length");
    }

    @Override
    public String evidence() {
        return "batches of k and 2k calls, taken right after the samples, differ per call beyond "
                + Prose.times(Noise.RATIO);
    }

    @Override
    public Optional<Refusal> judge(Timing timing, Evidence evidence) {
        Optional<Pilots> pilots = evidence.looks().pilots();
        if (pilots.isEmpty() || timing.mode() != TimingMode.THROUGHPUT || !(timing.raw().p50() > 0)) {
            return Optional.empty();
        }
        int k = timing.callsPerSample();
        double[] atK = new double[RESIZE_PILOTS];
        double[] atDouble = new double[RESIZE_PILOTS];
        double[] ratios = new double[RESIZE_PILOTS];
        int taken = 0;
        double ratio = Double.NaN;
        while (taken < RESIZE_PILOTS) {
            PilotPair pair = pilots.get().pair().apply(k);
            atK[taken] = pair.perCallAtK();
            atDouble[taken] = pair.perCallAtDouble();
            ratios[taken] = atDouble[taken] / atK[taken];
            taken++;
            if (taken == 1 || taken == RESIZE_PILOTS) {
                ratio = median(ratios, taken);
                if (!(ratio > 0) || !Double.isFinite(ratio) || (ratio <= Noise.RATIO && 1 / ratio <= Noise.RATIO)) {
                    return Optional.empty();
                }
            }
        }
        String unit = evidence.unit();
        return Optional.of(new Refusal(id(), String.format(Locale.ROOT, "self-check re-sized: %s %s per call at %d"
                        + " calls per sample and %s %s at %d (raw p50s of pilots of %d samples each, taken in turn"
                        + " sample by sample right after the samples; median of %d pairs) differ by %.2fx, beyond the"
                        + " x%.2f that noise explains: the figure depends on the batch length, so it is not the"
                        + " region's cost per call",
                Format.unitsOrFraction(median(atK, taken)), unit, k, Format.unitsOrFraction(median(atDouble, taken)),
                unit, 2 * k, pilots.get().samples(), taken, Math.max(ratio, 1 / ratio), Noise.RATIO)));
    }

    private static double median(double[] values, int n) {
        double[] sorted = Arrays.copyOf(values, n);
        Arrays.sort(sorted);
        return sorted[n / 2];
    }
}
