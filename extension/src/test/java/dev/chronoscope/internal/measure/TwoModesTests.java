package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.measure.check.Refusal;
import dev.chronoscope.internal.measure.check.TwoModesCheck;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** The two-modes self-check on samples drawn from known shapes. */
class TwoModesTests {

    private static Timing timing(long[] samples, double step, TimingMode mode, int calls) {
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        Summary raw = new Summary(ClockUnit.NANOSECONDS, sorted.length, sorted[0], sorted[sorted.length / 2], 0, 0, 0, 0, 0);
        return Timing.builder().label("region").clock(ClockId.CLOCK_MONOTONIC).readMethod("test").sortedSamples(sorted)
                .floor(new ProbeFloor(ClockId.CLOCK_MONOTONIC, raw, raw, 1)).step(step, "test").raw(raw)
                .verdict(Verdict.RESOLVED, "resolved").mode(mode, calls).build();
    }

    /** {@code n} samples around {@code median}, log-normally spread by {@code sigma}, rounded to whole {@code step}s. */
    private static long[] around(SplittableRandom random, int n, double median, double sigma, double step) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            double gauss = Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
            out[i] = Math.round(median * Math.exp(sigma * gauss) / step) * (long) step;
        }
        return out;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** 60 % of 1,000 batch samples of 100 calls around 4.6 ns per call, 40 % around 62.6 ns. */
    private static long[] twoGroups() {
        SplittableRandom random = new SplittableRandom(1);
        return concat(around(random, 600, 460, 0.03, 10), around(random, 400, 6260, 0.03, 10));
    }

    /** The check on {@code timing}, figures in {@code unit}. */
    private static Optional<Refusal> twoModes(Timing timing, String unit) {
        return new TwoModesCheck().judge(timing, SamplingEvidence.of(-1, timing.kept(), timing.callsPerSample(),
                Optional.empty(), List.of(), unit));
    }

    @Test
    void twoCompiledFormsOfOneLoopAreTwoModes() {
        long[] samples = twoGroups();

        assertThat(twoModes(timing(samples, 1, TimingMode.THROUGHPUT, 100), "ns").map(Refusal::reason)).hasValueSatisfying(reason ->
                assertThat(reason).startsWith("self-check two modes: 60 % of the samples read 5 ns per call or less (their middle: 4.6)")
                        .contains("and 40 % read 57.5 or more (their middle: 62.4), x13.57 apart"));
    }

    @Test
    void latencyTimingsAreNotJudged() {
        assertThat(twoModes(timing(twoGroups(), 10, TimingMode.LATENCY, 1), "ns")).isEmpty();
    }

    @Test
    void oneWideModeWithALongTailIsNotTwo() {
        SplittableRandom random = new SplittableRandom(2);
        long[] samples = concat(around(random, 950, 300, 0.15, 10), around(random, 50, 3000, 0.5, 10));

        assertThat(twoModes(timing(samples, 10, TimingMode.THROUGHPUT, 1), "ns")).isEmpty();
    }

    @Test
    void aCoarseClocksStepsAreNotModes() {
        // a 25 ns region read through a 10 ns clock: 20 and 30 ns, half each, x1.5 apart but one step
        long[] samples = new long[1000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = i % 2 == 0 ? 20 : 30;
        }

        assertThat(twoModes(timing(samples, 10, TimingMode.THROUGHPUT, 1), "ns")).isEmpty();
    }

    @Test
    void tooFewSamplesAreNotJudged() {
        SplittableRandom random = new SplittableRandom(3);
        long[] samples = concat(around(random, 60, 100, 0.01, 1), around(random, 60, 300, 0.01, 1));

        assertThat(twoModes(timing(samples, 1, TimingMode.THROUGHPUT, 1), "ns")).isEmpty();
    }
}
