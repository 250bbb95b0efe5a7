package dev.chronoscope.internal.measure;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Sees the JIT compile a timing's own code while its samples are taken: HotSpot's counters
 * ({@link CompileCounters}: compilations finished, the last one's method) read between blocks of
 * samples. The timed code is the region's entry method, or the inlined loop a throughput timing
 * runs ({@link Region#target()}). A compilation of it in the middle of sampling means the samples
 * ran under two different codes (C1's profiling code can run a region several times slower than
 * C2's). Where more than one compilation finished between two reads, whether one was
 * of the timed code cannot be told: counted apart, and said.
 */
final class SamplingJit {

    /** Samples per block between two reads of the counters: a read is two loads from mapped memory. */
    static final int BLOCK = 256;

    private final CompileCounters counters;
    private final byte[] entry;
    private long finished;
    private int compiledEntry;
    private long unseen;
    /** The recorder's sample count at the poll before the one that last saw the timed code compiled, and at that poll. */
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
        return new SamplingJit(counters, counters == null ? null : watch.entryOf(region.target().getClass(), region.entryMethod()));
    }

    /** Takes {@code count} samples of {@code calls} calls in blocks, reading the counters between them. */
    long time(Region region, dev.chronoscope.internal.clock.ClockReader reader, long count, int calls, SampleRecorder recorder,
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

    /**
     * The refusal when the timed code was compiled while sampling and that changed what the samples
     * read; nothing otherwise. A compilation that finished while the samples were taken is refused
     * unless the samples after it are at least half of them and their median agrees, within
     * {@link SelfChecks#RATIO}, with the median of those before it (or those before it are under a
     * tenth, too few to move the median): then the new code costs what the old did, and the figure
     * stands (a 43x comparison was refused for a compilation that changed nothing measurable).
     */
    Optional<Refusal> refusal(Samples samples) {
        if (compiledEntry == 0 || unchangedByTheLastCompile(samples)) {
            return Optional.empty();
        }
        return Optional.of(new Refusal(dev.chronoscope.SelfCheck.JIT_DURING_SAMPLING, String.format(Locale.ROOT, "self-check JIT during sampling: HotSpot finished compiling the timed"
                        + " code (%s) %d time%s while the samples were taken, so they ran under more than one code (not yet"
                        + " the compiled code the region settles at); a longer region warm-up"
                        + " (chronoscope.region.warmup.budget) lets the JIT finish first", entryName(), compiledEntry,
                compiledEntry == 1 ? "" : "s")));
    }

    private boolean unchangedByTheLastCompile(Samples samples) {
        return unchangedAcross(samples, compiledEntry, lastCompileFrom, lastCompileTo);
    }

    /**
     * Whether one compilation seen between samples {@code from} and {@code to} left the samples'
     * median where it was (see {@link #refusal}).
     */
    static boolean unchangedAcross(Samples samples, int compiles, int from, int to) {
        int n = samples.size();
        int lastCompileFrom = from;
        int lastCompileTo = to;
        if (compiles != 1 || lastCompileTo < 0 || n - lastCompileTo < Math.max(BLOCK, n / 2)) {
            return false;
        }
        if (lastCompileFrom < n / 10) {
            return true;
        }
        double before = median(samples, 0, lastCompileFrom);
        double after = median(samples, lastCompileTo, n);
        return before > 0 && after > 0 && Math.max(before, after) <= SelfChecks.RATIO * Math.min(before, after);
    }

    private static double median(Samples samples, int from, int to) {
        long[] part = new long[to - from];
        for (int i = from; i < to; i++) {
            part[i - from] = samples.get(i);
        }
        java.util.Arrays.sort(part);
        return part.length == 0 ? Double.NaN : part[part.length / 2];
    }

    /**
     * Why the samples are worth taking again, the JIT having worked while they were taken: the timed
     * code was compiled (whether or not that moved the median: the next sampling runs the settled
     * code either way), or compilations finished so close together that whether one was the timed
     * code's cannot be told (after a deoptimisation, HotSpot compiles the region's code and its
     * callees in a burst). Empty when no compilation finished while sampling. Its words are built
     * when read, not now: a sampling may follow ({@link Deferred}).
     */
    Optional<Supplier<String>> sampleAgainReason() {
        if (compiledEntry > 0) {
            return Optional.of(() -> "HotSpot compiled its code (" + entryName() + ") while its samples were taken (a longer region"
                    + " warm-up, chronoscope.region.warmup.budget, lets the JIT finish first)");
        }
        long compilations = unseen;
        if (compilations > 0) {
            return Optional.of(() -> String.format(Locale.ROOT, "HotSpot finished %d compilations so close together while its"
                    + " samples were taken that whether one was its code cannot be told", compilations));
        }
        return Optional.empty();
    }

    private String entryName() {
        return new String(entry, java.nio.charset.StandardCharsets.US_ASCII);
    }
}
