package dev.chronoscope.internal.ab;

import dev.chronoscope.internal.gate.AllocationRule;
import dev.chronoscope.internal.gate.AllocationVerdict;
import dev.chronoscope.internal.report.ReportedTest;
import dev.chronoscope.internal.report.ReportedTiming;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What an A/B comparison found: each timing both sides have, judged over the completed rounds (worst first); the
 * timings only one side has; each round's order and host state; the rounds dropped and why the run stopped.
 *
 * @param onlyBase   timings (test :: label) the base had in some round and the head in none
 * @param stopReason why no further round ran
 */
public record AbResult(List<TimingResult> timings, List<String> onlyBase, List<String> onlyHead,
                       List<RoundState> rounds, List<Round.Failed> failed, String stopReason, long seed,
                       double threshold, Side base, Side head) {

    /**
     * Readings within this factor are one host state: the baseline gate's core-speed tolerance
     * ({@code SpeedControl}), under which runs count as alike.
     */
    public static final double STATE_TOLERANCE = 1.10;

    /**
     * A completed round: its order, each side's core speed (ns per multiply-add, NaN: not read) and wall time.
     */
    public record RoundState(int number, String order, double baseNsPerStep, double headNsPerStep, long wallNanos) {

        /**
         * Whether the two sides ran in different states of the host (their core speeds beyond {@link
         * #STATE_TOLERANCE}).
         */
        public boolean statesDiffer() {
            return Double.isFinite(baseNsPerStep) && Double.isFinite(headNsPerStep)
                    && Math.max(baseNsPerStep, headNsPerStep) > STATE_TOLERANCE * Math.min(baseNsPerStep,
                    headNsPerStep);
        }

        public String describe() {
            return Double.isFinite(baseNsPerStep) && Double.isFinite(headNsPerStep)
                    ? String.format(Locale.ROOT, "core %.3f / %.3f ns per step%s", baseNsPerStep, headNsPerStep,
                    statesDiffer() ? " (the sides ran in different host states)" : "")
                    : "core speed not read";
        }
    }

    public boolean anyGateFailure() {
        return timings.stream().anyMatch(TimingResult::failsGate);
    }

    /** Judges every timing over {@code completed}. */
    static AbResult of(List<Round> completed, List<Round.Failed> failed, String stopReason, long seed, double threshold,
                       Side base, Side head) {
        Map<String, Found> found = new LinkedHashMap<>();
        for (Round r : completed) {
            collect(found, r, Side.BASE);
            collect(found, r, Side.HEAD);
        }
        List<TimingResult> timings = new ArrayList<>();
        Set<String> onlyBase = new TreeSet<>();
        Set<String> onlyHead = new TreeSet<>();
        for (Found f : found.values()) {
            if (f.head.isEmpty()) {
                onlyBase.add(f.name);
            } else if (f.base.isEmpty()) {
                onlyHead.add(f.name);
            } else {
                timings.add(judge(f, threshold));
            }
        }
        timings.sort(Comparator.comparingDouble(TimingResult::badness).reversed());
        List<RoundState> states = completed.stream()
                .map(r -> new RoundState(r.number(), r.order(), Round.coreSpeed(r.base()), Round.coreSpeed(r.head()),
                r.wallNanos())).toList();
        return new AbResult(timings, List.copyOf(onlyBase), List.copyOf(onlyHead), states, failed, stopReason, seed,
                threshold, base, head);
    }

    /** One side's figure of a timing in one round. */
    private record Figure(ReportedTest test, ReportedTiming timing) {
    }

    /** A timing's figures per round on each side. */
    private static final class Found {
        final String key;
        final String test;
        final String label;
        final String name;
        final boolean invocation;
        final Map<Integer, Figure> base = new HashMap<>();
        final Map<Integer, Figure> head = new HashMap<>();

        Found(String key, String test, String label, boolean invocation) {
            this.key = key;
            this.test = test;
            this.label = label;
            this.name = test + " :: " + label;
            this.invocation = invocation;
        }
    }

    private static void collect(Map<String, Found> found, Round round, String side) {
        for (ReportedTest t : round.tests(side)) {
            Map<String, Integer> seen = new HashMap<>();
            for (int i = 0; i < t.timings().size(); i++) {
                ReportedTiming timing = t.timings().get(i);
                if (!Double.isFinite(timing.medianNs()) || !(timing.medianNs() > 0)) {
                    continue;
                }
                // a label used twice in one test is told apart by its occurrence, in the order timed
                int n = seen.merge(timing.label(), 1, Integer::sum);
                String label = n == 1 ? timing.label() : timing.label() + " #" + n;
                String key = t.uniqueId() + " :: " + label;
                boolean invocation = i == 0 && "invocation".equals(timing.label()) && timing.kept() <= 1;
                Found f = found.computeIfAbsent(key, k -> new Found(k, t.test(), label, invocation));
                (side.equals(Side.BASE) ? f.base : f.head).put(round.number(), new Figure(t, timing));
            }
        }
    }

    private static TimingResult judge(Found f, double threshold) {
        List<PairedRule.Pair> pairs = new ArrayList<>();
        List<TimingResult.RoundFigures> rounds = new ArrayList<>();
        String lastAlloc = null;
        int unresolved = 0;
        Figure any = null;
        for (Integer round : new TreeSet<>(f.base.keySet())) {
            Figure b = f.base.get(round);
            Figure h = f.head.get(round);
            if (h == null) {
                continue;
            }
            any = b;
            if (!b.timing().resolved() || !h.timing().resolved()) {
                unresolved++;
            }
            pairs.add(new PairedRule.Pair(round, b.timing().medianNs(), h.timing().medianNs(), b.timing().stepNs(),
                    h.timing().stepNs()));
            AllocationVerdict a = AllocationRule.judge(new AllocationRule.Counted(h.timing().bytesPerCall(), h.timing()
                    .firstCalls()), List.of(new AllocationRule.Counted(b.timing().bytesPerCall(), b.timing()
                    .firstCalls())));
            boolean counted = a != null && b.timing().bytesPerCall() != null;
            if (counted) {
                lastAlloc = a.describe();
            }
            rounds.add(new TimingResult.RoundFigures(round, b.timing().medianNs(), h.timing().medianNs(), b.timing()
                    .bytesPerCall(), h.timing().bytesPerCall(), counted ? a.verdict() : null));
        }
        PairedRule.Verdict time = PairedRule.judge(pairs, threshold);
        if (unresolved > 0) {
            time = new PairedRule.Verdict(time.verdict(), time.ratio(), time.low(), time.high(), time.rounds(),
                    time.spread(), time.rounding(), time.threshold(), time.detectable(), time.roundsForThreshold(),
                    time.reason()
                    + String.format(Locale.ROOT,
                    "; in %d of %d rounds a side's figure was not RESOLVED (see the rounds' records)", unresolved,
                    pairs.size()));
        }
        String mode = any == null ? "" : f.invocation ? "invocation" : any.timing().modeText();
        return new TimingResult(f.key, f.test, f.label, mode, !f.invocation, rounds, time,
                TimingResult.Allocation.over(rounds, lastAlloc), unresolved);
    }
}
