package dev.chronoscope.internal.measure;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.internal.format.Format;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The checks that can see a figure is not the region's steady cost, though the clock resolved it:
 * each returns the reason a figure is refused ({@link dev.chronoscope.Verdict#REFUSED}), naming the
 * check and its evidence, or nothing. "Beyond noise" is beyond {@link #RATIO} where a figure has no
 * interval of its own. Each check's id, evidence and consequence: docs/reference/self-checks.md, "The checks".
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
     * Beyond noise for samples of one call alone against a warm-up of one call per sample: one call reads the
     * cache state the calls around it left and the host's moment (x2.5 seen), a loop the JIT threw away runs far
     * slower (x16 seen): docs/evidence/real-library-code.md.
     */
    static final double ALONE_RATIO = 3;

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

    /** Whether the page-fault check refuses {@code faults} in {@code samples} samples, its words not built. */
    static boolean pageFaulted(long faults, long samples) {
        return faults >= 0 && samples > 0 && faults >= Math.max(MIN_FAULTS, FAULTS_PER_SAMPLE * samples);
    }

    /**
     * The page-fault check: {@code faults} minor faults of the measuring thread while it took
     * {@code samples} samples (-1 when they could not be read: nothing to check); in a comparison,
     * both regions' samples, whose blocks take turns, so that both are refused.
     */
    static Optional<Refusal> pageFaults(long faults, long samples, int callsPerSample) {
        if (!pageFaulted(faults, samples)) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(SelfCheck.PAGE_FAULTS, String.format(Locale.ROOT, "self-check page faults: the kernel handed the thread %d fresh pages while"
                        + " it took %d samples (%s per call): the figure includes first-touch faults of memory the region or the"
                        + " heap's growth touched for the first time, not the region's steady cost (run the JVM with"
                        + " -XX:+AlwaysPreTouch and -Xms equal to -Xmx, or warm the region on the memory it uses)",
                faults, samples, perCall(faults, samples * (long) callsPerSample))));
    }

    /**
     * The back-to-back check: a throughput figure per call ({@code perCallNet}, net of its batch
     * floor) beyond noise above the same calls alone ({@code aloneNet}, one call between the
     * fenced reads, net of the latency floor), both in the clock's unit. Back to back, calls can
     * overlap, never cost more: more means the batch ran other code than the calls alone (seen
     * here: page faults, code the JIT had not finished).
     */
    static Optional<Refusal> backToBackAboveAlone(Timing throughput, double perCallNet, double aloneNet, int aloneCalls, String unit) {
        double ratio = aloneCalls == 1 ? RATIO : BATCHED_RATIO;
        if (throughput.mode() != TimingMode.THROUGHPUT || !(aloneNet > 0) || perCallNet <= ratio * aloneNet) {
            return Optional.empty();
        }
        String alone = aloneCalls == 1
                ? String.format(Locale.ROOT, "p50 %s %s net of %d single calls", Format.unitsOrFraction(aloneNet), unit, BatchSizing.ALONE_SAMPLES)
                : String.format(Locale.ROOT, "p50 %s %s per call net, %d calls per sample through the shared loop, the smallest"
                        + " batch the clock resolves", Format.unitsOrFraction(aloneNet), unit, aloneCalls);
        return Optional.of(new Refusal(SelfCheck.BACK_TO_BACK_ABOVE_ALONE, String.format(Locale.ROOT, "self-check back to back above alone: %s %s per call in its own loop (p50,"
                        + " %d calls per sample) is %.2fx the same calls without it (%s, timed right after), beyond the x%.2f"
                        + " that noise explains; the region's own loop cannot cost more per call than the shared one unless"
                        + " it ran other code", Format.unitsOrFraction(perCallNet), unit, throughput.callsPerSample(),
                perCallNet / aloneNet, alone, ratio)));
    }

    /**
     * The settled-code check: the samples' median ({@code recorder}, whole samples in the clock's
     * unit) beyond noise above the median the region's warm-up {@code settled} at, at the same batch
     * size, right before. The code slowed down between the two: a region's loop thrown away
     * (deoptimised) after its warm-up runs interpreted, many times slower, with no compilation
     * during the samples to see. A compared side ({@code again}, else null) is kept, said in the
     * record, where the other side slowed alike (the host did), or where alone again right after it
     * is as fast as its warm-up, with no compilation (the other side's turns slowed its calls: data
     * it evicted), not other code.
     */
    static Optional<Refusal> slowerThanWarmedUp(Timing timing, SampleRecorder recorder, ProbeWarmup settled, String unit,
                                                java.util.function.Supplier<AloneAgain> again) {
        // refused only against a warm-up that settled: the last round of one that did not may be noise
        double ratio = settled != null && settled.converged() ? slowdown(timing, recorder, settled) : Double.NaN;
        double noise = timing.callsPerSample() == 1 ? ALONE_RATIO : RATIO;
        if (!(ratio > noise)) {
            return Optional.empty();
        }
        double sampled = timing.raw().p50() * timing.callsPerSample();
        String alone = "";
        if (again != null) {
            AloneAgain look = again.get();
            double againRatio = look.perSample() / settled.finalMedian();
            if (ratio / look.otherSlowdown() <= noise) {
                look.kept().accept(String.format(Locale.ROOT, "'%s' read its samples at %.2fx the %s %s per call its warm-up"
                                + " settled at, and '%s' at %.2fx its own: the host (or what both sides share) slowed both"
                                + " alike, not this side's code; kept, the ratio the comparison stands on holds",
                        timing.label(), ratio, Format.unitsOrFraction(settled.finalMedian()), unit, look.otherLabel(),
                        look.otherSlowdown()));
                return Optional.empty();
            }
            if (!look.recompiled() && againRatio <= noise) {
                look.kept().accept(String.format(Locale.ROOT, "'%s' read its samples at %.2fx the %s %s per call its warm-up"
                                + " settled at alone, and alone again right after them at %.2fx: its calls were slower only"
                                + " while taking turns with the other side (what that left in the caches and predictors), not"
                                + " in other code; kept, as what its calls cost in turn",
                        timing.label(), ratio, Format.unitsOrFraction(settled.finalMedian()), unit, againRatio));
                return Optional.empty();
            }
            alone = String.format(Locale.ROOT, "; alone again right after them it read %.2fx%s, while '%s' read %.2fx its own"
                    + " warm-up", againRatio, look.recompiled() ? ", and HotSpot compiled its code meanwhile" : ", as slow",
                    look.otherLabel(), look.otherSlowdown());
        }
        return Optional.of(new Refusal(SelfCheck.SLOWER_THAN_WARMED_UP, String.format(Locale.ROOT, "self-check slower than warmed up: the samples' p50 of %s %s per sample"
                        + " (%d calls) is %.2fx the %s %s its warm-up settled at right before, beyond the x%.2f that noise"
                        + " explains%s: the region's code changed between the two (thrown away by the JIT, or other code)",
                Format.unitsOrFraction(sampled), unit, timing.callsPerSample(), ratio,
                Format.unitsOrFraction(settled.finalMedian()), unit, noise, alone)));
    }

    /**
     * The samples' median per sample over the median the region's warm-up {@code settled} at in its
     * last round; NaN where there is nothing to compare (warm-ups off, no samples). A warm-up that did
     * not settle within its budget still ended at a round median: samples slower than that are as
     * much a slowdown (a warm-up that does not settle gets faster, as the JIT compiles).
     */
    static double slowdown(Timing timing, SampleRecorder recorder, ProbeWarmup settled) {
        if (settled == null || settled.finalMedian() <= 0 || recorder.samples().isEmpty()) {
            return Double.NaN;
        }
        return timing.raw().p50() * timing.callsPerSample() / settled.finalMedian();
    }

    /** Pairs of pilots taken at most by the re-sizing check: a first one, and two more to confirm one that differs. */
    static final int RESIZE_PILOTS = 3;

    /**
     * The re-sizing check: the raw per-call p50 of pilots of {@link BatchSizing#PILOT_SAMPLES}
     * samples at the timing's {@code k} calls per sample and at {@code 2k}, taken in turn sample by
     * sample right after the samples ({@code pilots} gives one pair's figures, at k and at 2k, for
     * k), in the clock's unit. Per call, a longer batch spreads the pair of reads thinner and nothing
     * else: a figure that moves beyond noise with k measured a loop whose code depends on the batch
     * length. The two sizes are read in turn, not the pilot at 2k against the samples taken before
     * it: a host's speed changes from one moment to the next (another process on the core's
     * sibling), and a 40 ns chain's pilot at 2k read 1.72x its samples from a moment before. A first
     * pair that differs is confirmed by two more, and the median of the three ratios decides.
     */
    static Optional<Refusal> resizedDiffers(Timing timing, java.util.function.IntFunction<BatchSizing.PilotPair> pilots, String unit) {
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
            BatchSizing.PilotPair pair = pilots.apply(k);
            atK[taken] = pair.perCallAtK();
            atDouble[taken] = pair.perCallAtDouble();
            ratios[taken] = atDouble[taken] / atK[taken];
            taken++;
            if (taken == 1 || taken == RESIZE_PILOTS) {
                ratio = median(ratios, taken);
                if (!(ratio > 0) || !Double.isFinite(ratio) || (ratio <= RATIO && 1 / ratio <= RATIO)) {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(new Refusal(SelfCheck.RESIZED, String.format(Locale.ROOT, "self-check re-sized: %s %s per call at %d calls per sample and %s %s at %d"
                        + " (raw p50s of pilots of %d samples each, taken in turn sample by sample right after the samples; median of %d pairs) differ by"
                        + " %.2fx, beyond the x%.2f that noise explains: the figure depends on the batch length, so it is not the"
                        + " region's cost per call", Format.unitsOrFraction(median(atK, taken)), unit, k, Format.unitsOrFraction(median(atDouble, taken)),
                unit, 2 * k, BatchSizing.PILOT_SAMPLES, taken, Math.max(ratio, 1 / ratio), RATIO)));
    }

    /** Fewest samples the two-modes check reads: below it, a gap between quantiles is a handful of samples. */
    static final int MODES_MIN_SAMPLES = 200;
    /**
     * Each mode holds at least this share of the samples: then the median lies within a sixth of
     * the samples of the valley, and a run whose shares differ a little reads the other mode. A
     * smaller mode leaves the median inside the larger one (a fixture's 40 ns region read 79 % of
     * its samples in one mode and 21 % three times slower: its median was the larger mode's).
     */
    static final double MODE_SHARE = 1.0 / 3;
    /** The valley between two modes holds at most this share of the samples. */
    static final double VALLEY_SHARE = 0.05;
    /** Modes closer than this many clock quanta are the clock's steps, not the region's. */
    static final int MODES_MIN_QUANTA = 3;

    /**
     * The two-modes check: the timing's samples fall into two groups of at least {@link #MODE_SHARE}
     * each whose values lie beyond {@link #RATIO} and {@link #MODES_MIN_QUANTA} clock quanta apart,
     * with at most {@link #VALLEY_SHARE} of the samples between them. Then the region ran two ways
     * (two compiled forms of its loop; data that differs from call to call), no one median describes
     * it, and which mode the median falls in decides the figure. The 4.6 and 62.6 ns of
     * {@code TwoModesTests} are the two figures one region gave here, alone and in a batched
     * comparison, in one JVM; they were not seen as two modes of one sampling. Found on the sorted samples as the widest jump across a 5 % window of quantiles with
     * 20 % of the samples on each side: a unimodal spread, however wide, has its wide jumps in the
     * tails.
     */
    static Optional<Refusal> twoModes(Timing timing, String unit) {
        return twoModesFigures(timing, unit).map(figures -> new Refusal(SelfCheck.TWO_MODES, "self-check two modes: " + figures
                + ": the region ran two ways (two compiled forms of its code, or calls that differ), so no one median describes it"));
    }

    /** The two modes {@link #twoModes} finds, as figures only ("60 % of the samples read … x13.57 apart"); empty where none. */
    static Optional<String> twoModesFigures(Timing timing, String unit) {
        int n = (int) timing.kept();
        // per call in batches only: one call alone reads whatever the host and the data did to that
        // call, and two modes there are common and real (an allocating String region compared one
        // call at a time read 40 % / 60 % in two modes on a host loaded 10 deep); a batch averages
        // those, so two modes of batches are two ways the loop itself ran
        if (timing.mode() != TimingMode.THROUGHPUT || n < MODES_MIN_SAMPLES) {
            return Optional.empty();
        }
        double quantum = timing.clockStep() * timing.callsPerSample();
        int window = Math.max(1, (int) Math.floor(VALLEY_SHARE * n));
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
        if (at < 0 || widest <= RATIO) {
            return Optional.empty();
        }
        // the boundary: the widest step between neighbours within the window that jumped
        int boundary = at;
        double step = 0;
        for (int i = at; i < at + window; i++) {
            double r = timing.sortedSample(i + 1) / (double) Math.max(1, timing.sortedSample(i));
            if (r > step) {
                step = r;
                boundary = i;
            }
        }
        int calls = timing.callsPerSample();
        double lowMode = timing.sortedSample(boundary / 2) / (double) calls;
        double highMode = timing.sortedSample((boundary + n) / 2) / (double) calls;
        return Optional.of(String.format(Locale.ROOT, "%.0f %% of the samples read %s %s per call or less"
                        + " (their middle: %s) and %.0f %% read %s or more (their middle: %s), x%.2f apart",
                100.0 * (boundary + 1) / n, Format.unitsOrFraction(timing.sortedSample(boundary) / (double) calls), unit,
                Format.unitsOrFraction(lowMode), 100.0 * (n - boundary - 1) / n, Format.unitsOrFraction(timing.sortedSample(boundary + 1) / (double) calls),
                Format.unitsOrFraction(highMode), highMode / lowMode));
    }

    /**
     * Other threads' CPU time, as a share of each half of the sampling's wall time, from which work
     * beside the calls is sustained work and not the JVM's own housekeeping: in a CI build, Surefire's
     * stream flusher used 5.5 ms of a 51.6 ms sampling (11 %) writing the tests' output, in a burst,
     * with the figure unchanged (231.9 us against 231.0 us the repetition before); the corpus's
     * timings saw 0.0-1.2 ms in 15-657 ms samplings.
     */
    static final double BESIDE_SHARE = 0.25;
    /**
     * Below this much CPU time of other threads in a half there is nothing to say, however short the
     * sampling: a housekeeping thread's turn (a JFR periodic task, a reference handler) is well under it.
     */
    static final long MIN_BESIDE_NANOS = 250_000L;
    /**
     * Waits of the timing thread a sampling may hold and still be one that never waited for other
     * threads: a safepoint or a collection makes the thread wait too, a few times per sampling; a region
     * that waits for another thread's work does it at every call, at least once per sample.
     */
    static final long HOUSEKEEPING_WAITS = 50;

    /**
     * The work-beside check: in each half of the sampling ({@code parts}, {@link ThreadCpu.Parts}),
     * other Java threads of this JVM used at least {@link #BESIDE_SHARE} of its wall time in CPU, and the
     * timing thread never waited for them (at most {@link #HOUSEKEEPING_WAITS} voluntary context
     * switches, and at most one in ten samples). Then work ran beside the calls for their whole length,
     * not within them — work the region handed off (an executor, a cache's asynchronous maintenance) or
     * other work of the JVM — and the figure holds that work's contention with the calls but none of its
     * cost: what it reads depends on how the other thread is scheduled, not on the calls alone. A burst
     * in one half (a build tool writing output) is not work beside. Where the timing thread waited
     * instead (a call to a server in the same JVM, a task whose result it awaits), the others' work is
     * within the calls' time, and a latency of them is what it should be. Preemption is not waiting: a
     * thread the host took off its CPU still never waited for the work.
     *
     * @param parts   the sampling's parts as read; empty: unread, nothing to check
     * @param samples the samples taken
     */
    static Optional<Refusal> workBeside(List<ThreadCpu.Part> parts, long samples) {
        return besideSamples(parts, samples).map(seen -> new Refusal(SelfCheck.WORK_BESIDE, "self-check work beside: " + seen
                + ": work ran beside the calls, not within them (work the region hands off, such as an executor's task or a"
                + " cache's maintenance, or other work of the JVM), so the figure holds its contention with the calls but not"
                + " its cost, and reads what the other threads' scheduling made of it; time work where it runs, have it run on"
                + " the calling thread (e.g. an executor of Runnable::run), or keep other work out of the JVM while timing"));
    }

    /**
     * What the work-beside check found in a sampling, said as a fact ("while the samples were taken
     * (6.3 ms), other threads of this JVM used …"); empty where it found no work beside
     * ({@link #workBeside} for the rule).
     */
    static Optional<String> besideSamples(List<ThreadCpu.Part> parts, long samples) {
        return workedBeside(parts, samples) ? Optional.of(besideSamples(parts, samples, ThreadCpu.names(parts))) : Optional.empty();
    }

    /** {@link #besideSamples(List, long)} worded when asked, the threads' names read now (they may end before). */
    static java.util.function.Supplier<String> besideSamplesLater(List<ThreadCpu.Part> parts, long samples) {
        Map<Long, String> names = ThreadCpu.names(parts);
        return () -> besideSamples(parts, samples, names);
    }

    private static String besideSamples(List<ThreadCpu.Part> parts, long samples, Map<Long, String> names) {
        long others = 0;
        long wall = 0;
        long waits = 0;
        StringBuilder shares = new StringBuilder();
        for (ThreadCpu.Part part : parts) {
            ThreadCpu.Used used = part.used();
            others += used.othersNanos();
            wall += part.wallNanos();
            waits += used.selfWaits();
            shares.append(shares.isEmpty() ? "" : " and ").append(Math.round(100.0 * used.othersNanos() / part.wallNanos())).append(" %");
        }
        return String.format(Locale.ROOT, "while the samples were taken (%.1f ms), other threads of this JVM used"
                        + " %.1f ms of CPU (%s of each half's time: %s), and the timing thread never waited for them"
                        + " (%d voluntary context switches in %d samples)",
                wall / 1e6, others / 1e6, shares, ThreadCpu.busiest(parts, 3, names), waits, samples);
    }

    /** Whether the work-beside check finds work beside {@code samples} samples in {@code parts}, its words not built. */
    static boolean workedBeside(List<ThreadCpu.Part> parts, long samples) {
        if (parts.isEmpty()) {
            return false;
        }
        long waits = 0;
        for (ThreadCpu.Part part : parts) {
            ThreadCpu.Used used = part.used();
            if (used.selfWaits() < 0 || part.wallNanos() <= 0
                    || used.othersNanos() < Math.max(MIN_BESIDE_NANOS, BESIDE_SHARE * part.wallNanos())) {
                return false;
            }
            waits += used.selfWaits();
        }
        return waits <= Math.min(HOUSEKEEPING_WAITS, samples / 10);
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
