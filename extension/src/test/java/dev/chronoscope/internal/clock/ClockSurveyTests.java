package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.ffm.Platform;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Facts that hold on any Linux host, asserted with wide margins: the machines running these tests
 * are shared and noisy. Facts that need the clocks to be read in user space (the vDSO) skip, naming
 * the clocksource, on hosts whose clocksource the vDSO cannot read (hpet, acpi_pm: every read is a
 * system call), or where the clocksource cannot be read at all.
 */
class ClockSurveyTests {

    private static final long READS = 300_000;
    private static final long MIN_NANOS = 100_000_000L;
    private static final long MAX_NANOS = 1_000_000_000L;

    private static final Path CURRENT_CLOCKSOURCE = Path.of("/sys/devices/system/clocksource/clocksource0/current_clocksource");
    /** Clocksources the vDSO reads in user space; on others (hpet, acpi_pm, jiffies) a clock read enters the kernel. */
    private static final Set<String> VDSO_CAPABLE = Set.of("tsc", "kvm-clock", "arch_sys_counter", "hyperv_clocksource_tsc_page");

    @BeforeAll
    static void linux() {
        assumeThat(Platform.current().isLinux()).as("the clocks surveyed are Linux's; this host runs " + Platform.current()).isTrue();
    }

    /** Skips unless the current clocksource is one the vDSO reads, naming it or what could not be read. */
    private static void assumeVdsoClocksource() {
        String clocksource;
        try {
            clocksource = Files.readString(CURRENT_CLOCKSOURCE).trim();
        } catch (IOException | SecurityException e) {
            assumeThat(false).as("needs the clocksource, but " + CURRENT_CLOCKSOURCE + " could not be read: " + e).isTrue();
            return;
        }
        assumeThat(VDSO_CAPABLE).as("needs a clocksource the vDSO reads (" + VDSO_CAPABLE + "); this host's is '"
                + clocksource + "', so every clock read is a system call").contains(clocksource);
    }

    private static ClockSurvey.ClockReport survey(ClockId clock) {
        ClockSurvey.ClockReport report = ClockSurvey.survey(clock, READS, MIN_NANOS, MAX_NANOS);
        assertThat(report.unavailableReason()).as("%s available", clock).isEmpty();
        return report;
    }

    @Test
    void aCpuTimeClockReadCostsAtLeastThreeMonotonicReads() {
        // the CPU-time clocks are system calls; CLOCK_MONOTONIC is one only off the vDSO
        assumeVdsoClocksource();
        double monotonic = survey(ClockId.CLOCK_MONOTONIC).observation().nanosPerRead();
        double cpuTime = survey(ClockId.CLOCK_THREAD_CPUTIME_ID).observation().nanosPerRead();
        assertThat(cpuTime).isGreaterThanOrEqualTo(3 * monotonic);
    }

    @Test
    void coarseClocksStepByWholeKernelTicksOfOneToTenMilliseconds() {
        ClockSurvey.ClockReport coarse = survey(ClockId.CLOCK_MONOTONIC_COARSE);
        long tick = coarse.advertisedNanos().get();
        // a tickless guest may skip ticks while the loop reads (24 ms steps were seen on a 4 ms tick):
        // every step is still a whole number of ticks, never less than one
        long step = coarse.observation().smallestStep();
        assertThat(step).isGreaterThanOrEqualTo(tick * 9 / 10);
        double ticks = (double) step / tick;
        assertThat(Math.abs(ticks - Math.rint(ticks))).as("step %d ns in ticks of %d ns", step, tick).isLessThan(0.1);
        // the clock is slower than the reading loop: most reads see the same value
        assertThat(coarse.observation().changedFraction()).isLessThan(0.5);
        assertThat(coarse.observation().stepIsMethodFloor()).isFalse();
        // and here clock_getres does describe it (the coarse clocks advertise the tick)
        assertThat(coarse.advertisedNanos().get()).isBetween(900_000L, 10_100_000L);
    }

    @Test
    void cpuTimeClocksEnterTheKernelAndMonotonicDoesNotWhereTheClocksourceIsVdsoCapable() {
        assumeVdsoClocksource();
        assertThat(known(survey(ClockId.CLOCK_PROCESS_CPUTIME_ID).entersKernel())).isTrue();
        assertThat(known(survey(ClockId.CLOCK_THREAD_CPUTIME_ID).entersKernel())).isTrue();
        assertThat(known(survey(ClockId.CLOCK_MONOTONIC).entersKernel())).isFalse();
    }

    /**
     * The fact's value; the test is skipped, naming the reason, where the survey could not tell (on
     * a host too busy to give the read loop CPU time: "only 9.1 ms of CPU time accounted to the loop").
     */
    private static <T> T known(dev.chronoscope.internal.host.Fact<T> fact) {
        assumeThat(fact.isKnown()).as("the survey could not tell whether reads enter the kernel here: " + fact.unknownReason())
                .isTrue();
        return fact.get();
    }

    @Test
    void fineClocksChangeOnNearlyEveryReadSoTheirStepIsTheMethodsFloor() {
        // a vDSO read costs tens of ns; CLOCK_MONOTONIC counts in ns: every read sees a new value
        // (off the vDSO a read costs a system call, still longer than any clocksource's step)
        ClockSurvey.ClockReport monotonic = survey(ClockId.CLOCK_MONOTONIC);
        assertThat(monotonic.observation().changedFraction()).isGreaterThan(0.5);
        assertThat(monotonic.observation().smallestStep()).isPositive();
    }

    @Test
    void twoTscCalibrationsAgreeWithinOneHundredPpm() throws Exception {
        assumeThat(ClockReaders.isAvailable(ClockId.TSC_FENCED))
                .as("needs the fenced TSC, which is not available here: " + ClockReaders.unavailableReason(ClockId.TSC_FENCED)).isTrue();
        TscCalibration first = TscCalibration.calibrate();
        TscCalibration second = TscCalibration.calibrate();
        assertThat(Math.abs(first.hz() - second.hz()) / first.hz() * 1e6).isLessThan(100);
        assertThat(first.windowHz()).hasSize(TscCalibration.DEFAULT_WINDOWS);
        assertThat(first.uncertaintyPpm()).isPositive();
    }

    @Test
    void theTscCountsFasterThanHalfAGigahertzAndTheFencedPairReportsCpus() throws Exception {
        assumeThat(Platform.current().isX86_64()).as("the TSC is x86-64's; this host runs " + Platform.current()).isTrue();
        assumeThat(ClockReaders.isAvailable(ClockId.TSC_FENCED))
                .as("needs the fenced TSC, which is not available here: " + ClockReaders.unavailableReason(ClockId.TSC_FENCED)).isTrue();
        ClockReader reader = ClockReaders.open(ClockId.TSC_FENCED);
        long t0 = reader.begin();
        long t1 = reader.end();
        assertThat(t1).isGreaterThan(t0);
        assertThat(reader.reportsCpu()).isTrue();
        assertThat(reader.beginCpu()).isBetween(0, Runtime.getRuntime().availableProcessors() * 64);
        assertThat(TscCalibration.calibrate().hz()).isGreaterThan(5e8);
    }
}
