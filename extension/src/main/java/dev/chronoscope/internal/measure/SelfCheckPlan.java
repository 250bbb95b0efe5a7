package dev.chronoscope.internal.measure;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import static dev.chronoscope.SelfCheck.BACK_TO_BACK_ABOVE_ALONE;
import static dev.chronoscope.SelfCheck.JIT_DURING_SAMPLING;
import static dev.chronoscope.SelfCheck.PAGE_FAULTS;
import static dev.chronoscope.SelfCheck.RESIZED;
import static dev.chronoscope.SelfCheck.SLOWER_THAN_WARMED_UP;
import static dev.chronoscope.SelfCheck.TWO_MODES;
import static dev.chronoscope.SelfCheck.WORK_BESIDE;

/**
 * Which self-checks each way of timing runs, in order, and the one call that applies them
 * ({@link #apply}). The docs' self-check table is tested against this list.
 */
public final class SelfCheckPlan {

    /** The ways of timing a region that take their own samples. */
    public enum Way {
        /** {@code Probe.repeat}: one call per sample, a number of samples. */
        REPEAT("repeat"),
        /** {@code Probe.repeatFor}: one call per sample, for a time budget. */
        REPEAT_FOR("repeatFor"),
        /** {@code Probe.repeatBackToBack}: batches of calls back to back in the region's own loop. */
        THROUGHPUT("repeatBackToBack"),
        /** Each side of {@code Probe.compare} timed one call per sample. */
        COMPARE_ALONE("compare, one call per sample"),
        /** Each side of {@code Probe.compare} timed per call in batches. */
        COMPARE_BATCHED("compare, per call in batches");

        private final String label;

        Way(String label) {
            this.label = label;
        }

        /** The way as the docs name it: {@code repeatFor}. */
        public String label() {
            return label;
        }
    }

    private static final Map<Way, List<SelfCheck>> CHECKS = checks();

    private SelfCheckPlan() {
    }

    private static Map<Way, List<SelfCheck>> checks() {
        Map<Way, List<SelfCheck>> m = new EnumMap<>(Way.class);
        // two modes, slowdowns and the batch's length are read per call in batches only: one call alone
        // reads whatever the host and the data did to that call, and two modes there are common and real
        m.put(Way.REPEAT, List.of(PAGE_FAULTS, JIT_DURING_SAMPLING, WORK_BESIDE, SLOWER_THAN_WARMED_UP));
        m.put(Way.REPEAT_FOR, List.of(PAGE_FAULTS, JIT_DURING_SAMPLING, WORK_BESIDE));
        m.put(Way.THROUGHPUT, List.of(PAGE_FAULTS, JIT_DURING_SAMPLING, WORK_BESIDE, TWO_MODES, SLOWER_THAN_WARMED_UP,
                RESIZED, BACK_TO_BACK_ABOVE_ALONE));
        m.put(Way.COMPARE_ALONE, List.of(PAGE_FAULTS, JIT_DURING_SAMPLING, WORK_BESIDE, SLOWER_THAN_WARMED_UP));
        m.put(Way.COMPARE_BATCHED, List.of(PAGE_FAULTS, JIT_DURING_SAMPLING, WORK_BESIDE, TWO_MODES, BACK_TO_BACK_ABOVE_ALONE));
        return Map.copyOf(m);
    }

    /** The checks {@code way} runs, in the order it runs them. */
    public static List<SelfCheck> of(Way way) {
        return CHECKS.get(way);
    }

    /** {@code timing} after every check of {@code way}, each reading what it needs of {@code evidence}. */
    static Timing apply(Way way, Timing timing, Evidence evidence) {
        Timing t = timing;
        for (SelfCheck check : of(way)) {
            Optional<Refusal> refusal = evidence.judge(check, t);
            if (refusal.isPresent()) {
                t = t.refused(refusal.get().check(), refusal.get().reason());
            }
        }
        return t;
    }

    /**
     * What the checks read of one sampling: the thread's page faults meanwhile (-1 unread) over
     * {@code samples} samples of {@code k} calls (a comparison's both sides, whose blocks take turns),
     * the JIT check's finding, the other threads' CPU time per half; for throughput, the recorder and
     * the warm-up it settled at, the re-sizing pilots; for batches, the same calls alone (computed
     * only where the figure still stands); for a compared side one call per sample, the side alone
     * again (taken only where its samples read slower than its warm-up). Null members: not read for this way.
     */
    record Evidence(long faults, long samples, int k, Optional<Refusal> jit, List<ThreadCpu.Part> threads, String unit,
                    SampleRecorder recorder, ProbeWarmup settled, IntFunction<BatchSizing.PilotPair> pilots, Supplier<AloneFigure> alone,
                    Supplier<AloneAgain> again) {

        /** The evidence every sampling has. */
        static Evidence of(long faults, long samples, int k, Optional<Refusal> jit, List<ThreadCpu.Part> threads, String unit) {
            return new Evidence(faults, samples, k, jit, threads, unit, null, null, null, null, null);
        }

        /** With the recorder and the warm-up the samples are held against (slower than warmed up). */
        Evidence settledAt(SampleRecorder samplesRecorder, ProbeWarmup warmup) {
            return new Evidence(faults, samples, k, jit, threads, unit, samplesRecorder, warmup, pilots, alone, again);
        }

        /** With pilots at k and 2k calls (re-sized); null: the batch cannot double. */
        Evidence resizedBy(IntFunction<BatchSizing.PilotPair> pilotPairs) {
            return new Evidence(faults, samples, k, jit, threads, unit, recorder, settled, pilotPairs, alone, again);
        }

        /** With the same calls alone, measured when the check is reached (back to back above alone). */
        Evidence aloneBy(Supplier<AloneFigure> aloneFigure) {
            return new Evidence(faults, samples, k, jit, threads, unit, recorder, settled, pilots, aloneFigure, again);
        }

        /** With the side alone again right after its samples in turn, looked at when they read slower than warmed up. */
        Evidence againAloneBy(Supplier<AloneAgain> aloneAgain) {
            return new Evidence(faults, samples, k, jit, threads, unit, recorder, settled, pilots, alone, aloneAgain);
        }

        Optional<Refusal> judge(SelfCheck check, Timing t) {
            return switch (check) {
                case PAGE_FAULTS -> SelfChecks.pageFaults(faults, samples, k);
                case JIT_DURING_SAMPLING -> jit;
                case WORK_BESIDE -> SelfChecks.workBeside(threads, samples);
                case TWO_MODES -> SelfChecks.twoModes(t, unit);
                case SLOWER_THAN_WARMED_UP -> recorder == null ? Optional.empty()
                        : SelfChecks.slowerThanWarmedUp(t, recorder, settled, unit, again);
                case RESIZED -> pilots == null ? Optional.empty() : SelfChecks.resizedDiffers(t, pilots, unit);
                case BACK_TO_BACK_ABOVE_ALONE -> {
                    // the calls alone cost another measurement: taken only where the figure still stands
                    if (alone == null || !t.isResolved()) {
                        yield Optional.empty();
                    }
                    AloneFigure a = alone.get();
                    yield SelfChecks.backToBackAboveAlone(t, t.net().p50(), a.net(), a.calls(), unit);
                }
            };
        }
    }
}
