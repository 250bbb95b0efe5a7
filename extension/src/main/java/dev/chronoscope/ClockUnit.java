package dev.chronoscope;

import org.apiguardian.api.API;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/** {@code ClockUnit} is used to say what a clock's raw readings count. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ClockUnit {
    /** Counter ticks at the counter's fixed reference rate; not core cycles. */
    TICKS("ticks"),
    /** Nanoseconds. */
    NANOSECONDS("ns");

    private final String symbol;

    ClockUnit(String symbol) {
        this.symbol = symbol;
    }

    /** The short name used in reports: {@code ticks} or {@code ns}. */
    public String symbol() {
        return symbol;
    }
}
