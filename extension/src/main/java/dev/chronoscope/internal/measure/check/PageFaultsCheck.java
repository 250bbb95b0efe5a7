package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The page-fault check: the measuring thread's minor page faults while it took the samples (in a
 * comparison, both regions' samples, whose blocks take turns, so that both are refused). A figure
 * that took them includes the kernel handing out fresh memory, not the region's steady cost.
 */
public final class PageFaultsCheck extends NamedCheck {

    /**
     * Page faults per sample from which a figure includes the kernel handing out fresh memory: one
     * first-touch fault costs tens to thousands of calls' worth, so a sample that takes one is an
     * outlier — but a fault lands in one sample, and the median and the percentile intervals the claims
     * read move only where many samples carry one. At one per ten samples or more they can (the wrong
     * figures of allocating library code had one or more per sample); below it, a few dozen faults in a
     * thousand samples left the median where it was without them:
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final double FAULTS_PER_SAMPLE = 0.1;
    /**
     * Fewest faults that refuse, however few the samples: a handful is the recorder's own first touches;
     * docs/evidence/real-library-code.md#the-self-checks.
     */
    static final long MIN_FAULTS = 3;

    public PageFaultsCheck() {
        super(SelfCheck.PAGE_FAULTS,
                "the young generation cycled and sampled again within the budget (not in repeatFor); if it still"
                        + " faults, REFUSED");
    }

    @Override
    public String evidence() {
        return "the measuring thread's minor page faults while sampling, at least one per "
                + Prose.number(Math.round(1 / FAULTS_PER_SAMPLE)) + " samples (and at least " + MIN_FAULTS + ")";
    }

    /** Whether {@code faults} in {@code samples} samples are enough to refuse. */
    static boolean faulted(long faults, long samples) {
        return faults >= 0 && samples > 0 && faults >= Math.max(MIN_FAULTS, FAULTS_PER_SAMPLE * samples);
    }

    @Override
    public Optional<Refusal> judge(Timing timing, Evidence evidence) {
        long samples = evidence.samples();
        return faults(evidence).filter(faults -> faulted(faults, samples)).map(faults -> new Refusal(id(),
                String.format(Locale.ROOT, "self-check page faults: the kernel handed the thread %d fresh pages while"
                        + " it took %d samples (%s per call): the figure includes first-touch faults of memory the"
                        + " region or the heap's growth touched for the first time, not the region's steady cost (run"
                        + " the JVM with -XX:+AlwaysPreTouch and -Xms equal to -Xmx, or warm the region on the memory"
                        + " it uses)",
                faults, samples, perCall(faults, samples * (long) evidence.sampling().callsPerSample()))));
    }

    /** The young generation is cycled first (by the sampler), so the next samples fill memory already touched. */
    @Override
    public Optional<Supplier<String>> whyAgain(Evidence evidence) {
        return faults(evidence).filter(faults -> faulted(faults, evidence.samples())).map(faults -> () -> String.format(
                Locale.ROOT, "the kernel handed the thread %d fresh pages while its samples were taken (memory touched"
                        + " for the first time, as by allocation into a heap not used yet)", faults));
    }

    private static Optional<Long> faults(Evidence evidence) {
        return evidence.seen().faults().stream().boxed().findFirst();
    }

    private static String perCall(long faults, long calls) {
        return calls <= 0 ? "?" : faults >= calls ? String.format(Locale.ROOT, "%.1f", faults / (double) calls)
                : "1 in " + Math.round(calls / (double) faults);
    }
}
