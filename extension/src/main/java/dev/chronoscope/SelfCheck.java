package dev.chronoscope;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code SelfCheck} is used to name the check that refused a figure ({@link Verdict#REFUSED},
 * {@link Timing#refusedBy()}): evidence that the figure is not the region's steady cost, though the
 * clock resolved it. Each names its evidence and its consequence; which ways of timing run which
 * checks, and in what order, is one list in Chronoscope's measuring code, and the docs' table is
 * tested against both. The host's state (the core's speed, preemption) is never a refusal: it is
 * recorded beside the figure ({@link Timing#coreSpeed()}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum SelfCheck {

    PAGE_FAULTS("page-faults",
            "the measuring thread's minor page faults while sampling, at least one per ten samples (and at least 3)",
            "the young generation is cycled and the samples taken again within the timing's budget (not in repeatFor,"
                    + " whose time is the user's); if they still fault, REFUSED"),
    JIT_DURING_SAMPLING("jit-during-sampling",
            "HotSpot's compilation counters, read between blocks of 256 samples: the timed code was compiled while sampling,"
                    + " unless at least half the samples came after it and agree within x1.25 with those before",
            "sampled again once the compilation has finished, within the timing's budget (not in repeatFor); if it still"
                    + " compiles, REFUSED"),
    WORK_BESIDE("work-beside",
            "other threads of the JVM used at least 25 % of each half of the sampling in CPU while the timing thread never"
                    + " waited for them (voluntary context switches)",
            "sampled again within the timing's budget (not in repeatFor): a burst of the JVM's other work, such as a build"
                    + " tool writing the tests' output, does not come back; work the region hands off does, and is REFUSED:"
                    + " the figure holds the other work's contention, not its cost"),
    TWO_MODES("two-modes",
            "the batches' samples fall into two groups of at least a third each, beyond x1.25 and 3 clock quanta apart,"
                    + " with at most 5 % between them",
            "in throughput, warmed up and sampled again within the timing's budget; if the modes persist, REFUSED"),
    SLOWER_THAN_WARMED_UP("slower-than-warmed-up",
            "the samples' median beyond x1.25 (x3 for one call per sample) above the median the region's warm-up settled at"
                    + " right before, at as many calls per sample",
            "in throughput, warmed up and sampled again within the timing's budget; if still slower, REFUSED; in repeat,"
                    + " REFUSED; in compare, kept and said in the record where the other side slowed alike (within x3: the host"
                    + " did) or where the side, timed alone again right after, is within x3 of its warm-up, its code not compiled"
                    + " since (slower only in turn with the other side); else REFUSED"),
    RESIZED("re-sized",
            "pilots at k and at 2k calls per sample, taken in turn right after the samples, differ per call beyond x1.25"
                    + " (median of up to 3 pairs)",
            "REFUSED: the figure depends on the batch length"),
    BACK_TO_BACK_ABOVE_ALONE("back-to-back-above-alone",
            "the per-call figure of the batch beyond x1.25 (x1.5 against a shared-loop batch) above the same calls timed"
                    + " alone right after",
            "REFUSED: the region's own loop ran other code");

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
