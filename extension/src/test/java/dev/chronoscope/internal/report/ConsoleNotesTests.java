package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.ContainerFacts;
import dev.chronoscope.ClockId;
import dev.chronoscope.Timing;
import dev.chronoscope.Verdict;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostLoad;
import dev.chronoscope.internal.stats.Synthetic;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's section leaves out the notes that do not change what a figure means — a sampling
 * taken again for a timing that then resolved, an invocation's sample kept although its thread
 * moved — and keeps every other warning; the record keeps them all.
 */
class ConsoleNotesTests {

    private static final String MOVED = ConsoleNotes.INVOCATION_MOVED + "0 to CPU 1 during the invocation; its sample is kept";
    private static final String RESAMPLED_RESOLVED = "'steady' was sampled again (1 of at most 2 times): HotSpot compiled its code"
            + " while its samples were taken, and those samples were discarded";
    private static final String RESAMPLED_COMPARED = "'steady' (compared with 'coarse') was sampled again (1 of at most 2 times): …";
    private static final String RESAMPLED_UNRESOLVED = "'coarse' was sampled again (2 of at most 2 times): HotSpot compiled its code";
    private static final String UNSETTLED = "the warm-up of 'steady' (one call per sample) did not settle within the region warm-up budget";

    @Test
    void notesThatDoNotChangeAFiguresMeaningStayInTheRecord() {
        Timing steady = Synthetic.timing("steady", Synthetic.around(1000, 100, 1001));
        // a 10 ns region read by a clock of 1 us steps: not resolved
        Timing coarse = Synthetic.timing("coarse", Synthetic.context(30, 1000, false), Synthetic.around(10, 0, 1001));
        assertThat(steady.verdict()).isEqualTo(Verdict.RESOLVED);
        assertThat(coarse.verdict()).isNotEqualTo(Verdict.RESOLVED);
        List<String> warnings = List.of(MOVED, RESAMPLED_RESOLVED, RESAMPLED_COMPARED, RESAMPLED_UNRESOLVED, UNSETTLED, "a quota throttled it");

        TestRecord record = TestRecord.builder().test("[engine:x]", "T.t()", "t()").outcome("passed")
                .clock(ClockId.CLOCK_MONOTONIC, "default", "clock_gettime").host("host").floor(steady.floor(), false)
                .step(1, "synthetic").warmup("once").pinned("no").warnings(warnings).timings(List.of(steady, coarse), null)
                .started("now", 1).run("run").container(ContainerFacts.NOT_RECORDED).build();

        assertThat(ConsoleNotes.shown(record)).containsExactly(RESAMPLED_UNRESOLVED, UNSETTLED, "a quota throttled it");
        assertThat(record.warnings()).hasSize(6);
        assertThat(CompactSection.format(record, fact -> true)).doesNotContain("moved from CPU").doesNotContain("'steady' was sampled again")
                .contains("'coarse' was sampled again");
    }

    @Test
    void theConsoleShowsTheHostsLoadWhereOtherProcessesKeptHalfACpuBusy() {
        Timing steady = Synthetic.timing("steady", Synthetic.around(1000, 100, 1001));
        // 100 ticks per CPU on 2 CPUs: others 98 busy ticks (0.98 CPU), this JVM 100, 4 stolen
        HostLoad.Interval busy = new HostLoad.Interval(100, 98, 100, 4, 200, 2);
        HostLoad.Interval quiet = new HostLoad.Interval(100, 20, 100, 0, 200, 2);
        java.util.function.Function<HostLoad.Interval, TestRecord> record = load -> TestRecord.builder()
                .test("[engine:x]", "T.t()", "t()").outcome("passed").clock(ClockId.CLOCK_MONOTONIC, "default", "clock_gettime")
                .host("host").floor(steady.floor(), false).step(1, "synthetic").warmup("once").pinned("no").warnings(List.of())
                .timings(List.of(steady), null).started("now", 1).run("run").container(ContainerFacts.NOT_RECORDED)
                .hostLoad(Fact.of(load, "/proc/stat")).build();

        assertThat(CompactSection.format(record.apply(busy), fact -> true)).contains("host load    other processes used 0.98 of 2 CPUs,"
                + " this JVM 1.00 (over 100 clock ticks of /proc/stat); steal 2.0 %");
        assertThat(CompactSection.format(record.apply(quiet), fact -> true)).doesNotContain("host load");
        assertThat(TimingSection.format(record.apply(quiet))).contains("host load    other processes used 0.20 of 2 CPUs");
    }
}
