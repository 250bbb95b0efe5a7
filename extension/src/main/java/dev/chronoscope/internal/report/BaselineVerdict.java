package dev.chronoscope.internal.report;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * How one timing compares with its baseline: {@code regressed}, {@code improved}, {@code unchanged}
 * or {@code inconclusive}, the ratio of its median to the baseline's (NaN where none could be
 * formed), the interval the ratio would fall in without a change (see {@link BaselineRule}), and why;
 * and whether the regression gate may fail the test for it ({@code gated}: a test's invocation is
 * not, unless asked).
 */
public record BaselineVerdict(String verdict, double ratio, double low, double high, String reason, boolean gated) {

    public BaselineVerdict(String verdict, double ratio, double low, double high, String reason) {
        this(verdict, ratio, low, high, reason, true);
    }

    public static final String REGRESSED = "regressed";
    public static final String IMPROVED = "improved";
    public static final String UNCHANGED = "unchanged";
    public static final String INCONCLUSIVE = "inconclusive";

    public BaselineVerdict {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(reason, "reason");
        if (!verdict.equals(REGRESSED) && !verdict.equals(IMPROVED) && !verdict.equals(UNCHANGED) && !verdict.equals(INCONCLUSIVE)) {
            throw new IllegalArgumentException("unknown baseline verdict " + verdict);
        }
    }

    /** An inconclusive verdict with no ratio. */
    public static BaselineVerdict inconclusive(String reason) {
        return new BaselineVerdict(INCONCLUSIVE, Double.NaN, Double.NaN, Double.NaN, reason);
    }

    /** This verdict, which the gate does not apply to, saying {@code why} first. */
    public BaselineVerdict notGated(String why) {
        return new BaselineVerdict(verdict, ratio, low, high, why + "; " + reason, false);
    }

    public boolean regressed() {
        return verdict.equals(REGRESSED);
    }

    /** {@code regressed | ratio 2.01 [1.62, 2.49] | reason}, for the timing section. */
    public String describe() {
        return Double.isNaN(ratio) ? verdict + " | " + reason
                : String.format(Locale.ROOT, "%s | ratio %.3f [%.3f, %.3f] | %s", verdict, ratio, low, high, reason);
    }

    public Json.Obj toJson() {
        return Json.object().put("verdict", verdict).put("ratio", ratio).put("low", low).put("high", high).put("reason", reason).put("gated", gated);
    }

    public static BaselineVerdict fromJson(Map<String, Object> o) {
        return new BaselineVerdict((String) o.get("verdict"), number(o.get("ratio")), number(o.get("low")), number(o.get("high")),
                (String) o.get("reason"), !Boolean.FALSE.equals(o.get("gated")));
    }

    private static double number(Object v) {
        return v == null ? Double.NaN : ((Number) v).doubleValue();
    }
}
