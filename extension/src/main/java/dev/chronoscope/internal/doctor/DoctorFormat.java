package dev.chronoscope.internal.doctor;

import java.util.Locale;

/** Number formats shared by the doctor's text and warnings: locale-independent, thousands separated. */
final class DoctorFormat {

    private DoctorFormat() {
    }

    /** A duration or count in nanoseconds: {@code 4,000,000}, {@code 670}, {@code 23.5}, {@code 0.385}. */
    static String number(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        double a = Math.abs(v);
        if (v == Math.rint(v) && a < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    static String ns(double v) {
        return number(v) + " ns";
    }

    /** {@code 100 %}, {@code 35.8 %}, {@code 0.0012 %}, {@code 0 %}. */
    static String percent(double fraction) {
        double p = 100 * fraction;
        if (p == Math.rint(p)) {
            return String.format(Locale.ROOT, "%d %%", (long) p);
        }
        if (p >= 99.95 && p < 100) {
            return ">99.9 %";
        }
        if (p >= 0.1) {
            return String.format(Locale.ROOT, "%.1f %%", p);
        }
        return String.format(Locale.ROOT, "%.2g %%", p);
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String ppm(double v) {
        if (Math.abs(v) < 0.0005) {
            v = 0; // no "-0.000"
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%+,.0f ppm" : "%+.3f ppm", v);
    }

    static String mhz(double hz) {
        return String.format(Locale.ROOT, "%.4f MHz", hz / 1e6);
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
    }

    static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }
}
