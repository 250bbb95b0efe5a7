package dev.chronoscope.internal.stats;

/**
 * The standard normal distribution's cumulative distribution function, to double precision.
 *
 * <p>Hart's algorithm 5666 (J. F. Hart et al., <i>Computer Approximations</i>, Wiley 1968) as
 * given by Graeme West, "Better approximations to cumulative normal functions", Wilmott Magazine
 * 2005: a rational approximation for |x| &lt; 7.07 and a continued fraction beyond, accurate to
 * about 1e-15 absolute over the whole line. Tails below 1e-300 return 0.
 */
public final class Normal {

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
                double num = 3.52624965998911e-02 * a + 0.700383064443688;
                num = num * a + 6.37396220353165;
                num = num * a + 33.912866078383;
                num = num * a + 112.079291497871;
                num = num * a + 221.213596169931;
                num = num * a + 220.206867912376;
                double den = 8.83883476483184e-02 * a + 1.75566716318264;
                den = den * a + 16.064177579207;
                den = den * a + 86.7807322029461;
                den = den * a + 296.564248779674;
                den = den * a + 637.333633378831;
                den = den * a + 793.826512519948;
                den = den * a + 440.413735824752;
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

    /** P(Z &gt; x), computed without cancellation for large x. */
    public static double upperTail(double x) {
        return cdf(-x);
    }
}
