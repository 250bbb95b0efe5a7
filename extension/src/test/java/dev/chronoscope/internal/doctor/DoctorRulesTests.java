package dev.chronoscope.internal.doctor;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ReadingDifferences;
import dev.chronoscope.internal.clock.StepObservation;
import dev.chronoscope.internal.host.CpuList;
import dev.chronoscope.internal.host.CpuQuota;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.host.HostFixtures;
import dev.chronoscope.internal.host.MemoryLimit;
import dev.chronoscope.internal.json.Json;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static dev.chronoscope.internal.doctor.DoctorSamples.observation;
import static dev.chronoscope.internal.doctor.DoctorSamples.report;
import static dev.chronoscope.internal.doctor.DoctorSamples.row;
import static org.assertj.core.api.Assertions.assertThat;

class DoctorRulesTests {

    private static ClockRow coarse(long step, long changes) {
        return row(ClockId.CLOCK_MONOTONIC_COARSE, 4_000_000, observation(15_000_000, changes, step, 100_000_000, 0));
    }

    private static List<String> codes(DoctorReport r) {
        return r.warnings().stream().map(DoctorRules.Warning::code).toList();
    }

    private static String messages(DoctorReport r) {
        return String.join("\n", r.warnings().stream().map(DoctorRules.Warning::message).toList());
    }

    @Nested
    class KernelTick {

        @Test
        void aFourMillisecondCoarseStepIsHz250() {
            Fact<DoctorRules.KernelTick> tick = DoctorRules.kernelTickFrom(coarse(4_000_000, 25));
            assertThat(tick.get().hz()).isEqualTo(250);
            assertThat(tick.get().stepNs()).isEqualTo(4_000_000);
            assertThat(tick.source()).contains("4,000,000 ns").contains("CLOCK_MONOTONIC_COARSE");
        }

        @Test
        void anNtpSlewedStepRoundsToTheWholeRate() {
            // a machine at HZ 1000 under a −16 ppm NTP correction (docs/reference/doctor.md, kernel tick)
            assertThat(DoctorRules.kernelTickFrom(coarse(999_983, 21)).get().hz()).isEqualTo(1000);
            // HZ 300, whose tick is not a whole number of ns
            assertThat(DoctorRules.kernelTickFrom(coarse(3_333_340, 30)).get().hz()).isEqualTo(300);
        }

        @Test
        void aStepThatIsTheMethodsFloorSaysNothingAboutTheTick() {
            Fact<DoctorRules.KernelTick> tick = DoctorRules.kernelTickFrom(coarse(30, 15_000_000));
            assertThat(tick.isKnown()).isFalse();
            assertThat(tick.source()).contains("changed on 100 % of reads").contains("floor");
        }

        @Test
        void tooFewStepsOrNoWholeRateIsUnknown() {
            assertThat(DoctorRules.kernelTickFrom(coarse(4_000_000, 3)).source()).contains("only 3 times");
            // 10^9 / 3,500,000 = 285.71: 1,000 ppm from HZ 286, twice what NTP can slew
            assertThat(DoctorRules.kernelTickFrom(coarse(3_500_000, 60)).source()).contains("not a whole tick rate");
            assertThat(DoctorRules.kernelTickFrom(coarse(0, 0)).source()).contains("never increased");
        }

        @Test
        void realtimeCoarseStandsInWhenMonotonicCoarseCannotTell() {
            ClockRow mono = row(ClockId.CLOCK_MONOTONIC_COARSE, 4_000_000, observation(15_000_000, 2, 4_000_000, 100_000_000, 0));
            ClockRow real = row(ClockId.CLOCK_REALTIME_COARSE, 4_000_000, observation(15_000_000, 25, 4_000_000, 100_000_000, 0));
            Fact<DoctorRules.KernelTick> tick = DoctorRules.kernelTick(Optional.of(mono), Optional.of(real));
            assertThat(tick.get().hz()).isEqualTo(250);
            assertThat(tick.get().clock()).isEqualTo(ClockId.CLOCK_REALTIME_COARSE);

            Fact<DoctorRules.KernelTick> neither = DoctorRules.kernelTick(Optional.of(mono), Optional.empty());
            assertThat(neither.source()).contains("CLOCK_MONOTONIC_COARSE stepped only 2 times")
                    .contains("CLOCK_REALTIME_COARSE was not surveyed");
        }
    }

    @Nested
    class HighResolutionTimers {

        @Test
        void oneNanosecondMeansHighResolutionMode() {
            Fact<Boolean> on = DoctorRules.highResTimers(Fact.of(1L, "clock_getres"));
            assertThat(on.get()).isTrue();
            assertThat(on.source()).contains("clock_getres(CLOCK_MONOTONIC) = 1 ns").contains("HIGH_RES_NSEC");
        }

        @Test
        void aTickMeansLowResolutionMode() {
            for (long tick : new long[] {1_000_000, 4_000_000}) {
                Fact<Boolean> off = DoctorRules.highResTimers(Fact.of(tick, "clock_getres"));
                assertThat(off.get()).isFalse();
                assertThat(off.source()).contains("low-resolution mode");
            }
        }

        @Test
        void unknownResolutionStaysUnknownWithItsReason() {
            Fact<Boolean> unknown = DoctorRules.highResTimers(Fact.unknown("clock_getres(1) failed with errno 22"));
            assertThat(unknown.isKnown()).isFalse();
            assertThat(unknown.source()).contains("errno 22");
        }

        @Test
        void theReportDerivesItFromClockMonotonicsAdvertisedResolution() {
            DoctorReport r = DoctorSamples.withClock(report(), row(ClockId.CLOCK_MONOTONIC, 4_000_000,
                    observation(3_000_000, 3_000_000, 23, 100_000_000, 0)));
            assertThat(r.highResTimers().get()).isFalse();
            assertThat(codes(r)).contains("low-resolution-timers");
            assertThat(report().highResTimers().get()).isTrue();
        }
    }

    @Nested
    class CpuidLeaves {

        @Test
        void aTscLeafWithinToleranceAgreesAndOneBeyondItDoesNot() {
            DoctorReport agrees = DoctorSamples.withHost(report(),
                    DoctorSamples.host().toBuilder().tscFrequencyHzHypervisor(2_600_000_000L).build());
            assertThat(agrees.cpuidComparisons()).singleElement().satisfies(c -> {
                assertThat(c.leaf()).isEqualTo("40000010H");
                assertThat(c.agrees().get()).isTrue();
            });
            assertThat(codes(agrees)).doesNotContain("cpuid-frequency-disagrees");

            DoctorReport disagrees = DoctorSamples.withHost(report(),
                    DoctorSamples.host().toBuilder().tscFrequencyHzCpuid15(2_600_520_000L).build()); // +200 ppm
            assertThat(disagrees.cpuidComparisons().get(0).differencePpm().get()).isCloseTo(200, org.assertj.core.data.Offset.offset(0.1));
            assertThat(codes(disagrees)).contains("cpuid-frequency-disagrees");
            assertThat(messages(disagrees)).contains("CPUID.15H").contains("+200 ppm");
        }

        @Test
        void theBaseFrequencyLeafIsOnlyFlaggedBeyondOnePercent() {
            // a 3,192 MHz TSC on a 3,200 MHz-base part: 2,500 ppm, normal
            HostFacts host = DoctorSamples.host().toBuilder().baseFrequencyHzCpuid16(2_606_000_000L).build(); // +2,308 ppm
            assertThat(codes(DoctorSamples.withHost(report(), host))).doesNotContain("cpuid-frequency-disagrees");
            HostFacts far = DoctorSamples.host().toBuilder().baseFrequencyHzCpuid16(2_700_000_000L).build(); // +3.8 %
            assertThat(codes(DoctorSamples.withHost(report(), far))).contains("cpuid-frequency-disagrees");
        }

        @Test
        void withoutCalibrationLeavesAreShownButNotCompared() {
            DoctorReport r = DoctorSamples.withCalibration(DoctorSamples.withHost(report(),
                    DoctorSamples.host().toBuilder().tscFrequencyHzCpuid15(2_600_000_000L).build()), Fact.unknown("no probe"));
            assertThat(r.cpuidComparisons()).singleElement().satisfies(c -> {
                assertThat(c.agrees().isKnown()).isFalse();
                assertThat(c.agrees().source()).contains("no probe");
            });
        }
    }

    @Nested
    class Warnings {

        @Test
        void thisMachineWarnsOfCpuTimeClocksInTheKernelAndUnsynchronisedNtp() {
            DoctorReport r = report();
            assertThat(codes(r)).containsExactly("cpu-time-clocks-enter-kernel", "ntp-unsynchronised");
            assertThat(messages(r)).contains("CPU-time clocks enter the kernel here: ~197–240 ns per read")
                    .contains("STA_UNSYNC").contains("CLOCK_MONOTONIC may run uncorrected");
        }

        @Test
        void aHostOnHpetHasNoVdsoAndCannotTrustItsTsc() {
            DoctorReport r = DoctorSamples.withHost(report(), HostFixtures.withClocksource(DoctorSamples.host(), "hpet"));
            assertThat(codes(r)).contains("clocksource-not-vdso", "tsc-not-invariant");
            assertThat(messages(r)).contains("clocksource hpet, which has no vDSO clock mode: every clock_gettime is a system call");
        }

        @Test
        void fineClocksThatEnterTheKernelAreNamed() {
            DoctorReport r = DoctorSamples.withClock(report(), row(ClockId.CLOCK_MONOTONIC, 1,
                    observation(300_000, 300_000, 480, 160_000_000, 0.75)));
            assertThat(messages(r)).contains("CLOCK_MONOTONIC enters the kernel here: ~533 ns per read");
        }

        @Test
        void aTscThatIsNotInvariantIsAWarningAndNoRdtscpIsNot() {
            // RDTSCP is one read path; lfence;rdtsc;lfence serves without it, so its absence warns of nothing
            HostFacts host = HostFixtures.withoutInvariantTsc(DoctorSamples.host()).toBuilder().rdtscp(false).build();
            DoctorReport r = DoctorSamples.withHost(report(), host);
            assertThat(codes(r)).contains("tsc-not-invariant").doesNotContain("no-rdtscp");
            assertThat(messages(r)).contains("invariant TSC: no");
        }

        @Test
        void frequencyScalingAndSmtAreWarningsButNoIsolatedCpusIsNot() {
            HostFacts host = DoctorSamples.host().toBuilder().cpufreqGovernor("powersave").intelNoTurbo(false)
                    .smtActive(true).isolatedCpus(dev.chronoscope.internal.host.CpuList.NONE).build();
            DoctorReport r = DoctorSamples.withHost(report(), host);
            assertThat(codes(r)).contains("cpufreq-governor", "frequency-boost", "smt-active");
            assertThat(messages(r)).contains("'powersave', not 'performance'").doesNotContainIgnoringCase("isolat");

            HostFacts tuned = DoctorSamples.host().toBuilder().cpufreqGovernor("performance").intelNoTurbo(true)
                    .smtActive(false).build();
            assertThat(codes(DoctorSamples.withHost(report(), tuned)))
                    .doesNotContain("cpufreq-governor", "frequency-boost", "smt-active");
        }

        @Test
        void aSynchronisedClockRaisesNoNtpWarning() {
            DoctorReport r = DoctorSamples.withHost(report(), DoctorSamples.host().toBuilder().adjtimex(DoctorSamples.SYNCHRONISED).build());
            assertThat(codes(r)).doesNotContain("ntp-unsynchronised");
        }

        @Test
        void anUncertainCalibrationAndAnUnsettledWarmupAreWarnings() {
            DoctorReport r = DoctorSamples.withWarmup(DoctorSamples.withCalibration(report(),
                    Fact.of(DoctorSamples.calibration(150), "2 windows")), Fact.of(DoctorSamples.warmup(false), "warm"));
            assertThat(codes(r)).contains("tsc-calibration-uncertain", "warmup-not-converged");
            assertThat(messages(r)).contains("±150 ppm").contains("did not settle within its budget (14 rounds, 120 ms)");
        }

        @Test
        void advertisingAMillisecondForAClockThatStepsIn41NanosecondsIsAWarning() {
            // clock_getres says 1 ms, the clock steps every 41 ns (35 % of reads changed): clock_getres describes the timer, not the clock
            DoctorReport r = DoctorSamples.withClock(report(), row(ClockId.CLOCK_MONOTONIC, 1_000_000,
                    observation(2_000_000, 706_000, 41, 31_000_000, 0)));
            assertThat(codes(r)).contains("resolution-misadvertised");
            assertThat(messages(r)).contains("CLOCK_MONOTONIC: clock_getres advertises 1 ms")
                    .contains("as little as 41 ns").contains("finer than advertised");
        }

        @Test
        void advertisingOneNanosecondForAClockWhoseOwnStepIsLargerIsAWarning() {
            DoctorReport r = DoctorSamples.withClock(report(), row(ClockId.CLOCK_TAI, 1,
                    observation(2_000_000, 700_000, 41, 31_000_000, 0)));
            assertThat(messages(r)).contains("CLOCK_TAI: clock_getres advertises 1 ns, but the clock steps by 41 ns")
                    .contains("does not have the resolution it advertises");
        }

        @Test
        void aClockThatReadsIn10NanosecondQuantaWithAnOdd1NanosecondDifferenceIsCoarserThanItsAdvertised1Nanosecond() {
            // an AMD EPYC guest's CLOCK_MONOTONIC: every read changed, by 20 or 30 ns, and 1 % by 1 ns
            StepObservation o = new StepObservation(2_000_000, 2_000_000, 1, 60_000_000, 0, 60_000_000,
                    new ReadingDifferences(new long[] {1, 20, 30}, new long[] {600, 18_000, 41_400}));
            DoctorReport r = DoctorSamples.withClock(report(), row(ClockId.CLOCK_MONOTONIC, 1, o));
            assertThat(messages(r)).contains("CLOCK_MONOTONIC: clock_getres advertises 1 ns, but the clock steps by 10 ns"
                    + " (its effective resolution: 99 % of differences between readings are multiples of it)");
        }

        @Test
        void aMethodFloorLargerThanTheAdvertisedResolutionIsNotAWarning() {
            // every read changed: 23 ns is the loop's period, the clock may well be 1 ns fine
            assertThat(codes(report())).doesNotContain("resolution-misadvertised");
        }

        @Test
        void aTscMovingInStepsOfManyTicksIsAWarning() {
            assertThat(codes(DoctorSamples.withGranularity(report(), 24))).contains("resolution-misadvertised");
            assertThat(messages(DoctorSamples.withGranularity(report(), 24)))
                    .contains("only ever moved by multiples of 24 ticks (9.231 ns)");
            assertThat(codes(DoctorSamples.withGranularity(report(), 2))).doesNotContain("resolution-misadvertised");
        }

        @Test
        void withoutTheProbeOneWarningExplainsTheMissingTscFigures() {
            DoctorReport r = DoctorSamples.withoutProbe(report());
            assertThat(codes(r)).contains("native-probe-unavailable")
                    .doesNotContain("clock-unavailable", "tsc-calibration-failed");
        }

        @Test
        void aCpuQuotaWarnsWithItsFileAndNoQuotaDoesNot() {
            HostFacts quota = DoctorSamples.host().toBuilder()
                    .with(HostFact.CGROUP_CPU_QUOTA, Fact.of(new CpuQuota(30_000, 100_000), "/sys/fs/cgroup/ci/cpu.max")).build();
            HostFacts none = DoctorSamples.host().toBuilder().with(HostFact.CGROUP_CPU_QUOTA, CpuQuota.none(100_000)).build();

            assertThat(messages(DoctorSamples.withHost(report(), quota))).contains("this process's cgroup has a CPU quota of "
                    + "30000/100000 us (0.30 CPUs) [/sys/fs/cgroup/ci/cpu.max]: once its threads have used it in a period they wait");
            assertThat(codes(DoctorSamples.withHost(report(), none))).doesNotContain("cpu-quota");
            assertThat(codes(report())).as("unknown").doesNotContain("cpu-quota");
        }

        @Test
        void theContainerHasALineInTheTextAndMembersInTheJson() {
            HostFacts host = DoctorSamples.host().toBuilder()
                    .with(HostFact.CGROUP, "v2 cpu:/ci cpuset:/ci memory:/ci")
                    .with(HostFact.CGROUP_CPU_QUOTA, Fact.of(new CpuQuota(30_000, 100_000), "/sys/fs/cgroup/ci/cpu.max"))
                    .with(HostFact.CGROUP_CPUSET, CpuList.of(0, 1))
                    .with(HostFact.CGROUP_MEMORY_LIMIT, new MemoryLimit(MemoryLimit.NONE)).build();
            DoctorReport r = DoctorSamples.withHost(report(), host);

            assertThat(DoctorText.render(r)).contains("container           CPU quota 30000/100000 us (0.30 CPUs) "
                    + "[/sys/fs/cgroup/ci/cpu.max] · cpuset 0-1 · memory limit none · cgroup v2 cpu:/ci cpuset:/ci memory:/ci\n");
            String json = Json.write(DoctorJson.host(r));
            assertThat(json).contains("\"cgroupCpuQuota\":{\"quotaUs\":30000,\"periodUs\":100000,\"cpus\":0.3}")
                    .contains("\"cgroupCpuset\":[0,1]").contains("\"cgroupMemoryLimit\":{\"bytes\":null}");
        }
    }
}
