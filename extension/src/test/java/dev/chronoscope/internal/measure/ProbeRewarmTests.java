package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockReader;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The re-warm before each test, as the JVM's state runs it for a prepared clock. */
class ProbeRewarmTests {

    /** A path far above any settled level whose round medians never agree: a re-warm cannot settle. */
    private static final class NeverSettles extends ClockReader {
        private long now = 1_000;
        private long regions;

        @Override
        public ClockId clock() {
            return ClockId.CLOCK_MONOTONIC;
        }

        @Override
        public long begin() {
            return now;
        }

        @Override
        public long end() {
            // 1,000 regions a round (the re-warm's rounds), alternately cheap and dear
            long cost = (regions++ / 1_000) % 2 == 0 ? 5_000 : 9_000;
            now += cost + 10;
            return now - 10;
        }

        @Override
        public String readMethod() {
            return "never settles";
        }
    }

    @Test
    void aReWarmThatRanItsBudgetOutIsNotRepeatedInFullBeforeEveryTest() throws Exception {
        JvmState.PreparedClock clock = new JvmState().prepare(ClockId.CLOCK_MONOTONIC, 1_000_000_000L);
        long budget = 300_000_000L;

        Optional<ProbeWarmup> first = clock.rewarmIfCold(new NeverSettles(), budget);
        Optional<ProbeWarmup> second = clock.rewarmIfCold(new NeverSettles(), budget);

        assertThat(first).hasValueSatisfying(w -> {
            assertThat(w.settled()).isFalse();
            assertThat(w.elapsedNanos()).as("the first ran its budget: " + w.describe("ns")).isGreaterThanOrEqualTo(budget);
        });
        // the second gets the JIT-quiet window only; the bound below is that window plus a round (wide: a busy host)
        assertThat(second).hasValueSatisfying(w -> {
            assertThat(w.settled()).isFalse();
            assertThat(w.elapsedNanos()).as(w.describe("ns")).isLessThan(budget / 3);
        });
    }
}
