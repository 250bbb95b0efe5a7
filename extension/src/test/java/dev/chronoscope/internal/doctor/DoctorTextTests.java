package dev.chronoscope.internal.doctor;

import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFact;
import dev.chronoscope.internal.host.HostFacts;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.chronoscope.internal.doctor.DoctorSamples.report;
import static org.assertj.core.api.Assertions.assertThat;

class DoctorTextTests {

    @Test
    void theSectionsComeInTheSeedsOrder() {
        String text = DoctorText.render(report());
        int table = text.indexOf(DoctorText.TABLE_HEADER);
        int tsc = text.indexOf("\nTSC\n");
        int host = text.indexOf("\nhost\n");
        int warnings = text.indexOf("\nwarnings\n");
        int measured = text.indexOf("\nmeasured in 2.7 s");
        assertThat(table).isPositive();
        assertThat(tsc).isGreaterThan(table);
        assertThat(host).isGreaterThan(tsc);
        assertThat(warnings).isGreaterThan(host);
        assertThat(measured).isGreaterThan(warnings);
    }

    @Test
    void theClockTableShowsAdvertisedObservedChangedVerdictCostAndKernelEntry() {
        String text = DoctorText.render(report());
        assertThat(text).containsPattern("CLOCK_MONOTONIC_COARSE +4 ms +4 ms +multiples +4 ms +25 times +6\\.4 +no \\(0 % sys\\)")
                .containsPattern("CLOCK_PROCESS_CPUTIME_ID +1 ns +1 ns +one-unit +210 ns +100 % +240 +yes \\(81 % sys\\)")
                // every read changed by the same 22 ticks: that is the read cost, and says nothing of a quantum
                .containsPattern("TSC +1 tick \\(0\\.385 ns\\) +1 tick \\(0\\.385 ns\\) +one-unit +22 ticks \\(8\\.462 ns\\) +100 %")
                .contains("Three figures, not to be confused. effective resolution: the quantum");
    }

    @Test
    void unknownCellsPointToANoteWithTheReason() {
        String text = DoctorText.render(report());
        assertThat(text).containsPattern("NANO_TIME +unknown \\[1\\]")
                .contains("[1] NANO_TIME advertised: " + DoctorSamples.NANO_TIME_ADVERTISES_NOTHING);
    }

    @Test
    void unknownHostFactsCarryTheirReasonInline() {
        assertThat(DoctorText.render(report())).contains("cpufreq governor    unknown (" + DoctorSamples.NO_CPUFREQ + ")");
    }

    @Test
    void ticksAreSaidNotToBeCyclesWhereverTicksAreShown() {
        String text = DoctorText.render(report());
        assertThat(text).contains("TSC_FENCED and TSC: ticks count the TSC's fixed reference rate, not core cycles")
                .contains("  note                ticks count the TSC's fixed reference rate, not core cycles");
    }

    @Test
    void theTscSectionHasFrequencyStepWarmupAndFloor() {
        String text = DoctorText.render(report());
        assertThat(text).contains("frequency           2600.0000 MHz ± 2.7 ppm: 2 windows of 100 ms against CLOCK_MONOTONIC_RAW")
                .contains("resolution bare     1 tick (0.385 ns), rdtsc (no fences): one-unit: no quantum above 1 tick fits"
                        + " 95 % of 8,200,000 differences between readings, 100.0 % of back-to-back reads changed")
                .contains("granularity         2 ticks (0.769 ns): every delta was a multiple of it")
                .contains("probe warm-up       14 rounds of 10,000 empty regions, 120 ms, converged")
                .contains("fenced-pair floor   min 49  p50 73  p99 98 ticks = min 18.8  p50 28.1  p99 37.7 ns");
    }

    @Test
    void theHostSectionDerivesTheTickAndTimersAndShowsNtp() {
        String text = DoctorText.render(report());
        assertThat(text).contains("kernel tick         HZ 250 = round(10^9 / 4,000,000 ns)")
                .contains("high-res timers     yes: clock_getres(CLOCK_MONOTONIC) = 1 ns")
                .contains("NTP                 unsynchronised: state TIME_ERROR, status STA_UNSYNC")
                .contains("hypervisor          yes [described]; vendor KVMKVMKVM (KVM)")
                .contains("MONOTONIC − RAW     -0.085 ppm ± 0.200 ppm over 210 ms");
    }

    @Test
    void warningsArePlainSentencesAndNoneSaysSo() {
        assertThat(DoctorText.render(report())).contains("  - CPU-time clocks enter the kernel here: ~197–240 ns per read");
        DoctorReport calm = DoctorSamples.withHost(report(), DoctorSamples.host().toBuilder().adjtimex(DoctorSamples.SYNCHRONISED).build());
        calm = DoctorSamples.withClock(calm, DoctorSamples.row(dev.chronoscope.ClockId.CLOCK_PROCESS_CPUTIME_ID, 1,
                DoctorSamples.observation(2_000_000, 2_000_000, 30, 70_000_000, 0)));
        calm = DoctorSamples.withClock(calm, DoctorSamples.row(dev.chronoscope.ClockId.CLOCK_THREAD_CPUTIME_ID, 1,
                DoctorSamples.observation(2_000_000, 2_000_000, 30, 70_000_000, 0)));
        assertThat(DoctorText.render(calm)).contains("\nwarnings\n  none\n");
    }

    @Test
    void withoutTheProbeTheTscFiguresAreUnknownWithTheReason() {
        String text = DoctorText.render(DoctorSamples.withoutProbe(report()));
        assertThat(text).contains("native probe: not loaded (no bundled libchronoscope.so for linux-riscv64")
                .containsPattern("TSC_FENCED +unavailable \\[1\\]")
                .contains("frequency           unknown (the native probe is not loaded")
                .contains("fenced-pair floor   unknown (the native probe is not loaded");
    }

    @Test
    void aFailedCalibrationLeavesTicksWithoutNanoseconds() {
        String text = DoctorText.render(DoctorSamples.withCalibration(report(), Fact.unknown("TSC calibration failed: boom")));
        assertThat(text).containsPattern("TSC +1 tick +1 tick +one-unit +22 ticks +100 %")
                .contains("TSC_FENCED and TSC: ticks count the TSC's fixed reference rate, not core cycles; no ns: TSC calibration failed: boom");
    }

    @Test
    void hostFactsWithoutALineOfTheirOwnGetOneWithTheirNameAndSource() {
        HostFacts host = HostFacts.builder().kernelRelease(Fact.of("6.18", "/proc/sys/kernel/osrelease"))
                .cpufreqGovernor(Fact.unknown("no cpufreq driver")).build();
        StringBuilder out = new StringBuilder();

        DoctorText.otherHostFacts(out, host, List.of(HostFact.CPUFREQ_GOVERNOR, HostFact.KERNEL_RELEASE));

        assertThat(out.toString().lines()).containsExactly(
                "  cpufreqGovernor     unknown (no cpufreq driver)",
                "  kernelRelease       6.18 [/proc/sys/kernel/osrelease]");
    }
}
