package dev.chronoscope.internal.measure;

/**
 * When a warm-up ({@link Warmer}) has settled: the last {@link #STABLE_ROUNDS} round medians agree
 * and lie near the lowest of the warm-up ({@link #settled}), after at least {@code minRounds}
 * rounds, and the JIT was quiet over those rounds and for at least {@code minJitQuietNanos} (or C2
 * was seen compiling the timed code before them, where the warm-up watches it). The JIT condition
 * matters: the loop's intermediate (profiling) code gives a steady plateau well above the floor
 * for many rounds before the optimised code replaces it, so steady medians alone stop too early.
 *
 * @param minRounds        never fewer rounds than this
 * @param minJitQuietNanos how long the JIT must have been quiet besides the stable rounds; 0 for those rounds only
 * @param minRoundNanos    a round lasts at least this long, its size doubling until it does; 0 for any length
 * @param settledLevel     the level code compiled before settled at ({@link CompiledRegions#settledLevel},
 *                         {@link JitState#settledLevel}), which settled medians must also lie within
 *                         {@link #PLATEAU_TOLERANCE} (or a step) of; 0 for none
 */
record WarmupRule(int minRounds, long minJitQuietNanos, long minRoundNanos, long settledLevel) {

    /** Consecutive round medians that must agree. */
    public static final int STABLE_ROUNDS = 5;
    /** Never fewer rounds than this under a full rule: the JIT replaces the loop's code in stages. */
    public static final int MIN_ROUNDS = 10;
    /**
     * The JIT must also have been quiet this long under a full rule: for short regions five rounds
     * last about a millisecond, less than one compilation takes, and a region measured that early
     * ran much slower than later measurements of it.
     */
    static final long MIN_JIT_QUIET_NANOS = 20_000_000L;
    /**
     * A region's warm-up round lasts at least this long, its size doubling until it does: each round
     * sorts its samples and reads the JIT's activity, which for rounds of a few microseconds cost
     * more time and garbage than the rounds themselves.
     */
    static final long MIN_REGION_ROUND_NANOS = 200_000L;
    /** Medians agree when within this share of each other or within one observed step. */
    static final double AGREEMENT = 0.05;
    /** Settled medians may lie this far above the lowest median of the warm-up, or above a settled level. */
    static final double PLATEAU_TOLERANCE = 0.15;

    /** The full rule of the probe path's empty regions, whose rounds may be as short as they come. */
    static final WarmupRule PROBE_PATH = new WarmupRule(MIN_ROUNDS, MIN_JIT_QUIET_NANOS, 0, 0);
    /** The full rule of a region, whose rounds last at least {@link #MIN_REGION_ROUND_NANOS}. */
    static final WarmupRule REGION = new WarmupRule(MIN_ROUNDS, MIN_JIT_QUIET_NANOS, MIN_REGION_ROUND_NANOS, 0);

    /**
     * The quick rule of code compiled before, which settled at {@code settledLevel}: {@link #STABLE_ROUNDS}
     * agreeing rounds with no compilation during them, no higher than {@code settledLevel} (within
     * {@link #PLATEAU_TOLERANCE} or a step); rounds as long as this rule's.
     */
    WarmupRule quickWithin(long settledLevel) {
        return new WarmupRule(STABLE_ROUNDS, 0, minRoundNanos, settledLevel);
    }

    /** The budget of a quick rule: at most the JIT quiet a full rule would wait anyway. */
    static long quickBudget(long budgetNanos) {
        return Math.min(budgetNanos, MIN_JIT_QUIET_NANOS);
    }

    /** Whether {@code median}, the last round's, is within tolerance of the settled level (always, without one). */
    boolean withinSettledLevel(long median, long quantum) {
        return settledLevel <= 0 || median - settledLevel <= Math.max(quantum,
                (long) Math.ceil(PLATEAU_TOLERANCE * settledLevel));
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
}
