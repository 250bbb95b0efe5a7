package dev.chronoscope.internal.measure.check;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * What was read while the samples were taken; each empty where it was not read (no {@code /proc},
 * no HotSpot counters, region warm-ups off), and then its check has nothing to say.
 *
 * @param faults  the measuring thread's minor page faults meanwhile
 * @param jit     what the JIT watch saw of the timed code; empty with region warm-ups off, where a
 *                timing is of whatever code runs, as asked
 * @param threads the CPU time the JVM's other threads used in each half, and the timing thread's waits
 */
public record WhileSampling(OptionalLong faults, Optional<JitSeen> jit, Optional<OtherThreads> threads) {
}
