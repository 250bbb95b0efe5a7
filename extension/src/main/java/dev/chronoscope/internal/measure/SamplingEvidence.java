package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.measure.check.Evidence;
import dev.chronoscope.internal.measure.check.JitSeen;
import dev.chronoscope.internal.measure.check.Sampling;
import dev.chronoscope.internal.measure.check.WarmedUp;
import dev.chronoscope.internal.measure.check.WhileSampling;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The self-checks' evidence ({@link Evidence}) from what a sampling read: its figures as the checks
 * read them, each fact not read made an explicit empty.
 */
final class SamplingEvidence {

    private SamplingEvidence() {
    }

    /**
     * What the self-checks read of a sampling: {@code faults} page faults (-1 unread) over {@code samples}
     * samples of {@code k} calls, what the JIT watch saw, the other threads' parts (empty: unread).
     */
    static Evidence of(long faults, long samples, int k, Optional<JitSeen> jit, List<ThreadCpu.Part> threads,
                       String unit) {
        OptionalLong read = faults < 0 ? OptionalLong.empty() : OptionalLong.of(faults);
        WhileSampling seen = new WhileSampling(read, jit, ThreadCpu.otherThreads(threads));
        return Evidence.of(new Sampling(samples, k, unit), seen);
    }

    /**
     * The level {@code warmup} ended at, for the samples in {@code recorder}; empty: no warm-up ran ({@link
     * ProbeWarmup#NONE}), or no samples.
     */
    static Optional<WarmedUp> warmedUp(SampleRecorder recorder, ProbeWarmup warmup) {
        return !warmup.ran() || recorder.samples().isEmpty() ? Optional.empty()
                : Optional.of(new WarmedUp(warmup.settledLevel(), warmup.settled()));
    }
}
