package dev.chronoscope.internal.measure;

import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;

import java.util.Locale;
import java.util.Optional;

/**
 * The checks that can see a figure is not the region's steady cost, though the clock resolved it:
 * each returns the reason a figure is refused ({@link dev.chronoscope.Verdict#REFUSED}), naming the
 * check and its evidence, or nothing. "Beyond noise" is beyond {@link #RATIO} where a figure has no
 * interval of its own. What each caught is in docs/latency-and-throughput.md, "Self-checks".
 */
final class SelfChecks {

    /** Two figures without intervals differ beyond noise when one exceeds the other by this factor. */
    static final double RATIO = 1.25;
    /**
     * Beyond noise against a batch through the shared loop (a region the clock does not resolve
     * alone): the shared loop calls the region through an interface, and the region compiled on its
     * own is other code than the region inlined into its loop; both were right, and differed by up to
     * x1.34 here (commons-lang3 {@code isBlank}: 13.6-15.0 ns inlined, 10.3-11.6 ns shared; JMH 12.9 ns).
     */
    static final double BATCHED_RATIO = 1.5;

    /**
     * Page faults per sample from which a figure includes the kernel handing out fresh memory: one
     * first-touch fault cost 11-63 µs here, tens to thousands of calls' worth, so a sample that takes
     * one is an outlier — but a fault lands in one sample, and the median and the percentile
     * intervals the claims read move only where many samples carry one. At one per ten samples or
     * more they can (the wrong figures of allocating library code had one or more per sample); below
     * it, a few dozen faults in a thousand samples (a fixture's first boxed values, the recorder's own
     * array) were seen to leave the median where the same region read without them.
     */
    static final double FAULTS_PER_SAMPLE = 0.1;
    static final long MIN_FAULTS = 3;

    private SelfChecks() {
    }

    /**
     * The page-fault check: {@code faults} minor faults of the measuring thread while it took
     * {@code samples} samples (-1 when they could not be read: nothing to check); in a comparison,
     * both regions' samples, whose blocks take turns, so that both are refused.
     */
    static Optional<String> pageFaults(long faults, long samples, int callsPerSample) {
        if (faults < 0 || samples <= 0 || faults < Math.max(MIN_FAULTS, FAULTS_PER_SAMPLE * samples)) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "self-check page faults: the kernel handed the thread %d fresh pages while"
                        + " it took %d samples (%s per call): the figure includes first-touch faults of memory the region or the"
                        + " heap's growth touched for the first time, not the region's steady cost (run the JVM with"
                        + " -XX:+AlwaysPreTouch and -Xms equal to -Xmx, or warm the region on the memory it uses)",
                faults, samples, perCall(faults, samples * (long) callsPerSample)));
    }

    /**
     * The back-to-back check: a throughput figure per call ({@code perCallNet}, net of its batch
     * floor) beyond noise above the same calls alone ({@code aloneNet}, one call between the
     * fenced reads, net of the latency floor), both in the clock's unit. Back to back, calls can
     * overlap, never cost more: more means the batch ran other code than the calls alone (seen
     * here: page faults, code the JIT had not finished).
     */
    static Optional<String> backToBackAboveAlone(Timing throughput, double perCallNet, double aloneNet, int aloneCalls, String unit) {
        double ratio = aloneCalls == 1 ? RATIO : BATCHED_RATIO;
        if (throughput.mode() != TimingMode.THROUGHPUT || !(aloneNet > 0) || perCallNet <= ratio * aloneNet) {
            return Optional.empty();
        }
        String alone = aloneCalls == 1
                ? String.format(Locale.ROOT, "p50 %s %s net of %d single calls", Timings.format(aloneNet), unit, BatchSizing.ALONE_SAMPLES)
                : String.format(Locale.ROOT, "p50 %s %s per call net, %d calls per sample through the shared loop, the smallest"
                        + " batch the clock resolves", Timings.format(aloneNet), unit, aloneCalls);
        return Optional.of(String.format(Locale.ROOT, "self-check back to back above alone: %s %s per call in its own loop (p50,"
                        + " %d calls per sample) is %.2fx the same calls without it (%s, timed right after), beyond the x%.2f"
                        + " that noise explains; the region's own loop cannot cost more per call than the shared one unless"
                        + " it ran other code", Timings.format(perCallNet), unit, throughput.callsPerSample(),
                perCallNet / aloneNet, alone, ratio));
    }

    /**
     * The settled-code check: the samples' median ({@code recorder}, whole samples in the clock's
     * unit) beyond noise above the median the region's warm-up {@code settled} at, at the same batch
     * size, right before. The code slowed down between the two (seen here: a region's loop thrown
     * away — deoptimised — after its warm-up, whose samples then ran in the interpreter, 193 ns per
     * call of {@code isBlank} against 14 ns, and no compilation during the samples to see).
     */
    static Optional<String> slowerThanWarmedUp(Timing timing, SampleRecorder recorder, ProbeWarmup settled, String unit) {
        if (settled == null || !settled.converged() || settled.finalMedian() <= 0 || recorder.samples().isEmpty()) {
            return Optional.empty();
        }
        double sampled = timing.raw().p50() * timing.callsPerSample();
        if (sampled <= RATIO * settled.finalMedian()) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "self-check slower than warmed up: the samples' p50 of %s %s per sample"
                        + " (%d calls) is %.2fx the %s %s its warm-up settled at right before, beyond the x%.2f that noise"
                        + " explains: the region's code changed between the two (thrown away by the JIT, or other code)",
                Timings.format(sampled), unit, timing.callsPerSample(), sampled / settled.finalMedian(),
                Timings.format(settled.finalMedian()), unit, RATIO));
    }

    /** Pairs of pilots taken at most by the re-sizing check: a first one, and two more to confirm one that differs. */
    static final int RESIZE_PILOTS = 3;

    /**
     * The re-sizing check: the raw per-call p50 of pilots of {@link BatchSizing#PILOT_SAMPLES}
     * samples at the timing's {@code k} calls per sample and at {@code 2k}, taken in turn right
     * after the samples ({@code pilotPerCall} gives one pilot's figure for a number of calls), in the
     * clock's unit. Per call, a longer batch spreads the pair of reads thinner and nothing else: a
     * figure that moves beyond noise with k measured a loop whose code depends on the batch length.
     * The two sizes are read in turn, not the pilot at 2k against the samples taken before it: a
     * host's speed changes from one moment to the next (another process on the core's sibling), and
     * a 40 ns chain's pilot at 2k read 1.72x its samples from a moment before. A first pair that
     * differs is confirmed by two more, and the median of the three ratios decides.
     */
    static Optional<String> resizedDiffers(Timing timing, java.util.function.IntToDoubleFunction pilotPerCall, String unit) {
        int k = timing.callsPerSample();
        if (timing.mode() != TimingMode.THROUGHPUT || !(timing.raw().p50() > 0)) {
            return Optional.empty();
        }
        double[] atK = new double[RESIZE_PILOTS];
        double[] atDouble = new double[RESIZE_PILOTS];
        double[] ratios = new double[RESIZE_PILOTS];
        int taken = 0;
        double ratio = Double.NaN;
        while (taken < RESIZE_PILOTS) {
            atK[taken] = pilotPerCall.applyAsDouble(k);
            atDouble[taken] = pilotPerCall.applyAsDouble(2 * k);
            ratios[taken] = atDouble[taken] / atK[taken];
            taken++;
            if (taken == 1 || taken == RESIZE_PILOTS) {
                ratio = median(ratios, taken);
                if (!(ratio > 0) || !Double.isFinite(ratio) || (ratio <= RATIO && 1 / ratio <= RATIO)) {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(String.format(Locale.ROOT, "self-check re-sized: %s %s per call at %d calls per sample and %s %s at %d"
                        + " (raw p50s of pilots of %d samples taken in turn right after the samples; median of %d pairs) differ by"
                        + " %.2fx, beyond the x%.2f that noise explains: the figure depends on the batch length, so it is not the"
                        + " region's cost per call", Timings.format(median(atK, taken)), unit, k, Timings.format(median(atDouble, taken)),
                unit, 2 * k, BatchSizing.PILOT_SAMPLES, taken, Math.max(ratio, 1 / ratio), RATIO));
    }

    private static double median(double[] values, int n) {
        double[] sorted = java.util.Arrays.copyOf(values, n);
        java.util.Arrays.sort(sorted);
        return sorted[n / 2];
    }

    private static String perCall(long faults, long calls) {
        return calls <= 0 ? "?" : faults >= calls ? String.format(Locale.ROOT, "%.1f", faults / (double) calls)
                : "1 in " + Math.round(calls / (double) faults);
    }
}
