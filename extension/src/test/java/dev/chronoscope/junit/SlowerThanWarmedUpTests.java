package dev.chronoscope.junit;

import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.SelfCheck;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The slower-than-warmed-up check where one call is timed alone ({@code repeat}, each side of a
 * {@code compare} timed one call per sample): a region whose code runs 8x slower in its samples than
 * in its warm-up — as a loop the JIT threw away runs until the busy compiler replaces it — is
 * {@link Verdict#REFUSED}, and a claim on it aborts instead of failing on a figure of other code; a
 * compared side slower only in turn with the other, and as fast as its warm-up alone again right
 * after, ran the same code: its figure is kept and the record says why.
 */
class SlowerThanWarmedUpTests {

    @TempDir
    Path dir;

    /** 256 dependent multiply-adds, 2,048 while {@code slowed}: no branch the JIT could fold, the length is a shift. */
    static long chain(long seed, int steps) {
        long x = seed;
        for (int i = 0; i < steps; i++) {
            x = x * 6364136223846793005L + i;
        }
        return x;
    }

    /** Whether the stack holds {@code method} of a class whose name ends with {@code classSuffix}. */
    static boolean within(String classSuffix, String method) {
        return StackWalker.getInstance().walk(frames -> frames.anyMatch(
                f -> f.getClassName().endsWith(classSuffix) && f.getMethodName().equals(method)));
    }

    /** Repeat of a region 8x slower in every sampling than in its warm-up. */
    static class RepeatSlowedTestCase {
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();
        private long last;
        private int shift;

        long region() {
            long now = System.nanoTime();
            if (now - last > 100_000) {
                // looked at only after a pause, rarely: the walk is not what is timed
                shift = within(".RegionTimer", "sample") ? 3 : 0;
            }
            last = now;
            return chain(now, 256 << shift);
        }

        @Test
        @SubtractProbeFloor
        void repeat(Probe probe) {
            TIMINGS.put("slowed", probe.repeat("slowed", 5_000, this::region));
        }
    }

    /**
     * A comparison's sides: the first 256 steps warmed up, 2,048 in its blocks of samples; the second
     * 512 steps throughout, or slowed with the first.
     */
    abstract static class SlowedFirstSide {
        private long last;
        private int shift;
        private long calls;

        /** Whether the slowdown lasts once the first block began (other code), or only within the blocks (data). */
        abstract boolean lasts();

        /** Whether the second side slows down as the first does (the host slowed both). */
        boolean secondToo() {
            return false;
        }

        long first() {
            long now = System.nanoTime();
            // slowed for good: looked at after a pause until the blocks are seen; slowed in the blocks only: looked at
            // every 64th call, in the warm-up too (so its cost is in both), and the look alone right after the
            // blocks, which may follow the last block with no pause, reads fast within 64 calls
            if (lasts() ? now - last > 100_000 && shift == 0 : (++calls & 63) == 0) {
                shift = within("InterleavedComparison$ComparedRegion", "block") ? 3 : 0;
            }
            last = now;
            return chain(now, 256 << shift);
        }

        long second() {
            return chain(System.nanoTime(), 512 << (secondToo() ? shift : 0));
        }
    }

    /**
     * A comparison whose first side is half the second's cost when warmed up, and 4x it from its
     * first block of samples on, for good, as a loop the JIT threw away runs until a busy compiler
     * replaces it: the claim "first is faster" is true of the code users run, false of the samples.
     */
    static class CompareSlowedTestCase extends SlowedFirstSide {
        static final Map<String, Comparison> COMPARISONS = new ConcurrentHashMap<>();

        @Override
        boolean lasts() {
            return true;
        }

        @Test
        @SubtractProbeFloor
        void compare(Probe probe) {
            Comparison c = probe.compare("first", this::first, "second", this::second, 4_000);
            COMPARISONS.put("c", c);
            assertThat(c).firstIsFasterThanSecond();
        }
    }

    /**
     * A comparison whose first side is 8x slower in its blocks of samples than alone, before and
     * after them, as a search whose data the other side's scan evicts at each turn: the code is the
     * same, what the calls cost in turn is what the samples read.
     */
    static class CompareInTurnTestCase extends SlowedFirstSide {
        static final Map<String, Comparison> COMPARISONS = new ConcurrentHashMap<>();

        @Override
        boolean lasts() {
            return false;
        }

        @Test
        @SubtractProbeFloor
        void compare(Probe probe) {
            COMPARISONS.put("c", probe.compare("first", this::first, "second", this::second, 4_000));
        }
    }

    /** Both sides 8x slower from their first block on, for good, as when the host slows down: the ratio holds. */
    static class BothSlowedTestCase extends SlowedFirstSide {
        static final Map<String, Comparison> COMPARISONS = new ConcurrentHashMap<>();

        @Override
        boolean lasts() {
            return true;
        }

        @Override
        boolean secondToo() {
            return true;
        }

        @Test
        @SubtractProbeFloor
        void compare(Probe probe) {
            COMPARISONS.put("c", probe.compare("first", this::first, "second", this::second, 4_000));
        }
    }

    @BeforeEach
    void clear() {
        RepeatSlowedTestCase.TIMINGS.clear();
        CompareSlowedTestCase.COMPARISONS.clear();
        CompareInTurnTestCase.COMPARISONS.clear();
        BothSlowedTestCase.COMPARISONS.clear();
    }

    /** With the documented region warm-up: the check holds samples only against a warm-up that settled. */
    private ChronoscopeKit kit() {
        return ChronoscopeKit.in(dir).with(dev.chronoscope.ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY,
                dev.chronoscope.ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms");
    }

    @Test
    void aRepeatSampledFarSlowerThanItsWarmUpIsRefused() {
        kit().run(RepeatSlowedTestCase.class).tests().assertStatistics(s -> s.succeeded(1));
        Timing t = RepeatSlowedTestCase.TIMINGS.get("slowed");
        assumeSettled(t);
        assertThat(t.verdict()).as(t.verdictReason()).isEqualTo(Verdict.REFUSED);
        assertThat(t.refusedBy()).contains(SelfCheck.SLOWER_THAN_WARMED_UP);
        assertThat(t.verdictReason()).contains("self-check slower than warmed up").contains("beyond the x3.00 that noise explains");
    }

    @Test
    void aCompareSideSampledFarSlowerThanItsWarmUpIsRefusedAndItsClaimAbortsInsteadOfFailing() {
        KitRun run = kit().run(CompareSlowedTestCase.class);
        Comparison c = CompareSlowedTestCase.COMPARISONS.get("c");
        // per call in batches, the first side's blocks are batches, which the throughput checks judge
        org.junit.jupiter.api.Assumptions.assumeTrue(c.first().callsPerSample() == 1,
                () -> "the clock did not resolve one call alone here: the comparison was batched (" + c.first().callsPerSample()
                        + " calls per sample)");
        assumeSettled(c.first());
        assertThat(c.first().verdict()).as(c.first().verdictReason()).isEqualTo(Verdict.REFUSED);
        assertThat(c.first().refusedBy()).contains(SelfCheck.SLOWER_THAN_WARMED_UP);
        assertThat(c.second().refusedBy()).doesNotContain(SelfCheck.SLOWER_THAN_WARMED_UP);
        assertThat(c.first().verdictReason()).containsPattern("alone again right after them it read \\d+\\.\\d\\dx");
        run.tests().assertStatistics(s -> s.aborted(1).failed(0));
    }

    @Test
    void aCompareSideSlowerOnlyInTurnWithTheOtherIsKeptAndTheRecordSaysWhy() {
        KitRun run = kit().run(CompareInTurnTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(1));
        Comparison c = CompareInTurnTestCase.COMPARISONS.get("c");
        org.junit.jupiter.api.Assumptions.assumeTrue(c.first().callsPerSample() == 1,
                () -> "the clock did not resolve one call alone here: the comparison was batched (" + c.first().callsPerSample()
                        + " calls per sample)");
        assumeSettled(c.first());
        String section = run.section("CompareInTurnTestCase.compare(Probe)");
        // a compilation of its code since the samples began leaves the code in doubt: then refusing is right
        org.junit.jupiter.api.Assumptions.assumeFalse(c.first().verdictReason().contains("HotSpot compiled its code meanwhile"),
                c.first().verdictReason());
        assertThat(c.first().refusedBy()).as(c.first().verdictReason()).doesNotContain(SelfCheck.SLOWER_THAN_WARMED_UP);
        assertThat(section).containsPattern("'first' read its samples at \\d+\\.\\d\\dx the [^\\n]* per call its warm-up settled at"
                + " alone, and alone again right after them at \\d+\\.\\d\\dx: its calls were slower only while taking turns");
    }

    /** A warm-up that did not settle within its budget (a busy host's starved compiler) is no level to hold samples against. */
    private static void assumeSettled(Timing t) {
        org.junit.jupiter.api.Assumptions.assumeTrue(t.unsettledWarmup().isEmpty(),
                () -> "the warm-up of '" + t.label() + "' did not settle here: " + t.unsettledWarmup().orElse(""));
    }

    @Test
    void compareSidesSlowedAlikeAreKeptAndTheRecordSaysTheHostDidIt() {
        KitRun run = kit().run(BothSlowedTestCase.class);
        run.tests().assertStatistics(s -> s.succeeded(1));
        Comparison c = BothSlowedTestCase.COMPARISONS.get("c");
        org.junit.jupiter.api.Assumptions.assumeTrue(c.first().callsPerSample() == 1,
                () -> "the clock did not resolve one call alone here: the comparison was batched (" + c.first().callsPerSample()
                        + " calls per sample)");
        assumeSettled(c.first());
        assumeSettled(c.second());
        assertThat(c.first().refusedBy()).as(c.first().verdictReason()).doesNotContain(SelfCheck.SLOWER_THAN_WARMED_UP);
        assertThat(c.second().refusedBy()).as(c.second().verdictReason()).doesNotContain(SelfCheck.SLOWER_THAN_WARMED_UP);
        assertThat(run.section("BothSlowedTestCase.compare(Probe)")).containsPattern("'first' read its samples at \\d+\\.\\d\\dx"
                + " the [^\\n]* per call its warm-up settled at, and 'second' at \\d+\\.\\d\\dx its own: the host");
    }
}
