package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.gate.Baseline;
import dev.chronoscope.internal.gate.BaselineEntry;
import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * The allocation gate through the JUnit Platform: a timing allocating 16 B per call more than its
 * baseline runs is {@code regressed} on its own line, whatever its time says (here the baseline's
 * medians are a hundredfold, so its time {@code improved}), and fails its test with
 * {@code failOnRegression} unless {@code gateAllocation} is off; every judged timing states what its
 * gate can see, in its section, the report and the Markdown summary.
 */
class AllocationGateTests {

    private static final String TEST = "AllocatingTestCase.allocates()";
    private static final String LABEL = "long[8]";

    @TempDir
    Path dir;

    /** The run's own baseline with 16 B per call less and its medians a hundredfold. */
    private Path leaner;

    static class AllocatingTestCase {
        /** Written by every call: the array escapes, so its bytes count whatever the JIT does with a returned one. */
        private long[] escaped;
        /** Not final: the JIT must not fold the chain that makes the region long enough for the clock to resolve. */
        private long multiplier = 6364136223846793005L;

        @Test
        @SubtractProbeFloor
        void allocates(Probe probe) {
            probe.repeat(LABEL, 20_000, () -> {
                long x = 7;
                for (int i = 0; i < 300; i++) {
                    x = x * multiplier + 1442695040888963407L;
                }
                escaped = new long[8];
                escaped[0] = x;
                return escaped;
            });
        }
    }

    @BeforeEach
    void baseline() throws IOException {
        Path saved = dir.resolve("saved.json");
        KitRun save = ChronoscopeKit.in(dir.resolve("save")).with(ChronoscopeConfig.BASELINE_SAVE_KEY, saved.toString())
                .run(AllocatingTestCase.class);
        save.tests().assertStatistics(s -> s.succeeded(1));
        assertThat(save.record(TEST).timing(LABEL).number("allocatedBytesPerCall")).as(save.stdout()).isGreaterThanOrEqualTo(64);
        Baseline b = Baseline.read(saved);
        Baseline out = new Baseline(b.runs().stream().map(r -> new Baseline.Run(r.run(), r.savedAt(), r.host(), r.timings().stream()
                .map(e -> BaselineEntry.builder(e.key(), e.test(), e.label()).clock(e.clock()).measure(e.measure())
                        .medianNs(e.medianNs() * 100).floorP50Ns(Double.NaN).kept(e.kept()).resolved(e.resolved())
                        .quantilesNs(e.quantilesNs()).kind(e.kind()).kindFloorP50Ns(Double.NaN)
                        .coreSpeed(e.coreSpeed())
                        .bytesPerCall(e.bytesPerCall() == null ? null : e.bytesPerCall() - 16).build()).toList())).toList());
        leaner = Files.writeString(dir.resolve("leaner.json"), out.toJson(), StandardCharsets.UTF_8);
    }

    private KitRun compared(boolean gateAllocation) {
        return ChronoscopeKit.in(dir.resolve("compare")).with(ChronoscopeConfig.BASELINE_COMPARE_KEY, leaner.toString())
                .with(ChronoscopeConfig.BASELINE_FAIL_ON_REGRESSION_KEY, "true")
                .with(ChronoscopeConfig.BASELINE_GATE_ALLOCATION_KEY, Boolean.toString(gateAllocation)).run(AllocatingTestCase.class);
    }

    @Test
    void sixteenBytesMorePerCallFailTheTestOnTheirOwnLineWhateverTheTimeSays() throws IOException {
        KitRun run = compared(true);

        run.tests().assertThatEvents().haveExactly(1, event(test("allocates"), finishedWithFailure(instanceOf(AssertionFailedError.class),
                message(m -> m.contains("timing '" + LABEL + "': regressed | allocation ") && m.contains("B/call, beyond the baseline runs' ")))));
        JsonRecord timing = run.record(TEST).timing(LABEL);
        assertThat(timing.string("baseline.verdict")).as("the time, against medians a hundredfold: %s", timing.string("baseline.reason"))
                .isEqualTo("improved");
        assertThat(timing.string("baseline.allocation.verdict")).isEqualTo("regressed");
        assertThat(timing.number("baseline.allocation.bytesPerCall") - timing.number("baseline.allocation.highest")).isBetween(15.0, 17.0);
        assertThat(timing.string("baseline.power.statement")).startsWith("spreads ");
        assertThat(run.section(TEST)).contains("\nalloc gate   regressed | allocation ").contains("\ngate power   spreads ");
        assertThat(Files.readString(run.reportDir().resolve(RunReport.HTML), StandardCharsets.UTF_8))
                .contains("allocation vs baseline: regressed | allocation ").contains("gate power: spreads ");
        assertThat(Files.readString(run.reportDir().resolve(RunReport.SUMMARY), StandardCharsets.UTF_8))
                .contains("; allocation regressed ").contains(" · tells ≥ ");
    }

    @Test
    void withAllocationGatingOffTheVerdictIsReportedNotGated() {
        KitRun run = compared(false);

        run.tests().assertThatEvents().haveExactly(1, event(test("allocates"), finishedSuccessfully()));
        JsonRecord timing = run.record(TEST).timing(LABEL);
        assertThat(timing.string("baseline.allocation.verdict")).isEqualTo("regressed");
        assertThat(timing.bool("baseline.allocation.gated")).isFalse();
        assertThat(timing.string("baseline.allocation.reason")).startsWith("not gated: chronoscope.baseline.gateAllocation = false; ");
    }
}
