package dev.chronoscope.internal.measure.check;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;

/** The checks' thresholds in the docs' table's words: {@code x1.25}, {@code 25 %}, {@code a third}, {@code ten}. */
final class Prose {

    private static final Map<Long, String> NUMBERS = Map.of(2L, "two", 3L, "three", 4L, "four", 5L, "five", 10L, "ten");

    private Prose() {
    }

    /** A factor as the docs write it: {@code x1.25}, {@code x3}. */
    static String times(double factor) {
        return "x" + BigDecimal.valueOf(factor).stripTrailingZeros().toPlainString();
    }

    /** A share as a percentage: {@code 25 %}. */
    static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * share);
    }

    /** A share in words where the docs use words ({@code half}, {@code a third}), else as a percentage. */
    static String share(double share) {
        if (share == 0.5) {
            return "half";
        }
        return Math.abs(share - 1.0 / 3) < 1e-12 ? "a third" : percent(share);
    }

    /** A small count in words ({@code ten}), a larger one in digits. */
    static String number(long n) {
        return NUMBERS.getOrDefault(n, Long.toString(n));
    }
}
