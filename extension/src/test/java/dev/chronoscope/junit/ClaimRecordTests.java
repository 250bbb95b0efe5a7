package dev.chronoscope.junit;

import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static dev.chronoscope.assertj.ChronoscopeAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each claim a test makes is in its record — on which timings, what was claimed, the outcome, what
 * it did to the test, and the very message JUnit reported — whether it passed, failed or could not
 * be decided, and a comparison's claim names both of its timings.
 */
class ClaimRecordTests {

    @TempDir
    Path dir;

    static class ClaimingTestCase {
        private long seed = 7;

        @Test
        @SubtractProbeFloor
        void passesAndFails(Probe probe) {
            Timing boxed = probe.repeat("box", 2_000, () -> Long.valueOf(seed++ | 1L << 40));
            assertThat(boxed).median().isLessThan(Duration.ofSeconds(1));
            assertThat(boxed).as("boxes").allocatesNothing();
        }

        @Test
        @SubtractProbeFloor
        void compares(Probe probe) {
            // allocating nothing, so that no fresh page of a growing heap makes the page-fault check refuse a side;
            // a self-check may still refuse one on a busy host, which makes the claim inconclusive: both are recorded
            Comparison c = probe.compare("short", () -> chain(seed, 200), "long", () -> chain(seed, 400), 500);
            assertThat(c).firstIsNotSlowerThanSecondByMoreThan(1_000);
        }

        private static long chain(long x, int steps) {
            for (int i = 0; i < steps; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            return x;
        }

        @Test
        @SubtractProbeFloor
        void cannotDecide(Probe probe) {
            assertThat(probe.repeat("few", 10, () -> seed + 1)).median().isGreaterThan(Duration.ofNanos(1));
        }
    }

    @Test
    void eachClaimIsInTheRecordWithItsOutcomeAndTheMessageJUnitReported() {
        // regions warmed as the kit warms them: unwarmed, the compared loop could run before C2 had compiled it
        KitRun run = ChronoscopeKit.in(dir).run(ClaimingTestCase.class);

        JsonRecord failed = run.record("ClaimingTestCase.passesAndFails()");
        assertThat(failed.list("claims")).hasSize(2);
        assertThat(indexes(failed, "claims.0.timings")).containsExactly(1);
        assertThat(failed.string("claims.0.claim")).isEqualTo("p50 < 1 s");
        assertThat(failed.string("claims.0.outcome")).isEqualTo("passed");
        assertThat(failed.string("claims.0.message")).startsWith("The p50 of 'box' is less than 1 s");
        assertThat(failed.string("claims.1.claim")).isEqualTo("[boxes] allocates nothing");
        assertThat(failed.string("claims.1.outcome")).isEqualTo("failed");
        assertThat(failed.string("claims.1.effect")).isEqualTo("failed the test");
        assertThat(failed.string("claims.1.message")).as("the message JUnit reported")
                .isEqualTo(run.tests().failed().stream().map(e -> e.getPayload(TestExecutionResult.class).orElseThrow()
                        .getThrowable().orElseThrow().getMessage()).findFirst().orElseThrow());

        JsonRecord compared = run.record("ClaimingTestCase.compares()");
        assertThat(compared.list("claims")).hasSize(1);
        assertThat(indexes(compared, "claims.0.timings")).as("the compared two").containsExactly(1, 2);
        assertThat(compared.string("claims.0.claim")).isEqualTo("first not slower than second by more than ×1000");
        if (compared.string("outcome").equals("aborted")) {
            assertThat(compared.string("claims.0.outcome")).isEqualTo("inconclusive");
            assertThat(compared.string("claims.0.effect")).isEqualTo("aborted the test");
        } else {
            assertThat(compared.string("outcome")).isEqualTo("passed");
            assertThat(compared.string("claims.0.outcome")).isEqualTo("passed");
        }

        JsonRecord aborted = run.record("ClaimingTestCase.cannotDecide()");
        assertThat(aborted.string("outcome")).isEqualTo("aborted");
        assertThat(aborted.string("claims.0.outcome")).isEqualTo("inconclusive");
        assertThat(aborted.string("claims.0.effect")).isEqualTo("aborted the test");
        assertThat(aborted.string("claims.0.message")).contains("Aborted, not failed");
    }

    private static List<Integer> indexes(JsonRecord record, String path) {
        return record.list(path).stream().map(x -> ((Number) x).intValue()).toList();
    }
}
