package dev.chronoscope;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code SelfCheck} is used to name the check that refused a figure ({@link Verdict#REFUSED},
 * {@link Timing#refusedBy()}): evidence that the figure is not the region's steady cost, though the
 * clock resolved it. Each names its evidence and its consequence; which ways of timing run which
 * checks, and in what order, is one list in Chronoscope's measuring code, and the docs' table is
 * tested against both; the words here are tested against the thresholds each check holds. The host's state (the core's
 * speed, preemption) is never a refusal: it is
 * recorded beside the figure ({@link Timing#coreSpeed()}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum SelfCheck {

    PAGE_FAULTS("page-faults",
            "the measuring thread's minor page faults while sampling, at least one per ten samples (and at least 3)",
            "the young generation cycled and sampled again within the budget (not in repeatFor); if it still faults,"
                    + " REFUSED"),
    JIT_DURING_SAMPLING("jit-during-sampling",
            "HotSpot compiled the timed code while sampling (its counters read every 256 samples), unless at least half"
                    + " the samples came after and agree within x1.25",
            "sampled again once compiled, within the budget (not in repeatFor); if it still compiles, REFUSED"),
    WORK_BESIDE("work-beside",
            "other JVM threads used at least 25 % of a CPU in each half of the sampling, never waited for by the timing"
                    + " thread",
            "sampled again within the budget (not in repeatFor): a burst of other work does not come back; work the "
            + "region" + " hands off does, and is REFUSED"),
    TWO_MODES("two-modes",
            "the batches fall into two groups of at least a third each, beyond x1.25 and 3 clock steps apart, at most "
            + "5 %" + " between them",
            "warmed up and sampled again within the budget; if the modes persist, REFUSED"),
    SLOWER_THAN_WARMED_UP("slower-than-warmed-up",
            "the median beyond x1.25 (x3 for one call per sample) above the one the region's warm-up settled at right"
                    + " before",
            "back to back: warmed up and sampled again within the budget; if still slower, REFUSED; in repeat: REFUSED;"
                    + " in compare: kept where the other side slowed alike or the side alone is within x3 of its "
                    + "warm-up," + " else REFUSED"),
    RESIZED("re-sized",
            "batches of k and 2k calls, taken right after the samples, differ per call beyond x1.25",
            "REFUSED: the figure depends on the batch length"),
    BACK_TO_BACK_ABOVE_ALONE("back-to-back-above-alone",
            "the per-call figure beyond x1.25 (x1.5 for a shared-loop batch) above the same calls timed alone right "
            + "after", "REFUSED: the region's own loop ran other code");

    private final String key;
    private final String evidence;
    private final String consequence;

    SelfCheck(String key, String evidence, String consequence) {
        this.key = key;
        this.evidence = evidence;
        this.consequence = consequence;
    }

    /** The id as records, reports, baselines and JFR events carry it: {@code work-beside}. */
    public String key() {
        return key;
    }

    /** What the check reads, and when it speaks. */
    public String evidence() {
        return evidence;
    }

    /** What happens when it speaks. */
    public String consequence() {
        return consequence;
    }
}
