package dev.chronoscope.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.report.Stalls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A few samples far slower than the rest lift a timing's mean well over its median: said beside the
 * figure, with how many samples and what share of the time they hold, in the section and the record.
 */
class StallsTests {

    @TempDir
    Path dir;

    /** A cheap region that spins 300 µs every 250th call: 8 stalls in 2,000 calls. */
    static class StallingTestCase {
        private long calls;

        long region() {
            if (++calls % 250 == 0) {
                long until = System.nanoTime() + 300_000;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
            return calls;
        }

        @Test
        @MeasureWith(ClockId.CLOCK_MONOTONIC)
        void stalling(Probe probe) {
            probe.repeat("stalling", 2_000, this::region);
        }
    }

    @Test
    void aMeanLiftedByAFewSlowSamplesIsSaidInTheSectionAndTheRecord() {
        KitRun run = ChronoscopeKit.in(dir).run(StallingTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(1));
        assertThat(run.section("StallingTestCase.stalling(Probe)"))
                .containsPattern("stalls +the mean is [\\d.]+x the median: \\d+ of [\\d,]+ samples over 3x the median hold [\\d.]+ %");
        JsonRecord record = run.record("StallingTestCase.stalling(Probe)");
        assertThat(record.timing("stalling").number("noise.stalls.meanOverMedian")).isGreaterThanOrEqualTo(Stalls.MEAN_OVER_MEDIAN);
        // 8 spinning calls in 2,000; a sample that moved between CPUs is dropped, so a few may be missing
        assertThat(record.timing("stalling").whole("noise.stalls.slowSamples")).as("the spinning calls").isGreaterThanOrEqualTo(5);
    }

    @Test
    void onlyAMeanWellOverItsMedianIsSaidAndItsCauseIsWhatWasCounted() {
        long[] steady = new long[1_000];
        Arrays.fill(steady, 100);
        steady[999] = 130;
        assertThat(Stalls.of(latency(steady, 0))).as("mean 100.03 over median 100").isEmpty();
        long[] stalled = new long[1_000];
        Arrays.fill(stalled, 100);
        for (int i = 990; i < 1_000; i++) {
            stalled[i] = 10_000; // 10 samples of 100x: 100,000 of 199,000 units
        }
        Stalls stalls = Stalls.of(latency(stalled, 3)).orElseThrow();
        assertThat(stalls.meanOverMedian()).isEqualTo(1.99, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(stalls.slowSamples()).isEqualTo(10);
        assertThat(stalls.slowShare()).isEqualTo(100_000.0 / 199_000, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(stalls.describe(latency(stalled, 3))).startsWith("the mean is 1.99x the median: 10 of 1,000 samples over 3x the"
                + " median hold 50.3 % of the sampled time (preempted 3x while sampling)");
        assertThat(stalls.describe(latency(stalled, 0))).contains("no preemption or collection counted while sampling");
    }

    /** A latency timing of {@code sorted} ns, with {@code preempted} involuntary context switches counted. */
    private static Timing latency(long[] sorted, long preempted) {
        double mean = Arrays.stream(sorted).average().orElseThrow();
        double p50 = sorted[sorted.length / 2 - 1];
        Summary raw = new Summary(ClockUnit.NANOSECONDS, sorted.length, sorted[0], p50, p50, p50, sorted[sorted.length - 1], mean, 0);
        Summary floor = new Summary(ClockUnit.NANOSECONDS, 3, 20, 20, 20, 20, 20, 20, 0);
        return Timing.builder().label("region").clock(ClockId.CLOCK_MONOTONIC).readMethod("test").sortedSamples(sorted)
                .floor(new ProbeFloor(ClockId.CLOCK_MONOTONIC, floor, floor, 1)).step(1, "test").raw(raw)
                .involuntaryContextSwitches(preempted).verdict(Verdict.RESOLVED, "resolved").mode(TimingMode.LATENCY, 1).build();
    }
}
