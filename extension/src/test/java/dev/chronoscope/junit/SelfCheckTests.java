package dev.chronoscope.junit;

import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * The self-checks through the engine, each with a region that really misbehaves: a region that
 * touches memory the kernel hands out afresh at every call (the first-touch page faults that made
 * allocating library code read 3-20x slow in a fresh JVM) is {@link Verdict#REFUSED}, in the
 * timing, the section and the record, and a claim on it aborts.
 */
class SelfCheckTests {

    @TempDir
    Path dir;

    static class FreshPagesTestCase {
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
        static final long PAGES = 8;
        private static final long SIZE = PAGES * 4096;
        private static final MethodHandle MMAP;
        private static final MethodHandle MUNMAP;

        static {
            Linker linker = Linker.nativeLinker();
            MMAP = linker.downcallHandle(linker.defaultLookup().find("mmap").orElseThrow(), FunctionDescriptor.of(ValueLayout.ADDRESS,
                    ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_LONG));
            MUNMAP = linker.downcallHandle(linker.defaultLookup().find("munmap").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                    ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
        }

        /** Maps fresh anonymous pages, writes one byte in each (a first-touch fault per page), unmaps them. */
        static long freshPages() {
            try {
                MemorySegment m = ((MemorySegment) MMAP.invokeExact(MemorySegment.NULL, SIZE, 0x3 /* PROT_READ|PROT_WRITE */,
                        0x22 /* MAP_PRIVATE|MAP_ANONYMOUS */, -1, 0L)).reinterpret(SIZE);
                long sum = 0;
                for (long p = 0; p < SIZE; p += 4096) {
                    m.set(ValueLayout.JAVA_BYTE, p, (byte) 1);
                    sum += p;
                }
                int unmapped = (int) MUNMAP.invokeExact(m, SIZE);
                return sum + unmapped;
            } catch (Throwable e) {
                throw new AssertionError(e);
            }
        }

        @Test
        @SubtractProbeFloor
        void latency(Probe probe) {
            TIMINGS.put("latency", probe.repeat("fresh pages", 300, FreshPagesTestCase::freshPages));
        }

        @Test
        @SubtractProbeFloor
        void claimOnIt(Probe probe) {
            Timing t = probe.repeat("fresh pages claimed", 300, FreshPagesTestCase::freshPages);
            dev.chronoscope.assertj.ChronoscopeAssertions.assertThat(t).median().isLessThan(Duration.ofSeconds(1));
        }
    }

    /**
     * A region whose receiver changes class while it is sampled: 120 ms after its first call (past the
     * 50 ms warm-up budget, within 600,000 samples of ~0.3 µs) it swaps a {@code Doubling} step for a {@code Tripling} one, a class not
     * loaded before. The compiled region inlined the one class its profile saw, so HotSpot throws that
     * code away (deoptimises) and compiles the region again, in the middle of the samples.
     */
    static class ReceiverChangeTestCase {
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
        static final java.util.List<String> WARNINGS = new java.util.concurrent.CopyOnWriteArrayList<>();

        interface Step {
            long apply(long x);
        }

        /** Multipliers read from fields, odd: the JIT can neither fold the chain nor see it collapse to a constant. */
        static long multiplier = 6364136223846793005L;
        static long increment = 1442695040888963407L;

        static final class Doubling implements Step {
            @Override
            public long apply(long x) {
                return x * multiplier + increment;
            }
        }

        static final class Tripling implements Step {
            @Override
            public long apply(long x) {
                return x * multiplier - increment;
            }
        }

        private Step step = new Doubling();
        private long started;
        private long calls;

        /** A chain of 200 dependent multiply-adds through {@link #step}: about 0.3 µs. */
        long region() {
            if (calls++ % 1024 == 0) {
                long now = System.nanoTime();
                if (started == 0) {
                    started = now;
                } else if (now - started > 120_000_000L && step instanceof Doubling) {
                    step = new Tripling();
                }
            }
            long x = calls;
            for (int i = 0; i < 200; i++) {
                x = step.apply(x);
            }
            return x;
        }

        @Test
        @SubtractProbeFloor
        void latency(Probe probe) {
            TIMINGS.put("latency", probe.repeat("receiver changes", 600_000, this::region));
        }
    }

    /**
     * A chain of dependent multiply-adds whose length the subclass sets ({@link #steps}), told after
     * each pause in its calls whether they now come from a sampling ({@code RegionTimer.sample}, read
     * from the stack: rarely, so the walk is not compiled while the samples are taken).
     */
    abstract static class SpellRegion {
        static long multiplier = 6364136223846793005L;
        private long last;

        long region() {
            long now = System.nanoTime();
            if (now - last > 100_000) {
                paused(StackWalker.getInstance().walk(frames -> frames.anyMatch(
                        f -> f.getClassName().endsWith(".RegionTimer") && f.getMethodName().equals("sample"))));
            }
            last = now;
            int steps = steps();
            long x = now;
            for (int i = 0; i < steps; i++) {
                x = x * multiplier + i;
            }
            return x;
        }

        abstract void paused(boolean sampling);

        abstract int steps();
    }

    /**
     * A throughput region that slows down 8x (512 steps, not 64) for exactly its first sampling, as
     * when the host slows down for a while: the samples read far slower than the warm-up settled at
     * right before. The spell has no branch in the chain the JIT could compile away: its length is a shift.
     */
    static class SlowSpellTestCase extends SpellRegion {
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
        private int shift;
        private boolean spelled;

        @Override
        void paused(boolean sampling) {
            if (sampling && !spelled) {
                spelled = true;
                shift = 3;
            } else if (!sampling) {
                shift = 0;
            }
        }

        @Override
        int steps() {
            return 64 << shift;
        }

        @Test
        @SubtractProbeFloor
        void throughput(Probe probe) {
            TIMINGS.put("spell", probe.repeatBackToBack("slow spell", 20_000, this::region));
            TIMINGS.put("after", probe.repeatBackToBack("after the spell", 20_000, this::region));
        }
    }

    /**
     * A throughput region whose first sampling falls into two modes: during it, two blocks of 4,096
     * calls in five run 8x slower (about 40 % of the samples, so the median stays in the fast mode
     * and only the two-modes check sees it), as when the host slows down for part of the samples.
     */
    static class TwoModeSpellTestCase extends SpellRegion {
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
        private long calls;
        private boolean alternating;
        private boolean spelled;

        @Override
        void paused(boolean sampling) {
            alternating = sampling && (!spelled || alternating);
            spelled |= sampling;
        }

        @Override
        int steps() {
            return alternating && ((++calls >>> 12) % 5) < 2 ? 512 : 64;
        }

        @Test
        @SubtractProbeFloor
        void throughput(Probe probe) {
            TIMINGS.put("spell", probe.repeatBackToBack("two modes", 20_000, this::region));
            TIMINGS.put("after", probe.repeatBackToBack("after the modes", 20_000, this::region));
        }
    }

    @Test
    void aThroughputSampledSlowerThanItsWarmUpIsWarmedAndSampledAgainAndSaysSo() {
        sampledAgainAndResolved(SlowSpellTestCase.class, SlowSpellTestCase.TIMINGS, "'slow spell' was sampled again after a"
                + " slowdown \\([12] of at most 2 times\\): its samples' p50 per sample was \\d+\\.\\d\\dx what its warm-up settled at"
                + " right before[^\\n]*, and those samples were discarded");
    }

    @Test
    void aThroughputSampledInTwoModesIsWarmedAndSampledAgainAndSaysSo() {
        sampledAgainAndResolved(TwoModeSpellTestCase.class, TwoModeSpellTestCase.TIMINGS, "'two modes' was sampled again after a"
                + " slowdown \\([12] of at most 2 times\\): its samples fell into two modes \\([^\\n]*\\): the host slowed down for"
                + " part of them, or the region runs two ways; it was warmed up again, and those samples were discarded");
    }

    /**
     * Runs {@code testCase} with the documented region warm-up: its section says {@code warning}, and
     * its first timing is at the region's speed outside the spell (under 2x the same region timed once
     * the spell is over; 8x inside it) and RESOLVED.
     */
    private void sampledAgainAndResolved(Class<?> testCase, Map<String, Timing> timings, String warning) {
        // run once before, unjudged: the sampling's own code compiled, the JIT's compilations do not spend the
        // resampling budget the spell needs, as they do in a JVM that timed nothing yet
        ChronoscopeKit.in(dir.resolve("before")).run(testCase);
        timings.clear();
        KitRun run = ChronoscopeKit.in(dir).with(dev.chronoscope.ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY,
                dev.chronoscope.ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms").run(testCase);
        run.tests().assertStatistics(s -> s.succeeded(1));

        String section = run.section(testCase.getSimpleName() + ".throughput(Probe)");
        // one resampling budget per timing: where the JIT's compilations (a busy host's starved
        // compiler) spent it first, the spell cannot be sampled again, and its refusal is right
        org.junit.jupiter.api.Assumptions.assumeFalse(section.contains("was sampled again (2 of at most 2 times): HotSpot"),
                "the JIT's compilations during the samples spent the timing's resampling budget before the spell");
        assertThat(section).containsPattern(warning);
        Timing t = timings.get("spell");
        // the budget spent on the spell, a compilation finishing in the last sampling (a busy host's
        // compiler comes late) is refused, rightly: no budget is left to sample again
        org.junit.jupiter.api.Assumptions.assumeFalse(t.refusedBy().contains(dev.chronoscope.SelfCheck.JIT_DURING_SAMPLING)
                && section.contains("(2 of at most 2 times)"), () -> "the JIT compiled the region's code during its last"
                + " sampling, the timing's resampling budget spent: " + t.verdictReason());
        Timing after = timings.get("after");
        assertThat(t.netNanos().p50()).as("per call, ns, against %s ns after the spell", after.netNanos().p50())
                .isLessThan(2 * after.netNanos().p50());
        // the spell's samples gone, the calls timed alone right after can still read below the kept samples where a
        // busy host's compiler installed the region's final code only after them: that refusal is right, and no spell's
        org.junit.jupiter.api.Assumptions.assumeFalse(t.refusedBy().equals(java.util.List.of(
                dev.chronoscope.SelfCheck.BACK_TO_BACK_ABOVE_ALONE)), () -> "the samples taken after the spell read above"
                + " the same calls alone timed right after them: " + t.verdictReason());
        assertThat(t.verdict()).as(t.verdictReason()).isEqualTo(Verdict.RESOLVED);
    }

    @Test
    void aRegionCompiledAgainWhileSampledIsSampledAgainAndSaysSo() {
        // compilations are seen through HotSpot's counters: without them nothing can be sampled again
        java.util.Optional<String> unwatched = dev.chronoscope.internal.measure.CompileCountersAvailability.unavailableReason();
        org.junit.jupiter.api.Assumptions.assumeTrue(unwatched.isEmpty(), () -> "the JIT's compilations cannot be seen here: "
                + unwatched.orElse(""));
        KitRun run = ChronoscopeKit.in(dir).with(dev.chronoscope.ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "50ms")
                .run(ReceiverChangeTestCase.class);

        Timing t = ReceiverChangeTestCase.TIMINGS.get("latency");
        String section = run.section("ReceiverChangeTestCase.latency(Probe)");
        assertThat(section).contains("'receiver changes' was sampled again (1 of at most 2 times): HotSpot ")
                .containsPattern("while its samples were taken[^\\n]*, and those samples were discarded");
        assertThat(t.verdict()).as(t.verdictReason()).isEqualTo(Verdict.RESOLVED);
    }

    @BeforeEach
    void clear() {
        FreshPagesTestCase.TIMINGS.clear();
        SlowSpellTestCase.TIMINGS.clear();
        TwoModeSpellTestCase.TIMINGS.clear();
    }

    @Test
    void aRegionTouchingFreshPagesIsRefusedAndItsClaimsAbort() {
        KitRun run = ChronoscopeKit.in(dir).run(FreshPagesTestCase.class);

        Timing t = FreshPagesTestCase.TIMINGS.get("latency");
        assertThat(t.verdict()).as(t.verdictReason()).isEqualTo(Verdict.REFUSED);
        assertThat(t.verdictReason()).startsWith("self-check page faults: the kernel handed the thread ")
                .containsPattern("while it took (300|29\\d) samples");
        assertThat(run.section("FreshPagesTestCase.latency()")).contains("REFUSED | self-check page faults");
        assertThat(run.record("FreshPagesTestCase.latency()").timing("fresh pages").string("verdict")).isEqualTo("REFUSED");
        run.tests().assertThatEvents().haveExactly(1, event(test("claimOnIt"), abortedWithReason(instanceOf(TestAbortedException.class),
                message(m -> m.contains("a self-check refused the figure (self-check page faults")))));
    }
}
