package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class CompilerWatchTests {

    private static long seed = 42;

    private static long work(long x) {
        for (int i = 0; i < 16; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x *= 0x9E3779B97F4A7C15L;
        }
        return x;
    }

    /**
     * Calls {@code region} {@code times} times at a call site that also sees other classes, so that
     * the JIT compiles the region's own method rather than inlining it here (as the shared timed
     * loop does, {@link RegionLoop}).
     */
    private static long drive(LongSupplier region, int times) {
        long sum = 0;
        for (int i = 0; i < times; i++) {
            sum += region.getAsLong();
        }
        return sum;
    }

    @Test
    void namesAnEntryAsHotSpotsCountersDo() {
        LongSupplier lambda = () -> work(seed);
        String name = lambda.getClass().getName(); // dev.chronoscope...CompilerWatchTests$$Lambda/0x...
        String expected = name.substring(0, name.lastIndexOf('/')).replace('.', '/') + "+" + name.substring(name.lastIndexOf('/') + 1);
        assertThat(new String(CompilerWatch.entryName(lambda.getClass(), "getAsLong"), StandardCharsets.US_ASCII))
                .isEqualTo(expected + " getAsLong")
                .startsWith("dev/chronoscope/internal/measure/CompilerWatchTests$$Lambda+0x");
        assertThat(new String(CompilerWatch.entryName(String.class, "hashCode"), StandardCharsets.US_ASCII))
                .isEqualTo("java/lang/String hashCode");
    }

    /**
     * A region's entry, called hot, is seen compiled by C2; a region that never runs is not, though
     * the JIT compiles the other all along. Rounds as the warm-up runs them: a poll between calls,
     * the end of a round every 100 polls. The evidence is one observation per compilation and is
     * given up when C1 also ran in the interval (the warm-up then waits for the JIT's quiet), which
     * a JVM busy compiling other tests' code makes likelier: so up to three region classes are
     * tried, and one must be seen.
     */
    @Test
    void seesC2CompileAHotEntryAndNotAnotherOne() {
        CompilerWatch watch = CompilerWatch.open();
        assertThat(watch.unavailableReason()).as("this test JVM has HotSpot's counters and libc").isEmpty();
        LongSupplier cold = () -> work(seed + 1);
        List<LongSupplier> hot = List.of(() -> work(seed), () -> work(seed + 2), () -> work(seed + 3));
        List<String> attempts = new ArrayList<>();
        int unattributed = 0;
        for (LongSupplier region : hot) {
            CompilerWatch.Session hotSession = watch.watch(region.getClass(), "getAsLong");
            CompilerWatch.Session coldSession = watch.watch(cold.getClass(), "getAsLong");
            assertThat(hotSession).as("a JVM with C2").isNotNull();
            try (hotSession; coldSession) {
                long sink = 0;
                int rounds = 0;
                long deadline = System.nanoTime() + 5_000_000_000L; // a hang guard, not a bound on the JIT
                while (!hotSession.compiledByC2Before(rounds, WarmupRule.STABLE_ROUNDS) && System.nanoTime() < deadline) {
                    for (int poll = 0; poll < 100; poll++) {
                        sink += drive(region, 100) + drive(() -> 1L, 1) + drive(() -> 2L, 1) + drive(() -> 3L, 1);
                        hotSession.poll(rounds);
                        coldSession.poll(rounds);
                    }
                    hotSession.endRound();
                    coldSession.endRound();
                    rounds++;
                }
                assertThat(coldSession.compiledByC2Before(rounds, 0)).as("the entry that never ran").isFalse();
                if (hotSession.compiledByC2Before(rounds, WarmupRule.STABLE_ROUNDS)) {
                    return;
                }
                unattributed += hotSession.unattributed();
                attempts.add(region.getClass().getName() + ": not seen in " + rounds + " rounds, " + hotSession.unattributed()
                        + " intervals it could not attribute (sink " + sink + ")");
            }
        }
        // on a busy host the compilers overlap between polls, and the watch rightly claims nothing
        // (the warm-up then waits for the JIT's quiet): that is no evidence against it
        assumeTrue(unattributed == 0, "the hot entries' compilations overlapped another compiler's work or other"
                + " compilations (a busy host), so the watch attributed none of them: " + attempts);
        throw new AssertionError("C2 was never seen compiling a hot entry: " + attempts);
    }

    @Test
    void aTimingHoldsTheCompilerThreadListBetweenItsWarmUpAndItsSamplesAndAnEntryIsSpelledOnce() throws InterruptedException {
        CompilerWatch watch = CompilerWatch.open();
        CompilerWatch.CompilerThreads listed = watch.currentThreads();
        try (CompilerWatch.Held held = watch.holdThreads()) {
            Thread.sleep(CompilerWatch.RESCAN_NANOS / 1_000_000 + 50);
            assertThat(watch.currentThreads()).as("held: the files are not read again").isSameAs(listed);
        }
        assertThat(watch.currentThreads()).as("released, and older than the rescan interval: listed again").isNotSameAs(listed);
        assertThat(watch.entryOf(String.class, "hashCode")).as("spelled once, looked up after")
                .isSameAs(watch.entryOf(String.class, "hashCode"))
                .isEqualTo(CompilerWatch.entryName(String.class, "hashCode"));
    }

    @Test
    void aCompilationThatEndedWhileOnlyOneCompilerRanIsThatCompilers() {
        assertThat(CompilerWatch.compiledBy(true, true, false, false)).isEqualTo(CompilerWatch.Compiler.C1);
        assertThat(CompilerWatch.compiledBy(true, false, true, false)).isEqualTo(CompilerWatch.Compiler.C2);
        assertThat(CompilerWatch.compiledBy(true, false, true, true)).isEqualTo(CompilerWatch.Compiler.C2);
    }

    @Test
    void whileBothRanItIsC2sOnlyAfterC1WasSeenCompilingTheEntry() {
        assertThat(CompilerWatch.compiledBy(true, true, true, false)).as("C1's first compilation or C2's: unknown")
                .isEqualTo(CompilerWatch.Compiler.UNKNOWN);
        assertThat(CompilerWatch.compiledBy(true, true, true, true)).as("after C1's, the next is C2's")
                .isEqualTo(CompilerWatch.Compiler.C2);
    }

    @Test
    void anOnStackReplacementOrAnIntervalWithNoCompilerRunningSaysNothing() {
        assertThat(CompilerWatch.compiledBy(false, false, true, true)).isEqualTo(CompilerWatch.Compiler.UNKNOWN);
        assertThat(CompilerWatch.compiledBy(false, true, false, false)).isEqualTo(CompilerWatch.Compiler.UNKNOWN);
        assertThat(CompilerWatch.compiledBy(true, false, false, true)).isEqualTo(CompilerWatch.Compiler.UNKNOWN);
    }
}
