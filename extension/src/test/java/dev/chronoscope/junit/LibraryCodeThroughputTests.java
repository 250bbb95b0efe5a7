package dev.chronoscope.junit;

import com.google.common.hash.Hashing;
import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import org.apache.commons.lang3.StringUtils;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real library code as users time it (commons-lang3 and Guava, test scope only), on
 * {@code CLOCK_MONOTONIC}: a throughput figure per call is never printed {@code RESOLVED} above the
 * same calls alone beyond noise. Before the self-checks, {@code StringUtils.join} read 1.6 µs per
 * call back to back against 0.17 µs alone in a fresh JVM (first-touch page faults of the growing
 * heap, docs/evidence/real-library-code.md), resolved; in a JVM whose heap is already touched the figure
 * is right, and the claim holds either way.
 */
class LibraryCodeThroughputTests {

    @TempDir
    Path dir;

    static class LibraryTestCase {
        static final Map<String, Timing> TIMINGS = new ConcurrentHashMap<>();

        String[] words = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"};
        byte[] bytes = new byte[64];

        @Test
        @SubtractProbeFloor
        void library(Probe probe) {
            TIMINGS.put("join", probe.repeatBackToBack("join", 2_000, () -> StringUtils.join(words, ',')));
            TIMINGS.put("join alone", probe.repeat("join alone", 2_000, () -> StringUtils.join(words, ',')));
            TIMINGS.put("murmur", probe.repeatBackToBack("murmur", 2_000, () -> Hashing.murmur3_128().hashBytes(bytes)));
            TIMINGS.put("murmur alone", probe.repeat("murmur alone", 2_000, () -> Hashing.murmur3_128().hashBytes(bytes)));
        }
    }

    @Test
    @Disabled("the self-checks do not catch every wrong figure yet: in this suite's JVM, murmur3 read 534 ns per call"
            + " back to back, RESOLVED, against 71 ns alone (join 1,142 against 351 before the calls alone were warmed);"
            + " see docs/evidence/real-library-code.md, for what is still missed")
    void aThroughputFigureAboveTheSameCallsAloneIsNeverResolved() {
        ChronoscopeKit.in(dir).with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, ChronoscopeConfig.REGION_WARMUP_BUDGET.toMillis() + "ms")
                .with(ChronoscopeConfig.DEFAULT_CLOCK_KEY, "CLOCK_MONOTONIC")
                .run(LibraryTestCase.class).tests().assertStatistics(s -> s.succeeded(1));
        for (String region : new String[] {"join", "murmur"}) {
            Timing t = LibraryTestCase.TIMINGS.get(region);
            Timing alone = LibraryTestCase.TIMINGS.get(region + " alone");
            if (t.verdict() == Verdict.RESOLVED && alone.verdict() == Verdict.RESOLVED) {
                // back to back, calls overlap or cost the same: never 1.5x more (the self-check refuses at 1.25x)
                assertThat(t.netNanos().p50()).as("%s per call back to back against alone %s ns", region, alone.netNanos().p50())
                        .isLessThanOrEqualTo(1.5 * alone.netNanos().p50());
            } else {
                assertThat(t.verdict()).as(t.verdictReason()).isIn(Verdict.RESOLVED, Verdict.REFUSED);
            }
        }
    }
}
