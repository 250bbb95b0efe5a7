package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.clock.ClockReader;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Brings the probe path — the downcalls and {@link RegionLoop} — to its compiled, steady cost.
 * In a cold JVM the first downcall takes milliseconds and a floor measured then was 1.7–2.4x too
 * high here; it took ~100–140 ms of empty regions to reach the true floor. The warm-up times rounds
 * of empty regions until the round medians stop moving <em>and</em> the JIT has finished no
 * compilation during those rounds (and at least {@link #MIN_ROUNDS} rounds), bounded by a time
 * budget, and reports what it did. The JIT condition matters: measured here, the loop's
 * intermediate (profiling) code gave a steady plateau at ~1.8x the floor for ~20 rounds before the
 * optimised code replaced it, so steady medians alone stopped too early.
 *
 * @param rounds       rounds run
 * @param roundSize    empty regions per round
 * @param medians      each round's median, in the clock's unit
 * @param elapsedNanos wall time the warm-up took
 * @param converged    true when the medians settled within the budget
 * @param settledBy    what, besides settled medians, ended it ({@link #BY_JIT_QUIET}, {@link #BY_C2},
 *                     {@link #BY_LEVEL}); empty when it did not settle
 */
public record ProbeWarmup(int rounds, int roundSize, List<Long> medians, long elapsedNanos, boolean converged, String settledBy) {

    /** Settled under the full rule because no compilation ran anywhere in the JVM for {@link #MIN_JIT_QUIET_NANOS}. */
    public static final String BY_JIT_QUIET = "with the JIT quiet for 20 ms";
    /** Settled under the full rule because C2 was seen finishing the timed code before the settled rounds ({@link CompilerWatch}). */
    public static final String BY_C2 = "after C2 was seen compiling the timed code";
    /** Settled as code compiled before: five agreeing rounds, no compilation during them, within the level settled before. */
    public static final String BY_LEVEL = "as code compiled before, within the level it settled at";

    public static final int DEFAULT_ROUND_SIZE = 10_000;
    /**
     * The JIT must also have been quiet this long: for short regions five rounds last about a
     * millisecond, less than one compilation takes, and a region measured that early ran 1.7x
     * slower than later measurements of it (seen here).
     */
    static final long MIN_JIT_QUIET_NANOS = 20_000_000L;
    /**
     * A region's warm-up round lasts at least this long, its size doubling until it does: each round
     * sorts its samples and reads the JIT's activity, which for rounds of a few microseconds cost
     * more time and garbage than the rounds themselves.
     */
    static final long MIN_REGION_ROUND_NANOS = 200_000L;
    /** Regions per call of the loop within a round. */
    static final int CALL_SIZE = 100;
    /** Consecutive round medians that must agree. */
    public static final int STABLE_ROUNDS = 5;
    /** Never fewer rounds than this: the JIT replaces the loop's code in stages. */
    public static final int MIN_ROUNDS = 10;
    /** Medians agree when within this share of each other or within one observed step. */
    static final double AGREEMENT = 0.05;
    /** Settled medians may lie this far above the lowest median of the warm-up. */
    static final double PLATEAU_TOLERANCE = 0.15;

    public ProbeWarmup {
        medians = List.copyOf(medians);
        java.util.Objects.requireNonNull(settledBy, "settledBy");
    }

    /** One line: rounds, time, whether it settled, where and how, and the first round's median for contrast. */
    public String describe(String unit) {
        return String.format(java.util.Locale.ROOT, "once per JVM: %d rounds of %d empty regions in %.1f ms, %s at p50 %d %s%s (first round %d %s)",
                rounds, roundSize, elapsedNanos / 1e6, converged ? "settled" : "NOT settled within the budget",
                finalMedian(), unit, settledBy.isEmpty() ? "" : " " + settledBy, medians.isEmpty() ? 0 : medians.get(0), unit);
    }

    public long finalMedian() {
        return medians.isEmpty() ? 0 : medians.get(medians.size() - 1);
    }

    /** Warms the probe path: empty regions, of three classes in turn (see {@link RegionLoop#EMPTY_OF_THREE_CLASSES}). */
    public static ProbeWarmup warm(ClockReader reader, long budgetNanos) {
        return warm(reader, budgetNanos, CompilerWatch.open());
    }

    /**
     * As {@link #warm(ClockReader, long)}, with the JVM's {@code watch}: the warm-up may also settle once C2
     * is seen compiling the shared loop the empty regions run in ({@link CompilerWatch}), rather
     * than only when the whole JVM's JIT has been quiet for {@link #MIN_JIT_QUIET_NANOS}.
     */
    static ProbeWarmup warm(ClockReader reader, long budgetNanos, CompilerWatch watch) {
        // before any round: every shape's loop sees three region classes and batches of 1 and 2,
        // so none is compiled for one class or for one-call samples only (see RegionLoop)
        RegionLoop.poisonShapes(reader, POISON_ROUNDS, new Sink());
        CompilerWatch.Session session = watch.watch(ObjectRegionLoop.class, "time");
        try {
            ProbeWarmup w = warm(reader, emptyRegions(), budgetNanos, DEFAULT_ROUND_SIZE, 1, MIN_JIT_QUIET_NANOS, 0, MIN_ROUNDS, 0,
                    watch, session);
            String unwatched = session != null ? "" : watch.whyUnwatched();
            return unwatched.isEmpty() ? w : new ProbeWarmup(w.rounds(), w.roundSize(), w.medians(), w.elapsedNanos(), w.converged(),
                    (w.settledBy() + " (compilations not watched: " + unwatched + ")").strip());
        } finally {
            if (session != null) {
                session.close();
            }
        }
    }

    /** Rounds of {@link RegionLoop#poisonShapes}: enough for the profiles, a few milliseconds at most. */
    static final int POISON_ROUNDS = 600;

    private static List<Region> emptyRegions() {
        return RegionLoop.EMPTY_OF_THREE_CLASSES.stream().map(Region::of).toList();
    }

    /** Warms {@code region} on the probe path, in rounds of {@code roundSize} runs. */
    public static ProbeWarmup warm(ClockReader reader, Supplier<?> region, long budgetNanos, int roundSize) {
        return warm(reader, Region.of(region), budgetNanos, roundSize, 1);
    }

    /** Warms {@code region} on the probe path, in rounds of {@code roundSize} samples of {@code calls} calls. */
    public static ProbeWarmup warm(ClockReader reader, Region region, long budgetNanos, int roundSize, int calls) {
        return warm(reader, List.of(region), budgetNanos, roundSize, calls, MIN_JIT_QUIET_NANOS, MIN_REGION_ROUND_NANOS, MIN_ROUNDS,
                0, CompilerWatch.open(), null);
    }

    /**
     * Warms {@code region} like {@link #warm(ClockReader, Region, long, int, int)}, unless a region
     * of its class settled before in this JVM at the same batch size ({@code compiled}): then its
     * code is compiled already, and the warm-up ends as soon as {@link #STABLE_ROUNDS} rounds agree,
     * with no compilation during them, no higher than its earlier warm-ups settled (the highest; within
     * {@link #PLATEAU_TOLERANCE} or a step). The last condition catches code the JIT threw away
     * since (a deoptimisation): it runs interpreted, steadily and slower, until it is compiled again,
     * which short rounds would not wait for (seen here: a batch loop settled at 4 calls per
     * microsecond, not 28). A region that settles under the full rule is recorded in {@code compiled}.
     */
    public static ProbeWarmup warm(ClockReader reader, Region region, long budgetNanos, int roundSize, int calls,
                                   CompiledRegions compiled) {
        Class<?> type = region.target().getClass();
        long left = budgetNanos;
        java.util.OptionalLong before = compiled.settledMedian(type, calls);
        if (before.isPresent()) {
            // bounded by the JIT quiet time the full rule would wait anyway, then the full rule
            ProbeWarmup again = warm(reader, List.of(region), Math.min(budgetNanos, MIN_JIT_QUIET_NANOS), roundSize, calls, 0,
                    MIN_REGION_ROUND_NANOS, STABLE_ROUNDS, before.getAsLong(), compiled.compilerWatch(), null);
            if (again.converged()) {
                return again;
            }
            left = Math.max(0, budgetNanos - again.elapsedNanos());
        }
        ProbeWarmup full;
        CompilerWatch.Session session = compiled.compilerWatch().watch(type, region.entryMethod());
        try {
            full = warm(reader, List.of(region), left, roundSize, calls, MIN_JIT_QUIET_NANOS, MIN_REGION_ROUND_NANOS, MIN_ROUNDS, 0,
                    compiled.compilerWatch(), session);
        } finally {
            if (session != null) {
                session.close();
            }
        }
        if (full.converged()) {
            compiled.markSettled(type, calls, full.finalMedian());
        }
        return full;
    }

    /**
     * Warms the probe path with {@code regions} taking turns call by call, in rounds of
     * {@code roundSize} samples (doubled while a round lasts less than {@code minRoundNanos}), until
     * the medians settle (after at least {@code minRounds} rounds) and the JIT has been quiet (as
     * {@code watch}'s {@link JitActivity} reads it) for {@code minJitQuietNanos} and over the last
     * {@link #STABLE_ROUNDS} rounds. With a positive {@code ceiling}, the settled medians must also
     * lie within tolerance of it; with a {@code session}, the JIT's quiet may give way to C2 having
     * compiled the region's entry before the settled rounds ({@link CompilerWatch}).
     */
    private static ProbeWarmup warm(ClockReader reader, List<Region> regions, long budgetNanos, int roundSize, int calls,
                                    long minJitQuietNanos, long minRoundNanos, int minRounds, long ceiling,
                                    CompilerWatch watch, CompilerWatch.Session session) {
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            return warm(reader, regions, budgetNanos, roundSize, calls, minJitQuietNanos, minRoundNanos, minRounds, ceiling,
                    watch.jit(), arena.allocate(dev.chronoscope.internal.ffm.Libc.TIMESPEC), session);
        }
    }

    private static ProbeWarmup warm(ClockReader reader, List<Region> regions, long budgetNanos, int roundSize, int calls,
                                    long minJitQuietNanos, long minRoundNanos, int minRounds, long ceiling,
                                    JitActivity jit, java.lang.foreign.MemorySegment timespec, CompilerWatch.Session session) {
        long start = System.nanoTime();
        Sink sink = new Sink();
        // primitive lists and loops, no streams or boxes: every method the warm-up's own bookkeeping
        // runs is one more the JIT compiles in the window the warm-up is waiting for the JIT
        Samples medians = new Samples(64);
        boolean converged = false;
        String settledBy = "";
        Samples jitTimes = new Samples(64);
        long jitLastMoved = start;
        // one recorder for every round, and its figures counted, not sorted: a recorder and a sorted
        // copy per round were most of a first timing's garbage (rounds of ~3,000 samples, 20-100 rounds)
        SampleRecorder recorder = new SampleRecorder(roundSize);
        RoundFigures figures = new RoundFigures();
        while (System.nanoTime() - start < budgetNanos) {
            long roundStart = System.nanoTime();
            recorder.clear();
            // many short calls rather than one long one: the JIT compiles the loop's method in full
            // only after enough invocations; one long call runs on-stack-replaced code instead
            for (int done = 0, call = 0; done < roundSize; done += CALL_SIZE, call++) {
                regions.get(call % regions.size()).time(reader, Math.min(CALL_SIZE, roundSize - done), calls,
                        Long.MAX_VALUE, recorder, sink);
                if (session != null) {
                    session.poll(medians.size());
                }
            }
            if (System.nanoTime() - roundStart < minRoundNanos && roundSize < Integer.MAX_VALUE / 2) {
                roundSize *= 2;
            }
            if (recorder.samples().isEmpty()) {
                continue;
            }
            figures.read(recorder.samples());
            long median = figures.median();
            medians.add(median);
            jitTimes.add(jit.now(timespec));
            if (jitTimes.size() > 1 && jitTimes.get(jitTimes.size() - 1) != jitTimes.get(jitTimes.size() - 2)) {
                jitLastMoved = System.nanoTime();
            }
            if (session != null) {
                session.endRound();
            }
            long quantum = figures.quantum();
            if (medians.size() >= Math.max(minRounds, STABLE_ROUNDS) && settled(medians, quantum)
                    && (ceiling <= 0 || median - ceiling <= Math.max(quantum, (long) Math.ceil(PLATEAU_TOLERANCE * ceiling)))
                    && (jitQuiet(jitTimes) && System.nanoTime() - jitLastMoved >= minJitQuietNanos
                        || session != null && session.compiledByC2Before(medians.size(), STABLE_ROUNDS))) {
                converged = true;
                settledBy = ceiling > 0 ? BY_LEVEL
                        : jitQuiet(jitTimes) && System.nanoTime() - jitLastMoved >= minJitQuietNanos ? BY_JIT_QUIET : BY_C2;
                break;
            }
        }
        List<Long> all = new ArrayList<>(medians.size());
        for (int i = 0; i < medians.size(); i++) {
            all.add(medians.get(i));
        }
        return new ProbeWarmup(medians.size(), roundSize, all, System.nanoTime() - start, converged, settledBy);
    }

    /**
     * True when the last {@link #STABLE_ROUNDS} medians agree with each other (within 5 % or one
     * observed step) and are not far above the lowest median of the whole warm-up (within 15 % or
     * one step). A plateau well above the lowest median is code the JIT has not finished with (seen
     * here: optimised on-stack-replaced code at the floor, then a plateau at ~2x until the method
     * itself was compiled); the wider second tolerance keeps one lucky round from holding the
     * warm-up to a level ordinary noise never returns to.
     */
    static boolean settled(Samples medians, long quantum) {
        long lowest = Long.MAX_VALUE;
        long lastMin = Long.MAX_VALUE;
        long lastMax = Long.MIN_VALUE;
        for (int i = 0; i < medians.size(); i++) {
            long m = medians.get(i);
            lowest = Math.min(lowest, m);
            if (i >= medians.size() - STABLE_ROUNDS) {
                lastMin = Math.min(lastMin, m);
                lastMax = Math.max(lastMax, m);
            }
        }
        boolean steady = lastMax - lastMin <= Math.max(quantum, (long) Math.ceil(AGREEMENT * lastMin));
        boolean nearLowest = lastMin - lowest <= Math.max(quantum, (long) Math.ceil(PLATEAU_TOLERANCE * lowest));
        return steady && nearLowest;
    }

    /** True when the JIT's activity reading (see {@link JitActivity}) did not move over the last stable rounds. */
    static boolean jitQuiet(Samples jitTimes) {
        return jitTimes.get(jitTimes.size() - 1) == jitTimes.get(jitTimes.size() - STABLE_ROUNDS);
    }

    /**
     * Checks, right before a floor is measured, that the probe path still runs at a cost it settled
     * at in this JVM ({@code level}: the highest the full rule settled at, per-JVM warm-up or
     * re-warm), and warms it again if not. The JIT recompiles the loop whenever a new reader or
     * region type reaches it (deoptimising the code it had), so the path can go cold between tests:
     * seen here, the first floors after the per-JVM warm-up read 2.3x the settled cost until the loop
     * was compiled again.
     *
     * <p>The level is the <em>highest</em> settled one because the same compiled path costs 10-25 %
     * more on one of this host's two CPUs than on the other, and each test is pinned to one: checked
     * against a level settled on the cheaper CPU, every test on the other failed the check and paid a
     * full re-warm (20 ms of JIT quiet or more; 165-200 of 330 tests in a run, seen here). Cold code
     * runs 1.7x and more slower, far outside either CPU's level, so the check allows what a settled
     * warm-up allows above its lowest round (15 %). A path that fails the check first gets the quick
     * rule of a compiled region class (five agreeing rounds, the JIT quiet during them, no higher
     * than the level plus 15 %); only then the full rule, whose settled median is passed to
     * {@code settledAt} to raise the level.
     *
     * @return empty when one check round was within tolerance of {@code level}, else the re-warm done
     */
    static java.util.Optional<ProbeWarmup> rewarmIfCold(ClockReader reader, long level, long budgetNanos, CompilerWatch watch,
                                                        java.util.function.LongConsumer settledAt) {
        Sink sink = new Sink();
        SampleRecorder check = new SampleRecorder(1_000);
        RegionLoop.repeatEmpty(reader, 1_000, Long.MAX_VALUE, CALL_SIZE, check, sink);
        if (check.samples().isEmpty()) {
            return java.util.Optional.empty();
        }
        RoundFigures figures = new RoundFigures();
        figures.read(check.samples());
        long median = figures.median();
        // within the tolerance a settled warm-up allows above its lowest round: cold code runs 1.7x and more
        long tolerance = Math.max(figures.quantum(), (long) Math.ceil(PLATEAU_TOLERANCE * level));
        if (median - level <= tolerance) {
            return java.util.Optional.empty();
        }
        ProbeWarmup quick = warm(reader, emptyRegions(), Math.min(budgetNanos, MIN_JIT_QUIET_NANOS), 1_000, 1, 0, 0, STABLE_ROUNDS,
                level, watch, null);
        if (quick.converged()) {
            return java.util.Optional.of(quick);
        }
        CompilerWatch.Session session = watch.watch(ObjectRegionLoop.class, "time");
        ProbeWarmup full;
        try {
            full = warm(reader, emptyRegions(), Math.max(0, budgetNanos - quick.elapsedNanos()), 1_000, 1, MIN_JIT_QUIET_NANOS, 0,
                    MIN_ROUNDS, 0, watch, session);
        } finally {
            if (session != null) {
                session.close();
            }
        }
        if (full.converged()) {
            settledAt.accept(full.finalMedian());
        }
        List<Long> medians = new ArrayList<>(quick.medians());
        medians.addAll(full.medians());
        return java.util.Optional.of(new ProbeWarmup(quick.rounds() + full.rounds(), full.roundSize(), medians,
                quick.elapsedNanos() + full.elapsedNanos(), full.converged(), full.settledBy()));
    }

    /** The smallest positive difference between distinct sample values: the clock's visible step. */
    static long quantum(Samples samples) {
        return quantum(samples.sorted());
    }

    /** As {@link #quantum(Samples)}, of samples already sorted. */
    static long quantum(Samples.Sorted sorted) {
        long q = Long.MAX_VALUE;
        for (int i = 1; i < sorted.size(); i++) {
            long d = sorted.get(i) - sorted.get(i - 1);
            if (d > 0 && d < q) {
                q = d;
            }
        }
        return q == Long.MAX_VALUE ? 0 : q;
    }
}
