package dev.chronoscope;

import org.apiguardian.api.API;

import java.util.Locale;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code TimingMode} is used to say which question a {@link Timing}'s figures answer. The two differ
 * for short regions: back to back, the CPU overlaps consecutive calls, which one call alone cannot.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum TimingMode {
    /** Latency: each sample is one call alone, between two fenced reads of the clock. */
    LATENCY,
    /**
     * Throughput: each sample is a batch of {@link Timing#callsPerSample()} calls back to back
     * between two fenced reads; the figures are per call (the batch divided by its calls), as JMH's
     * average time is.
     */
    THROUGHPUT;

    /** The name used in records and sections: {@code latency} or {@code throughput}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Which question the figures answer, in a few words, for {@code callsPerSample} calls per sample
     * read with {@code clock}: "fenced" only where the reads are ({@link ClockId#TSC_FENCED}); a
     * POSIX clock's read has no fence, and saying so was wrong.
     */
    public String question(int callsPerSample, ClockId clock) {
        return this == LATENCY ? (clock == ClockId.TSC_FENCED ? "latency: one call alone, between fenced reads"
                : "latency: one call alone") : "throughput: per call, " + callsPerSample + " call"
                + (callsPerSample == 1 ? "" : "s") + " back to back";
    }
}
