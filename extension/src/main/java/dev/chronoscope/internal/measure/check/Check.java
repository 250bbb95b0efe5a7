package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * One self-check: evidence that a resolved figure is not the region's steady cost. A check names
 * itself ({@link #id()}), says what it reads and what follows (the docs' table and {@link SelfCheck}'s
 * words, tested against {@link #evidence()} and {@link #consequence()}, which its constants build),
 * judges a figure against the {@link Evidence} of its sampling, and says whether another sampling
 * may cure what it found. Which ways of timing run which checks, in order: {@link SelfCheckPlan}.
 */
public interface Check {

    /** The id records, reports and baselines carry. */
    SelfCheck id();

    /** What it reads, and when it speaks, worded from its thresholds as the docs' table says it. */
    String evidence();

    /** What happens when it speaks, as the docs' table says it. */
    String consequence();

    /** The refusal of {@code timing} on {@code evidence}; empty where the figure stands or its evidence is unread. */
    Optional<Refusal> judge(Timing timing, Evidence evidence);

    /**
     * Why the samples are worth taking again, worded when read (a sampling may follow, {@code Deferred}),
     * where this check found something another sampling may cure; empty otherwise, and always for a
     * check no resampling cures.
     */
    default Optional<Supplier<String>> whyAgain(Evidence evidence) {
        return Optional.empty();
    }
}
