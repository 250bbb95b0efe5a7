package dev.chronoscope.internal.stats;

import java.util.List;

/**
 * The standard normal distribution's cumulative distribution function, to double precision.
 *
 * <p>Hart's algorithm 5666 (J. F. Hart et al., <i>Computer Approximations</i>, Wiley 1968) as
 * given by Graeme West, "Better approximations to cumulative normal functions", Wilmott Magazine
 * 2005: a rational approximation for |x| &lt; 7.07 and a continued fraction beyond, accurate to
 * about 1e-15 absolute over the whole line. Tails below 1e-300 return 0.
 */
public final class Normal {

    /** The rational approximation's numerator, highest power first. */
    private static final List<Double> NUMERATOR = List.of(3.52624965998911e-02, 0.700383064443688, 6.37396220353165,
            33.912866078383, 112.079291497871, 221.213596169931, 220.206867912376);
    /** ...and its denominator. */
    private static final List<Double> DENOMINATOR = List.of(8.83883476483184e-02, 1.75566716318264, 16.064177579207,
            86.7807322029461, 296.564248779674, 637.333633378831, 793.826512519948, 440.413735824752);

    private Normal() {
    }

    /** P(Z &le; x) for a standard normal Z. */
    public static double cdf(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        double a = Math.abs(x);
        double lower;
        if (a > 37) {
            lower = 0;
        } else {
            double e = Math.exp(-a * a / 2);
            if (a < 7.07106781186547) {
                double num = horner(a, NUMERATOR);
                double den = horner(a, DENOMINATOR);
                lower = e * num / den;
            } else {
                double b = a + 0.65;
                b = a + 4 / b;
                b = a + 3 / b;
                b = a + 2 / b;
                b = a + 1 / b;
                lower = e / b / 2.506628274631;
            }
        }
        return x > 0 ? 1 - lower : lower;
    }

    /** The polynomial with {@code coefficients} (highest power first) at {@code x}, by Horner's rule. */
    private static double horner(double x, List<Double> coefficients) {
        double value = coefficients.get(0);
        for (int i = 1; i < coefficients.size(); i++) {
            value = value * x + coefficients.get(i);
        }
        return value;
    }

    /** P(Z &gt; x), computed without cancellation for large x. */
    public static double upperTail(double x) {
        return cdf(-x);
    }
}
