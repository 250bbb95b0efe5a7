package dev.chronoscope.internal.stats;

import java.util.Locale;

/** Numbers as the assertion messages print them: plain ASCII, the same in every locale. */
public final class Format {

    private Format() {
    }

    /**
     * A duration in nanoseconds with a fitting unit and four significant digits: {@code 6.923 ns},
     * {@code 41.20 ns}, {@code 193.1 ns}, {@code 900 ns}, {@code 3.949 us}, {@code 1 ms}.
     */
    public static String duration(double nanos) {
        if (Double.isNaN(nanos)) {
            return "n/a";
        }
        if (Double.isInfinite(nanos)) {
            return nanos > 0 ? "unbounded" : "-unbounded";
        }
        double a = Math.abs(nanos);
        if (a < 999.95) {
            return fixed(nanos) + " ns";
        }
        if (a < 999_950) {
            return fixed(nanos / 1e3) + " us";
        }
        if (a < 999_950_000) {
            return fixed(nanos / 1e6) + " ms";
        }
        return fixed(nanos / 1e9) + " s";
    }

    /** Four significant digits below 1,000, whole numbers shown whole: {@code 6.923}, {@code 41.20}, {@code 193.1}, {@code 900}, {@code 1}. */
    private static String fixed(double v) {
        double a = Math.abs(v);
        if (a == Math.rint(a)) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, a >= 1000 ? "%.0f" : "%.1f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** A ratio to four significant digits, trailing zeros dropped: {@code 3}, {@code 1.1}, {@code 0.9091}, {@code 96.21}. */
    public static String ratio(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "unbounded" : "-unbounded";
        }
        double a = Math.abs(v);
        String s;
        if (a >= 1000) {
            s = String.format(Locale.ROOT, "%.0f", v);
        } else if (a >= 100) {
            s = String.format(Locale.ROOT, "%.1f", v);
        } else if (a >= 10) {
            s = String.format(Locale.ROOT, "%.2f", v);
        } else if (a >= 1 || a == 0) {
            s = String.format(Locale.ROOT, "%.3f", v);
        } else {
            s = String.format(Locale.ROOT, "%.4g", v);
        }
        if (s.contains(".") && !s.contains("e")) {
            s = s.replaceAll("0+$", "");
            s = s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
        }
        return s;
    }

    /** A count with thousands separators: {@code 1,000,000}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A value in the clock's unit: whole numbers without decimals. */
    public static String units(double v) {
        if (Double.isInfinite(v)) {
            return v > 0 ? "unbounded" : "-unbounded";
        }
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /** A probability or p-value: {@code 0.0312}, {@code 1.2e-08}, {@code < 1e-300}. */
    public static String probability(double p) {
        if (Double.isNaN(p)) {
            return "n/a";
        }
        if (p == 0) {
            return "< 1e-300";
        }
        return p >= 0.001 ? String.format(Locale.ROOT, "%.4f", p) : String.format(Locale.ROOT, "%.2g", p);
    }

    /** A percentage with one decimal: {@code 95.3 %}. */
    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * fraction);
    }

    /** A percentile's name: {@code p50}, {@code p99.9}. */
    public static String percentile(double p) {
        return p == Math.rint(p) ? "p" + (long) p : "p" + String.format(Locale.ROOT, "%s", p);
    }
}
