package dev.chronoscope.internal.measure.check;

/**
 * How far apart two figures without intervals of their own must be before the checks call the
 * difference more than noise: one home for the factor the checks share.
 */
public final class Noise {

    /**
     * Two figures without intervals differ beyond noise when one exceeds the other by this factor; what it
     * caught and let stand: docs/evidence/real-library-code.md#the-self-checks, docs/evidence/jmh-agreement.md.
     */
    public static final double RATIO = 1.25;

    private Noise() {
    }
}
