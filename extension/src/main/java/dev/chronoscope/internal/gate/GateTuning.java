package dev.chronoscope.internal.gate;

/**
 * The gate's tuning numbers, each once, with why (derivations in docs/explanation/what-the-gate-sees.md,
 * figures in docs/evidence/gate-validation.md). The classes that use them name them where they are read.
 */
public final class GateTuning {

    /** A probe floor off the baseline runs' by more than this factor says the host was in another state. */
    public static final double FLOOR_TOLERANCE = 1.25;

    /** Core-speed readings within this factor are one speed: one state's readings spread within it. */
    public static final double SPEED_TOLERANCE = 1.10;

    /** Timings whose own spreads lie within this factor are pooled for {@code regressed}: like noise. */
    public static final double LIKE_NOISE = 3;

    /** The narrower factor for the pool {@code unchanged} is judged with: a noisier timing would dominate it. */
    public static final double LIKE_NOISE_UNCHANGED = 2;

    /** Degrees of freedom from which a pooled spread is used: fewer make the t quantile too wide to judge. */
    public static final int MIN_POOLED_DF = 6;

    /** Degrees of freedom from which a timing's own spread replaces the pool: its runs speak for it. */
    public static final int MIN_OWN_DF = 5;

    /** The most runs a baseline keeps ({@code chronoscope.baseline.keep}): more only grow the file. */
    public static final int MAX_RUNS = 100;

    /** Rounding of this share of the median or more is said: below it, the statement's figures barely move. */
    public static final double ROUNDING_SAID = 0.005;

    /** Calibrated TSC frequencies this far apart (MHz) are one host's: calibration and rounding. */
    public static final double TSC_MHZ_TOLERANCE = 2.0;

    /** The allocation gate's smallest tolerance, in bytes per call: counting is exact, half a byte is rounding. */
    public static final double ALLOCATION_TOLERANCE_BYTES = 0.5;

    /** The allocation gate's tolerance relative to the baseline runs' highest bytes per call. */
    public static final double ALLOCATION_TOLERANCE_SHARE = 0.0005;

    /** The longest duration a baseline may hold, in ns (about 11.6 days): beyond it a value is damage. */
    public static final double MAX_NS = 1e15;

    /** The shortest positive median a baseline may hold, in ns (a femtosecond): below it a ratio is meaningless. */
    public static final double MIN_MEDIAN_NS = 1e-6;

    private GateTuning() {
    }
}
