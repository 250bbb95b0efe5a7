package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.ffm.Libc;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongConsumer;

/**
 * Brings the probe path — the downcalls and {@link RegionLoop} — or a region on it to its compiled,
 * steady cost, under a {@link WarmupRule}, bounded by a time budget, and reports what it did
 * ({@link ProbeWarmup}). In a cold JVM the first downcall takes milliseconds and a floor measured
 * then reads well above the true floor, which empty regions reach only once the JIT has compiled
 * their path (docs/evidence/costs.md). One per reader and compiler watch.
 */
public final class Warmer {

    /** Empty regions per round of the probe path's per-JVM warm-up. */
    public static final int DEFAULT_ROUND_SIZE = 10_000;
    /** Empty regions per round of a re-warm, and of the check that decides it. */
    static final int REWARM_ROUND_SIZE = 1_000;
    /** Regions per call of the loop within a round. */
    static final int CALL_SIZE = 100;
    /** Rounds of {@link RegionLoop#poisonShapes}: enough for the profiles, a few milliseconds at most. */
    static final int POISON_ROUNDS = 600;

    /**
     * What a warm-up runs: {@code regions} taking turns call by call, in rounds of {@code roundSize}
     * samples of {@code calls} calls each.
     */
    record Rounds(List<Region> regions, int roundSize, int calls) {
        /** The probe path: empty regions of three classes, a call each ({@link RegionLoop#EMPTY_OF_THREE_CLASSES}). */
        static Rounds emptyRegions(int roundSize) {
            return new Rounds(RegionLoop.EMPTY_OF_THREE_CLASSES.stream().map(Region::of).toList(), roundSize, 1);
        }
    }

    private final ClockReader reader;
    private final CompilerWatch watch;

    Warmer(ClockReader reader, CompilerWatch watch) {
        this.reader = reader;
        this.watch = watch;
    }

    /** Warms {@code reader}'s probe path in this JVM, with a compiler watch of its own (the doctor's). */
    public static ProbeWarmup warmProbePath(ClockReader reader, long budgetNanos) {
        return new Warmer(reader, CompilerWatch.open()).probePath(budgetNanos);
    }

    /**
     * Warms the probe path under the full rule: empty regions of three classes in turn. It may also
     * settle once C2 is seen compiling the shared loop the empty regions run in ({@link CompilerWatch}),
     * rather than only when the whole JVM's JIT has been quiet for {@link WarmupRule#MIN_JIT_QUIET_NANOS};
     * where compilations cannot be watched, its {@link ProbeWarmup#settledBy()} says why.
     */
    ProbeWarmup probePath(long budgetNanos) {
        // before any round: every shape's loop sees three region classes and batches of 1 and 2,
        // so none is compiled for one class or for one-call samples only (see RegionLoop)
        RegionLoop.poisonShapes(reader, POISON_ROUNDS, new Sink());
        Watched done = watched(Rounds.emptyRegions(DEFAULT_ROUND_SIZE), WarmupRule.PROBE_PATH, budgetNanos,
                ObjectRegionLoop.class, "time");
        ProbeWarmup w = done.warmup();
        String unwatched = done.seen() ? "" : watch.whyUnwatched();
        return unwatched.isEmpty() ? w
                : w.settledAs((w.settledBy() + " (compilations not watched: " + unwatched + ")").strip());
    }

    /**
     * Warms {@code region} under the full region rule, in rounds of {@code roundSize} samples of
     * {@code calls} calls, unless a region of its class settled before in this JVM at the same batch
     * size ({@code compiled}): then its code is compiled already, and the quick rule at its settled
     * level (the highest of its earlier warm-ups) comes first. The level catches code the JIT
     * threw away since (a deoptimisation): it runs interpreted, steadily and slower, until it is
     * compiled again, which short rounds would not wait for. A region that settles under the full rule is recorded in
     * {@code compiled}.
     */
    ProbeWarmup region(Region region, long budgetNanos, int roundSize, int calls, CompiledRegions compiled) {
        Class<?> type = region.target().getClass();
        Rounds rounds = new Rounds(List.of(region), roundSize, calls);
        OptionalLong settledLevel = compiled.settledLevel(type, calls);
        List<ProbeWarmup> done = quickThenFull(rounds, WarmupRule.REGION, settledLevel, budgetNanos, type,
                region.entryMethod(), settled -> compiled.markSettled(type, calls, settled));
        return done.get(done.size() - 1);
    }

    /**
     * Checks, right before a floor is measured, that the probe path still runs at a cost it settled
     * at in this JVM ({@code settledLevel}: the highest the full rule settled at, per-JVM warm-up or
     * re-warm), and warms it again if not. The JIT recompiles the loop whenever a new reader or
     * region type reaches it (deoptimising the code it had), so the path can go cold between tests,
     * and the first floors after it read well above the settled cost until the loop is compiled again.
     *
     * <p>The level is the <em>highest</em> settled one because the same compiled path costs 10-25 %
     * more on one of this host's two CPUs than on the other, and each test is pinned to one: checked
     * against a level settled on the cheaper CPU, every test on the other failed the check and paid a
     * full re-warm (20 ms of JIT quiet or more) in about half the tests of a run. Cold code
     * runs 1.7x and more slower, far outside either CPU's level, so the check allows what a settled
     * warm-up allows above its lowest round (15 %). A path that fails the check first gets the quick
     * rule at the level; only then the full rule, whose settled level is passed to
     * {@code onSettledLevel} to raise the level.
     *
     * @return empty when one check round was within tolerance of {@code settledLevel}, else the re-warm done
     */
    Optional<ProbeWarmup> rewarmIfCold(long settledLevel, long budgetNanos, LongConsumer onSettledLevel) {
        SampleRecorder check = new SampleRecorder(REWARM_ROUND_SIZE);
        RegionLoop.repeatEmpty(reader, REWARM_ROUND_SIZE, Region.UNBOUNDED, CALL_SIZE, check, new Sink());
        if (check.samples().isEmpty()) {
            return Optional.empty();
        }
        RoundFigures figures = new RoundFigures();
        figures.read(check.samples());
        // within the tolerance a settled warm-up allows above its lowest round: cold code runs 1.7x and more
        long tolerance = Math.max(figures.quantum(), (long) Math.ceil(WarmupRule.PLATEAU_TOLERANCE * settledLevel));
        if (figures.median() - settledLevel <= tolerance) {
            return Optional.empty();
        }
        List<ProbeWarmup> done = quickThenFull(Rounds.emptyRegions(REWARM_ROUND_SIZE), WarmupRule.PROBE_PATH,
                OptionalLong.of(settledLevel), budgetNanos, ObjectRegionLoop.class, "time", onSettledLevel);
        return Optional.of(done.size() == 1 ? done.get(0) : done.get(0).followedBy(done.get(1)));
    }

    /**
     * Where code settled at {@code settledLevel} before, the quick rule at that level within
     * {@link WarmupRule#quickBudget}; where it did not settle (or there is no level), {@code full} for
     * what is left of {@code budgetNanos}, C2's compilation of {@code target}'s {@code method}
     * watched, its settled level passed to {@code onSettledLevel}. The warm-ups run, in order.
     */
    private List<ProbeWarmup> quickThenFull(Rounds rounds, WarmupRule full, OptionalLong settledLevel, long budgetNanos,
                                            Class<?> target, String method, LongConsumer onSettledLevel) {
        List<ProbeWarmup> done = new ArrayList<>(2);
        long left = budgetNanos;
        if (settledLevel.isPresent()) {
            ProbeWarmup quick = run(rounds, full.quickWithin(settledLevel.getAsLong()),
                    WarmupRule.quickBudget(budgetNanos), null);
            done.add(quick);
            if (quick.settled()) {
                return done;
            }
            left = Math.max(0, budgetNanos - quick.elapsedNanos());
        }
        ProbeWarmup settled = watched(rounds, full, left, target, method).warmup();
        if (settled.settled()) {
            onSettledLevel.accept(settled.settledLevel());
        }
        done.add(settled);
        return done;
    }

    /** A warm-up, and whether a compiler watch session saw it ({@link CompilerWatch#whyUnwatched()}: why not). */
    private record Watched(ProbeWarmup warmup, boolean seen) {
    }

    /**
     * A warm-up under {@code rule} while a session of the compiler watch looks for C2 compiling
     * {@code target}'s {@code method}, where the watch sees compilations; the session is closed after.
     */
    private Watched watched(Rounds rounds, WarmupRule rule, long budgetNanos, Class<?> target, String method) {
        CompilerWatch.Session session = watch.watch(target, method);
        try {
            return new Watched(run(rounds, rule, budgetNanos, session), session != null);
        } finally {
            if (session != null) {
                session.close();
            }
        }
    }

    /**
     * Runs {@code rounds} until {@code rule} finds them settled or {@code budgetNanos} has passed; the
     * JIT's quiet read from the watch's {@link JitActivity}; with a {@code session}, the JIT's quiet
     * may give way to C2 having compiled the region's entry before the settled rounds.
     */
    ProbeWarmup run(Rounds rounds, WarmupRule rule, long budgetNanos, CompilerWatch.Session session) {
        try (Arena arena = Arena.ofConfined()) {
            return run(rounds, rule, budgetNanos, session, arena.allocate(Libc.TIMESPEC));
        }
    }

    private ProbeWarmup run(Rounds rounds, WarmupRule rule, long budgetNanos, CompilerWatch.Session session,
                            MemorySegment timespec) {
        JitActivity jit = watch.jit();
        int roundSize = rounds.roundSize();
        long start = System.nanoTime();
        Sink sink = new Sink();
        // primitive lists and loops, no streams or boxes: every method the warm-up's own bookkeeping
        // runs is one more the JIT compiles in the window the warm-up is waiting for the JIT
        Samples medians = new Samples(64);
        String settledBy = "";
        Samples jitTimes = new Samples(64);
        long jitLastMoved = start;
        // one recorder for every round, and its figures counted, not sorted: a recorder and a sorted
        // copy per round were most of a first timing's garbage (rounds of ~3,000 samples, 20-100 rounds)
        SampleRecorder recorder = new SampleRecorder(roundSize);
        RoundFigures figures = new RoundFigures();
        long quantum = 0;
        // a region's watched warm-up may go on past its budget (stillCompiling); the probe path's ends at its own
        boolean mayGoOn = session != null && rule == WarmupRule.REGION;
        while (System.nanoTime() - start < budgetNanos
                || mayGoOn && stillCompiling(start, budgetNanos, jitLastMoved, rule, medians, quantum)) {
            long roundStart = System.nanoTime();
            recorder.clear();
            round(rounds, roundSize, recorder, sink, session, medians.size());
            if (System.nanoTime() - roundStart < rule.minRoundNanos() && roundSize < Integer.MAX_VALUE / 2) {
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
            quantum = figures.quantum();
            settledBy = settledBy(rule, medians, median, quantum, jitTimes, jitLastMoved, session);
            if (!settledBy.isEmpty()) {
                break;
            }
        }
        List<Long> all = new ArrayList<>(medians.size());
        for (int i = 0; i < medians.size(); i++) {
            all.add(medians.get(i));
        }
        return new ProbeWarmup(medians.size(), roundSize, all, System.nanoTime() - start, !settledBy.isEmpty(),
                settledBy);
    }

    /**
     * One round: {@code roundSize} samples of the rounds' regions in turn, in many short calls rather than one long
     * one: the JIT compiles the loop's method in full only after enough invocations; one long call runs
     * on-stack-replaced code instead.
     */
    private void round(Rounds rounds, int roundSize, SampleRecorder recorder, Sink sink,
                       CompilerWatch.Session session, int roundsDone) {
        List<Region> regions = rounds.regions();
        for (int done = 0, call = 0; done < roundSize; done += CALL_SIZE, call++) {
            regions.get(call % regions.size()).time(reader, Math.min(CALL_SIZE, roundSize - done), rounds.calls(),
                    Region.UNBOUNDED, recorder, sink);
            if (session != null) {
                session.poll(roundsDone);
            }
        }
    }

    /**
     * How the warm-up settled with the round whose median is {@code median} ({@link ProbeWarmup#BY_SETTLED_LEVEL},
     * {@link ProbeWarmup#BY_JIT_QUIET} or {@link ProbeWarmup#BY_C2}); empty where it has not: too few rounds, medians
     * not settled or above the rule's level, or the JIT neither quiet long enough nor seen compiling with C2.
     */
    private static String settledBy(WarmupRule rule, Samples medians, long median, long quantum, Samples jitTimes,
                                    long jitLastMoved, CompilerWatch.Session session) {
        if (medians.size() < Math.max(rule.minRounds(), WarmupRule.STABLE_ROUNDS)
                || !WarmupRule.settled(medians, quantum) || !rule.withinSettledLevel(median, quantum)) {
            return "";
        }
        boolean quiet = WarmupRule.jitQuiet(jitTimes) && System.nanoTime() - jitLastMoved >= rule.minJitQuietNanos();
        if (!quiet && !(session != null && session.compiledByC2Before(medians.size(), WarmupRule.STABLE_ROUNDS))) {
            return "";
        }
        return rule.settledLevel() > 0 ? ProbeWarmup.BY_SETTLED_LEVEL : quiet ? ProbeWarmup.BY_JIT_QUIET
                : ProbeWarmup.BY_C2;
    }

    /** A region's watched warm-up goes on up to this many times its budget while the JIT compiles and medians move. */
    static final int COMPILING_BUDGETS = 2;

    /**
     * Whether a region's watched warm-up past its budget goes on: within {@value #COMPILING_BUDGETS} budgets, the JIT's
     * activity moved within the rule's quiet time and the round medians have not settled — on a busy host the
     * compiler gets little CPU, and a region sampled before its code is compiled reads its lower tier.
     */
    static boolean stillCompiling(long start, long budgetNanos, long jitLastMoved, WarmupRule rule, Samples medians,
                                          long quantum) {
        long now = System.nanoTime();
        return now - start < COMPILING_BUDGETS * budgetNanos && now - jitLastMoved < rule.minJitQuietNanos()
                && !(medians.size() >= WarmupRule.STABLE_ROUNDS && WarmupRule.settled(medians, quantum));
    }
}
