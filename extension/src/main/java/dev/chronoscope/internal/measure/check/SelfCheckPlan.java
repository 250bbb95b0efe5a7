package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The self-checks: each one once ({@link #ALL}, in the order the docs list them), which each way of timing
 * runs, in order ({@link Way}), and the one call that applies them ({@link #apply}). The docs' tables are
 * tested against these lists. Adding a check: its class, its {@link SelfCheck} id, and a line here.
 */
public final class SelfCheckPlan {

    static final Check PAGE_FAULTS = new PageFaultsCheck();
    static final Check JIT_DURING_SAMPLING = new JitDuringSamplingCheck();
    static final Check WORK_BESIDE = new WorkBesideCheck();
    static final Check TWO_MODES = new TwoModesCheck();
    static final Check SLOWER_THAN_WARMED_UP = new SlowerThanWarmedUpCheck();
    static final Check RESIZED = new ResizedCheck();
    static final Check BACK_TO_BACK_ABOVE_ALONE = new BackToBackAboveAloneCheck();

    /** Every check, in {@link SelfCheck}'s order. */
    public static final List<Check> ALL = List.of(PAGE_FAULTS, JIT_DURING_SAMPLING, WORK_BESIDE, TWO_MODES,
            SLOWER_THAN_WARMED_UP, RESIZED, BACK_TO_BACK_ABOVE_ALONE);

    /** The checks a sampling taken again may cure, read before its figure is built, in the order they are asked. */
    public static final List<Check> SAMPLE_AGAIN = List.of(JIT_DURING_SAMPLING, PAGE_FAULTS, WORK_BESIDE);

    /** The checks of a figure that a warm-up again and another sampling may cure, back to back, in order. */
    public static final List<Check> WARM_UP_AGAIN = List.of(SLOWER_THAN_WARMED_UP, TWO_MODES);

    /** The ways of timing a region that take their own samples, each with its checks in the order it runs them. */
    public enum Way {
        // two modes, slowdowns and the batch's length are read per call in batches only: one call alone
        // reads whatever the host and the data did to that call, and two modes there are common and real
        /** {@code Probe.repeat}: one call per sample, a number of samples. */
        REPEAT("repeat", PAGE_FAULTS, JIT_DURING_SAMPLING, WORK_BESIDE, SLOWER_THAN_WARMED_UP),
        /** {@code Probe.repeatFor}: one call per sample, for a time budget. */
        REPEAT_FOR("repeatFor", PAGE_FAULTS, JIT_DURING_SAMPLING, WORK_BESIDE),
        /** {@code Probe.repeatBackToBack}: batches of calls back to back in the region's own loop. */
        THROUGHPUT("repeatBackToBack", PAGE_FAULTS, JIT_DURING_SAMPLING, WORK_BESIDE, TWO_MODES, SLOWER_THAN_WARMED_UP,
                RESIZED, BACK_TO_BACK_ABOVE_ALONE),
        /** Each side of {@code Probe.compare} timed one call per sample. */
        COMPARE_ALONE("compare, one call per sample", PAGE_FAULTS, JIT_DURING_SAMPLING, WORK_BESIDE,
                SLOWER_THAN_WARMED_UP),
        /** Each side of {@code Probe.compare} timed per call in batches. */
        COMPARE_BATCHED("compare, per call in batches", PAGE_FAULTS, JIT_DURING_SAMPLING, WORK_BESIDE, TWO_MODES,
                BACK_TO_BACK_ABOVE_ALONE);

        private final String label;
        private final List<Check> checks;

        Way(String label, Check... checks) {
            this.label = label;
            this.checks = List.of(checks);
        }

        /** The way as the docs name it: {@code repeatFor}. */
        public String label() {
            return label;
        }

        /** Its checks, in the order it runs them. */
        public List<Check> checks() {
            return checks;
        }
    }

    private SelfCheckPlan() {
    }

    /** The ids of the checks {@code way} runs, in the order it runs them. */
    public static List<SelfCheck> of(Way way) {
        return way.checks().stream().map(Check::id).toList();
    }

    /** {@code timing} after every check of {@code way}, each reading what it needs of {@code evidence}. */
    public static Timing apply(Way way, Timing timing, Evidence evidence) {
        Timing t = timing;
        for (Check check : way.checks()) {
            Optional<Refusal> refusal = check.judge(t, evidence);
            if (refusal.isPresent()) {
                t = t.refused(refusal.get().check(), refusal.get().reason());
            }
        }
        return t;
    }

    /** The first of {@code checks} that finds something another sampling may cure in {@code evidence}, and why. */
    public static Optional<Found> whyAgain(List<Check> checks, Evidence evidence) {
        for (Check check : checks) {
            Optional<Supplier<String>> why = check.whyAgain(evidence);
            if (why.isPresent()) {
                return Optional.of(new Found(check.id(), why.get()));
            }
        }
        return Optional.empty();
    }

    /** A check that found something another sampling may cure, and why, worded when read. */
    public record Found(SelfCheck check, Supplier<String> why) {
    }
}
