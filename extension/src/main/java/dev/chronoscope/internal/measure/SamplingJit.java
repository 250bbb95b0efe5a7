package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.measure.check.JitDuringSamplingCheck;
import dev.chronoscope.internal.measure.check.JitSeen;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * Sees the JIT compile a timing's own code while its samples are taken: HotSpot's counters
 * ({@link CompileCounters}: compilations finished, the last one's method) read between blocks of
 * samples. The timed code is the region's entry method, or the inlined loop a throughput timing
 * runs ({@link Region#target()}). A compilation of it in the middle of sampling means the samples
 * ran under two different codes (C1's profiling code can run a region several times slower than
 * C2's). Where more than one compilation finished between two reads, whether one was
 * of the timed code cannot be told: counted apart, and said. What it saw is judged by
 * {@link JitDuringSamplingCheck}.
 */
final class SamplingJit {

    /** Samples per block between two reads of the counters ({@link JitDuringSamplingCheck#COUNTER_BLOCK}). */
    static final int BLOCK = JitDuringSamplingCheck.COUNTER_BLOCK;

    private final CompileCounters counters;
    private final byte[] entry;
    private long finished;
    private int compiledEntry;
    private long unseen;
    /**
     * The recorder's sample count at the poll before the one that last saw the timed code compiled, and at that poll.
     */
    private int lastCompileFrom = -1;
    private int lastCompileTo = -1;
    private int polledAt;

    private SamplingJit(CompileCounters counters, byte[] entry) {
        this.counters = counters;
        this.entry = entry;
        this.finished = counters == null ? 0 : counters.finished();
    }

    /** A watch over {@code region}'s code from now on; one that sees nothing where the JVM keeps no counters. */
    static SamplingJit watch(CompilerWatch watch, Region region) {
        CompileCounters counters = watch.counters();
        return new SamplingJit(counters, counters == null ? null : watch.entryOf(region.target().getClass(),
                region.entryMethod()));
    }

    /** Takes {@code count} samples of {@code calls} calls in blocks, reading the counters between them. */
    long time(Region region, dev.chronoscope.internal.clock.ClockReader reader, long count, int calls,
            SampleRecorder recorder,
              Sink sink) {
        long done = 0;
        while (done < count) {
            done += region.time(reader, Math.min(BLOCK, count - done), calls, Long.MAX_VALUE, recorder, sink);
            poll(recorder.samples().size());
        }
        return done;
    }

    /**
     * One call per sample of {@code region}, at most {@code count} samples or until {@code budgetNanos}
     * have passed, in blocks, reading the counters between them: the samples taken.
     */
    long timeFor(Region region, dev.chronoscope.internal.clock.ClockReader reader, long count, long budgetNanos,
                 SampleRecorder recorder, Sink sink) {
        long deadline = System.nanoTime() + budgetNanos;
        long done = 0;
        while (done < count && System.nanoTime() - deadline < 0) {
            done += region.time(reader, Math.min(BLOCK, count - done), 1, deadline - System.nanoTime(), recorder, sink);
            poll(recorder.samples().size());
        }
        return done;
    }

    /** The compilations of the timed code seen so far, and those that finished two or more between reads (any code). */
    long compilationsSeen() {
        return compiledEntry + unseen;
    }

    /** The compilations of the timed code seen so far. */
    int timedCodeCompilations() {
        return compiledEntry;
    }

    private void poll(int samplesNow) {
        if (counters == null) {
            return;
        }
        long now = counters.finished();
        if (now == finished + 1 && counters.lastIs(entry)) {
            compiledEntry++;
            lastCompileFrom = polledAt;
            lastCompileTo = samplesNow;
        } else if (now > finished + 1) {
            unseen += now - finished;
        }
        finished = now;
        polledAt = samplesNow;
    }

    /** What this watch saw, for the JIT self-check ({@link JitDuringSamplingCheck}), over {@code samples}. */
    JitSeen seen(Samples samples) {
        return new JitSeen(compiledEntry, unseen, this::entryName, lastCompileFrom, lastCompileTo, samples.size(),
                samples::get);
    }

    /** The compilations this watch saw, the samples not read: enough to tell whether to sample again. */
    JitSeen compilations() {
        return JitSeen.compilations(compiledEntry, unseen, this::entryName);
    }

    /**
     * Why the samples are worth taking again, the JIT having worked while they were taken
     * ({@link JitDuringSamplingCheck#whyAgain(JitSeen)}); empty when no compilation finished while sampling.
     */
    Optional<Supplier<String>> sampleAgainReason() {
        return JitDuringSamplingCheck.whyAgain(compilations());
    }

    private String entryName() {
        return new String(entry, java.nio.charset.StandardCharsets.US_ASCII);
    }
}
