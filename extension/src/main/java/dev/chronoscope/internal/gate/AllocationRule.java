package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.internal.json.JsonFields;
import dev.chronoscope.internal.format.Format;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The allocation gate: bytes per call are counted to the byte on the measuring thread and do not
 * move with the host's speed, so a timing allocating more than every baseline run did, beyond a
 * tolerance, is {@code regressed}, whatever its time says. The tolerance covers what the count can
 * carry from one run to the next without a change of code (TLAB refills, one-time work spread over
 * the calls): the larger of {@value #TOLERANCE_BYTES} B per call and {@value #TOLERANCE_SHARE} of the
 * baseline's highest figure. Unchanged code settled alike read the same to 0.01 B per call in fresh
 * JVMs, a 16 kB allocation too, so a share of 1 % would hide a 16-byte change in it; the share is for
 * allocation that depends on the data, averaged over many calls.
 *
 * <p>Escape analysis is not in the tolerance: C2 removes a different share of the same code's
 * allocation in different JVMs (a Guava hash settled at 96, 256 or 272 B per call). What the
 * region's first calls allocate, before C2 compiled it, is the code's own figure and the same in
 * every JVM; a settled figure that moves within it while it stays as in the baseline is the JIT's
 * doing, and {@code inconclusive}, saying so; a change of the code moves the first calls' figure too.
 * The gate fails a build only on a settled figure that rose, which is what the code pays; first calls
 * that rose are said beside it, and make a settled figure that did not rise {@code inconclusive}.
 * Where first calls ran code the JVM had compiled before them (an earlier use), they tell nothing
 * about escape analysis, and a settled figure that moved is {@code inconclusive}, saying so.
 */
public final class AllocationRule {

    /** The smallest tolerance, in bytes per call. */
    public static final double TOLERANCE_BYTES = GateTuning.ALLOCATION_TOLERANCE_BYTES;
    /** The tolerance relative to the baseline runs' highest bytes per call. */
    public static final double TOLERANCE_SHARE = GateTuning.ALLOCATION_TOLERANCE_SHARE;

    /**
     * What a timing's first calls allocated per call, before its warm-up, and whether they ran code the JVM had
     * compiled before them ({@link dev.chronoscope.Allocation#firstCallsCompiled()}).
     */
    public record FirstCalls(double bytesPerCall, boolean compiled) {

        public Json.Obj toJson() {
            return Json.object().put("bytesPerCall", bytesPerCall).put("compiled", compiled);
        }

        /** The member {@code o} at {@code where}; null for null (entries saved before it existed). */
        public static FirstCalls fromJson(Object o, String where) {
            if (o == null) {
                return null;
            }
            Map<String, Object> m = JsonFields.object(o, where);
            return new FirstCalls(JsonFields.number(m, "bytesPerCall", where), JsonFields.bool(m, "compiled", where));
        }
    }

    /** One run's allocation of a timing: its settled bytes per call and its first calls'; null where not counted. */
    public record Counted(Double bytesPerCall, FirstCalls firstCalls) {
        boolean firstCallsCounted() {
            return firstCalls != null && Double.isFinite(firstCalls.bytesPerCall());
        }

        boolean firstCallsCompiled() {
            return firstCallsCounted() && firstCalls.compiled();
        }
    }

    private AllocationRule() {
    }

    /**
     * The tolerance between first calls' figures: 1 %, at least {@value #TOLERANCE_BYTES} B. They are counted over a
     * few calls, which one-time work can raise by a few bytes each (a 16.4 kB region read up to 34 B more).
     */
    static double firstCallsTolerance(double highest) {
        return Math.max(TOLERANCE_BYTES, 0.01 * highest);
    }

    /** The tolerance beyond baseline runs whose highest figure was {@code highest} bytes per call. */
    public static double tolerance(double highest) {
        return Math.max(TOLERANCE_BYTES, TOLERANCE_SHARE * highest);
    }

    /** {@link #judge(Counted, List)} where no run counted its first calls. */
    public static AllocationVerdict judge(Double bytesPerCall, List<Double> baseline) {
        return judge(new Counted(bytesPerCall, null), baseline.stream().map(b -> new Counted(b, null)).toList());
    }

    /**
     * The verdict for this run's allocation {@code now} against the baseline runs' of the same timing.
     *
     * @return null where this run did not count the timing's allocation
     */
    public static AllocationVerdict judge(Counted now, List<Counted> baseline) {
        Double bytesPerCall = now.bytesPerCall();
        if (bytesPerCall == null || !Double.isFinite(bytesPerCall)) {
            return null;
        }
        List<Counted> counted = baseline.stream().filter(Objects::nonNull)
                .filter(c -> c.bytesPerCall() != null && Double.isFinite(c.bytesPerCall())).toList();
        if (counted.isEmpty()) {
            return withoutBaseline(bytesPerCall);
        }
        double lowest = counted.stream().mapToDouble(Counted::bytesPerCall).min().orElseThrow();
        double highest = counted.stream().mapToDouble(Counted::bytesPerCall).max().orElseThrow();
        double tolerance = tolerance(highest);
        String range = range(lowest, highest, counted.size(), tolerance);
        Either first = Either.of(now, counted);
        java.util.function.Function<String, AllocationVerdict> inconclusive = why -> new AllocationVerdict(
                BaselineVerdict.INCONCLUSIVE, bytesPerCall, lowest, highest, tolerance, why, true);
        if (bytesPerCall > highest + tolerance) {
            String moved = "allocation " + bytes(highest) + " → " + bytes(bytesPerCall) + " B/call, beyond " + range;
            if (!first.untold().isEmpty()) {
                return inconclusive.apply(moved + first.untold());
            }
            if (first.asInBaseline() && first.removedInBaseline() && bytesPerCall <= first.fewest() + tolerance) {
                return inconclusive.apply(moved
                        + ", but within what its first calls allocate before C2's escape analysis ("
                        + first.describe()
                        + "): the JIT removed less of it in this JVM, as it can for unchanged code; not judged");
            }
            return new AllocationVerdict(BaselineVerdict.REGRESSED, bytesPerCall, lowest, highest, tolerance, moved
                    + first.rose(), true);
        }
        if (bytesPerCall < lowest - tolerance) {
            String moved = "allocation " + bytes(lowest) + " → " + bytes(bytesPerCall) + " B/call, below " + range;
            if (!first.untold().isEmpty()) {
                return inconclusive.apply(moved + first.untold());
            }
            if (first.asInBaseline() && first.now() - bytesPerCall > firstCallsTolerance(first.now())) {
                return inconclusive.apply(moved + ", while its first calls allocate as the baseline's ("
                        + first.describe()
                        + "): C2's escape analysis removed more of it in this JVM, as it can for unchanged code; not "
                        + "judged");
            }
            if (first.roseBeyondBaseline()) {
                return inconclusive.apply(moved + first.rose()
                        + ": the code allocates more, and C2's escape analysis removed"
                        + " more of it in this JVM; not judged");
            }
            return new AllocationVerdict(BaselineVerdict.IMPROVED, bytesPerCall, lowest, highest, tolerance, moved,
                    true);
        }
        String within = "allocation " + bytes(bytesPerCall) + " B/call, within " + range;
        if (first.roseBeyondBaseline()) {
            return inconclusive.apply(within + first.rose()
                    + ": the code allocates more, and C2's escape analysis removed it in"
                    + " this JVM; not judged");
        }
        return new AllocationVerdict(BaselineVerdict.UNCHANGED, bytesPerCall, lowest, highest, tolerance, within, true);
    }

    /** The verdict where no baseline run counted the timing's allocation. */
    private static AllocationVerdict withoutBaseline(double bytesPerCall) {
        return new AllocationVerdict(BaselineVerdict.INCONCLUSIVE, bytesPerCall, Double.NaN, Double.NaN, Double.NaN,
                "allocation " + bytes(bytesPerCall) + " B/call; no baseline run holds this timing's allocation "
                        + "(saved before it was kept, or not counted)", true);
    }

    /** The baseline runs' range as a verdict names it, with the tolerance beyond it. */
    private static String range(double lowest, double highest, int runs, double tolerance) {
        return String.format(Locale.ROOT, "the baseline runs' %s–%s (%d run%s, tolerance %s B/call)",
                bytes(lowest), bytes(highest), runs, runs == 1 ? "" : "s", bytes(tolerance));
    }

    /**
     * The first calls' figures of this run and of the baseline runs that counted them, and whether escape analysis
     * removed more than their tolerance in a baseline run (else a settled figure that rose cannot be its doing);
     * where one of them ran compiled code, which of them ({@code compiledIn}, else empty), and no figures.
     */
    private record Either(double now, double lowest, double highest, boolean removedInBaseline, String compiledIn) {

        static Either of(Counted now, List<Counted> baseline) {
            // where either side did not count them (a baseline saved before they were), the settled figures alone
            boolean both = now.firstCallsCounted() && baseline.stream().anyMatch(Counted::firstCallsCounted);
            String compiledIn = !both ? "" : now.firstCallsCompiled() ? "this run"
                    : baseline.stream().anyMatch(Counted::firstCallsCompiled) ? "a baseline run" : "";
            if (!compiledIn.isEmpty()) {
                return new Either(Double.NaN, Double.NaN, Double.NaN, false, compiledIn);
            }
            List<Counted> counted = baseline.stream().filter(Counted::firstCallsCounted).toList();
            return new Either(now.firstCallsCounted() ? now.firstCalls().bytesPerCall() : Double.NaN,
                    counted.stream().mapToDouble(c -> c.firstCalls().bytesPerCall()).min().orElse(Double.NaN),
                    counted.stream().mapToDouble(c -> c.firstCalls().bytesPerCall()).max().orElse(Double.NaN),
                    counted.stream().anyMatch(c -> c.firstCalls().bytesPerCall() - c.bytesPerCall()
                            > firstCallsTolerance(c.firstCalls().bytesPerCall())), "");
        }

        /**
         * Whether both this run and the baseline counted them, and this run's lies within the baseline's, with
         * tolerance.
         */
        boolean asInBaseline() {
            return Double.isFinite(now) && Double.isFinite(highest) && now <= highest + firstCallsTolerance(highest)
                    && now >= lowest - firstCallsTolerance(highest);
        }

        /** Whether both counted them and this run's allocate more than every baseline run's, beyond the tolerance. */
        boolean roseBeyondBaseline() {
            return Double.isFinite(now) && Double.isFinite(highest) && now > highest + firstCallsTolerance(highest);
        }

        /**
         * The fewest bytes per call any run's first calls allocated: what the code allocates before escape analysis, as
         * a first call's one-time work spread over a few calls only adds to it.
         */
        double fewest() {
            return Math.min(now, lowest);
        }

        /**
         * {@code , but the first calls of this run ran code … ; not judged}: why a move cannot be judged; empty where
         * it can.
         */
        String untold() {
            return compiledIn.isEmpty() ? "" : ", but the first calls of " + compiledIn
                    + " ran code the JVM had compiled before"
                    + " them, so C2's escape analysis, which removes a different share in each JVM, cannot be told "
                    + "from a change of"
                    + " the code; not judged";
        }

        /**
         * {@code ; its first calls, before C2's escape analysis: 332 → 348 B/call} where {@link #roseBeyondBaseline()};
         * else empty.
         */
        String rose() {
            return roseBeyondBaseline() ? "; its first calls, before C2's escape analysis: " + bytes(highest) + " → "
                    + bytes(now) + " B/call" : "";
        }

        String describe() {
            return bytes(now) + " B/call; the baseline's " + (lowest == highest ? bytes(highest) : bytes(lowest) + "–"
                    + bytes(highest));
        }
    }

    private static String bytes(double b) {
        return Format.bytes(b);
    }
}
