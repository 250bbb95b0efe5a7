package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.AllocationVerdict;
import dev.chronoscope.internal.gate.BaselineVerdict;
import dev.chronoscope.Outcome;
import dev.chronoscope.internal.format.Format;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The run's timings, worst first, as the run report's overview table, the Markdown summary and
 * the console summary list them: the timings the user wrote first (the invocations of tests that
 * timed regions, one sample of bookkeeping each, after all of them); among each, timings with a
 * failed claim (or of a test that failed for no claim of its own) first, then the regressed (by a
 * gated baseline verdict only: an ungated one is reported, not counted), then the inconclusive (a
 * claim, the clock's verdict, the baseline's or an aborted test), then the rest; within each,
 * regions before the one-sample timings of whole invocations, then the largest change against the
 * baseline first, then in the order of the run.
 */
public final class Overview {

    /** How bad a row is, worst first. */
    public enum Status {
        FAILED("failed"), REGRESSED("regressed"), INCONCLUSIVE("inconclusive"), OK("ok");

        private final String key;

        Status(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }

    /**
     * One timing of the run.
     *
     * @param test   the test's number in the run's records, from 1, as the report's cards are numbered
     * @param index  the timing's index in its test's record
     * @param status how bad it is
     * @param why    what made it so, in a few words; empty for {@code ok}
     */
    public record Row(int test, int index, ReportedTest record, ReportedTiming timing, Status status, String why) {

        /** The id of the timing's place in the report: {@code timing-3-1} for test 3's second timing. */
        public String anchor() {
            return "timing-" + test + "-" + index;
        }

        /** The change against the baseline (ratio of medians), NaN where none was formed. */
        public double change() {
            return timing.baseline() == null ? Double.NaN : timing.baseline().ratio();
        }

        public List<ClaimRecord> claims() {
            return record.claimsOn(index);
        }

        /** A one-sample timing of the test's whole invocation. */
        public boolean invocation() {
            return index == 0 && "invocation".equals(timing.label()) && timing.kept() <= 1;
        }

        /**
         * The invocation of a test that also timed regions: the user's figures are the regions', so
         * the report lists these apart, after them.
         */
        public boolean invocationBesideRegions() {
            return invocation() && record.timings().size() > 1;
        }

        /**
         * A baseline verdict of {@code regressed} that the gate does not apply to: reported with its ratio, never
         * counted.
         */
        public boolean regressedNotGated() {
            return timing.baseline() != null && timing.baseline().regressed() && !timing.baseline().gated();
        }
    }

    private Overview() {
    }

    /** Every timing of {@code records}, worst first. */
    public static List<Row> rows(RunRecords records) {
        List<Row> rows = new ArrayList<>();
        for (int n = 0; n < records.tests().size(); n++) {
            ReportedTest t = records.tests().get(n);
            for (int i = 0; i < t.timings().size(); i++) {
                rows.add(row(n + 1, i, t));
            }
        }
        // the user's timings first; within a status, regions before invocations: one sample of a whole test method is
        // the weakest evidence
        rows.sort(Comparator.comparing(Row::invocationBesideRegions).thenComparing(Row::status)
                .thenComparing(Row::invocation)
                .thenComparing(r -> Double.isNaN(r.change()) ? Double.NEGATIVE_INFINITY : r.change(),
                Comparator.reverseOrder())
                .thenComparingInt(Row::test).thenComparingInt(Row::index));
        return rows;
    }

    private static Row row(int n, int i, ReportedTest t) {
        ReportedTiming timing = t.timings().get(i);
        List<ClaimRecord> claims = t.claimsOn(i);
        long failedClaims = claims.stream().filter(c -> Outcome.FAIL.word().equals(c.outcome())).count();
        boolean testFailedElsewhere = "failed".equals(t.outcome()) && t.gate() == null
                && t.claims().stream().noneMatch(c -> Outcome.FAIL.word().equals(c.outcome()) || c.effect()
                .startsWith("failed"));
        if (failedClaims > 0) {
            return new Row(n, i, t, timing, Status.FAILED, failedClaims + (failedClaims == 1 ? " claim failed"
                    : " claims failed"));
        }
        if (claims.stream().anyMatch(c -> c.effect().startsWith("failed"))) {
            return new Row(n, i, t, timing, Status.FAILED, "an inconclusive claim failed the test (strict)");
        }
        if (testFailedElsewhere) {
            return new Row(n, i, t, timing, Status.FAILED, "the test failed (not by a claim)");
        }
        BaselineVerdict b = timing.baseline();
        if (b != null && b.regressed() && b.gated()) {
            return new Row(n, i, t, timing, Status.REGRESSED, String.format(Locale.ROOT, "×%.2f against the baseline",
                    b.ratio()));
        }
        if (b != null && b.allocation() != null && b.allocation().regressed()) {
            return new Row(n, i, t, timing, Status.REGRESSED, b.allocation().reason());
        }
        List<String> why = new ArrayList<>();
        long inconclusive = claims.stream().filter(c -> Outcome.INCONCLUSIVE.word().equals(c.outcome())).count();
        if (inconclusive > 0) {
            why.add(inconclusive + (inconclusive == 1 ? " claim inconclusive" : " claims inconclusive"));
        }
        if (!timing.resolved()) {
            why.add("clock: " + timing.verdict());
        }
        if (b != null && BaselineVerdict.INCONCLUSIVE.equals(b.verdict())) {
            why.add("baseline inconclusive");
        }
        if ("aborted".equals(t.outcome()) && inconclusive == 0 && t.claims().stream().noneMatch(c ->
                Outcome.INCONCLUSIVE.word().equals(c.outcome()))) {
            why.add("the test was aborted");
        }
        return new Row(n, i, t, timing, why.isEmpty() ? Status.OK : Status.INCONCLUSIVE, String.join("; ", why));
    }

    /**
     * How many rows have each status, worst first, e.g. {@code 2 failed · 1 regressed · 40 ok}; statuses with none left
     * out.
     */
    public static String counts(List<Row> rows) {
        List<String> parts = new ArrayList<>();
        for (Status s : Status.values()) {
            long n = rows.stream().filter(r -> r.status() == s).count();
            if (n > 0) {
                parts.add(n + " " + s.key());
            }
        }
        return parts.isEmpty() ? "no timings" : String.join(" · ", parts);
    }

    /**
     * The reported median per call with its 95 % interval: {@code 2.61 ns [2.58 ns, 2.66 ns]}; {@code —} without
     * samples.
     */
    public static String median(ReportedTiming t) {
        double m = t.medianNs();
        if (Double.isNaN(m)) {
            return "—";
        }
        String text = Format.reportDuration(m);
        // one sample has no interval worth printing ([0, ∞])
        if (Double.isNaN(t.medianLowNs()) || t.kept() <= 1) {
            return text;
        }
        return text + " [" + Format.reportDuration(t.medianLowNs()) + ", "
                + (Double.isFinite(t.medianHighNs()) ? Format.reportDuration(t.medianHighNs()) : "∞") + "]";
    }

    /** Bytes allocated per call: {@code 248 B}, {@code 214,560 B}, {@code 0.5 B}, or {@code —} where not counted. */
    public static String bytes(ReportedTiming t) {
        if (t.bytesPerCall() == null) {
            return "—";
        }
        return Format.bytes(t.bytesPerCall()) + " B";
    }

    /**
     * A test's name as HTML that wraps where a reader expects, after its class and before its
     * parameters, never inside a word: the class in grey, {@code <wbr>} after dots and before {@code (}.
     */
    public static String testHtml(String test) {
        int open = test.indexOf('(');
        int dot = test.lastIndexOf('.', open < 0 ? test.length() - 1 : open);
        String cls = dot < 0 ? "" : test.substring(0, dot + 1);
        String rest = dot < 0 ? test : test.substring(dot + 1);
        return (cls.isEmpty() ? "" : "<span class=\"cls\">" + Html.escape(cls) + "</span><wbr>")
                + Html.escape(rest).replace("(", "<wbr>(").replace(", ", ",<wbr> ");
    }

    /**
     * The baseline's verdict with its ratio and interval: {@code regressed ×2.01 [1.62, 2.49]}, or
     * {@code not gated: regressed ×4.77 […]} where the gate does not apply to it; empty without a baseline.
     */
    public static String baseline(ReportedTiming t) {
        BaselineVerdict b = t.baseline();
        if (b == null) {
            return "";
        }
        AllocationVerdict a = b.allocation();
        return (b.gated() ? "" : NOT_GATED + ": ") + b.verdict() + ratio(b)
                + (a == null || a.verdict().equals(BaselineVerdict.UNCHANGED) || Double.isNaN(a.highest()) ? ""
                : "; allocation " + a.verdict() + " " + Format.bytes(a.regressed() ? a.highest() : a.lowest()) + " → "
                + Format.bytes(a.bytesPerCall()) + " B/call");
    }

    /** How the report marks a baseline verdict the gate does not apply to. */
    public static final String NOT_GATED = "not gated";

    /** The baseline's ratio with its interval, {@code  ×2.010 [1.620, 2.490]}; empty where none was formed. */
    public static String ratio(BaselineVerdict b) {
        return Double.isNaN(b.ratio()) ? "" : String.format(Locale.ROOT, " ×%.3f [%.3f, %.3f]", b.ratio(), b.low(),
                b.high());
    }

    /** {@code latency}, {@code throughput k=64}, or {@code invocation, 1 sample}. */
    public static String mode(Row r) {
        return r.invocation() ? "invocation, 1 sample" : r.timing().throughput() ? "throughput k=" + r.timing()
                .callsPerSample() : "latency";
    }

    /**
     * {@code test :: label: spreads …}, for each gated timing of {@code rows} whose threshold no number of baseline
     * runs
     * brings in reach: what a run summary says once.
     */
    static java.util.List<String> outOfReach(java.util.List<Row> rows) {
        return rows.stream().filter(r -> r.timing().baseline() != null && r.timing().baseline().gated()
                        && r.timing().baseline().power() != null && !r.timing().baseline().power().thresholdReachable())
                .map(r -> r.record().test() + " :: " + r.timing().label() + ": " + r.timing().baseline().power()
                .describe()).toList();
    }
}
