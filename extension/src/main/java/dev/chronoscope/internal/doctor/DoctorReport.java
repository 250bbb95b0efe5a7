package dev.chronoscope.internal.doctor;

import dev.chronoscope.ClockId;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.measure.ProbeWarmup;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
                           long elapsedNanos) {

    /** The JSON document's {@code schema} value; bumped when a field changes meaning or goes away. */
    public static final String SCHEMA = "chronoscope-doctor/1";

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
