package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.measure.check.Refusal;
import dev.chronoscope.internal.measure.check.WorkBesideCheck;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The work-beside check's rule on the figures it reads: sustained work on other threads through both
 * halves of a sampling refuses it; a burst in one half, as Surefire's stream flusher wrote the tests'
 * output during a 51.6 ms sampling in a CI build (5.5 ms, 11 %, the figure unchanged), does not; nor
 * does work the timing thread waited for.
 */
class WorkBesideCheckTests {

    private static final long THREAD = Long.MAX_VALUE;

    private static ThreadCpu.Part part(double otherMs, double wallMs, long waits) {
        long others = (long) (otherMs * 1e6);
        return new ThreadCpu.Part(new ThreadCpu.Used(others, List.of(new ThreadCpu.ThreadUse(THREAD, others)), waits), (long) (wallMs * 1e6));
    }

    /** The check on {@code parts} of a sampling of {@code samples} samples, read as a sampling hands them over. */
    private static Optional<Refusal> workBeside(List<ThreadCpu.Part> parts, long samples) {
        Summary raw = new Summary(ClockUnit.NANOSECONDS, 3, 2, 2, 2, 2, 2, 2, 0);
        Timing figure = Timing.builder().label("region").clock(ClockId.CLOCK_MONOTONIC).readMethod("test")
                .sortedSamples(new long[]{1, 2, 3}).floor(new ProbeFloor(ClockId.CLOCK_MONOTONIC, raw, raw, 1)).step(1, "test")
                .raw(raw).verdict(Verdict.RESOLVED, "resolved").build();
        return new WorkBesideCheck().judge(figure, SamplingEvidence.of(-1, samples, 1, Optional.empty(), parts, "ns"));
    }

    @Test
    void workBesideBothHalvesIsRefusedNamingTheThreadsAndTheWaits() {
        assertThat(workBeside(List.of(part(79.0, 79.0, 0), part(78.8, 79.0, 0)), 50_000).map(Refusal::reason)).hasValueSatisfying(reason ->
                assertThat(reason).startsWith("self-check work beside: while the samples were taken (158.0 ms), other threads"
                        + " of this JVM used 157.8 ms of CPU (100 % and 100 % of each half's time: thread " + THREAD + " 157.8 ms)")
                        .contains("(0 voluntary context switches in 50000 samples)"));
    }

    @Test
    void aBurstInOneHalfIsNotWorkBeside() {
        assertThat(workBeside(List.of(part(5.5, 25.8, 0), part(0.0, 25.8, 0)), 200)).isEmpty();
        assertThat(workBeside(List.of(part(2.75, 25.8, 0), part(2.75, 25.8, 0)), 200).map(Refusal::reason))
                .as("the same burst across the middle: a tenth of each half, under a quarter").isEmpty();
    }

    @Test
    void workTheTimingThreadWaitedForIsWithinItsCalls() {
        assertThat(workBeside(List.of(part(10, 20, 260), part(10, 20, 240)), 500)).isEmpty();
        assertThat(workBeside(List.of(part(10, 20, 3), part(10, 20, 2)), 500).map(Refusal::reason))
                .as("a few waits: safepoints, not waiting for the work").isPresent();
    }

    @Test
    void nothingReadIsNothingToSay() {
        assertThat(workBeside(List.of(), 500)).isEmpty();
        assertThat(workBeside(List.of(part(10, 20, -1), part(10, 20, -1)), 500)).as("waits unread").isEmpty();
    }
}
