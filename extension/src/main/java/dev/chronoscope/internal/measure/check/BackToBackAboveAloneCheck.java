package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.internal.format.Format;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The back-to-back check: a throughput figure per call, net of its batch floor, beyond noise above the
 * same calls alone ({@link CallsAlone}: one call between the fenced reads, net of the latency floor, or
 * the smallest batch through the shared loop), both in the clock's unit. Back to back, calls can
 * overlap, never cost more: more means the batch ran other code than the calls alone (page faults,
 * code the JIT had not finished).
 */
public final class BackToBackAboveAloneCheck extends NamedCheck {

    /**
     * Beyond noise against a batch through the shared loop (a region the clock does not resolve alone): the
     * shared loop calls the region through an interface, and the region compiled on its own is other code than
     * the region inlined into its loop; both are right, and differ by more than {@link Noise#RATIO}
     * (commons-lang3 {@code isBlank}:
     * docs/evidence/real-library-code.md#the-self-checks).
     */
    static final double BATCHED_RATIO = 1.5;

    public BackToBackAboveAloneCheck() {
        super(SelfCheck.BACK_TO_BACK_ABOVE_ALONE, "REFUSED: the region's own loop ran other code");
    }

    @Override
    public String evidence() {
        return "the per-call figure beyond " + Prose.times(Noise.RATIO) + " (" + Prose.times(BATCHED_RATIO)
                + " for a shared-loop batch) above the same calls timed alone right after";
    }

    @Override
    public Optional<Refusal> judge(Timing timing, Evidence evidence) {
        // the calls alone cost another measurement: taken only where the figure still stands
        Optional<Supplier<CallsAlone>> alone = evidence.looks().alone();
        if (alone.isEmpty() || !timing.isResolved()) {
            return Optional.empty();
        }
        return judge(timing, alone.get().get(), evidence.unit());
    }

    private Optional<Refusal> judge(Timing throughput, CallsAlone alone, String unit) {
        double perCallNet = throughput.net().p50();
        double aloneNet = alone.net();
        double ratio = alone.calls() == 1 ? Noise.RATIO : BATCHED_RATIO;
        if (throughput.mode() != TimingMode.THROUGHPUT || !(aloneNet > 0) || perCallNet <= ratio * aloneNet) {
            return Optional.empty();
        }
        String aloneWords = alone.calls() == 1
                ? String.format(Locale.ROOT, "p50 %s %s net of %d single calls", Format.unitsOrFraction(aloneNet), unit,
                alone.samples())
                : String.format(Locale.ROOT, "p50 %s %s per call net, %d calls per sample through the shared loop, the"
                + " smallest batch the clock resolves", Format.unitsOrFraction(aloneNet), unit, alone.calls());
        return Optional.of(new Refusal(id(), String.format(Locale.ROOT, "self-check back to back above alone: %s %s"
                        + " per call in its own loop (p50, %d calls per sample) is %.2fx the same calls without it"
                        + " (%s, timed right after), beyond the x%.2f that noise explains; the region's own loop"
                        + " cannot cost more per call than the shared one unless it ran other code",
                Format.unitsOrFraction(perCallNet), unit,
                throughput.callsPerSample(), perCallNet / aloneNet, aloneWords, ratio)));
    }
}
