package dev.chronoscope.internal.measure;

import java.util.function.DoubleSupplier;

/** Core-speed references for tests of other packages: readings scripted, not read from the chains. */
public final class CoreSpeedReferences {

    private CoreSpeedReferences() {
    }

    /** A reference whose every reading is {@code readings}' next value. */
    public static CoreSpeedReference scripted(DoubleSupplier readings) {
        return new CoreSpeedReference(readings);
    }
}
