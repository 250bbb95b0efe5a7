package dev.chronoscope.internal.doctor;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.StepObservation;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.measure.ProbeWarmup;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static dev.chronoscope.internal.format.Format.count;
import static dev.chronoscope.internal.format.Format.duration;
import static dev.chronoscope.internal.format.Format.millis;
import static dev.chronoscope.internal.format.Format.percent;
import static dev.chronoscope.internal.format.Format.ppm;

/**
 * {@code DoctorRules} is used to derive facts and warnings from what the doctor measured: the
 * kernel's tick rate, whether high-resolution timers are on, how the CPUID frequency leaves compare
 * with the calibration, and the warnings in plain words. Pure functions of a {@link DoctorReport}'s
 * parts, so each rule can be tested with hand-built facts.
 */
public final class DoctorRules {

    /** A coarse clock must have stepped at least this often for its smallest step to be trusted as one tick. */
    public static final long MIN_COARSE_CHANGES = 5;
    /**
     * 10⁹ / step must lie this close to a whole tick rate. The coarse clocks advance by whole tick
     * lengths as NTP has adjusted them, by at most 500 ppm (MAXFREQ; docs/evidence/host-measurements.md,
     * "Figures once in code comments"), so a step further than that, plus a margin, from every whole rate is
     * not a tick.
     * Above HZ 1000 every step lies within 500 ppm of some whole rate: there this check cannot
     * reject, and the guard is that the step is the clock's own and was seen {@value #MIN_COARSE_CHANGES}+ times.
     */
    public static final double HZ_TOLERANCE_PPM = 600;
    /** Above this, the calibration's windows disagree too much for ticks-to-ns to be trusted. */
    public static final double LARGE_CALIBRATION_UNCERTAINTY_PPM = 100;
    /**
     * CPUID.15H (crystal × ratio) and CPUID.40000010H (the hypervisor's kHz) state the TSC rate
     * itself; beyond their rounding, the calibration's uncertainty and this, they disagree with it.
     */
    public static final double CPUID_TSC_LEAF_TOLERANCE_PPM = 100;
    /**
     * CPUID.16H:EAX is the processor's nominal base frequency in whole MHz, not the TSC's rate by
     * definition: TSCs commonly run a few hundred to a few thousand ppm from it (e.g. a 3,192 MHz TSC
     * on a 3,200 MHz-base part is 2,500 ppm). Only a difference beyond 1 % (and the whole-MHz
     * rounding) is flagged.
     */
    public static final double CPUID_BASE_LEAF_TOLERANCE_PPM = 10_000;
    /** clock_getres and the observed step disagree when one is more than this many times the other. */
    public static final double RESOLUTION_MISMATCH_FACTOR = 2;

    private DoctorRules() {
    }

    // ---- kernel tick ------------------------------------------------------------------------

    /**
     * The kernel's tick: {@code hz} = round(10⁹ / {@code stepNs}).
     *
     * @param hz              ticks per second ({@code CONFIG_HZ})
     * @param stepNs          the coarse clock's observed step it was derived from
     * @param clock           which coarse clock
     * @param changedFraction the share of that clock's reads that changed (low: the step is the clock's own)
     * @param changes         how many steps were seen
     */
    public record KernelTick(long hz, long stepNs, ClockId clock, double changedFraction, long changes) {
    }

    /**
     * From CLOCK_MONOTONIC_COARSE if it tells, else from CLOCK_REALTIME_COARSE; unknown with both reasons otherwise.
     */
    public static Fact<KernelTick> kernelTick(Optional<ClockRow> monotonicCoarse, Optional<ClockRow> realtimeCoarse) {
        Fact<KernelTick> mono = monotonicCoarse.map(DoctorRules::kernelTickFrom)
                .orElse(Fact.unknown("CLOCK_MONOTONIC_COARSE was not surveyed"));
        if (mono.isKnown()) {
            return mono;
        }
        Fact<KernelTick> real = realtimeCoarse.map(DoctorRules::kernelTickFrom)
                .orElse(Fact.unknown("CLOCK_REALTIME_COARSE was not surveyed"));
        return real.isKnown() ? real : Fact.unknown(mono.source() + "; " + real.source());
    }

    /**
     * The kernel tick from one coarse clock's observation: the coarse clocks return the time of the
     * last tick, so their own step is one tick — but only when the step is the clock's own (the
     * clock changed on few reads) and was seen often enough.
     */
    public static Fact<KernelTick> kernelTickFrom(ClockRow coarse) {
        String name = coarse.id().name();
        Fact<Long> step = coarse.observedStep();
        if (!step.isKnown()) {
            return Fact.unknown(name + ": " + step.source());
        }
        StepObservation o = coarse.observation();
        if (o.stepIsMethodFloor()) {
            return Fact.unknown(String.format(Locale.ROOT,
                    "%s changed on %s of reads, so its observed step (%s) is the reading loop's floor, not the tick",
                    name, percent(o.changedFraction()), duration(step.get())));
        }
        if (o.changes() < MIN_COARSE_CHANGES) {
            return Fact.unknown(String.format(Locale.ROOT,
                    "%s stepped only %d times in %s: too few to be sure the smallest step is one tick (need %d)",
                    name, o.changes(), millis(o.elapsedNanos()), MIN_COARSE_CHANGES));
        }
        double rate = 1e9 / step.get();
        long hz = Math.round(rate);
        if (hz < 1 || Math.abs(rate - hz) / hz * 1e6 > HZ_TOLERANCE_PPM) {
            return Fact.unknown(String.format(Locale.ROOT,
                    "%s steps by %s ns: 10^9 / step = %.4f is not a whole tick rate within %.0f ppm",
                    name, count(step.get()), rate, HZ_TOLERANCE_PPM));
        }
        return Fact.of(new KernelTick(hz, step.get(), coarse.id(), o.changedFraction(), o.changes()),
                String.format(Locale.ROOT,
                "round(10^9 / %s ns), the observed step of %s (%s of reads changed: the clock's own step)",
                count(step.get()), name, percent(o.changedFraction())));
    }

    // ---- high-resolution timers ---------------------------------------------------------------

    /**
     * The kernel (kernel/time/posix-timers.c, hrtimer.c; docs/reference/doctor.md): for the fine clocks clock_getres
     * returns
     * {@code hrtimer_resolution}, which is {@code HIGH_RES_NSEC} = 1 ns in high-resolution mode and
     * {@code LOW_RES_NSEC} (one tick) otherwise.
     */
    public static Fact<Boolean> highResTimers(Fact<Long> monotonicResolutionNanos) {
        if (!monotonicResolutionNanos.isKnown()) {
            return Fact.unknown("clock_getres(CLOCK_MONOTONIC): " + monotonicResolutionNanos.source());
        }
        long res = monotonicResolutionNanos.get();
        if (res == 1) {
            return Fact.of(true, "clock_getres(CLOCK_MONOTONIC) = 1 ns: hrtimer_resolution is HIGH_RES_NSEC "
                    + "(high-resolution mode)");
        }
        return Fact.of(false, "clock_getres(CLOCK_MONOTONIC) = " + duration(res)
                + ": hrtimer_resolution is the tick (LOW_RES_NSEC), the kernel runs timers in low-resolution mode");
    }

    // ---- CPUID frequency leaves --------------------------------------------------------------

    /**
     * One CPUID frequency leaf beside the calibration.
     *
     * @param leaf          {@code 15H}, {@code 16H} or {@code 40000010H}
     * @param meaning       what the leaf states
     * @param hz            the leaf's frequency
     * @param source        the registers it was decoded from
     * @param differencePpm (leaf − calibrated) / calibrated × 10⁶, or unknown without a calibration
     * @param tolerancePpm  the difference allowed: the leaf's own tolerance + its rounding + the calibration's
     * uncertainty
     * @param agrees        |difference| ≤ tolerance, or unknown without a calibration
     */
    public record CpuidComparison(String leaf, String meaning, long hz, String source, Fact<Double> differencePpm,
                                  double tolerancePpm, Fact<Boolean> agrees) {
    }

    public static List<CpuidComparison> cpuidComparisons(HostFacts host, Fact<TscCalibration> calibration) {
        List<CpuidComparison> list = new ArrayList<>();
        add(list, "15H", "TSC frequency (crystal × TSC/crystal ratio)", host.tscFrequencyHzCpuid15(), 0,
                CPUID_TSC_LEAF_TOLERANCE_PPM, calibration);
        add(list, "16H", "processor base frequency (nominal, whole MHz; not the TSC rate by definition)",
                host.baseFrequencyHzCpuid16(), 500_000, CPUID_BASE_LEAF_TOLERANCE_PPM, calibration);
        add(list, "40000010H", "TSC frequency the hypervisor states (whole kHz)", host.tscFrequencyHzHypervisor(),
                500, CPUID_TSC_LEAF_TOLERANCE_PPM, calibration);
        return list;
    }

    private static void add(List<CpuidComparison> list, String leaf, String meaning, Fact<Long> hz, double roundingHz,
                            double leafTolerancePpm, Fact<TscCalibration> calibration) {
        if (!hz.isKnown() || hz.get() <= 0) {
            return;
        }
        if (!calibration.isKnown()) {
            String why = "no calibration to compare with: " + calibration.source();
            list.add(new CpuidComparison(leaf, meaning, hz.get(), hz.source(), Fact.unknown(why),
                    leafTolerancePpm + roundingHz / hz.get() * 1e6, Fact.unknown(why)));
            return;
        }
        TscCalibration c = calibration.get();
        double difference = (hz.get() - c.hz()) / c.hz() * 1e6;
        double tolerance = leafTolerancePpm + roundingHz / hz.get() * 1e6 + c.uncertaintyPpm();
        String how = String.format(Locale.ROOT, "(CPUID.%s − calibrated) / calibrated", leaf);
        list.add(new CpuidComparison(leaf, meaning, hz.get(), hz.source(), Fact.of(difference, how), tolerance,
                Fact.of(Math.abs(difference) <= tolerance, String.format(Locale.ROOT,
                        "|%s| vs %.0f ppm allowed", ppm(difference), tolerance))));
    }

    // ---- warnings -------------------------------------------------------------------------------

    /**
     * A warning in plain words.
     *
     * @param code    a stable identifier ({@code cpu-time-clocks-enter-kernel}, …), for scripts
     * @param message what was found and what it means, with the figures behind it
     */
    public record Warning(String code, String message) {
    }

    /** Every warning the report's facts call for; unknown facts never raise one. */
    public static List<Warning> warnings(DoctorReport r) {
        return DoctorWarnings.of(r);
    }

    /** What a warm-up did, in one line: {@code 14 rounds of 10,000 empty regions, 120 ms, converged}. */
    static String describe(ProbeWarmup wu) {
        return String.format(Locale.ROOT, "%d rounds of %s empty regions, %s, %s", wu.rounds(), count(wu.roundSize()),
                millis(wu.elapsedNanos()), wu.settled() ? "converged" : "did not converge within its budget");
    }
}
