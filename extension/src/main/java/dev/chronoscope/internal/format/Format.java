package dev.chronoscope.internal.format;

import java.util.Locale;

/**
 * Numbers as Chronoscope prints them, in named styles: the assertion messages, the timing sections,
 * the run report and the doctor all print through here, so one figure reads the same everywhere.
 * Plain ASCII (but for the run report's {@link #reportDuration}, whose HTML says µs), the same in
 * every locale; a value that is missing or cannot be computed (NaN) is {@value #MISSING} in every style. Depends on
 * nothing else of Chronoscope, so every layer may use it.
 */
public final class Format {

    /** What every style prints for NaN. */
    public static final String MISSING = "n/a";

    private Format() {
    }

    /**
     * A duration in nanoseconds with a fitting unit and four significant digits: {@code 6.923 ns},
     * {@code 41.20 ns}, {@code 193.1 ns}, {@code 900 ns}, {@code 3.949 us}, {@code 1 ms}.
     */
    public static String duration(double nanos) {
        if (!Double.isFinite(nanos)) {
            return nonFinite(nanos);
        }
        double a = Math.abs(nanos);
        if (a < 999.95) {
            return fourDigits(nanos) + " ns";
        }
        if (a < 999_950) {
            return fourDigits(nanos / 1e3) + " us";
        }
        if (a < 999_950_000) {
            return fourDigits(nanos / 1e6) + " ms";
        }
        return fourDigits(nanos / 1e9) + " s";
    }

    /**
     * A duration in nanoseconds as the run report and its plots print it: the unit that reads best
     * and a fixed number of decimals for that unit, so that figures in one column line up:
     * {@code 80.1 ns}, {@code 3.95 µs}, {@code 1.20 ms}, {@code 2.500 s}.
     */
    public static String reportDuration(double nanos) {
        if (!Double.isFinite(nanos)) {
            return nonFinite(nanos);
        }
        double a = Math.abs(nanos);
        if (a < 1e3) {
            return String.format(Locale.ROOT, "%.1f ns", nanos);
        }
        if (a < 1e6) {
            return String.format(Locale.ROOT, "%.2f µs", nanos / 1e3);
        }
        if (a < 1e9) {
            return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    /**
     * Four significant digits below 1,000, whole numbers shown whole: {@code 6.923}, {@code 41.20}, {@code 193.1},
     * {@code 900}, {@code 1}.
     */
    private static String fourDigits(double v) {
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

    /**
     * A figure in the clock's unit (ticks or ns) as the full timing section prints it, which scripts
     * and tests read back: whole numbers whole, others to one decimal, no separators, always '.':
     * {@code 108}, {@code 29.9}.
     */
    public static String units(double v) {
        if (!Double.isFinite(v)) {
            return nonFinite(v);
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v)
                : String.format(Locale.ROOT, "%.1f", v);
    }

    /**
     * A figure in the clock's unit as verdicts and self-checks state it: as {@link #units}, but a
     * fraction of one unit (a batch's quantum per call) to three decimals, where one would print it
     * as 0.0: {@code 108}, {@code 29.9}, {@code 0.125}.
     */
    public static String unitsOrFraction(double v) {
        if (Double.isFinite(v) && v != Math.rint(v) && Math.abs(v) < 1) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        return units(v);
    }

    /**
     * A multiple of a threshold's reference, rounded down so that one just under a threshold never
     * prints as the threshold: two decimals below 10, one below 100, whole above: {@code 3.99x},
     * {@code 84.9x}, {@code 150x}.
     */
    public static String multiple(double r) {
        if (!Double.isFinite(r)) {
            return nonFinite(r);
        }
        if (r < 10) {
            return String.format(Locale.ROOT, "%.2fx", Math.floor(r * 100) / 100);
        }
        return r < 100 ? String.format(Locale.ROOT, "%.1fx", Math.floor(r * 10) / 10)
                : String.format(Locale.ROOT, "%.0fx", Math.floor(r));
    }

    /**
     * A clock's quantum in its unit: whole ones with separators, others to a hundredth, as a quantum
     * can be a fraction of a unit: {@code 4,000,000}, {@code 24.45}.
     */
    public static String quantum(double v) {
        if (!Double.isFinite(v)) {
            return nonFinite(v);
        }
        return v == Math.rint(v) ? count((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    /** A count with thousands separators: {@code 1,000,000}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /**
     * A ratio to four significant digits, trailing zeros dropped: {@code 3}, {@code 1.1}, {@code 0.9091}, {@code
     * 96.21}.
     */
    public static String ratio(double v) {
        if (!Double.isFinite(v)) {
            return nonFinite(v);
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
            s = Text.stripTrailing(s, '0');
            s = s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
        }
        return s;
    }

    /**
     * A share as a percentage, whole ones whole: {@code 100 %}, {@code 95 %}, {@code 35.8 %}, {@code >99.9 %}, {@code
     * 0.0012 %}.
     */
    public static String percent(double fraction) {
        if (!Double.isFinite(fraction)) {
            return nonFinite(fraction);
        }
        double p = 100 * fraction;
        if (p == Math.rint(p)) {
            return String.format(Locale.ROOT, "%d %%", (long) p);
        }
        if (p >= 99.95 && p < 100) {
            return ">99.9 %"; // not "100.0 %": not every one
        }
        if (p >= 0.1) {
            return String.format(Locale.ROOT, "%.1f %%", p);
        }
        return String.format(Locale.ROOT, "%.2g %%", p);
    }

    /** A probability or p-value: {@code 0.0312}, {@code 1.2e-08}, {@code < 1e-300}. */
    public static String probability(double p) {
        if (Double.isNaN(p)) {
            return MISSING;
        }
        if (p == 0) {
            return "< 1e-300";
        }
        return p >= 0.001 ? String.format(Locale.ROOT, "%.4f", p) : String.format(Locale.ROOT, "%.2g", p);
    }

    /** A percentile's name: {@code p50}, {@code p99.9}. */
    public static String percentile(double p) {
        return p == Math.rint(p) ? "p" + (long) p : "p" + p;
    }

    /** Bytes to a tenth, without the decimal where that is whole: {@code 80}, {@code 0.5}, {@code 1,024}. */
    public static String bytes(double v) {
        if (!Double.isFinite(v)) {
            return nonFinite(v);
        }
        double tenths = Math.rint(v * 10) / 10;
        return tenths == Math.rint(tenths) ? String.format(Locale.ROOT, "%,d", (long) tenths)
                : String.format(Locale.ROOT, "%,.1f", tenths);
    }

    /** A clock's frequency in MHz to the Hz: {@code 2445.4200 MHz}. */
    public static String frequency(double hz) {
        return String.format(Locale.ROOT, "%.4f MHz", hz / 1e6);
    }

    /** A calibrated frequency and its uncertainty: {@code 2445.4200 MHz +-3.0 ppm}. */
    public static String frequency(double hz, double uncertaintyPpm) {
        return frequency(hz) + String.format(Locale.ROOT, " +-%.1f ppm", uncertaintyPpm);
    }

    /** A signed difference in parts per million: {@code +0.085 ppm}, {@code -2,308 ppm}, {@code +0.000 ppm}. */
    public static String ppm(double v) {
        if (Math.abs(v) < 0.0005) {
            v = 0; // no "-0.000"
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%+,.0f ppm" : "%+.3f ppm", v);
    }

    /** A budget or an elapsed time in whole milliseconds: {@code 120 ms}. */
    public static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
    }

    /** A tool's running time in seconds to a tenth: {@code 2.7 s}. */
    public static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    private static String nonFinite(double v) {
        return Double.isNaN(v) ? MISSING : v > 0 ? "unbounded" : "-unbounded";
    }
}
