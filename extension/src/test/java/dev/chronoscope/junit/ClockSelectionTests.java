package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.ffm.ProbeLibrary;
import dev.chronoscope.internal.junit.ClockChoice;
import dev.chronoscope.internal.host.HostFactsReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static dev.chronoscope.ClockId.CLOCK_MONOTONIC_COARSE;
import static dev.chronoscope.ClockId.CLOCK_REALTIME;
import static dev.chronoscope.ClockId.CLOCK_THREAD_CPUTIME_ID;
import static dev.chronoscope.ClockId.NANO_TIME;
import static dev.chronoscope.ClockId.TSC_FENCED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Which clock a test is timed with, why, and what the report warns about it. */
class ClockSelectionTests {

    @TempDir
    Path dir;

    static class DefaultClockTestCase {
        @Test
        @SubtractProbeFloor
        void timed() {
        }
    }

    @MeasureWith(CLOCK_MONOTONIC)
    static class ClassClockTestCase {
        @Test
        void classClock() {
        }

        @Test
        @MeasureWith(NANO_TIME)
        void methodClock() {
        }
    }

    static class WarningClocksTestCase {
        @Test
        @MeasureWith(CLOCK_REALTIME)
        void realtime() {
        }

        @Test
        @MeasureWith(CLOCK_MONOTONIC_COARSE)
        void coarse() {
        }

        @Test
        @MeasureWith(CLOCK_THREAD_CPUTIME_ID)
        void threadCpu() {
        }

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void monotonic() {
        }
    }

    static class ExplicitTscTestCase {
        @Test
        @MeasureWith(TSC_FENCED)
        void tsc() {
        }
    }

    @Test
    void byDefaultAHostWithAUsableTscTimesWithTheFencedTsc() {
        assumeTrue(ClockChoice.tscUsable(HostFactsReader.read()), () -> "this host's TSC is not usable: "
                + ClockChoice.tscFacts(HostFactsReader.read()));

        KitRun run = ChronoscopeKit.in(dir).run(DefaultClockTestCase.class);

        JsonRecord r = run.record("DefaultClockTestCase.timed()");
        assertThat(r.string("clock.id")).isEqualTo("TSC_FENCED");
        assertThat(r.string("clock.unit")).isEqualTo("ticks");
        assertThat(r.string("clock.why")).startsWith("default: invariant TSC: yes").contains("native probe: loaded");
        assertThat(r.number("frequency.hz")).as("a calibrated frequency converts the ticks").isPositive();
        assertThat(r.list("warnings")).isEmpty();
    }

    @Test
    void byDefaultADescribedInvariantHostTimesWithTheFencedTsc() {
        assumeTrue(ProbeLibrary.isLoaded(), () -> "the native probe is not loaded (the build bundles it only where it found a C compiler): " + ProbeLibrary.unavailableReason());

        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.InvariantTsc.class).run(DefaultClockTestCase.class);

        assertThat(run.record("DefaultClockTestCase.timed()").string("clock.id")).isEqualTo("TSC_FENCED");
    }

    @Test
    void withoutAnInvariantTscTheDefaultFallsBackToClockMonotonicAndSaysWhy() {
        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.NoInvariantTsc.class).run(DefaultClockTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(1));
        JsonRecord r = run.record("DefaultClockTestCase.timed()");
        assertThat(r.string("clock.id")).isEqualTo("CLOCK_MONOTONIC");
        assertThat(r.string("clock.unit")).isEqualTo("ns");
        assertThat(r.isNull("frequency")).isTrue();
        assertThat(r.string("clock.why")).startsWith("default: TSC_FENCED not used: ")
                .contains("invariant TSC: no (described)")
                .contains("clocksource: tsc");
        assertThat(r.string("host")).startsWith("invariant TSC no | clocksource tsc");
        assertThat(run.stdout()).contains("clock        CLOCK_MONOTONIC | clock_gettime(CLOCK_MONOTONIC) | default: TSC_FENCED not used: ");
    }

    @Test
    void onAnHpetHostTheDefaultFallsBackToClockMonotonicAndSaysWhy() {
        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.HpetClocksource.class).run(DefaultClockTestCase.class);

        JsonRecord r = run.record("DefaultClockTestCase.timed()");
        assertThat(r.string("clock.id")).isEqualTo("CLOCK_MONOTONIC");
        assertThat(r.string("clock.why")).startsWith("default: TSC_FENCED not used: ")
                .contains("clocksource: hpet (the kernel does not keep time with the TSC)");
        assertThat(r.string("host")).contains("clocksource hpet");
    }

    @Test
    void theConfiguredDefaultClockIsHonoured() {
        KitRun run = ChronoscopeKit.in(dir).with(ChronoscopeConfig.DEFAULT_CLOCK_KEY, "nano_time")
                .run(DefaultClockTestCase.class, ClassClockTestCase.class);

        JsonRecord r = run.record("DefaultClockTestCase.timed()");
        assertThat(r.string("clock.id")).isEqualTo("NANO_TIME");
        assertThat(r.string("clock.why")).isEqualTo("configured: chronoscope.clock.default = NANO_TIME");
        assertThat(r.string("clock.readMethod")).contains("nanoTime");
        assertThat(run.record("ClassClockTestCase.classClock()").string("clock.id"))
                .as("@MeasureWith wins over the configured default").isEqualTo("CLOCK_MONOTONIC");
    }

    @Test
    void aMethodsMeasureWithOverridesItsClasss() {
        KitRun run = ChronoscopeKit.in(dir).run(ClassClockTestCase.class);

        JsonRecord onClass = run.record("ClassClockTestCase.classClock()");
        JsonRecord onMethod = run.record("ClassClockTestCase.methodClock()");
        assertThat(onClass.string("clock.id")).isEqualTo("CLOCK_MONOTONIC");
        assertThat(onClass.string("clock.why")).startsWith("@MeasureWith(CLOCK_MONOTONIC) on ");
        assertThat(onMethod.string("clock.id")).isEqualTo("NANO_TIME");
        assertThat(onMethod.string("clock.why")).isEqualTo("@MeasureWith(NANO_TIME) on method ClockSelectionTests.ClassClockTestCase.methodClock()");
        assertThat(onMethod.string("clock.readMethod")).isNotEqualTo(onClass.string("clock.readMethod"));
    }

    @Test
    void clocksThatTimeDurationsBadlyWorkAndAreWarnedAbout() {
        KitRun run = ChronoscopeKit.in(dir).run(WarningClocksTestCase.class);

        run.tests().assertStatistics(s -> s.succeeded(4));
        assertThat(warnings(run, "WarningClocksTestCase.realtime()")).singleElement().asString()
                .startsWith("CLOCK_REALTIME is wall-clock time").contains("jumps");
        assertThat(warnings(run, "WarningClocksTestCase.coarse()")).singleElement().asString()
                .startsWith("CLOCK_MONOTONIC_COARSE only moves at the kernel tick");
        assertThat(warnings(run, "WarningClocksTestCase.threadCpu()")).singleElement().asString()
                .startsWith("CLOCK_THREAD_CPUTIME_ID counts CPU time, not elapsed time");
        assertThat(warnings(run, "WarningClocksTestCase.monotonic()")).isEmpty();

        for (String test : List.of("realtime", "coarse", "threadCpu")) {
            String section = run.section("WarningClocksTestCase." + test + "()");
            String warning = (String) warnings(run, "WarningClocksTestCase." + test + "()").get(0);
            assertThat(section).as(test).contains("\nwarning      " + warning + "\n");
        }
        assertThat(run.section("WarningClocksTestCase.monotonic()")).doesNotContain("\nwarning");
    }

    @Test
    void anExplicitTscOnAHostWithoutInvariantTscIsUsedButWarnedAbout() {
        assumeTrue(ProbeLibrary.isLoaded(), () -> "the native probe is not loaded (the build bundles it only where it found a C compiler): " + ProbeLibrary.unavailableReason());

        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.NoInvariantTsc.class).run(ExplicitTscTestCase.class);

        JsonRecord r = run.record("ExplicitTscTestCase.tsc()");
        assertThat(r.string("clock.id")).isEqualTo("TSC_FENCED");
        assertThat(r.list("warnings")).singleElement().asString()
                .startsWith("The TSC may not run at a constant rate here (invariant TSC: no");
    }

    private static List<?> warnings(KitRun run, String test) {
        return run.record(test).list("warnings");
    }
}
