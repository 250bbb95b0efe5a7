package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.internal.report.Baseline;
import dev.chronoscope.internal.report.BaselineEntry;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.chronoscope.ClockId.NANO_TIME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * A regression the gate reads in the suite's JVM fails the test only once a fresh JVM confirms it
 * ({@code chronoscope.fork.confirmRegressions}). The fixture's region does eight times the work in
 * a JVM whose history says so (a static flag this JVM sets, as earlier tests leave a JIT profile
 * behind): the suite's JVM reads it regressed, a fresh JVM does not; against a baseline a hundred
 * times faster both do.
 */
class ConfirmedRegressionTests {

    static final String LABEL = "chain";
    static final String TEST = "HistoryTestCase.chain()";

    /** Set in this JVM only: a fresh JVM starts without it, as it starts without this JVM's JIT profile. */
    static volatile boolean history;
    /** Loaded from a non-final field, so the JIT cannot fold the work away. */
    static long seed = 3;

    @TempDir
    Path dir;
    private Path saved;

    static class HistoryTestCase {
        @Test
        @MeasureWith(NANO_TIME)
        void chain(Probe probe) {
            int steps = history ? 4_000 : 500;
            probe.repeat(LABEL, 300, () -> {
                long x = seed;
                for (int i = 0; i < steps; i++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
                return x;
            });
        }
    }

    @BeforeEach
    void saveABaseline() {
        history = false;
        saved = dir.resolve("baseline.json");
        KitRun save = ChronoscopeKit.in(dir.resolve("save")).with(ChronoscopeConfig.BASELINE_SAVE_KEY, saved.toString())
                .run(HistoryTestCase.class);
        save.tests().assertStatistics(s -> s.succeeded(1));
        Assumptions.assumeTrue("RESOLVED".equals(save.record(TEST).timing(LABEL).string("verdict")),
                () -> "the baseline's figure was not resolved: " + save.record(TEST).timing(LABEL).string("verdictReason"));
    }

    @Test
    void aRegressionOnlyTheSuitesJvmReadsDoesNotFailTheTest() {
        history = true;
        KitRun run = gated(saved);

        run.tests().assertThatEvents().haveExactly(1, event(test("chain"), finishedSuccessfully()));
        assertThat(run.stdout()).contains("gate").contains("regressed in this JVM; timed again in a fresh JVM to confirm")
                .contains("[chronoscope] not failed: the gate's regression in the suite's JVM was not confirmed in a fresh JVM");
        JsonRecord record = run.record(TEST);
        assertThat(run.records()).as("the fresh JVM's record is the run's, and the only one").hasSize(1);
        assertThat(record.whole("pid")).isNotEqualTo(ProcessHandle.current().pid());
        assertThat(record.string("fork.confirming.suiteJvmGate")).contains("regressed against the baseline");
        assertThat(record.string("outcome")).isEqualTo("passed");
        assertThat(record.timing(LABEL).string("baseline.verdict")).isNotEqualTo("regressed");
    }

    @Test
    void aRegressionTheFreshJvmReadsTooFailsTheTestWithBothVerdicts() throws IOException {
        history = false;
        KitRun run = gated(scaled(saved, 0.01));

        run.tests().assertThatEvents().haveExactly(1, event(test("chain"), finishedWithFailure(instanceOf(AssertionFailedError.class),
                message(m -> m.contains("regressed against the baseline") && m.contains("Confirmed in a fresh JVM (pid ")))));
        JsonRecord record = run.record(TEST);
        assertThat(record.string("outcome")).isEqualTo("failed");
        assertThat(record.timing(LABEL).string("baseline.verdict")).isEqualTo("regressed");
    }

    private KitRun gated(Path baseline) {
        return ChronoscopeKit.in(dir.resolve("compare")).with(ChronoscopeConfig.BASELINE_COMPARE_KEY, baseline.toString())
                .with(ChronoscopeConfig.BASELINE_FAIL_ON_REGRESSION_KEY, "true")
                .with(ChronoscopeConfig.FORK_CONFIRM_REGRESSIONS_KEY, "true").run(HistoryTestCase.class);
    }

    /** {@code baseline} with every median times {@code factor} and no floor. */
    private Path scaled(Path baseline, double factor) throws IOException {
        Baseline b = Baseline.read(baseline);
        Baseline out = new Baseline(b.runs().stream().map(r -> new Baseline.Run(r.run(), r.savedAt(), r.host(), r.timings().stream()
                .map(e -> new BaselineEntry(e.key(), e.test(), e.label(), e.clock(), e.measure(), e.medianNs() * factor, Double.NaN,
                        e.kept(), e.resolved(), e.quantilesNs())).toList())).toList());
        Path file = dir.resolve("scaled-" + factor + ".json");
        Files.writeString(file, out.toJson(), StandardCharsets.UTF_8);
        return file;
    }
}
