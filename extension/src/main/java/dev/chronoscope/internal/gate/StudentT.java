package dev.chronoscope.internal.gate;

/**
 * Student's t quantiles the gate's intervals use: tabled for 1 to 30 degrees of freedom, Cornish–Fisher beyond,
 * the normal quantile for none.
 */
final class StudentT {

    /** Two-sided 99 %: Student's t 99.5th percentiles for 1 to 30 degrees of freedom. */
    private static final double[] T_995 = {
            63.657, 9.925, 5.841, 4.604, 4.032, 3.707, 3.499, 3.355, 3.250, 3.169,
            3.106, 3.055, 3.012, 2.977, 2.947, 2.921, 2.898, 2.878, 2.861, 2.845,
            2.831, 2.819, 2.807, 2.797, 2.787, 2.779, 2.771, 2.763, 2.756, 2.750};
    /** Two-sided 90 %: Student's t 95th percentiles for 1 to 30 degrees of freedom. */
    private static final double[] T_95 = {
            6.314, 2.920, 2.353, 2.132, 2.015, 1.943, 1.895, 1.860, 1.833, 1.812,
            1.796, 1.782, 1.771, 1.761, 1.753, 1.746, 1.740, 1.734, 1.729, 1.725,
            1.721, 1.717, 1.714, 1.711, 1.708, 1.706, 1.703, 1.701, 1.699, 1.697};
    /** The normal 99.5th percentile: the limit of {@link #T_995} with no degrees of freedom to pay for. */
    private static final double Z_995 = 2.5758;
    /** The normal 95th percentile: the limit of {@link #T_95}. */
    private static final double Z_95 = 1.6449;

    private StudentT() {
    }

    /** The 99.5th percentile for {@code df} degrees of freedom. */
    static double t995(int df) {
        return t(df, T_995, Z_995);
    }

    /** The 95th percentile for {@code df} degrees of freedom. */
    static double t95(int df) {
        return t(df, T_95, Z_95);
    }

    private static double t(int df, double[] table, double z) {
        if (df < 0) {
            throw new IllegalArgumentException("degrees of freedom must not be negative: " + df);
        }
        if (df == 0) {
            return z;
        }
        return df <= table.length ? table[df - 1] : z + (z * z * z + z) / (4.0 * df);
    }
}
