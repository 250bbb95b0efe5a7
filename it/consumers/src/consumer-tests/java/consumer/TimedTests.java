package consumer;

import dev.chronoscope.ClockId;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.RequiresInvariantTsc;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.concurrent.atomic.AtomicInteger;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a user's timed tests look like, one of each kind Chronoscope treats differently: test
 * templates (each invocation is timed), a test with a Probe, a hardware requirement, and an
 * after-each method that must still run. On a JDK older than 22 every one of them is skipped.
 */
class TimedTests {

    private static final AtomicInteger RAN = new AtomicInteger();
    private static final AtomicInteger AFTER_EACH = new AtomicInteger();

    // read from non-final fields: with constants the JIT folds the whole chain into a few ns, which a
    // counter moving in 10 ns steps cannot resolve, and the claim below could not decide
    static long mul = 6364136223846793005L;
    static long add = 1442695040888963407L;

    static long work(int n) {
        long m = mul;
        long a = add;
        long x = 1;
        for (int i = 0; i < 1_000 * n; i++) {
            x = x * m + a;
        }
        return x;
    }

    @RepeatedTest(3)
    @MeasureWith(ClockId.CLOCK_MONOTONIC)
    void repeated() {
        RAN.incrementAndGet();
        work(1);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    @MeasureWith(ClockId.CLOCK_MONOTONIC)
    void parameterized(int n) {
        RAN.incrementAndGet();
        work(n);
    }

    @Test
    @SubtractProbeFloor
    void probe(Probe probe) {
        RAN.incrementAndGet();
        Timing t = probe.repeat("work", 2_000, () -> work(1));
        assertThat(t).median().isPositive();
    }

    @Test
    @RequiresInvariantTsc
    void invariantTsc(Probe probe) {
        RAN.incrementAndGet();
        probe.repeat("work", 2_000, () -> work(1));
    }

    @AfterEach
    void afterEach() {
        AFTER_EACH.incrementAndGet();
    }

    @AfterAll
    static void everyTestThatRanHadItsAfterEach() {
        assertEquals(RAN.get(), AFTER_EACH.get(), "tests that ran vs. @AfterEach calls");
    }
}
