package dev.chronoscope.internal.measure;

import dev.chronoscope.ProbeFloor;
import dev.chronoscope.TimingMode;

import java.util.Objects;

/**
 * How a region's samples are taken and read: latency, one call per sample net of the probe's floor;
 * or throughput, batches of calls per sample read per call, net of the floor of the same batch loop
 * with an empty region. The mode is a type, so no null floor has to stand for latency.
 */
sealed interface SamplingMode permits SamplingMode.Latency, SamplingMode.Throughput {

    /** One call alone per sample. */
    Latency LATENCY = new Latency();

    /** Calls per sample: 1 for latency. */
    int callsPerSample();

    /** The mode as the timing's record names it. */
    TimingMode timingMode();

    /** Latency: one call alone between each pair of fenced reads, net of the probe's floor. */
    record Latency() implements SamplingMode {

        @Override
        public int callsPerSample() {
            return 1;
        }

        @Override
        public TimingMode timingMode() {
            return TimingMode.LATENCY;
        }
    }

    /**
     * Throughput: {@code callsPerSample} calls back to back per sample, figures per call net of
     * {@code batchFloor}, the per-call floor of {@code empty} (an inlined empty region) at that
     * batch size ({@link BatchSizing#floor}).
     */
    record Throughput(int callsPerSample, ProbeFloor batchFloor, Region empty) implements SamplingMode {

        public Throughput {
            Objects.requireNonNull(batchFloor, "batchFloor");
            Objects.requireNonNull(empty, "empty");
        }

        @Override
        public TimingMode timingMode() {
            return TimingMode.THROUGHPUT;
        }

        /**
         * This mode net of the lower of its batch floor and the floor read again now, right after
         * the samples ({@link BatchSizing#lowerFloorAfter}); itself where the floor read before stands.
         */
        Throughput withFloorReadAgain(BatchSizing sizing) {
            ProbeFloor lower = sizing.lowerFloorAfter(empty, callsPerSample, batchFloor);
            return lower == batchFloor ? this : new Throughput(callsPerSample, lower, empty);
        }
    }
}
