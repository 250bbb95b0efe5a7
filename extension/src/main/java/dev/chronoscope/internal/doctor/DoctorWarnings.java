package dev.chronoscope.internal.doctor;

import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.doctor.DoctorRules.CpuidComparison;
import dev.chronoscope.internal.doctor.DoctorRules.Warning;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.host.CpuQuota;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFact;
import dev.chronoscope.internal.host.HostFacts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import static dev.chronoscope.internal.doctor.DoctorRules.LARGE_CALIBRATION_UNCERTAINTY_PPM;
import static dev.chronoscope.internal.doctor.DoctorRules.RESOLUTION_MISMATCH_FACTOR;
import static dev.chronoscope.internal.format.Format.count;
import static dev.chronoscope.internal.format.Format.duration;
import static dev.chronoscope.internal.format.Format.millis;
import static dev.chronoscope.internal.format.Format.percent;
import static dev.chronoscope.internal.format.Format.ppm;

/**
 * {@code DoctorWarnings} is used to derive the doctor's warnings in plain words from a {@link DoctorReport}: the
 * probe and the clocks, the TSC, and the host's settings, each a rule of the report's facts alone.
 */
final class DoctorWarnings {

    private DoctorWarnings() {
    }

    /** Every warning the report's facts call for; unknown facts never raise one. */
    static List<Warning> of(DoctorReport r) {
        List<Warning> w = new ArrayList<>();
        boolean probeMissing = !r.environment().nativeProbe().isKnown();
        probeAndClocks(r, probeMissing, w);
        kernelEntries(r, w);
        tsc(r, probeMissing, w);
        hostSettings(r, w);
        return w;
    }

    private static void probeAndClocks(DoctorReport r, boolean probeMissing, List<Warning> w) {
        HostFacts host = r.host();
        if (probeMissing) {
            w.add(new Warning("native-probe-unavailable", "the native probe is not loaded, so TSC_FENCED and TSC"
                    + " cannot be read and the TSC cannot be calibrated: " + r.environment().nativeProbe().source()));
        }
        for (ClockRow c : r.clocks()) {
            if (!c.available() && !(probeMissing && c.id().countsTicks())) {
                w.add(new Warning("clock-unavailable", c.id() + " cannot be read here: " + c.unavailableReason()));
            }
        }
        host.vdsoCapableClocksource().asOptional().filter(capable -> !capable).ifPresent(x -> w.add(new Warning(
                "clocksource-not-vdso", "the kernel keeps time with clocksource " + host.clocksource().get()
                + ", which has no vDSO clock mode: every clock_gettime is a system call")));
    }

    private static void tsc(DoctorReport r, boolean probeMissing, List<Warning> w) {
        HostFacts host = r.host();
        host.invariantTscVerdict().asOptional().filter(ok -> !ok).ifPresent(x -> w.add(new Warning(
                "tsc-not-invariant", "the TSC is not a trustworthy clock for durations here: "
                + host.invariantTscVerdict().source())));
        if (r.cpuNumbers().isKnown() && !r.cpuNumbers().get().agrees()) {
            w.add(new Warning("cpu-numbers-not-the-os", "TSC_FENCED's CPU numbers are not the OS's ("
                    + r.cpuNumbers().get().describe() + "): a sample that spans a migration cannot be recognised"));
        }
        if (r.calibration().isKnown()) {
            double u = r.calibration().get().uncertaintyPpm();
            if (u > LARGE_CALIBRATION_UNCERTAINTY_PPM) {
                w.add(new Warning("tsc-calibration-uncertain", String.format(Locale.ROOT,
                        "the TSC frequency calibration is uncertain: ±%s ppm (over %.0f ppm): its windows disagree or"
                        + " the reads were wide, so ticks converted to ns carry that error", Format.units(u),
                        LARGE_CALIBRATION_UNCERTAINTY_PPM)));
            }
        } else if (!probeMissing) {
            w.add(new Warning("tsc-calibration-failed", "the TSC frequency could not be calibrated, so ticks cannot be"
                    + " converted to ns: " + r.calibration().source()));
        }
        for (CpuidComparison c : r.cpuidComparisons()) {
            if (c.agrees().isKnown() && !c.agrees().get()) {
                w.add(new Warning("cpuid-frequency-disagrees", String.format(Locale.ROOT,
                        "CPUID.%s states %s (%s) but the TSC was calibrated at %s: %s apart, more than the %.0f ppm "
                        + "allowed", c.leaf(), Format.frequency(c.hz()), c.meaning(),
                        Format.frequency(r.calibration().get().hz()),
                        ppm(c.differencePpm().get()), c.tolerancePpm())));
            }
        }
        r.warmup().asOptional().filter(wu -> !wu.settled()).ifPresent(wu -> w.add(new Warning(
                "warmup-not-converged", String.format(Locale.ROOT,
                        "the probe-path warm-up did not settle within its budget (%d rounds, %s): the JIT may still be"
                        + " compiling, so the fenced-pair floor may be too high", wu.rounds(),
                        millis(wu.elapsedNanos())))));
        resolutionMismatches(r, w);
        r.granularity().asOptional().filter(g -> g.ticks() > RESOLUTION_MISMATCH_FACTOR)
                .ifPresent(g -> w.add(new Warning( "resolution-misadvertised", String.format(Locale.ROOT,
                        "TSC: a read advertises 1 tick, but the counter only ever moved by multiples of %s ticks%s"
                        + " (GCD of %s back-to-back deltas): that is its real resolution", count(g.ticks()),
                        r.tickNanos().map(n -> " (" + duration(g.ticks() * n) + ")").orElse(""), count(g.reads())))));
    }

    private static void hostSettings(DoctorReport r, List<Warning> w) {
        HostFacts host = r.host();
        r.highResTimers().asOptional().filter(on -> !on).ifPresent(x -> w.add(new Warning("low-resolution-timers",
                "high-resolution timers are off (" + r.highResTimers().source() + "): sleeps and timer wake-ups land on"
                + " the tick grid")));
        host.ntpSynchronised().asOptional().filter(sync -> !sync).ifPresent(x -> w.add(new Warning(
                "ntp-unsynchronised", "NTP: the kernel clock is not synchronised (" + ntpState(host)
                + "): nothing may be disciplining it, so CLOCK_MONOTONIC may run uncorrected at the counter's rate"
                + " (frequency correction now " + host.ntpFrequencyPpm().map(Format::ppm).describe()
                + ") and CLOCK_REALTIME may be off")));
        host.cpufreqGovernor().asOptional().filter(g -> !g.equals("performance")).ifPresent(g -> w.add(new Warning(
                "cpufreq-governor", "the cpufreq governor is '" + g + "', not 'performance' ("
                + host.cpufreqGovernor().source() + "): the core clock follows the load, so the same work can take"
                + " different times from run to run (TSC ticks keep their rate)")));
        boolean boost = host.cpufreqBoost().orElse(false);
        boolean turbo = Boolean.FALSE.equals(host.intelNoTurbo().value());
        if (boost || turbo) {
            String source = boost ? host.cpufreqBoost().source() + " = 1" : host.intelNoTurbo().source() + " = 0";
            w.add(new Warning("frequency-boost", "frequency boost (turbo) is on (" + source + "): the core clock rises"
                    + " and falls with load and temperature, so durations of the same work vary (TSC ticks keep their "
                    + "rate)"));
        }
        host.smtActive().asOptional().filter(on -> on).ifPresent(x -> w.add(new Warning("smt-active",
                "SMT is active (" + host.smtActive().source() + "): a sibling hardware thread can share this core's"
                + " execution units with the code being timed")));
        host.get(HostFact.CGROUP_CPU_QUOTA).asOptional().filter(CpuQuota::limited)
                .ifPresent(q -> w.add(new Warning("cpu-quota", "this process's cgroup has a CPU quota of " + q + " ["
                + host.get(HostFact.CGROUP_CPU_QUOTA).source()
                + "]: once its threads have used it in a period they wait for the next, so a timing can include"
                + " that wait; each timing's record counts the periods it was throttled in")));
    }

    private static String ntpState(HostFacts host) {
        List<String> parts = new ArrayList<>();
        host.clockState().asOptional().ifPresent(s -> parts.add("state " + s));
        host.ntpStatusFlags().asOptional().filter(f -> f.contains("STA_UNSYNC"))
                .ifPresent(f -> parts.add("STA_UNSYNC set"));
        return String.join(", ", parts);
    }

    /** Clocks whose reads enter the kernel (getrusage), CPU-time clocks and others apart. */
    private static void kernelEntries(DoctorReport r, List<Warning> w) {
        List<ClockRow> cpuTime = new ArrayList<>();
        List<ClockRow> others = new ArrayList<>();
        for (ClockRow c : r.clocks()) {
            if (c.entersKernel().orElse(false)) {
                (c.id().measuresCpuTime() ? cpuTime : others).add(c);
            }
        }
        if (!cpuTime.isEmpty()) {
            w.add(new Warning("cpu-time-clocks-enter-kernel", "CPU-time clocks enter the kernel here: ~"
                    + costRange(cpuTime) + " per read (" + details(cpuTime) + "); read them around long regions only"));
        }
        if (!others.isEmpty()) {
            w.add(new Warning("clocks-enter-kernel", others.stream().map(c -> c.id().name())
                    .collect(Collectors.joining(", ")) + (others.size() == 1 ? " enters" : " enter")
                    + " the kernel here: ~" + costRange(others)
                    + " per read (" + details(others) + "): a system call per read, not the vDSO"));
        }
    }

    private static String costRange(List<ClockRow> rows) {
        double min = rows.stream().mapToDouble(c -> c.costNs().get()).min().orElseThrow();
        double max = rows.stream().mapToDouble(c -> c.costNs().get()).max().orElseThrow();
        String lo = count(Math.round(min));
        String hi = count(Math.round(max));
        return (lo.equals(hi) ? lo : lo + "–" + hi) + " ns";
    }

    private static String details(List<ClockRow> rows) {
        return rows.stream().map(c -> c.id().name() + " " + Math.round(c.costNs().get()) + " ns, "
                        + c.systemTimeFraction().map(f -> String.format(Locale.ROOT, "%.0f %% system time", 100 * f))
                        .orElse("system time unknown")).collect(Collectors.joining("; "));
    }

    /**
     * clock_getres against the observed step. Finer than advertised (reads differ by less than half
     * the advertised resolution, method floor or not): clock_getres describes the timer grid, not the
     * clock. Coarser than advertised (the clock's own step, not the method floor, over twice the
     * advertised resolution): the clock does not have the resolution it advertises.
     */
    private static void resolutionMismatches(DoctorReport r, List<Warning> w) {
        Map<String, List<ClockRow>> finer = new LinkedHashMap<>();
        Map<String, List<ClockRow>> coarser = new LinkedHashMap<>();
        for (ClockRow c : r.clocks()) {
            Fact<Long> step = c.observedStep();
            if (!c.advertised().isKnown() || !step.isKnown() || c.advertised().get() <= 0) {
                continue;
            }
            long adv = c.advertised().get();
            String key = c.unit() + ":" + adv;
            if (step.get() * RESOLUTION_MISMATCH_FACTOR < adv) {
                finer.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
            } else if (c.effectiveResolution().map(e -> e.method() == EffectiveResolution.Method.MULTIPLES
                    && e.quantum() > RESOLUTION_MISMATCH_FACTOR * adv).orElse(false)) {
                // the quantum, not the smallest difference: an odd 1 ns difference hides a 10 ns quantum
                coarser.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
            }
        }
        for (List<ClockRow> group : finer.values()) {
            ClockRow first = group.get(0);
            w.add(new Warning("resolution-misadvertised", names(group) + ": " + advertisedBy(first) + " "
                    + ClockRow.inUnit(first.advertised().get(), first)
                    + ", but back-to-back reads differed by as little as " + stepRange(group)
                    + ": the clock is finer than advertised (clock_getres reports the timer grid,"
                    + " hrtimer_resolution, not the clock)"));
        }
        for (List<ClockRow> group : coarser.values()) {
            ClockRow first = group.get(0);
            w.add(new Warning("resolution-misadvertised", names(group) + ": " + advertisedBy(first) + " "
                    + ClockRow.inUnit(first.advertised().get(), first) + ", but the clock steps by "
                    + quantumRange(group) + " (its effective resolution: " + group.stream()
                    .map(c -> percent(c.effectiveResolution().get().share()))
                    .collect(Collectors.joining(", "))
                    + " of differences between readings are multiples of it): it does"
                    + " not have the resolution it advertises"));
        }
    }

    private static String advertisedBy(ClockRow c) {
        return c.id().countsTicks() ? "a counter read advertises" : "clock_getres advertises";
    }

    private static String names(List<ClockRow> rows) {
        return rows.stream().map(c -> c.id().name()).collect(Collectors.joining(", "));
    }

    private static String stepRange(List<ClockRow> rows) {
        long min = rows.stream().mapToLong(c -> c.observedStep().get()).min().orElseThrow();
        long max = rows.stream().mapToLong(c -> c.observedStep().get()).max().orElseThrow();
        ClockRow first = rows.get(0);
        return min == max ? ClockRow.inUnit(min, first) : count(min) + "–" + ClockRow.inUnit(max, first);
    }

    private static String quantumRange(List<ClockRow> rows) {
        List<String> quanta = rows.stream().map(c -> ClockRow.inUnit(c.effectiveResolution().get().quantum(), c))
                .distinct().toList();
        return String.join(", ", quanta);
    }

}
