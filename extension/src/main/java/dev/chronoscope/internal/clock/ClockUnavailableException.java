package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;

/** The clock cannot be read on this machine; the message says why. */
public final class ClockUnavailableException extends Exception {
    private final ClockId clock;

    public ClockUnavailableException(ClockId clock, String reason) {
        super(clock + " cannot be read here: " + reason);
        this.clock = clock;
    }

    public ClockId clock() {
        return clock;
    }
}
