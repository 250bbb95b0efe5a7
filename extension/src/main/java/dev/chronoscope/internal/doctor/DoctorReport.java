package dev.chronoscope.internal.doctor;

import dev.chronoscope.internal.clock.CpuNumbers;
import dev.chronoscope.internal.clock.TscReadPath;

import dev.chronoscope.ClockId;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.measure.ProbeWarmup;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * {@code DoctorReport} is used to hold everything the doctor measured and read about this machine's
 * clocks, TSC and host, so that rendering ({@link DoctorText}, {@link DoctorJson}) is separate from
 * measuring ({@link Doctor#run}) and a report can be built by hand in a test.
 *
 * <p>It holds only what was measured or read; everything derived from those facts — kernel HZ,
 * high-resolution timers, the CPUID comparisons and the warnings — is computed from them by
 * {@link DoctorRules}, through the methods below.
 *
 * @param measuredAt   when the measurement started
 * @param environment  the JVM, platform and native probe the figures were measured with
 * @param options      the options the doctor ran with (reads per clock, time bounds)
 * @param clocks       one row per {@link ClockId}, in declaration order
 * @param host         what was read about the host
 * @param calibration  the TSC frequency calibrated against CLOCK_MONOTONIC_RAW, or why it could not be
 * @param warmup       the probe-path warm-up before the floor, or why it could not run
 * @param fencedFloor  the fenced pair around an empty region after the warm-up, or why it could not be measured
 * @param granularity  the GCD of back-to-back bare TSC deltas, or why it could not be measured
 * @param drift        CLOCK_MONOTONIC − CLOCK_MONOTONIC_RAW, or why it could not be measured
 * @param elapsedNanos how long the whole measurement took
 */
public record DoctorReport(Instant measuredAt, Environment environment, DoctorOptions options, List<ClockRow> clocks,
                           HostFacts host, Fact<TscCalibration> calibration, Fact<ProbeWarmup> warmup,
                           Fact<ProbeFloor> fencedFloor, Fact<Granularity> granularity, Fact<Drift> drift,
                           long elapsedNanos, Fact<TscReadPath> readPath, Fact<CpuNumbers> cpuNumbers) {

    /** The JSON document's {@code schema} value; bumped when a field changes meaning or goes away. */
    public static final String SCHEMA = "chronoscope-doctor/1";

    /**
     * The host facts that {@link DoctorText} and {@link DoctorJson} show in places and words of their
     * own (the JSON's member names are its contract: {@code tsc.invariant} for
     * {@link HostFact#INVARIANT_TSC}, {@code host.constantTsc} for {@link HostFact#CONSTANT_TSC_FLAG}, …).
     * Both show every other listed fact at the end of their host section under the fact's name
     * ({@link #otherHostFacts()}), so a fact added to {@link HostFact} appears in the doctor's output
     * without an edit here; add a key to this set only when you give it a place of its own.
     */
    static final Set<HostFact<?>> HOST_FACTS_PLACED = Set.of(
            HostFact.CPU_VENDOR, HostFact.CPU_MODEL, HostFact.LOGICAL_CPUS, HostFact.ONLINE_CPUS, HostFact.SMT_ACTIVE,
            HostFact.SMT_CONTROL, HostFact.INVARIANT_TSC, HostFact.RDTSCP, HostFact.RDPID,
            HostFact.KERNEL_TSC_PARAMETERS, HostFact.HYPERVISOR, HostFact.HYPERVISOR_VENDOR, HostFact.CONSTANT_TSC_FLAG,
            HostFact.NONSTOP_TSC_FLAG, HostFact.TSC_KNOWN_FREQ_FLAG, HostFact.RDTSCP_FLAG,
            HostFact.CLOCKSOURCE, HostFact.AVAILABLE_CLOCKSOURCES, HostFact.CPUFREQ_GOVERNOR, HostFact.CPUFREQ_BOOST,
            HostFact.INTEL_NO_TURBO, HostFact.ISOLATED_CPUS, HostFact.NOHZ_FULL_CPUS, HostFact.KERNEL_RELEASE,
            HostFact.TSC_FREQUENCY_HZ_CPUID15, HostFact.BASE_FREQUENCY_HZ_CPUID16, HostFact.TSC_FREQUENCY_HZ_HYPERVISOR,
            HostFact.CGROUP, HostFact.CGROUP_CPU_QUOTA, HostFact.CGROUP_CPUSET, HostFact.CGROUP_MEMORY_LIMIT);

    public DoctorReport {
        Objects.requireNonNull(measuredAt, "measuredAt");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(options, "options");
        clocks = List.copyOf(clocks);
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(calibration, "calibration");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(fencedFloor, "fencedFloor");
        Objects.requireNonNull(granularity, "granularity");
        Objects.requireNonNull(drift, "drift");
    }

    /** The listed host facts without a place of their own in the doctor's output, in declaration order. */
    static List<HostFact<?>> otherHostFacts() {
        return HostFact.listed().stream().filter(k -> !HOST_FACTS_PLACED.contains(k)).toList();
    }

    /**
     * What the figures were measured with.
     *
     * @param java        the JVM ({@code java.runtime.version}, vendor)
     * @param platform    {@code os-arch} as Chronoscope names it
     * @param nativeProbe where the native probe library was loaded from, or why it was not
     */
    public record Environment(String java, String platform, Fact<String> nativeProbe) {
        public Environment {
            Objects.requireNonNull(java, "java");
            Objects.requireNonNull(platform, "platform");
            Objects.requireNonNull(nativeProbe, "nativeProbe");
        }
    }

    /**
     * How finely the bare TSC visibly advances: the greatest common divisor of the differences
     * between back-to-back reads. Where every read changes, the observed step is only the method's
     * floor; the GCD still shows a counter that moves in steps of more than one tick (the lowest bits
     * never change), whatever the reading loop's speed. 1 means no coarser step is visible.
     *
     * @param ticks the GCD of all deltas
     * @param reads how many back-to-back reads it was computed over
     */
    public record Granularity(long ticks, long reads) {
    }

    /**
     * How far CLOCK_MONOTONIC (NTP-corrected) ran from CLOCK_MONOTONIC_RAW (the counter's own rate).
     *
     * @param ppm            (ΔMONOTONIC − ΔRAW) / ΔRAW × 10⁶: positive when MONOTONIC runs faster
     * @param uncertaintyPpm the bound the reads' own width puts on it
     * @param windowNanos    the CLOCK_MONOTONIC_RAW time it was measured over
     * @param method         how, in one line
     */
    public record Drift(double ppm, double uncertaintyPpm, long windowNanos, String method) {
    }

    /** The row of {@code id}, if the report has one. */
    public Optional<ClockRow> clock(ClockId id) {
        return clocks.stream().filter(c -> c.id() == id).findFirst();
    }

    /** Nanoseconds per TSC tick, from the calibration. */
    public Fact<Double> tickNanos() {
        return calibration.map(c -> 1e9 / c.hz());
    }

    /** The kernel's tick rate, derived from the coarse clocks' observed step. */
    public Fact<DoctorRules.KernelTick> kernelTick() {
        return DoctorRules.kernelTick(clock(ClockId.CLOCK_MONOTONIC_COARSE), clock(ClockId.CLOCK_REALTIME_COARSE));
    }

    /** Whether the kernel runs high-resolution timers: {@code clock_getres(CLOCK_MONOTONIC) = 1 ns}. */
    public Fact<Boolean> highResTimers() {
        return DoctorRules.highResTimers(clock(ClockId.CLOCK_MONOTONIC)
                .map(ClockRow::advertised)
                .orElse(Fact.unknown("CLOCK_MONOTONIC was not surveyed")));
    }

    /** The CPUID frequency leaves present on this host, each compared with the calibration. */
    public List<DoctorRules.CpuidComparison> cpuidComparisons() {
        return DoctorRules.cpuidComparisons(host, calibration);
    }

    /** The warnings these facts call for, in plain words. */
    public List<DoctorRules.Warning> warnings() {
        return DoctorRules.warnings(this);
    }
}
