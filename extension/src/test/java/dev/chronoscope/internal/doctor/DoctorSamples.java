package dev.chronoscope.internal.doctor;

import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.internal.clock.ReadingDifferences;
import dev.chronoscope.internal.clock.StepObservation;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.ffm.Adjtimex;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.host.HostFixtures;
import dev.chronoscope.internal.measure.ProbeWarmup;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Hand-built doctor reports for rendering and rule tests. {@link #report()} describes a host like
 * the build machine (2 vCPU Intel KVM guest, clocksource tsc, HZ 250, NTP unsynchronised, no cpufreq
 * driver) with figures of the kind the doctor measured there; the {@code with…} methods change one part.
 */
final class DoctorSamples {

    static final double HZ = 2_600_000_000.0;
    static final String NO_CPUFREQ = "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor: no cpufreq driver (file absent)";
    static final String NANO_TIME_ADVERTISES_NOTHING = "System.nanoTime advertises no resolution (its unit is 1 ns)";

    /** state TIME_ERROR (5), STA_UNSYNC: what this machine's kernel reports. */
    static final Adjtimex UNSYNCHRONISED = new Adjtimex(5, 0, 0, 16_000_000, 16_000_000, Adjtimex.STA_UNSYNC, 10_000, 0);
    /** state TIME_OK, STA_PLL | STA_NANO, +1.970 ppm (a laptop's NTP state, as adjtimex(2) reports it). */
    static final Adjtimex SYNCHRONISED = new Adjtimex(0, 0, Math.round(1.970 * 65536), 1_000, 100,
            Adjtimex.STA_PLL | Adjtimex.STA_NANO, 10_000, 37);

    private DoctorSamples() {
    }

    /** An observation: {@code systemShare} of {@code cpuNanos} spent in the kernel. */
    static StepObservation observation(long reads, long changes, long step, long elapsedNanos, double systemShare) {
        long system = Math.round(elapsedNanos * systemShare);
        // every change by the smallest step: the simplest history that shows that step
        ReadingDifferences differences = step > 0 && changes > 0
                ? new ReadingDifferences(new long[] {step}, new long[] {changes})
                : ReadingDifferences.NONE;
        return new StepObservation(reads, changes, step, elapsedNanos, system, elapsedNanos - system, differences);
    }

    static ClockRow row(ClockId id, Fact<Long> advertised, StepObservation o) {
        Fact<Boolean> kernel = Fact.of(o.systemFraction() >= 0.30, String.format(
                "getrusage(RUSAGE_THREAD): %.0f %% of the loop's CPU time in the kernel (threshold 30 %%)", 100 * o.systemFraction()));
        Fact<Double> nanosPerUnit = id.countsTicks() ? Fact.of(1e9 / HZ, "calibrated") : Fact.of(1.0, "ns");
        String method = switch (id) {
            case TSC_FENCED -> "lfence;rdtscp;lfence .. rdtscp;lfence";
            case TSC -> "rdtsc (no fences)";
            case NANO_TIME -> "System.nanoTime()";
            default -> "clock_gettime(" + id.posixClockId().getAsInt() + ") via FFM";
        };
        return new ClockRow(id, method, advertised, o, kernel, nanosPerUnit, "");
    }

    static ClockRow row(ClockId id, long advertised, StepObservation o) {
        return row(id, Fact.of(advertised, id.countsTicks() ? "a counter read returns whole ticks (1 tick advertised)" : "clock_getres"), o);
    }

    static List<ClockRow> clocks() {
        List<ClockRow> rows = new ArrayList<>();
        rows.add(row(ClockId.TSC_FENCED, 1, observation(3_170_000, 3_170_000, 56, 100_000_000, 0)));
        rows.add(row(ClockId.TSC, 1, observation(8_200_000, 8_200_000, 22, 100_000_000, 0)));
        rows.add(row(ClockId.CLOCK_REALTIME, 1, observation(3_500_000, 3_500_000, 23, 100_000_000, 0)));
        rows.add(row(ClockId.CLOCK_MONOTONIC, 1, observation(3_730_000, 3_730_000, 23, 100_000_000, 0.01)));
        rows.add(row(ClockId.CLOCK_PROCESS_CPUTIME_ID, 1, observation(2_000_000, 2_000_000, 210, 480_000_000, 0.81)));
        rows.add(row(ClockId.CLOCK_THREAD_CPUTIME_ID, 1, observation(2_000_000, 2_000_000, 174, 394_000_000, 0.71)));
        rows.add(row(ClockId.CLOCK_MONOTONIC_RAW, 1, observation(4_370_000, 4_370_000, 19, 100_000_000, 0)));
        rows.add(row(ClockId.CLOCK_REALTIME_COARSE, 4_000_000, observation(14_370_000, 25, 4_000_000, 100_000_000, 0)));
        rows.add(row(ClockId.CLOCK_MONOTONIC_COARSE, 4_000_000, observation(15_590_000, 25, 4_000_000, 100_000_000, 0)));
        rows.add(row(ClockId.CLOCK_BOOTTIME, 1, observation(4_230_000, 4_230_000, 20, 100_000_000, 0)));
        rows.add(row(ClockId.CLOCK_TAI, 1, observation(4_200_000, 4_200_000, 20, 100_000_000, 0)));
        rows.add(row(ClockId.NANO_TIME, Fact.unknown(NANO_TIME_ADVERTISES_NOTHING), observation(4_420_000, 4_420_000, 18, 100_000_000, 0)));
        return rows;
    }

    static HostFacts host() {
        return HostFixtures.invariantTscHost().toBuilder()
                .cpuModel("Intel(R) Xeon(R) Processor")
                .logicalCpus(2).onlineCpus(dev.chronoscope.internal.host.CpuList.of(0, 1))
                .smtActive(false).smtControl("notsupported")
                .hypervisor(true).hypervisorVendor("KVMKVMKVM")
                .availableClocksources("tsc", "kvm-clock")
                .cpufreqGovernor(Fact.unknown(NO_CPUFREQ))
                .kernelRelease("6.18.44-fc-v769")
                .adjtimex(UNSYNCHRONISED)
                .build();
    }

    static TscCalibration calibration(double uncertaintyPpm) {
        return new TscCalibration(HZ, uncertaintyPpm, List.of(HZ - 1_000, HZ + 1_000), 100_000_000L, -0.085, 210_000_000L);
    }

    static ProbeFloor floor() {
        Summary ticks = new Summary(ClockUnit.TICKS, 10_000, 49, 73, 90, 98, 1_713, 70, 4);
        return new ProbeFloor(ClockId.TSC_FENCED, ticks, ticks.scaled(1e9 / HZ, ClockUnit.NANOSECONDS), 700_000);
    }

    static ProbeWarmup warmup(boolean converged) {
        return new ProbeWarmup(14, 10_000, List.of(190L, 150L, 120L, 96L, 80L, 75L, 74L, 73L, 73L, 74L, 73L, 73L, 73L, 73L),
                120_000_000L, converged, converged ? ProbeWarmup.BY_JIT_QUIET : "");
    }

    static DoctorReport report() {
        return new DoctorReport(Instant.parse("2026-11-29T12:00:00Z"),
                new DoctorReport.Environment("25.0.3+9-LTS (Eclipse Adoptium)", "linux-x86_64",
                        Fact.of("bundled /dev/chronoscope/native/linux-x86_64/libchronoscope.so", "ProbeLibrary")),
                DoctorOptions.defaults(), clocks(), host(), Fact.of(calibration(2.7), "2 windows"),
                Fact.of(warmup(true), "Warmer.warmProbePath"), Fact.of(floor(), "Timings.measureFloor"),
                Fact.of(new DoctorReport.Granularity(2, 1_000_000), "GCD"),
                Fact.of(new DoctorReport.Drift(-0.085, 0.2, 210_000_000L, "over the calibration"), "over the calibration"),
                2_700_000_000L, Fact.unknown("not measured"), Fact.unknown("not measured"));
    }

    // ---- one part changed ---------------------------------------------------------------------

    static DoctorReport withHost(DoctorReport r, HostFacts host) {
        return new DoctorReport(r.measuredAt(), r.environment(), r.options(), r.clocks(), host, r.calibration(),
                r.warmup(), r.fencedFloor(), r.granularity(), r.drift(), r.elapsedNanos(), r.readPath(), r.cpuNumbers());
    }

    static DoctorReport withClock(DoctorReport r, ClockRow row) {
        List<ClockRow> rows = new ArrayList<>(r.clocks().stream().map(c -> c.id() == row.id() ? row : c).toList());
        return new DoctorReport(r.measuredAt(), r.environment(), r.options(), rows, r.host(), r.calibration(),
                r.warmup(), r.fencedFloor(), r.granularity(), r.drift(), r.elapsedNanos(), r.readPath(), r.cpuNumbers());
    }

    /** The calibration, and the counter rows' tick length with it (as Doctor.run derives it). */
    static DoctorReport withCalibration(DoctorReport r, Fact<TscCalibration> calibration) {
        Fact<Double> tickNanos = calibration.map(c -> 1e9 / c.hz());
        List<ClockRow> rows = r.clocks().stream().map(c -> !c.id().countsTicks() || !c.available() ? c
                : new ClockRow(c.id(), c.readMethod(), c.advertised(), c.observation(), c.entersKernel(), tickNanos,
                c.unavailableReason())).toList();
        return new DoctorReport(r.measuredAt(), r.environment(), r.options(), rows, r.host(), calibration,
                r.warmup(), r.fencedFloor(), r.granularity(), r.drift(), r.elapsedNanos(), r.readPath(), r.cpuNumbers());
    }

    static DoctorReport withWarmup(DoctorReport r, Fact<ProbeWarmup> warmup) {
        return new DoctorReport(r.measuredAt(), r.environment(), r.options(), r.clocks(), r.host(), r.calibration(),
                warmup, r.fencedFloor(), r.granularity(), r.drift(), r.elapsedNanos(), r.readPath(), r.cpuNumbers());
    }

    static DoctorReport withGranularity(DoctorReport r, long ticks) {
        return new DoctorReport(r.measuredAt(), r.environment(), r.options(), r.clocks(), r.host(), r.calibration(),
                r.warmup(), r.fencedFloor(), Fact.of(new DoctorReport.Granularity(ticks, 1_000_000), "GCD"), r.drift(),
                r.elapsedNanos(), r.readPath(), r.cpuNumbers());
    }

    /** No native probe: the counter clocks unavailable, nothing about the TSC measured. */
    static DoctorReport withoutProbe(DoctorReport r) {
        String reason = "no bundled libchronoscope.so for linux-riscv64 (built without a C compiler, or platform not built); none on java.library.path";
        String why = "the native probe is not loaded: " + reason;
        List<ClockRow> rows = new ArrayList<>(r.clocks().stream()
                .map(c -> c.id().countsTicks() ? ClockRow.unavailable(c.id(), why) : c).toList());
        return new DoctorReport(r.measuredAt(), new DoctorReport.Environment(r.environment().java(), "linux-riscv64",
                Fact.unknown(reason)), r.options(), rows, r.host(), Fact.unknown(why), Fact.unknown(why),
                Fact.unknown(why), Fact.unknown(why), r.drift(), r.elapsedNanos(), r.readPath(), r.cpuNumbers());
    }
}
