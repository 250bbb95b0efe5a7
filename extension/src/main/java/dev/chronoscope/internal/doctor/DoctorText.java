package dev.chronoscope.internal.doctor;

import dev.chronoscope.ClockId;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.internal.clock.ClockSurvey;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.clock.StepObservation;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.host.CpuidFacts;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFact;
import dev.chronoscope.internal.host.HostFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

import static dev.chronoscope.internal.format.Format.count;
import static dev.chronoscope.internal.format.Format.duration;
import static dev.chronoscope.internal.format.Format.frequency;
import static dev.chronoscope.internal.format.Format.millis;
import static dev.chronoscope.internal.format.Format.percent;
import static dev.chronoscope.internal.format.Format.ppm;
import static dev.chronoscope.internal.format.Format.seconds;
import static dev.chronoscope.internal.format.Format.units;

/**
 * {@code DoctorText} is used to render a {@link DoctorReport} for people: the clock table, the TSC
 * section, the host section, the warnings, and how long it took. Unknown table cells point to a
 * numbered note with the reason; unknown facts elsewhere carry their reason inline.
 */
public final class DoctorText {

    /** The clock table's header line (tests look for it). */
    public static final String TABLE_HEADER = String.format(Locale.ROOT,
            "%-25s %-19s %-22s %-10s %-20s %-10s %9s  %-14s %s", "clock", "advertised", "effective resolution",
            "method", "smallest difference", "changed", "ns/read",
            "enters kernel", "reads");
    static final String TICKS_NOTE = "ticks count the TSC's fixed reference rate, not core cycles";
    private static final String LABEL = "  %-19s %s%n";

    private DoctorText() {
    }

    public static String render(DoctorReport r) {
        StringBuilder out = new StringBuilder();
        header(r, out);
        clocks(r, out);
        tsc(r, out);
        host(r, out);
        warnings(r, out);
        out.append(String.format(Locale.ROOT, "%nmeasured in %s (%s reads per clock requested%s)%n",
                seconds(r.elapsedNanos()), count(r.options().reads()), r.options().quick() ? ", --quick" : ""));
        return out.toString();
    }

    private static void header(DoctorReport r, StringBuilder out) {
        out.append("chronoscope doctor — ").append(r.environment().platform()).append(", Java ")
                .append(r.environment().java()).append(", ").append(r.measuredAt()).append('\n');
        out.append("native probe: ").append(r.environment().nativeProbe().isKnown()
                ? r.environment().nativeProbe().get() : "not loaded (" + r.environment().nativeProbe().source() + ")")
                .append("\n\n");
    }

    // ---- clocks ---------------------------------------------------------------------------------

    private static void clocks(DoctorReport r, StringBuilder out) {
        DoctorOptions o = r.options();
        out.append(String.format(Locale.ROOT, "clocks: each read back to back at least %s times and at least %s"
                        + " (at most %s)%n",
                count(o.reads()), millis(o.minNanosPerClock()), millis(o.maxNanosPerClock())));
        out.append(TABLE_HEADER).append('\n');
        List<String> notes = new ArrayList<>();
        for (ClockRow c : r.clocks()) {
            if (!c.available()) {
                out.append(String.format(Locale.ROOT, "%-25s unavailable [%d]%n", c.id(),
                        note(notes, c.unavailableReason().startsWith(c.id().name()) ? c.unavailableReason() : c.id()
                        + ": " + c.unavailableReason())));
                continue;
            }
            String advertised = cell(c.advertised(), v -> ClockRow.inUnit(v, c), c.id() + " advertised", notes);
            String resolution = cell(c.effectiveResolution(), e -> ClockRow.inUnit(e.quantum(), c),
                    c.id() + " effective resolution", notes);
            String method = c.effectiveResolution().map(e -> e.method().key()).orElse("-");
            String step = cell(c.observedStep(), v -> ClockRow.inUnit(v, c), c.id() + " smallest difference", notes);
            String kernel = cell(c.entersKernel(), k -> yesNo(k) + c.systemTimeFraction()
                    .map(f -> String.format(Locale.ROOT, " (%.0f %% sys)", 100 * f)).orElse(""), c.id()
                    + " enters kernel", notes);
            String limited = c.reads() < o.reads() ? " (time bound)" : "";
            out.append(String.format(Locale.ROOT, "%-25s %-19s %-22s %-10s %-20s %-10s %9s  %-14s %s%n", c.id(),
                    advertised, resolution, method, step, changed(c.observation()),
                    oneDecimal(c.observation().nanosPerRead()),
                    kernel, count(c.reads()) + limited));
        }
        out.append(String.format(Locale.ROOT,
                "  Three figures, not to be confused. effective resolution: the quantum that at least %.0f %% of the%n"
                        + "  differences between readings are multiples of (within ±1 unit, or 1/%d of it for large "
                        + "quanta;%n" + "  exact below %d units) — what two durations must differ by for the clock to "
                        + "tell them apart; the%n"
                        + "  verdicts and assertions use it. smallest difference: the least change seen, which the "
                        + "kernel's%n" + "  scaling of a coarse counter can make smaller than the quantum (an odd 1 ns "
                        + "among 10 ns steps).%n"
                        + "  ns/read: the read cost, wall time per read, loop included; when the clock is finer than "
                        + "it,%n" + "  every read changes (changed >= %.0f %%) and the differences show the read cost, "
                        + "not the quantum.%n"
                        + "  method: multiples (a quantum above one unit fits; where every read changed, in two "
                        + "multiples or%n" + "  more), one-unit (nothing coarser fits: the clock is finer than its "
                        + "differences show; its unit is%n"
                        + "  taken). enters kernel: the reading thread's system time (getrusage(RUSAGE_THREAD)) is at "
                        + "least%n" + "  %.0f %% of its CPU time while reading. A test's section also counts its "
                        + "floor's samples.%n",
                100 * EffectiveResolution.SHARE, EffectiveResolution.RELATIVE_TOLERANCE_DIVISOR,
                EffectiveResolution.EXACT_BELOW, 100 * StepObservation.METHOD_FLOOR_CHANGE_RATE,
                100 * ClockSurvey.KERNEL_SYSTEM_FRACTION));
        if (r.calibration().isKnown()) {
            out.append("  TSC_FENCED and TSC: ").append(TICKS_NOTE).append("; ns at the calibrated ")
                    .append(frequency(r.calibration().get().hz())).append(".\n");
        } else {
            out.append("  TSC_FENCED and TSC: ").append(TICKS_NOTE).append("; no ns: ").append(r.calibration().source())
                    .append('\n');
        }
        for (int i = 0; i < notes.size(); i++) {
            out.append("  [").append(i + 1).append("] ").append(notes.get(i)).append('\n');
        }
    }

    /**
     * The share of reads that changed; under 0.1 %, how many times, as the coarse clocks are best counted
     * (docs/reference/doctor.md).
     */
    private static String changed(StepObservation o) {
        return o.changedFraction() >= 0.001 || o.changes() == 0 ? percent(o.changedFraction())
                : count(o.changes()) + (o.changes() == 1 ? " time" : " times");
    }

    /** A column's figure: whole from 100 up, else to a tenth: {@code 1,234}, {@code 29.1}. */
    private static String oneDecimal(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%,.0f" : "%.1f", v);
    }

    private static double round1(double v) {
        return v >= 100 ? Math.rint(v) : Math.rint(v * 10) / 10;
    }

    private static <T> String cell(Fact<T> fact, Function<T, String> format, String what, List<String> notes) {
        return fact.isKnown() ? format.apply(fact.get()) : "unknown [" + note(notes, what + ": " + fact.source()) + "]";
    }

    private static int note(List<String> notes, String text) {
        notes.add(text);
        return notes.size();
    }

    // ---- TSC ------------------------------------------------------------------------------------

    private static void tsc(DoctorReport r, StringBuilder out) {
        HostFacts h = r.host();
        out.append("\nTSC\n");
        line(out, "invariant TSC", sourced(h.invariantTsc(), DoctorText::yesNo));
        line(out, "RDTSCP", sourced(h.rdtscp(), DoctorText::yesNo));
        line(out, "RDPID", sourced(h.rdpid(), DoctorText::yesNo));
        line(out, "kernel command line", h.kernelTscParameters().isKnown()
                ? (h.kernelTscParameters().get().isEmpty() ? "no tsc= or clocksource= words"
                : String.join(" ", h.kernelTscParameters().get())) + " (" + h.kernelTscParameters().source() + ")"
                : "unknown (" + h.kernelTscParameters().source() + ")");
        Fact<Boolean> verdict = h.invariantTscVerdict();
        line(out, "fit for durations", (verdict.isKnown() ? yesNo(verdict.get()) : "unknown") + ": "
                + verdict.source());
        line(out, "read path", r.readPath().isKnown() ? r.readPath().get().method() + ": " + r.readPath().get().why()
                : "unknown (" + r.readPath().source() + ")");
        line(out, "CPU numbers", r.cpuNumbers().isKnown() ? r.cpuNumbers().get().describe()
                : "unknown (" + r.cpuNumbers().source() + ")");
        if (r.calibration().isKnown()) {
            TscCalibration c = r.calibration().get();
            line(out, "frequency", String.format(Locale.ROOT,
                    "%s ± %s ppm: %s windows of %s against CLOCK_MONOTONIC_RAW (%s)", frequency(c.hz()),
                    oneDecimal(c.uncertaintyPpm()), c.windowHz().size(), millis(c.windowNanos()),
                    c.windowHz().stream().map(Format::frequency).collect(Collectors.joining(", "))));
        } else {
            line(out, "frequency", "unknown (" + r.calibration().source() + ")");
        }
        cpuid(r, out, "15H", h.tscFrequencyHzCpuid15());
        cpuid(r, out, "16H", h.baseFrequencyHzCpuid16());
        cpuid(r, out, "40000010H", h.tscFrequencyHzHypervisor());
        ClockRow bare = r.clock(ClockId.TSC).orElse(null);
        for (ClockId counter : List.of(ClockId.TSC, ClockId.TSC_FENCED)) {
            ClockRow row = r.clock(counter).orElse(null);
            String label = "resolution " + (counter == ClockId.TSC ? "bare" : "fenced");
            if (row == null || !row.available()) {
                line(out, label, "unknown (" + (row == null ? counter + " was not surveyed" : row.unavailableReason())
                        + ")");
            } else {
                line(out, label, fact(row.effectiveResolution(), e -> ClockRow.inUnit(e.quantum(), row) + ", "
                        + row.readMethod() + ": " + e.describe()));
            }
        }
        line(out, "granularity", fact(r.granularity(),
                g -> ClockRow.inUnit(g.ticks(), bare != null ? bare : ClockRow.unavailable(ClockId.TSC, "?")) + ": "
                + (g.ticks() == 1 ? "the deltas share no common factor, no coarser step is visible"
                : "every delta was a multiple of it, so the TSC advances in steps of " + count(g.ticks()) + " ticks")
                + " [" + r.granularity().source() + "]"));
        line(out, "probe warm-up", fact(r.warmup(), DoctorRules::describe));
        line(out, "fenced-pair floor", fact(r.fencedFloor(), f -> floor(f, r)));
        line(out, "note", TICKS_NOTE);
    }

    private static void cpuid(DoctorReport r, StringBuilder out, String leaf, Fact<Long> hz) {
        String label = "CPUID." + leaf;
        if (!hz.isKnown()) {
            line(out, label, "unknown (" + hz.source() + ")");
            return;
        }
        DoctorRules.CpuidComparison c = r.cpuidComparisons().stream().filter(x -> x.leaf().equals(leaf)).findFirst()
                .orElse(null);
        if (c == null) {
            line(out, label, frequency(hz.get()) + " (" + hz.source() + ")");
            return;
        }
        String comparison = c.differencePpm().isKnown()
                ? String.format(Locale.ROOT, "%s from the calibration (allowed ±%s ppm): %s",
                ppm(c.differencePpm().get()), count(Math.round(c.tolerancePpm())), c.agrees().get() ? "agrees"
                : "DISAGREES")
                : "not compared: " + c.differencePpm().source();
        line(out, label, frequency(c.hz()) + ", " + c.meaning() + "; " + comparison);
    }

    private static String floor(ProbeFloor f, DoctorReport r) {
        Summary t = f.raw();
        String ns = r.tickNanos().map(n -> String.format(Locale.ROOT, " = min %s  p50 %s  p99 %s ns",
                units(round1(t.min() * n)), units(round1(t.p50() * n)), units(round1(t.p99() * n)))).orElse("");
        String method = r.clock(ClockId.TSC_FENCED).map(ClockRow::readMethod).filter(m -> !m.isEmpty())
                .orElse("TSC_FENCED");
        return String.format(Locale.ROOT, "min %s  p50 %s  p99 %s ticks%s (%s empty regions in %s, %s)", units(t.min()),
                units(t.p50()), units(t.p99()), ns, count(t.count()),
                String.format(Locale.ROOT, "%.1f ms", f.elapsedNanos() / 1e6), method);
    }

    // ---- host -----------------------------------------------------------------------------------

    private static void host(DoctorReport r, StringBuilder out) {
        HostFacts h = r.host();
        out.append("\nhost\n");
        line(out, "CPU", fact(h.cpuVendor(), v -> v) + " · " + fact(h.cpuModel(), v -> v));
        String hypervisor = sourced(h.hypervisor(), DoctorText::yesNo);
        if (Boolean.TRUE.equals(h.hypervisor().value())) {
            hypervisor += "; vendor " + fact(h.hypervisorVendor(), v -> v + CpuidFacts.hypervisorProduct(v)
                    .map(p -> " (" + p + ")").orElse(""));
        }
        line(out, "hypervisor", hypervisor);
        line(out, "cpuinfo flags", String.join(" · ", flag("constant_tsc", h.constantTscFlag()),
                flag("nonstop_tsc", h.nonstopTscFlag()), flag("tsc_known_freq", h.tscKnownFreqFlag()),
                flag("rdtscp", h.rdtscpFlag())));
        String clocksource = fact(h.clocksource(), v -> v) + " (available: "
                + fact(h.availableClocksources(), l -> String.join(" ", l)) + ")";
        Fact<Boolean> vdso = h.vdsoCapableClocksource();
        if (vdso.isKnown()) {
            clocksource += vdso.get() ? ", has a vDSO clock mode"
                    : ", NO vDSO clock mode: clock_gettime is a system call";
        }
        line(out, "clocksource", clocksource);
        line(out, "CPUs", fact(h.logicalCpus(), String::valueOf) + " logical, online "
                + fact(h.onlineCpus(), String::valueOf) + "; SMT "
                + fact(h.smtActive(), a -> a ? "active" : "inactive") + " (control: " + fact(h.smtControl(), v -> v)
                + ")");
        line(out, "isolated CPUs", fact(h.isolatedCpus(), String::valueOf) + "; nohz_full: "
                + fact(h.nohzFullCpus(), String::valueOf));
        line(out, "cpufreq governor", sourced(h.cpufreqGovernor(), v -> v));
        line(out, "boost", "cpufreq boost " + fact(h.cpufreqBoost(), b -> b ? "on" : "off")
                + "; intel_pstate no_turbo " + fact(h.intelNoTurbo(), b -> b ? "1 (turbo off)" : "0 (turbo on)"));
        line(out, "kernel", fact(h.kernelRelease(), v -> v));
        line(out, "container", "CPU quota " + sourced(h.get(HostFact.CGROUP_CPU_QUOTA), Object::toString)
                + " · cpuset " + fact(h.get(HostFact.CGROUP_CPUSET), String::valueOf)
                + " · memory limit " + fact(h.get(HostFact.CGROUP_MEMORY_LIMIT), String::valueOf)
                + " · cgroup " + fact(h.get(HostFact.CGROUP), v -> v));
        kernelTick(r, out);
        Fact<Boolean> hres = r.highResTimers();
        line(out, "high-res timers", (hres.isKnown() ? yesNo(hres.get()) + ": " : "unknown: ") + hres.source());
        line(out, "NTP", ntp(h));
        line(out, "MONOTONIC − RAW", fact(r.drift(), d -> ppm(d.ppm()) + " ± "
                + String.format(Locale.ROOT, "%.3f", d.uncertaintyPpm()) + " ppm over " + millis(d.windowNanos())
                + ": " + d.method()));
        otherHostFacts(out, h, DoctorReport.otherHostFacts());
    }

    private static void kernelTick(DoctorReport r, StringBuilder out) {
        Fact<DoctorRules.KernelTick> tick = r.kernelTick();
        if (tick.isKnown()) {
            DoctorRules.KernelTick t = tick.get();
            String advertised = r.clock(t.clock()).map(ClockRow::advertised).filter(Fact::isKnown)
                    .map(a -> "; clock_getres(" + t.clock() + ") says " + duration(a.get())).orElse("");
            line(out, "kernel tick", String.format(Locale.ROOT,
                    "HZ %d = round(10^9 / %s ns): the step of %s, its own (%s changes in %s reads)%s", t.hz(),
                    count(t.stepNs()), t.clock(), count(t.changes()),
                    count(r.clock(t.clock()).map(ClockRow::reads).orElse(0L)), advertised));
        } else {
            line(out, "kernel tick", "unknown (" + tick.source() + ")");
        }
    }

    private static String ntp(HostFacts h) {
        String ntp;
        if (h.adjtimex().isKnown()) {
            ntp = (h.ntpSynchronised().get() ? "synchronised" : "unsynchronised") + ": state " + h.clockState().get()
                    + ", status " + (h.ntpStatusFlags().get().isEmpty() ? "none"
                    : String.join(" ", h.ntpStatusFlags().get())) + "; frequency correction "
                    + ppm(h.ntpFrequencyPpm().get()) + " [" + h.adjtimex().source() + "]";
        } else {
            ntp = "unknown (" + h.adjtimex().source() + ")";
        }
        return ntp;
    }

    /** One line per fact in {@code keys} (facts without a line of their own): its name, value and source. */
    static void otherHostFacts(StringBuilder out, HostFacts h, List<HostFact<?>> keys) {
        for (HostFact<?> key : keys) {
            line(out, key.name(), sourced(h.get(key), Object::toString));
        }
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    private static String flag(String name, Fact<Boolean> f) {
        return name + " " + (f.isKnown() ? yesNo(f.get()) : "unknown (" + f.source() + ")");
    }

    // ---- warnings -------------------------------------------------------------------------------

    private static void warnings(DoctorReport r, StringBuilder out) {
        List<DoctorRules.Warning> warnings = r.warnings();
        out.append("\nwarnings\n");
        if (warnings.isEmpty()) {
            out.append("  none\n");
        }
        for (DoctorRules.Warning w : warnings) {
            out.append("  - ").append(w.message()).append('\n');
        }
    }

    // ---- helpers --------------------------------------------------------------------------------

    private static void line(StringBuilder out, String label, String value) {
        out.append(String.format(Locale.ROOT, LABEL, label, value));
    }

    /** The value formatted with its source in brackets, or {@code unknown (reason)}. */
    private static <T> String sourced(Fact<T> f, Function<T, String> format) {
        return f.isKnown() ? format.apply(f.get()) + " [" + f.source() + "]" : "unknown (" + f.source() + ")";
    }

    /** The value formatted, or {@code unknown (reason)}. */
    private static <T> String fact(Fact<T> f, Function<T, String> format) {
        return f.isKnown() ? format.apply(f.get()) : "unknown (" + f.source() + ")";
    }
}
