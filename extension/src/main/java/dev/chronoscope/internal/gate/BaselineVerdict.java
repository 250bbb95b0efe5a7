package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * How one timing compares with its baseline: {@code regressed}, {@code improved}, {@code unchanged}
 * or {@code inconclusive}, the ratio of its median to the baseline's (NaN where none could be
 * formed), the interval the ratio would fall in without a change (see {@link BaselineRule}), and why;
 * and whether the regression gate may fail the test for it ({@code gated}: a test's invocation is
 * not, unless asked); what the gate can see at the spread it judged with ({@code power}, null where
 * no spread was used), and the allocation per call's own verdict ({@code allocation}, null where not counted).
 */
public record BaselineVerdict(String verdict, double ratio, double low, double high, String reason, boolean gated,
        GatePower power,
                              AllocationVerdict allocation) {

    public BaselineVerdict(String verdict, double ratio, double low, double high, String reason) {
        this(verdict, ratio, low, high, reason, true);
    }

    public BaselineVerdict(String verdict, double ratio, double low, double high, String reason, boolean gated) {
        this(verdict, ratio, low, high, reason, gated, null, null);
    }

    public static final String REGRESSED = "regressed";
    public static final String IMPROVED = "improved";
    public static final String UNCHANGED = "unchanged";
    public static final String INCONCLUSIVE = "inconclusive";

    public BaselineVerdict {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(reason, "reason");
        if (!verdict.equals(REGRESSED) && !verdict.equals(IMPROVED) && !verdict.equals(UNCHANGED)
                && !verdict.equals(INCONCLUSIVE)) {
            throw new IllegalArgumentException("unknown baseline verdict " + verdict);
        }
    }

    /** An inconclusive verdict with no ratio. */
    public static BaselineVerdict inconclusive(String reason) {
        return new BaselineVerdict(INCONCLUSIVE, Double.NaN, Double.NaN, Double.NaN, reason);
    }

    /** This verdict, which the gate does not apply to, saying {@code why} first. */
    public BaselineVerdict notGated(String why) {
        return new BaselineVerdict(verdict, ratio, low, high, why + "; " + reason, false, power, allocation);
    }

    /** This verdict with {@code more} added to its reason. */
    public BaselineVerdict withReasonAdded(String more) {
        return new BaselineVerdict(verdict, ratio, low, high, reason + more, gated, power, allocation);
    }

    /** This verdict with what its gate can see. */
    public BaselineVerdict withPower(GatePower power) {
        return new BaselineVerdict(verdict, ratio, low, high, reason, gated, power, allocation);
    }

    /** This verdict with its allocation's own verdict (null: not counted). */
    public BaselineVerdict withAllocation(AllocationVerdict allocation) {
        return new BaselineVerdict(verdict, ratio, low, high, reason, gated, power, allocation);
    }

    /** Whether the gate may fail the test for this timing: its time or its allocation regressed, and is gated. */
    public boolean failsGate() {
        return (regressed() && gated) || (allocation != null && allocation.regressed() && allocation.gated());
    }

    public boolean regressed() {
        return verdict.equals(REGRESSED);
    }

    /** {@code regressed | ratio 2.01 [1.62, 2.49] | reason}, for the timing section. */
    public String describe() {
        return Double.isNaN(ratio) ? verdict + " | " + reason
                : String.format(Locale.ROOT, "%s | ratio %.3f [%.3f, %.3f] | %s", verdict, ratio, low, high, reason);
    }

    /**
     * A timing section's lines for this verdict, key and text: the verdict, what its gate can see, the allocation's
     * verdict.
     */
    public java.util.List<Map.Entry<String, String>> sectionLines() {
        java.util.List<Map.Entry<String, String>> lines = new java.util.ArrayList<>();
        lines.add(Map.entry("baseline", describe()));
        if (power != null) {
            lines.add(Map.entry("gate power", power.describe()));
        }
        if (allocation != null) {
            lines.add(Map.entry("alloc gate", allocation.describe()));
        }
        return lines;
    }

    public Json.Obj toJson() {
        return Json.object().put("verdict", verdict).put("ratio", ratio).put("low", low).put("high", high)
                .put("reason", reason).put("gated", gated)
                .put("power", power == null ? null : power.toJson()).put("allocation", allocation == null ? null
                : allocation.toJson());
    }

    public static BaselineVerdict fromJson(Map<String, Object> o) {
        return new BaselineVerdict((String) o.get("verdict"), number(o.get("ratio")), number(o.get("low")),
                number(o.get("high")),
                (String) o.get("reason"), !Boolean.FALSE.equals(o.get("gated")), GatePower.fromJson(o.get("power")),
                AllocationVerdict.fromJson(o.get("allocation")));
    }

    private static double number(Object v) {
        return v == null ? Double.NaN : ((Number) v).doubleValue();
    }
}
