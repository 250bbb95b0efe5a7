package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.internal.bench.throughput.ThroughputComparison.ChronoscopeRun;
import dev.chronoscope.internal.bench.throughput.ThroughputComparison.Figures;
import dev.chronoscope.internal.bench.throughput.ThroughputComparison.RatioFigures;
import dev.chronoscope.internal.bench.throughput.ThroughputComparison.Results;
import dev.chronoscope.internal.format.Text;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The comparison's table and the validation targets it checks: per workload Chronoscope's throughput per call
 * (median over its JVMs), its verdicts, JMH's figure (median over forks), their ratio and the coefficient of
 * variation of the per-JVM figures for both tools; per pairing, {@code Probe.compare}'s ratio against the ratio
 * of JMH's figures. Immutable; figures in nanoseconds per call.
 */
final class ValidationTable {

    /**
     * An agreement bound around a reference figure: {@code value} agrees when it lies in
     * [min(low × ref, ref − nanos), max(high × ref, ref + nanos)].
     */
    record Bound(String description, double low, double high, double nanos) {
        boolean contains(double value, double reference) {
            return value >= Math.min(low * reference, reference - nanos)
                    && value <= Math.max(high * reference, reference + nanos);
        }
    }

    /** The per-call target: ±20 % of JMH's median over forks, or ±1 ns where that is below 5 ns. */
    static final Bound TARGET = new Bound("within ±20 % of JMH's median (±1 ns below 5 ns)", 0.8, 1.2, 1.0);
    /** The comparisons' target: the median of {@code Comparison.ratio()} within ±20 % of JMH's ratio. */
    static final Bound RATIO = new Bound("within ±20 % of JMH's ratio", 0.8, 1.2, 0);
    /**
     * The smoke's bound (one JVM against one short JMH fork on a shared machine): wide, and one-sided because a
     * busy host inflates JMH's average, never Chronoscope's median; the wrong figures it is there to catch read
     * 3-20x JMH's.
     */
    static final Bound SMOKE = new Bound("at most 3x JMH's", 0, 3, 0);
    /** The smoke's bound on a comparison's ratio: load inflates both of JMH's figures, so both ways. */
    static final Bound SMOKE_RATIO = new Bound("within a factor of 3 of JMH's ratio", 1 / 3.0, 3, 0);
    /**
     * The bounds a table checks its figures and its comparisons' ratios against, and which of
     * Chronoscope's figures it holds against JMH's average: the net mean per call (like with like), or
     * the net p50 per call a test prints and asserts on; {@code sameStateOnly}: a figure is judged only
     * against JMH's forks in the host state it ran in, where the run read the core's speed (the host's
     * slow state is 1.3-1.6x the fast one, beyond a ±20 % bound, within a 3x one).
     */
    record Targets(Bound figure, Bound ratio, boolean means, boolean sameStateOnly) {
    }

    /** The validation's targets: the command's; an average against JMH's average, in the same state. */
    static final Targets VALIDATION = new Targets(TARGET, RATIO, true, true);
    /**
     * The smoke's, in "mvn verify": the figure printed, as the wrong figures it catches were; a mean of
     * 1,000 short samples on a shared build machine carries whatever preempted them (measured at load 4:
     * 2.3x the p50 of a stream pipeline), which JMH's one-second iterations dilute.
     */
    static final Targets SMOKE_TARGETS = new Targets(SMOKE, SMOKE_RATIO, false, false);
    /** The CV target: at most twice JMH's per-fork CV or this many percentage points, whichever is larger. */
    static final double CV_FLOOR_POINTS = 5;

    /**
     * A figure was taken in the same state of the host as the run's fastest when its slowest core-speed
     * reading is within this factor of the fastest reading of the whole run (both tools). Measured on a
     * bhyve guest: readings of 0.69-0.75 ns per multiply-add in its fast state (8.7 % apart) and 0.97-1.06 in
     * its slow one (1.33-1.45x), where memory-heavy code ran 1.5-1.8x slower (docs/evidence/jmh-agreement.md).
     */
    static final double SAME_STATE = 1.15;
    /**
     * A state of the host, as a band of core-speed readings relative to the run's fastest: the fast one
     * within ×{@value #SAME_STATE}; the slow one at ×1.30-1.60 (read at 0.97-1.09 ns per multiply-add
     * against a fastest 0.70-0.71, ×1.38-1.55); readings between the two are a spell's edge, neither.
     */
    enum HostState {
        FAST("fast", 0, SAME_STATE),
        SLOW("slow", 1.30, 1.60);

        final String label;
        final double from;
        final double to;

        HostState(String label, double from, double to) {
            this.label = label;
            this.from = from;
            this.to = to;
        }

        /** Whether a reading of {@code speed} lies in this state, for a run whose fastest reading was {@code fastest}. */
        boolean holds(double speed, double fastest) {
            return !Double.isNaN(speed) && speed >= fastest * from && speed <= fastest * to;
        }
    }

    /** Whether {@code inState} of a tool's {@code of} figures are enough to compare in a state: {@value #MIN_IN_STATE}, or all of fewer. */
    static boolean enoughInState(int inState, int of) {
        return inState >= Math.min(MIN_IN_STATE, Math.max(1, of));
    }

    /**
     * The fewest JVMs per tool whose figures are compared in that state: a median of three. The host's
     * slow spells can hold most of a run (2026-12-02 02:06-02:20 UTC: 3 to 5 of 8 JVMs per tool in the
     * fast state for most workloads), so "half of them" left most workloads compared across states.
     */
    static final int MIN_IN_STATE = 3;

    /**
     * The fewest JMH forks a workload's Chronoscope figures are held against in their state. Chronoscope's
     * figures taken on a slower core are refused by its core-speed self-check, so what it gives is mostly
     * fast-state figures; in a run the host spent mostly slow, JMH may have run only two or three forks in
     * that state (2026-12-02 06:28 UTC: 0-3 per workload), and holding fast-state figures against JMH's
     * slow-state median scored right figures as wrong.
     */
    static final int MIN_JMH_IN_STATE = 2;

    /**
     * One workload's figures from both tools.
     *
     * @param jmhSpeeds per JMH fork, the slowest core-speed reading around its measured iterations (empty or
     *                  NaN where not read)
     * @param fastest   the fastest core-speed reading of the whole run, either tool (NaN: none read)
     */
    record Row(WorkloadCatalog.Workload workload, List<Double> jmh, List<Double> jmhSpeeds, List<Figures> chronoscope,
               double fastest, Bound bound, boolean means, boolean sameStateOnly) {

        /** The figure of one JVM held against JMH's: its net mean or its net p50 per call ({@link Targets#means}). */
        double figure(Figures f) {
            return means ? f.throughputMeanNanos() : f.throughputNanos();
        }

        private boolean inState(double speed, HostState state) {
            return state.holds(speed, fastest);
        }

        private List<Double> jmhIn(HostState state) {
            List<Double> in = new ArrayList<>();
            for (int i = 0; i < jmh.size(); i++) {
                if (i < jmhSpeeds.size() && inState(jmhSpeeds.get(i), state)) {
                    in.add(jmh.get(i));
                }
            }
            return in;
        }

        /** Chronoscope's JVMs but those its core-speed self-check refused (all of them, where it refused every one). */
        private List<Figures> kept() {
            List<Figures> kept = chronoscope.stream().filter(f -> !f.refusedForCoreSpeed()).toList();
            return kept.isEmpty() ? chronoscope : kept;
        }

        private List<Figures> chronoscopeIn(HostState state) {
            return kept().stream().filter(f -> inState(f.slowestSpeed(), state)).toList();
        }

        /**
         * The state of the host whose figures are compared: the one most of Chronoscope's kept JVMs (those
         * its core-speed self-check did not refuse) ran in, the fast one on a tie, where JMH ran at least
         * {@value #MIN_JMH_IN_STATE} forks in it (all of them, where it ran fewer); empty where the run read
         * no core speed, no kept JVM ran in either state or JMH too few forks in theirs (then all are compared).
         */
        java.util.Optional<HostState> state() {
            return keptState().filter(this::enoughJmhIn);
        }

        /** The state most of Chronoscope's kept JVMs ran in (the fast one on a tie); empty where none ran in either. */
        private java.util.Optional<HostState> keptState() {
            if (Double.isNaN(fastest)) {
                return java.util.Optional.empty();
            }
            int fast = chronoscopeIn(HostState.FAST).size();
            int slow = chronoscopeIn(HostState.SLOW).size();
            return fast == 0 && slow == 0 ? java.util.Optional.empty()
                    : java.util.Optional.of(fast >= slow ? HostState.FAST : HostState.SLOW);
        }

        private boolean enoughJmhIn(HostState state) {
            return jmhIn(state).size() >= Math.min(MIN_JMH_IN_STATE, Math.max(1, jmh.size()));
        }

        boolean stateMatched() {
            return state().isPresent();
        }

        /** JMH's forks compared: those in the {@link #state}, or all. */
        List<Double> jmhCompared() {
            return state().map(this::jmhIn).orElse(jmh);
        }

        /** Chronoscope's JVMs compared: the kept ones in the {@link #state}, or all. */
        List<Figures> chronoscopeCompared() {
            return state().map(this::chronoscopeIn).orElse(chronoscope);
        }

        double jmhMedian() {
            return ValidationTable.median(jmhCompared());
        }

        /**
         * The median over the JVMs compared of each one's {@link #figure}, but those the core-speed self-check
         * refused (where any others are left): the probe said those were taken on a slower core.
         */
        double median() {
            List<Figures> kept = chronoscopeCompared().stream().filter(f -> !f.refusedForCoreSpeed()).toList();
            return ValidationTable.median((kept.isEmpty() ? chronoscopeCompared() : kept).stream().map(this::figure).toList());
        }

        /** The median of every JVM's net p50 per call, shown beside. */
        double p50Median() {
            return ValidationTable.median(chronoscope.stream().map(Figures::throughputNanos).toList());
        }

        /** As {@link #median}, of the figures printed {@code RESOLVED} only: what a user would have been given as right. */
        double resolvedMedian() {
            List<Figures> pool = chronoscopeCompared().stream().anyMatch(Figures::resolved) ? chronoscopeCompared() : chronoscope;
            return ValidationTable.median(pool.stream().filter(Figures::resolved).map(this::figure).toList());
        }

        long resolved() {
            return chronoscope.stream().filter(Figures::resolved).count();
        }

        /**
         * {@code RESOLVED} in every JVM but those the core-speed self-check refused, and in at least one: a figure
         * refused because the host ran it on a slower core is said, not printed as the code's cost.
         */
        boolean allResolved() {
            return resolved() > 0 && chronoscope.stream().allMatch(f -> f.resolved() || f.refusedForCoreSpeed());
        }

        double ratio() {
            return median() / jmhMedian();
        }

        /**
         * Whether JMH's figures can judge this row: it ran, and (where the targets ask for the same state and
         * the run read the core's speed) in the state Chronoscope's kept figures ran in. Where JMH ran too few
         * forks in that state, holding those figures against its others compares two speeds of the host, not
         * two harnesses: the row is said as not judged, neither within the bound nor outside it.
         */
        boolean judged() {
            return !jmh.isEmpty() && (!sameStateOnly || keptState().map(this::enoughJmhIn).orElse(true));
        }

        /** {@code RESOLVED} in every JVM (but those refused for the core's speed) and within the bound of JMH's figure. */
        boolean withinBound() {
            return judged() && allResolved() && bound.contains(median(), jmhMedian());
        }

        /** A figure printed {@code RESOLVED} (median of those JVMs) outside the bound: what must never happen. */
        boolean wrongAndResolved() {
            return judged() && resolved() > 0 && !bound.contains(resolvedMedian(), jmhMedian());
        }

        /**
         * The CV of the p50s the compared JVMs printed {@code RESOLVED}: how steady the figure a test asserts on
         * and the gate judges is from JVM to JVM. A figure a self-check refused is neither (it is said, and
         * counts against the row's bound already), so its value says nothing of that steadiness.
         */
        double cv() {
            return cvPercent(cvFigures());
        }

        private List<Double> cvFigures() {
            return chronoscopeCompared().stream().filter(Figures::resolved).map(Figures::throughputNanos).toList();
        }

        double jmhCv() {
            return cvPercent(jmhCompared());
        }

        /** Whether Chronoscope's CV is at most max(2 × JMH's, 5 points); {@code null} with fewer than 2 JVMs each. */
        Boolean cvWithinTarget() {
            if (cvFigures().size() < 2 || jmhCompared().size() < 2) {
                return null;
            }
            return cv() <= Math.max(2 * jmhCv(), CV_FLOOR_POINTS);
        }

        /** "fast 5/8 6/8": the state, Chronoscope's JVMs and JMH's forks compared; "all" where no state was matched. */
        String compared() {
            return state().map(st -> st.label + " " + chronoscopeCompared().size() + "/" + chronoscope.size() + " "
                    + jmhCompared().size() + "/" + jmh.size()).orElse("all");
        }

        /** Each verdict with the number of JVMs that gave it: "RESOLVED 3/3", "RESOLVED 2/3, NOT_RESOLVED 1/3". */
        String verdicts() {
            Map<String, Long> counts = chronoscope.stream()
                    .collect(Collectors.groupingBy(Figures::verdict, TreeMap::new, Collectors.counting()));
            return counts.entrySet().stream().map(e -> e.getKey() + " " + e.getValue() + "/" + chronoscope.size())
                    .collect(Collectors.joining(", "));
        }
    }

    /**
     * Per-call figures below which a ratio is printed and not judged against JMH's: a ratio of calls that
     * short depends on the loop around them (JMH's own harness styles read one ~3 ns ratio 1.19-1.55,
     * docs/evidence/jmh-agreement.md), so neither tool's is the reference.
     */
    static final double RATIO_JUDGED_FROM_NS = 20;

    /**
     * One pairing's ratio from both tools; {@code shorterSideNs} is JMH's per-call figure of the pairing's
     * shorter side, which decides whether the ratio is judged ({@link #RATIO_JUDGED_FROM_NS}).
     */
    record RatioRow(WorkloadCatalog.Pairing pairing, double jmhRatio, List<RatioFigures> chronoscope, Bound bound,
                    double shorterSideNs) {

        double median() {
            return ValidationTable.median(chronoscope.stream().map(RatioFigures::ratio).toList());
        }

        /** Whether JMH gave a ratio and both sides' calls last at least {@link #RATIO_JUDGED_FROM_NS}. */
        boolean judged() {
            return !Double.isNaN(jmhRatio) && shorterSideNs >= RATIO_JUDGED_FROM_NS;
        }

        boolean withinBound() {
            return judged() && bound.contains(median(), jmhRatio);
        }

        /** Outside the bound though both sides were {@code RESOLVED} in every JVM. */
        boolean wrongAndResolved() {
            return judged() && !withinBound() && chronoscope.stream()
                    .allMatch(c -> c.firstVerdict().equals("RESOLVED") && c.secondVerdict().equals("RESOLVED"));
        }
    }

    private final ThroughputOptions options;
    private final Results results;
    private final Targets targets;
    private final List<Row> rows;
    private final List<RatioRow> ratioRows;

    private ValidationTable(ThroughputOptions options, Results results, Targets targets, List<Row> rows,
                            List<RatioRow> ratioRows) {
        this.options = options;
        this.results = results;
        this.targets = targets;
        this.rows = rows;
        this.ratioRows = ratioRows;
    }

    static ValidationTable of(ThroughputOptions options, Results results, Targets targets) {
        double fastest = fastestReading(results);
        List<Row> rows = new ArrayList<>();
        for (String name : options.workloads()) {
            List<Figures> mine = results.runs().stream().flatMap(r -> r.figures().stream())
                    .filter(f -> f.workload().equals(name)).toList();
            Row row = new Row(WorkloadCatalog.named(name), results.jmh().getOrDefault(name, List.of()),
                    results.jmhSpeeds().getOrDefault(name, List.of()), mine, fastest, targets.figure(), targets.means(),
                    targets.sameStateOnly());
            rows.add(row);
        }
        List<RatioRow> ratioRows = new ArrayList<>();
        for (WorkloadCatalog.Pairing p : options.pairings()) {
            List<RatioFigures> mine = results.runs().stream().flatMap(r -> r.ratios().stream())
                    .filter(r -> r.pairing().equals(p.name())).toList();
            double jmhRatio = jmhRatio(results.jmh().getOrDefault(p.first(), List.of()),
                    results.jmhSpeeds().getOrDefault(p.first(), List.of()), results.jmh().getOrDefault(p.second(), List.of()),
                    results.jmhSpeeds().getOrDefault(p.second(), List.of()), fastest);
            double shorter = Math.min(jmhMedianOf(rows, p.first()), jmhMedianOf(rows, p.second()));
            ratioRows.add(new RatioRow(p, jmhRatio, mine, targets.ratio(), shorter));
        }
        return new ValidationTable(options, results, targets, List.copyOf(rows), List.copyOf(ratioRows));
    }

    /** JMH's per-call figure of {@code workload} among {@code rows}; NaN where it has none. */
    private static double jmhMedianOf(List<Row> rows, String workload) {
        return rows.stream().filter(r -> r.workload().name().equals(workload)).mapToDouble(Row::jmhMedian).findFirst()
                .orElse(Double.NaN);
    }

    List<Row> rows() {
        return rows;
    }

    /**
     * JMH's ratio for a pairing: the median over its forks of each fork's second figure over its first
     * (both from one JVM, as Chronoscope's interleaved ratio is), over the forks in which both ran in the
     * run's fastest state where at least {@value #MIN_IN_STATE} did, else over all; NaN without figures.
     */
    static double jmhRatio(List<Double> first, List<Double> firstSpeeds, List<Double> second, List<Double> secondSpeeds,
                           double fastest) {
        List<Double> all = new ArrayList<>();
        List<Double> inState = new ArrayList<>();
        for (int i = 0; i < Math.min(first.size(), second.size()); i++) {
            double r = second.get(i) / first.get(i);
            all.add(r);
            if (i < firstSpeeds.size() && i < secondSpeeds.size()
                    && HostState.FAST.holds(Math.max(firstSpeeds.get(i), secondSpeeds.get(i)), fastest)) {
                inState.add(r);
            }
        }
        return median(enoughInState(inState.size(), all.size()) ? inState : all);
    }

    /** The fastest core-speed reading of the run, JMH's forks and Chronoscope's JVMs alike; NaN where none was read. */
    static double fastestReading(Results results) {
        double fastest = Double.NaN;
        List<Double> all = new ArrayList<>();
        results.jmhSpeeds().values().forEach(all::addAll);
        results.runs().forEach(r -> r.figures().forEach(f -> {
            all.add(f.speedBefore());
            all.add(f.speedAfter());
        }));
        for (double v : all) {
            if (!Double.isNaN(v) && v > 0 && !(v >= fastest)) {
                fastest = v;
            }
        }
        return fastest;
    }

    List<RatioRow> ratioRows() {
        return ratioRows;
    }

    boolean jmhRan() {
        return !results.jmh().isEmpty();
    }

    /** How many workloads must be {@code RESOLVED} within the bound: 10 in 12, ⌈5n/6⌉ of n. */
    int required() {
        return (int) Math.ceil(rows.size() * 5 / 6.0);
    }

    boolean targetsMet() {
        boolean cv = rows.stream().map(Row::cvWithinTarget).allMatch(ok -> ok == null || ok);
        if (!jmhRan()) {
            return cv;
        }
        return rows.stream().filter(Row::withinBound).count() >= required()
                && rows.stream().noneMatch(Row::wrongAndResolved)
                && cv
                && ratioRows.stream().filter(RatioRow::judged).allMatch(RatioRow::withinBound);
    }

    void print(PrintStream out) {
        List<ChronoscopeRun> runs = results.runs();
        out.printf(Locale.ROOT, "%nValidation on third-party code: %d JVM(s) per tool, taken in turn, %s UTC%n",
                options.forks(), ThroughputComparison.span(results));
        String host = runs.get(0).host();
        int load = host.lastIndexOf(" | load average ");
        int speed = host.indexOf(ThroughputComparison.CORE_SPEED);
        out.printf(Locale.ROOT, "host: %s%n", speed >= 0 ? host.substring(0, speed) : load < 0 ? host : host.substring(0, load));
        List<String> loads = runs.stream()
                .map(r -> r.host().substring(r.host().lastIndexOf("load average ") + "load average ".length())).toList();
        out.printf(Locale.ROOT, "load average (1, 5, 15 min) as each Chronoscope JVM began: %s%n", String.join(" | ", loads));
        out.printf(Locale.ROOT, "heap: %s%n", options.heapDescription());
        out.printf(Locale.ROOT, "core speed (CoreSpeedReference: ns per multiply-add of 200 independent 100-step chains, median of 15"
                + " samples, before..after its workloads) in each Chronoscope JVM: %s%n", String.join(" | ", runs.stream().map(r -> coreSpeed(r.host())).toList()));
        int cpus = Runtime.getRuntime().availableProcessors();
        if (loads.stream().anyMatch(l -> overloaded(l, cpus))) {
            out.printf(Locale.ROOT, "WARNING: a 1-minute load average above twice this host's %d CPUs: JMH's average"
                    + " (wall time over calls) is inflated by the host's other work, so these figures cannot judge"
                    + " agreement; measure again on a quiet host%n", cpus);
        }
        double fastest = rows.isEmpty() ? Double.NaN : rows.get(0).fastest();
        out.printf(Locale.ROOT, "Chronoscope: Probe.throughput, %d samples, %s, median over JVMs; its net p50 per call beside,"
                        + " median over all JVMs;"
                        + " JMH 1.37 avgt (%d warm-up + %d measured iterations of %d ms per fork): median over forks of"
                        + " each fork's median iteration; CV = standard deviation / mean of the per-JVM figures (Chronoscope's: of the p50s it printed RESOLVED)%n",
                options.samples(), targets.means() ? "net mean per call (an average over the calls, as JMH's avgt is)"
                        : "net p50 per call (the figure a test prints)", options.jmhWarmupIterations(), options.jmhIterations(),
                options.jmhIterationMillis());
        List<String> here = rows.stream().filter(r -> r.workload().jmhInChronoscopesJvm()).map(r -> r.workload().name()).toList();
        if (!here.isEmpty() && jmhRan()) {
            out.printf(Locale.ROOT, "JMH in Chronoscope's JVM: %s, whose cost depends on what its JVM ran before: JMH"
                    + " without a fork of its own, inside each Chronoscope JVM after that JVM's timings, on the code it"
                    + " compiled (one history for both tools; a fork of JMH's own would have another)%n", String.join(", ", here));
        }
        out.printf(Locale.ROOT, "same state: %s%n", Double.isNaN(fastest) ? "no core-speed readings: every JVM and fork compared"
                : String.format(Locale.ROOT, "a state is a band of the slowest core-speed reading around the workload"
                + " (Chronoscope: right before and after its throughput timing; JMH: before and after each measured"
                + " iteration): within x%.2f of the run's fastest, %.3f ns per multiply-add (fast), or x1.30-1.60 of it (slow);"
                + " compared are the Chronoscope JVMs its core-speed self-check did not refuse, in the state most of them ran in,"
                + " and JMH's forks in that state, where it has at least %d; else all (column \"state\": the state,"
                + " Chronoscope's JVMs and JMH's forks compared)", SAME_STATE, fastest, MIN_JMH_IN_STATE));
        out.printf(Locale.ROOT, "%-12s %-24s %10s %6s %12s %6s %10s %-26s %7s %6s %5s %9s %9s %18s%n", "workload", "library",
                "JMH ns", "CV %", "Chrono. ns", "CV %", "p50 ns", "verdict", "ratio", "bound", "CV", "state", "k", "latency ns");
        for (Row r : rows) {
            Boolean cvOk = r.cvWithinTarget();
            out.printf(Locale.ROOT, "%-12s %-24s %10s %6s %12s %6s %10s %-26s %7s %6s %5s %9s %9s %18s%n",
                    r.workload().name(), r.workload().libraryAndVersion(), figure(r.jmhMedian()), percent(r.jmhCv()),
                    figure(r.median()), percent(r.cv()), figure(r.p50Median()), r.verdicts(),
                    jmhRan() ? String.format(Locale.ROOT, "%.3f", r.ratio()) : "-",
                    jmhRan() ? (r.withinBound() ? "yes" : r.wrongAndResolved() ? "WRONG" : r.judged() ? "no" : "n.j.") : "-",
                    cvOk == null ? "-" : cvOk ? "ok" : "HIGH", r.compared(),
                    range(r.chronoscope().stream().map(f -> (double) f.callsPerSample()).toList()),
                    figure(median(r.chronoscope().stream().map(Figures::latencyNanos).toList()))
                            + latencyMark(r.chronoscope()));
        }
        out.printf(Locale.ROOT, "ratio = Chronoscope's figure / JMH's; bound: yes = RESOLVED in every JVM (but those the core-speed self-check refused:"
                + " a slower core than the JVM had seen, said, and left out of the figure) and %s, WRONG = printed"
                + " RESOLVED (median of those JVMs) outside it, no = outside or not RESOLVED in some JVM, n.j. = not judged"
                + " (JMH ran too few forks in the state Chronoscope's figures ran in); CV: ok = at most"
                + " max(2 x JMH's, %.0f points), HIGH = above; k = calls per sample (range over JVMs); latency = Probe.repeat"
                + " net p50, one call alone, median over JVMs, (n.r. N) = not RESOLVED in N JVMs%n", targets.figure().description(), CV_FLOOR_POINTS);
        if (runs.size() > 1 || jmhRan()) {
            out.println("per JVM, in the order run (JMH fork i ran just before Chronoscope's JVM i, or inside it after it;"
                    + " [verdict] where not RESOLVED;"
                    + " {slowest core-speed reading}, * = not in the same state):");
            for (Row r : rows) {
                List<String> jmhForks = new ArrayList<>();
                for (int i = 0; i < r.jmh().size(); i++) {
                    double forkSpeed = i < r.jmhSpeeds().size() ? r.jmhSpeeds().get(i) : Double.NaN;
                    jmhForks.add(figure(r.jmh().get(i)) + speedMark(forkSpeed, fastest));
                }
                out.printf(Locale.ROOT, "  %-12s JMH %s | Chronoscope p50 %s | its means per call %s%n", r.workload().name(),
                        jmhForks.isEmpty() ? "-" : String.join(" ", jmhForks),
                        r.chronoscope().stream().map(f -> figure(f.throughputNanos()) + (f.resolved() ? "" : "[" + f.verdict() + "]"))
                                .collect(Collectors.joining(" ")),
                        r.chronoscope().stream().map(f -> figure(f.throughputMeanNanos()) + speedMark(f.slowestSpeed(), fastest))
                                .collect(Collectors.joining(" ")));
            }
        }
        Set<String> reasons = new LinkedHashSet<>();
        rows.forEach(r -> r.chronoscope().stream().filter(f -> !f.resolved())
                .forEach(f -> reasons.add(f.workload() + ": " + f.verdict() + ", " + f.reason())));
        if (!reasons.isEmpty()) {
            out.println("why not RESOLVED:");
            reasons.forEach(r -> out.println("  " + r));
        }
        if (!ratioRows.isEmpty()) {
            out.printf(Locale.ROOT, "%nProbe.compare, ratio = second's median / first's; JMH's = its second's figure /"
                    + " its first's%n");
            out.printf(Locale.ROOT, "%-26s %10s %12s %6s %-40s %s%n", "comparison", "JMH ratio", "Chrono. ratio", "bound",
                    "per JVM [95 % interval]", "k per JVM (1: one call alone)");
            for (RatioRow r : ratioRows) {
                out.printf(Locale.ROOT, "%-26s %10s %12s %6s %-40s %s%n", r.pairing().name(), figure(r.jmhRatio()),
                        figure(r.median()), Double.isNaN(r.jmhRatio()) ? "-" : !r.judged() ? "n.j." : r.withinBound() ? "yes"
                                : r.wrongAndResolved() ? "WRONG" : "no",
                        r.chronoscope().stream().map(c -> String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", c.ratio(), c.low(), c.high()))
                                .collect(Collectors.joining(" ")),
                        r.chronoscope().stream().map(c -> c.callsPerSample() + (c.firstVerdict().equals("RESOLVED")
                                && c.secondVerdict().equals("RESOLVED") ? "" : "[" + c.firstVerdict() + "/" + c.secondVerdict() + "]"))
                                .collect(Collectors.joining(" ")));
            }
        }
        out.println();
        out.println("targets:");
        if (jmhRan()) {
            long within = rows.stream().filter(Row::withinBound).count();
            out.printf(Locale.ROOT, "  RESOLVED and %s: %d of %d (at least %d): %s%n", targets.figure().description(), within,
                    rows.size(), required(), within >= required() ? "met" : "MISSED");
            List<String> wrong = rows.stream().filter(Row::wrongAndResolved).map(r -> r.workload().name()).toList();
            out.printf(Locale.ROOT, "  printed RESOLVED outside that bound: %s: %s%n",
                    wrong.isEmpty() ? "none" : String.join(", ", wrong), wrong.isEmpty() ? "met" : "MISSED");
            List<String> unjudged = rows.stream().filter(r -> !r.judged()).map(r -> r.workload().name()).toList();
            if (!unjudged.isEmpty()) {
                out.printf(Locale.ROOT, "  not judged (JMH ran fewer than %d forks in the state Chronoscope's figures ran in;"
                        + " counted as not within): %s%n", MIN_JMH_IN_STATE, String.join(", ", unjudged));
            }
            List<RatioRow> judged = ratioRows.stream().filter(RatioRow::judged).toList();
            List<String> ratiosOut = judged.stream().filter(r -> !r.withinBound()).map(r -> r.pairing().name()).toList();
            out.printf(Locale.ROOT, "  comparison ratios %s: %d of %d judged: %s%n", targets.ratio().description(),
                    judged.size() - ratiosOut.size(), judged.size(), ratiosOut.isEmpty() ? "met" : "MISSED");
            List<String> unjudgedRatios = ratioRows.stream().filter(r -> !Double.isNaN(r.jmhRatio()) && !r.judged())
                    .map(r -> String.format(Locale.ROOT, "%s (shorter side %.1f ns)", r.pairing().name(), r.shorterSideNs())).toList();
            if (!unjudgedRatios.isEmpty()) {
                out.printf(Locale.ROOT, "  ratios printed, not judged (n.j.): a side's calls last under %.0f ns, where a ratio"
                        + " depends on the loop around the calls (JMH's own harness styles read one ~3 ns ratio 1.19-1.55): %s%n",
                        RATIO_JUDGED_FROM_NS, String.join(", ", unjudgedRatios));
            }
        } else {
            out.println("  agreement with JMH: not checked (--jmh-iterations 0)");
        }
        List<String> highCv = rows.stream().filter(r -> Boolean.FALSE.equals(r.cvWithinTarget()))
                .map(r -> r.workload().name()).toList();
        boolean cvChecked = rows.stream().anyMatch(r -> r.cvWithinTarget() != null);
        out.printf(Locale.ROOT, "  CV of the per-JVM figures at most max(2 x JMH's, %.0f points): %s%n", CV_FLOOR_POINTS,
                !cvChecked ? "not checked (needs 2 JVMs per tool and JMH)" : highCv.isEmpty() ? "every workload: met"
                        : "above in " + String.join(", ", highCv) + ": MISSED");
        out.println(targetsMet() ? "all targets checked: met" : "some target: MISSED");
    }

    /** Whether a "1-min 5-min 15-min" load line's first figure is above twice {@code cpus}. */
    static boolean overloaded(String loadLine, int cpus) {
        try {
            return Double.parseDouble(Text.words(loadLine).get(0)) > 2 * cpus;
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            return false;
        }
    }

    /** "{0.721}" for a reading in the run's fastest state, "{1.004}*" for one outside it; "" where none was read. */
    private static String speedMark(double speed, double fastest) {
        if (Double.isNaN(speed)) {
            return "";
        }
        return String.format(Locale.ROOT, "{%.3f}%s", speed, HostState.FAST.holds(speed, fastest) ? "" : "*");
    }

    private static String latencyMark(List<Figures> figures) {
        long unresolved = figures.stream().filter(f -> !f.latencyVerdict().equals("RESOLVED")).count();
        return unresolved == 0 ? "" : " (n.r. " + unresolved + ")";
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** Sample standard deviation over mean, in percent; NaN below two values. */
    static double cvPercent(List<Double> values) {
        if (values.size() < 2) {
            return Double.NaN;
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        return 100 * Math.sqrt(squares / (values.size() - 1)) / mean;
    }

    private static String figure(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 1000 ? "%.1f" : "%.0f", v);
    }

    private static String percent(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String range(List<Double> values) {
        if (values.isEmpty()) {
            return "-";
        }
        long min = Math.round(values.stream().mapToDouble(Double::doubleValue).min().orElseThrow());
        long max = Math.round(values.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
        return min == max ? Long.toString(min) : min + "-" + max;
    }

    /** The core speed a JVM's host line gives ("0.718..0.726 ns per multiply-add"), or "-" where it has none. */
    static String coreSpeed(String host) {
        int from = host.indexOf(ThroughputComparison.CORE_SPEED);
        int to = host.lastIndexOf(" | load average ");
        return from < 0 || to < from ? "-" : host.substring(from + ThroughputComparison.CORE_SPEED.length(), to);
    }

    private static String list(List<Double> values) {
        return values.isEmpty() ? "-" : values.stream().map(ValidationTable::figure).collect(Collectors.joining(" "));
    }

    /** For tests: the rows by workload name. */
    Map<String, Row> rowsByName() {
        Map<String, Row> byName = new LinkedHashMap<>();
        rows.forEach(r -> byName.put(r.workload().name(), r));
        return byName;
    }
}
