package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.ffm.Platform;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Facts that hold on any Linux x86-64 host, asserted with wide margins: the machines running these
 * tests are shared and noisy.
 */
class ClockSurveyTests {

    private static final long READS = 300_000;
    private static final long MIN_NANOS = 100_000_000L;
    private static final long MAX_NANOS = 1_000_000_000L;

    @BeforeAll
    static void linuxX86() {
        assumeThat(Platform.current().isLinux()).as("Linux host").isTrue();
    }

    private static ClockSurvey.ClockReport survey(ClockId clock) {
        ClockSurvey.ClockReport report = ClockSurvey.survey(clock, READS, MIN_NANOS, MAX_NANOS);
        assertThat(report.unavailableReason()).as("%s available", clock).isEmpty();
        return report;
    }

    @Test
    void aCpuTimeClockReadCostsAtLeastThreeMonotonicReads() {
        double monotonic = survey(ClockId.CLOCK_MONOTONIC).observation().nanosPerRead();
        double cpuTime = survey(ClockId.CLOCK_THREAD_CPUTIME_ID).observation().nanosPerRead();
        assertThat(cpuTime).isGreaterThanOrEqualTo(3 * monotonic);
    }

    @Test
    void coarseClocksStepOncePerKernelTickBetweenOneAndTenMilliseconds() {
        ClockSurvey.ClockReport coarse = survey(ClockId.CLOCK_MONOTONIC_COARSE);
        assertThat(coarse.observation().smallestStep()).isBetween(900_000L, 10_100_000L);
        // the clock is slower than the reading loop: most reads see the same value
        assertThat(coarse.observation().changedFraction()).isLessThan(0.5);
        assertThat(coarse.observation().stepIsMethodFloor()).isFalse();
        // and here clock_getres does describe it (the coarse clocks advertise the tick)
        assertThat(coarse.advertisedNanos().get()).isBetween(900_000L, 10_100_000L);
    }

    @Test
    void cpuTimeClocksEnterTheKernelAndMonotonicDoesNotWhereTheClocksourceIsVdsoCapable() throws Exception {
        Path current = Path.of("/sys/devices/system/clocksource/clocksource0/current_clocksource");
        assumeThat(Files.isReadable(current)).isTrue();
        String clocksource = Files.readString(current).trim();
        assumeThat(Set.of("tsc", "kvm-clock", "arch_sys_counter", "hyperv_clocksource_tsc_page"))
                .as("vDSO-capable clocksource").contains(clocksource);
        assertThat(survey(ClockId.CLOCK_PROCESS_CPUTIME_ID).entersKernel().get()).isTrue();
        assertThat(survey(ClockId.CLOCK_THREAD_CPUTIME_ID).entersKernel().get()).isTrue();
        assertThat(survey(ClockId.CLOCK_MONOTONIC).entersKernel().get()).isFalse();
    }

    @Test
    void fineClocksChangeOnNearlyEveryReadSoTheirStepIsTheMethodsFloor() {
        // a vDSO read costs tens of ns; CLOCK_MONOTONIC counts in ns: every read sees a new value
        ClockSurvey.ClockReport monotonic = survey(ClockId.CLOCK_MONOTONIC);
        assertThat(monotonic.observation().changedFraction()).isGreaterThan(0.5);
        assertThat(monotonic.observation().smallestStep()).isPositive();
    }

    @Test
    void twoTscCalibrationsAgreeWithinOneHundredPpm() throws Exception {
        assumeThat(ClockReaders.isAvailable(ClockId.TSC_FENCED)).as(ClockReaders.unavailableReason(ClockId.TSC_FENCED)).isTrue();
        TscCalibration first = TscCalibration.calibrate();
        TscCalibration second = TscCalibration.calibrate();
        assertThat(Math.abs(first.hz() - second.hz()) / first.hz() * 1e6).isLessThan(100);
        assertThat(first.windowHz()).hasSize(TscCalibration.DEFAULT_WINDOWS);
        assertThat(first.uncertaintyPpm()).isPositive();
    }

    @Test
    void theTscCountsFasterThanHalfAGigahertzAndTheFencedPairReportsCpus() throws Exception {
        assumeThat(Platform.current().isX86_64()).isTrue();
        assumeThat(ClockReaders.isAvailable(ClockId.TSC_FENCED)).isTrue();
        ClockReader reader = ClockReaders.open(ClockId.TSC_FENCED);
        long t0 = reader.begin();
        long t1 = reader.end();
        assertThat(t1).isGreaterThan(t0);
        assertThat(reader.reportsCpu()).isTrue();
        assertThat(reader.beginCpu()).isBetween(0, Runtime.getRuntime().availableProcessors() * 64);
        assertThat(TscCalibration.calibrate().hz()).isGreaterThan(5e8);
    }
}
