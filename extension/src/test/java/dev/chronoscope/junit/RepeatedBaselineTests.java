package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.gate.Baseline;
import dev.chronoscope.internal.gate.BaselineEntry;
import dev.chronoscope.internal.report.RunReport;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code @RepeatedTest}'s timing is judged, repetition after repetition, as the geometric mean of
 * its run's repetitions so far against each baseline run's mean of the same repetitions, and says so
 * in its reason, its power statement (section, record, report) and its record's power.
 */
class RepeatedBaselineTests {

    private static final String LABEL = "chain";

    @TempDir
    Path dir;

    static class RepeatedTestCase {
        /** Not final: the JIT must not fold the xorshift steps. */
        private long seed = 88172645463325252L;

        @RepeatedTest(3)
        @SubtractProbeFloor
        void repeats(Probe probe) {
            probe.repeat(LABEL, 5_000, () -> {
                long h = seed;
                for (int i = 0; i < 200; i++) {
                    h ^= h << 13;
                    h ^= h >>> 7;
                    h ^= h << 17;
                }
                return h;
            });
        }
    }

    @Test
    void eachRepetitionIsJudgedAsTheMeanOfItsRunsRepetitionsSoFar() throws Exception {
        Path saved = dir.resolve("saved.json");
        ChronoscopeKit.in(dir.resolve("save")).with(ChronoscopeConfig.BASELINE_SAVE_KEY, saved.toString()).run(RepeatedTestCase.class)
                .tests().assertStatistics(s -> s.succeeded(3));

        // without the floors, which a busy host's moment would let stop a comparison before the rule judges it
        Baseline b = Baseline.read(saved);
        Path floorless = Files.writeString(dir.resolve("floorless.json"), new Baseline(b.runs().stream().map(r -> new Baseline.Run(r.run(),
                r.savedAt(), r.host(), r.timings().stream().map(e -> BaselineEntry.builder(e.key(), e.test(), e.label())
                        .clock(e.clock()).measure(e.measure()).medianNs(e.medianNs()).floorP50Ns(Double.NaN)
                        .kept(e.kept()).resolved(e.resolved()).quantilesNs(e.quantilesNs()).kind(e.kind())
                        .kindFloorP50Ns(Double.NaN).coreSpeed(e.coreSpeed()).bytesPerCall(e.bytesPerCall()).build()).toList())).toList()).toJson(), StandardCharsets.UTF_8);
        KitRun run = ChronoscopeKit.in(dir.resolve("compare")).with(ChronoscopeConfig.BASELINE_COMPARE_KEY, floorless.toString())
                .run(RepeatedTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(3));
        List<JsonRecord> records = run.records().stream().sorted(java.util.Comparator.comparing(JsonRecord::test)).toList();
        assertThat(records).hasSize(3);
        int resolvedSoFar = 0;
        for (JsonRecord r : records) {
            JsonRecord timing = r.timing(LABEL);
            if (!timing.string("verdict").equals("RESOLVED")) {
                continue;
            }
            int m = ++resolvedSoFar;
            String reason = timing.string("baseline.reason");
            assertThat(timing.number("baseline.power.repetitions")).as(reason).isEqualTo(m);
            if (m > 1) {
                assertThat(reason).as(r.test()).startsWith("the geometric mean of this run's " + m + " repetitions so far against each "
                        + "baseline run's same " + m + "; ");
                assertThat(timing.string("baseline.power.statement")).contains("between runs (means of " + m + " repetitions): with 1 run ");
            } else {
                assertThat(reason).as("its run's only repetition so far").doesNotContain("geometric mean of this run's");
            }
        }
        assertThat(resolvedSoFar).as("repetitions resolved, of 3").isGreaterThanOrEqualTo(2);
        String last = records.getLast().test();
        assertThat(run.section(last)).contains("\ngate power   spreads ");
        assertThat(Files.readString(run.reportDir().resolve(RunReport.HTML), StandardCharsets.UTF_8)).contains("(means of ");
    }
}
