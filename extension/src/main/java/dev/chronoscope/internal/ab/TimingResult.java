package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.gate.BaselineVerdict;

import java.util.List;
import java.util.Locale;

/**
 * One timing's A/B result: its figures per round on both sides, the verdict on its time and on its allocation.
 *
 * @param test       the test's name as its section prints it
 * @param gated      whether {@code --fail-on-regression} fails on it: a test's invocation (one sample, with the test's
 *                   one-off work) is reported and not gated, as the baseline gate treats it
 * @param unresolved rounds in which either side's figure was not {@code RESOLVED} (refused, unstable, …)
 */
public record TimingResult(String key, String test, String label, String mode, boolean gated, List<RoundFigures> rounds,
                           PairedRule.Verdict time, Allocation allocation, int unresolved) {

    public TimingResult {
        rounds = List.copyOf(rounds);
    }

    /**
     * One round's figures of the timing.
     *
     * @param baseBytes bytes per call on the base side; null where not counted
     * @param alloc     that round's allocation verdict head against base; null where either side did not count it
     */
    public record RoundFigures(int round, double baseNs, double headNs, Double baseBytes, Double headBytes,
            String alloc) {

        public double ratio() {
            return headNs / baseNs;
        }
    }

    /**
     * The allocation per call compared round by round, each round with the baseline gate's rule (one base run as the
     * baseline: the head's settled figure beyond it and its tolerance, and what first calls and escape analysis can
     * hide); over the rounds, a verdict that more than half of the rounds gave and no round contradicted, else
     * {@code inconclusive} with the counts.
     */
    public record Allocation(String verdict, int regressedRounds, int improvedRounds, int unchangedRounds,
                             int inconclusiveRounds, String reason) {

        public static Allocation over(List<RoundFigures> rounds, String lastReason) {
            int r = 0;
            int i = 0;
            int u = 0;
            int n = 0;
            for (RoundFigures f : rounds) {
                if (f.alloc() == null) {
                    continue;
                }
                switch (f.alloc()) {
                    case BaselineVerdict.REGRESSED -> r++;
                    case BaselineVerdict.IMPROVED -> i++;
                    case BaselineVerdict.UNCHANGED -> u++;
                    default -> n++;
                }
            }
            int counted = r + i + u + n;
            if (counted == 0) {
                return null;
            }
            String verdict = r * 2 > counted && i == 0 ? BaselineVerdict.REGRESSED
                    : i * 2 > counted && r == 0 ? BaselineVerdict.IMPROVED
                    : u * 2 > counted && r == 0 && i == 0 ? BaselineVerdict.UNCHANGED : BaselineVerdict.INCONCLUSIVE;
            String counts = String.format(Locale.ROOT,
                    "rounds: %d regressed, %d improved, %d unchanged, %d inconclusive", r, i, u, n);
            return new Allocation(verdict, r, i, u, n, counts
                    + (lastReason == null ? "" : "; last round: " + lastReason));
        }

        public boolean regressed() {
            return verdict.equals(BaselineVerdict.REGRESSED);
        }
    }

    /**
     * Whether {@code --fail-on-regression} fails on this timing: its time or its allocation regressed, and it is gated.
     */
    public boolean failsGate() {
        return gated && (time.regressed() || (allocation != null && allocation.regressed()));
    }

    /**
     * How bad this result is, for the console's order: regressions first, then by ratio, highest first; ungated ones
     * last.
     */
    double badness() {
        int rank = !gated ? -1 : time.regressed() || (allocation != null && allocation.regressed()) ? 3
                : time.verdict().equals(BaselineVerdict.INCONCLUSIVE) ? 2 : time.verdict()
                .equals(BaselineVerdict.UNCHANGED) ? 1 : 0;
        return rank * 1e6 + (Double.isFinite(time.ratio()) ? time.ratio() : 0);
    }

    /** {@code Test :: label}. */
    public String name() {
        return test + " :: " + label;
    }
}
