package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.Json;
import java.util.Map;
import java.util.Objects;

/**
 * How a timing's allocation per call compares with its baseline runs' ({@link AllocationRule}):
 * {@code regressed}, {@code improved}, {@code unchanged} or {@code inconclusive}, independent of
 * the time verdict, with why; and whether the regression gate may fail the test for it.
 *
 * @param bytesPerCall this run's bytes per call
 * @param lowest       the fewest bytes per call among the baseline runs (NaN where none holds a count)
 * @param highest      the most among them (NaN where none holds a count)
 * @param tolerance    the bytes per call beyond their range that still count as theirs
 */
public record AllocationVerdict(String verdict, double bytesPerCall, double lowest, double highest, double tolerance,
        String reason,
                                boolean gated) {

    public AllocationVerdict {
        Objects.requireNonNull(reason, "reason");
        if (!verdict.equals(BaselineVerdict.REGRESSED) && !verdict.equals(BaselineVerdict.IMPROVED)
                && !verdict.equals(BaselineVerdict.UNCHANGED) && !verdict.equals(BaselineVerdict.INCONCLUSIVE)) {
            throw new IllegalArgumentException("unknown allocation verdict " + verdict);
        }
    }

    public boolean regressed() {
        return verdict.equals(BaselineVerdict.REGRESSED);
    }

    /** This verdict, which the gate does not apply to, saying {@code why} first. */
    public AllocationVerdict notGated(String why) {
        return new AllocationVerdict(verdict, bytesPerCall, lowest, highest, tolerance, why + "; " + reason, false);
    }

    /** {@code regressed | allocation 64 → 80 B/call, beyond the baseline runs' 64–64 …}, for the timing section. */
    public String describe() {
        return verdict + " | " + reason;
    }

    public Json.Obj toJson() {
        return Json.object().put("verdict", verdict).put("bytesPerCall", bytesPerCall).put("lowest", lowest)
                .put("highest", highest)
                .put("tolerance", tolerance).put("reason", reason).put("gated", gated);
    }

    /** The verdict a record's {@code allocation} member holds; null for null (records written before it existed). */
    public static AllocationVerdict fromJson(Object o) {
        if (!(o instanceof Map<?, ?> m)) {
            return null;
        }
        return new AllocationVerdict((String) m.get("verdict"), number(m.get("bytesPerCall")), number(m.get("lowest")),
                number(m.get("highest")), number(m.get("tolerance")), (String) m.get("reason"),
                        !Boolean.FALSE.equals(m.get("gated")));
    }

    private static double number(Object v) {
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
