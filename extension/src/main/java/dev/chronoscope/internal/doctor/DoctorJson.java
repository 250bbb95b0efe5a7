package dev.chronoscope.internal.doctor;

import dev.chronoscope.ClockId;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.host.CpuList;
import dev.chronoscope.internal.host.CpuidFacts;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.measure.ProbeWarmup;
import dev.chronoscope.internal.report.Json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code DoctorJson} is used to render a {@link DoctorReport} as the documented JSON document
 * (schema {@value DoctorReport#SCHEMA}; docs/clocks-and-host-facts.md lists every field).
 *
 * <p>The unknown convention: a fact that could not be read or measured is {@code null}, and the
 * enclosing object's {@code "unknown"} object maps the field's name to the reason. Every object made
 * of facts also has a {@code "sources"} object mapping each known field to where it was read or how it
 * was measured. Both are always present (empty when there is nothing to say). Times are in ns, rates
 * in Hz, shares as fractions 0..1, TSC figures in ticks where the name says so.
 */
public final class DoctorJson {

    private DoctorJson() {
    }

    /** The document, indented. */
    public static String write(DoctorReport r) {
        return Json.writePretty(document(r));
    }

    public static Json.Obj document(DoctorReport r) {
        Json.Obj doc = Json.object()
                .put("schema", DoctorReport.SCHEMA)
                .put("measuredAt", r.measuredAt().toString())
                .put("elapsedNs", r.elapsedNanos());
        Section env = new Section();
        env.put("java", r.environment().java());
        env.put("platform", r.environment().platform());
        env.fact("nativeProbe", r.environment().nativeProbe(), v -> v);
        doc.put("environment", env.done());
        doc.put("options", Json.object()
                .put("reads", r.options().reads())
                .put("quick", r.options().quick())
                .put("minNsPerClock", r.options().minNanosPerClock())
                .put("maxNsPerClock", r.options().maxNanosPerClock())
                .put("surveyBudgetNs", r.options().surveyBudgetNanos()));
        doc.put("clocks", r.clocks().stream().map(DoctorJson::clock).toList());
        doc.put("tsc", tsc(r));
        doc.put("host", host(r));
        doc.put("warnings", r.warnings().stream()
                .map(w -> Json.object().put("code", w.code()).put("message", w.message())).toList());
        return doc;
    }

    static Json.Obj clock(ClockRow c) {
        Section s = new Section();
        s.put("id", c.id().name());
        s.put("meaning", c.id().meaning());
        s.put("unit", c.unit());
        s.put("available", c.available());
        s.fact("readMethod", c.available() ? Fact.of(c.readMethod(), "ClockReaders") : Fact.<String>unknown(c.unavailableReason()), v -> v);
        s.fact("advertised", c.advertised(), v -> v);
        s.fact("advertisedNs", c.advertisedNs(), v -> v);
        Fact<EffectiveResolution> resolution = c.effectiveResolution();
        s.fact("effectiveResolution", resolution.map(EffectiveResolution::quantum), v -> v);
        s.fact("effectiveResolutionNs", c.effectiveResolutionNs(), v -> v);
        s.fact("resolutionMethod", resolution.map(e -> e.method().key()), v -> v);
        s.fact("resolutionShare", resolution.map(EffectiveResolution::share), v -> v);
        s.fact("resolutionTolerance", resolution.map(EffectiveResolution::tolerance), v -> v);
        s.fact("observedStep", c.observedStep(), v -> v);
        s.fact("observedStepNs", c.observedStepNs(), v -> v);
        s.fact("changedFraction", c.changedFraction(), v -> v);
        s.fact("stepIsMethodFloor", c.stepIsMethodFloor(), v -> v);
        s.fact("costNs", c.costNs(), v -> v);
        s.fact("entersKernel", c.entersKernel(), v -> v);
        s.fact("systemTimeFraction", c.systemTimeFraction(), v -> v);
        s.put("reads", c.reads());
        s.fact("changes", observation(c, o -> o.changes()), v -> v);
        s.fact("elapsedNs", observation(c, o -> o.elapsedNanos()), v -> v);
        s.put("measuredWith", "back-to-back reads in one loop; effectiveResolution = the largest quantum that at least 95 %"
                + " of the positive differences are within resolutionTolerance of a multiple of (see EffectiveResolution);"
                + " observedStep = smallest positive difference;"
                + " stepIsMethodFloor = changedFraction >= 0.9; costNs = loop wall time / reads;"
                + " entersKernel = getrusage(RUSAGE_THREAD) system time >= 30 % of the loop's CPU time");
        return s.done();
    }

    private static <T> Fact<T> observation(ClockRow c, Function<dev.chronoscope.internal.clock.StepObservation, T> f) {
        return c.available() ? Fact.of(f.apply(c.observation()), "the survey loop") : Fact.unknown(c.unavailableReason());
    }

    static Json.Obj tsc(DoctorReport r) {
        HostFacts h = r.host();
        Section s = new Section();
        s.fact("invariant", h.invariantTsc(), v -> v);
        s.fact("rdtscp", h.rdtscp(), v -> v);
        s.fact("rdpid", h.rdpid(), v -> v);
        s.fact("kernelTscParameters", h.kernelTscParameters(), v -> v);
        s.fact("fitForDurations", h.invariantTscVerdict(), v -> v);
        s.fact("readPath", r.readPath().map(p -> p.read().name()), v -> v);
        s.fact("readMethod", r.readPath().map(p -> p.method()), v -> v);
        s.fact("cpuSource", r.readPath().map(p -> p.cpuSource().name()), v -> v);
        s.fact("readPathWhy", r.readPath().map(p -> p.why()), v -> v);
        s.fact("cpuNumbersAreTheOs", r.cpuNumbers().map(c -> c.agrees()), v -> v);
        s.fact("cpuNumbers", r.cpuNumbers().map(c -> c.describe()), v -> v);
        Fact<TscCalibration> cal = r.calibration();
        s.fact("frequencyHz", cal.map(TscCalibration::hz), v -> v);
        s.fact("frequencyUncertaintyPpm", cal.map(TscCalibration::uncertaintyPpm), v -> v);
        s.fact("frequencyMethod", cal.map(TscCalibration::method), v -> v);
        s.fact("frequencyWindowsHz", cal.map(TscCalibration::windowHz), v -> v);
        s.fact("calibrationElapsedNs", cal.map(TscCalibration::elapsedNanos), v -> v);
        s.fact("cpuid15FrequencyHz", h.tscFrequencyHzCpuid15(), v -> v);
        s.fact("cpuid16BaseFrequencyHz", h.baseFrequencyHzCpuid16(), v -> v);
        s.fact("cpuid40000010FrequencyHz", h.tscFrequencyHzHypervisor(), v -> v);
        s.put("cpuidComparisons", r.cpuidComparisons().stream().map(c -> {
            Section cs = new Section();
            cs.put("leaf", c.leaf());
            cs.put("meaning", c.meaning());
            cs.put("hz", c.hz());
            cs.fact("differencePpm", c.differencePpm(), v -> v);
            cs.put("tolerancePpm", c.tolerancePpm());
            cs.fact("agrees", c.agrees(), v -> v);
            return cs.done();
        }).toList());
        ClockRow bare = r.clock(ClockId.TSC).orElse(ClockRow.unavailable(ClockId.TSC, "TSC was not surveyed"));
        s.fact("observedStepTicks", bare.observedStep(), v -> v);
        s.fact("observedStepNs", bare.observedStepNs(), v -> v);
        s.fact("observedStepChangedFraction", bare.changedFraction(), v -> v);
        s.fact("observedStepIsMethodFloor", bare.stepIsMethodFloor(), v -> v);
        s.fact("observedStepReadMethod", bare.available() ? Fact.of(bare.readMethod(), "ClockReaders")
                : Fact.<String>unknown(bare.unavailableReason()), v -> v);
        Fact<ProbeFloor> floor = r.fencedFloor();
        s.fact("fencedPairTicks", floor, f -> Json.object().put("min", f.raw().min()).put("p50", f.raw().p50())
                .put("p99", f.raw().p99()).put("count", f.raw().count()));
        s.fact("fencedPairNs", floor.flatMap(f -> r.tickNanos().flatMap(n -> Fact.of(Json.object()
                .put("min", f.raw().min() * n).put("p50", f.raw().p50() * n).put("p99", f.raw().p99() * n),
                "fencedPairTicks × 10^9 / frequencyHz"))), v -> v);
        s.fact("fencedPairReadMethod", r.clock(ClockId.TSC_FENCED).filter(ClockRow::available)
                .map(c -> Fact.of(c.readMethod(), "ClockReaders")).orElse(Fact.unknown("TSC_FENCED cannot be read")), v -> v);
        s.fact("fencedPairElapsedNs", floor.map(ProbeFloor::elapsedNanos), v -> v);
        s.fact("granularityTicks", r.granularity(), DoctorReport.Granularity::ticks);
        Fact<ProbeWarmup> warmup = r.warmup();
        s.fact("warmup", warmup, w -> Json.object().put("rounds", w.rounds()).put("roundSize", w.roundSize())
                .put("elapsedNs", w.elapsedNanos()).put("converged", w.converged()).put("finalMedianTicks", w.finalMedian())
                .put("settledBy", w.settledBy()));
        s.put("tickUnit", DoctorText.TICKS_NOTE);
        return s.done();
    }

    static Json.Obj host(DoctorReport r) {
        return host(r, DoctorReport.otherHostFacts());
    }

    /** The host object, with {@code others} (facts without a member of their own) last, under their names. */
    static Json.Obj host(DoctorReport r, List<HostFact<?>> others) {
        HostFacts h = r.host();
        Section s = new Section();
        s.fact("cpuVendor", h.cpuVendor(), v -> v);
        s.fact("cpuModel", h.cpuModel(), v -> v);
        s.fact("logicalCpus", h.logicalCpus(), v -> v);
        s.fact("onlineCpus", h.onlineCpus(), CpuList::cpus);
        s.fact("smtActive", h.smtActive(), v -> v);
        s.fact("smtControl", h.smtControl(), v -> v);
        s.fact("hypervisor", h.hypervisor(), v -> v);
        s.fact("hypervisorVendor", h.hypervisorVendor(), v -> v);
        s.fact("hypervisorProduct", h.hypervisorVendor().flatMap(v -> CpuidFacts.hypervisorProduct(v)
                .map(p -> Fact.of(p, "known signature " + v))
                .orElse(Fact.unknown("signature " + v + " is not one Chronoscope knows"))), v -> v);
        s.fact("constantTsc", h.constantTscFlag(), v -> v);
        s.fact("nonstopTsc", h.nonstopTscFlag(), v -> v);
        s.fact("tscKnownFreq", h.tscKnownFreqFlag(), v -> v);
        s.fact("rdtscpFlag", h.rdtscpFlag(), v -> v);
        s.fact("clocksource", h.clocksource(), v -> v);
        s.fact("availableClocksources", h.availableClocksources(), v -> v);
        s.fact("vdsoCapableClocksource", h.vdsoCapableClocksource(), v -> v);
        s.fact("cpufreqGovernor", h.cpufreqGovernor(), v -> v);
        s.fact("cpufreqBoost", h.cpufreqBoost(), v -> v);
        s.fact("intelNoTurbo", h.intelNoTurbo(), v -> v);
        s.fact("isolatedCpus", h.isolatedCpus(), CpuList::cpus);
        s.fact("nohzFullCpus", h.nohzFullCpus(), CpuList::cpus);
        s.fact("kernelRelease", h.kernelRelease(), v -> v);
        // the container's limits: no quota or limit is a null member inside a known fact, unknown is the fact null
        s.fact("cgroup", h.get(HostFact.CGROUP), v -> v);
        s.fact("cgroupCpuQuota", h.get(HostFact.CGROUP_CPU_QUOTA), q -> Json.object()
                .put("quotaUs", q.limited() ? q.quotaMicros() : null).put("periodUs", q.periodMicros())
                .put("cpus", q.limited() ? q.cpus() : null));
        s.fact("cgroupCpuset", h.get(HostFact.CGROUP_CPUSET), CpuList::cpus);
        s.fact("cgroupMemoryLimit", h.get(HostFact.CGROUP_MEMORY_LIMIT), m -> Json.object().put("bytes", m.limited() ? m.bytes() : null));
        Fact<DoctorRules.KernelTick> tick = r.kernelTick();
        s.fact("kernelHz", tick, DoctorRules.KernelTick::hz);
        s.fact("kernelTickNs", tick, DoctorRules.KernelTick::stepNs);
        s.fact("kernelTickClock", tick, t -> t.clock().name());
        s.fact("highResTimers", r.highResTimers(), v -> v);
        s.fact("ntpSynchronised", h.ntpSynchronised(), v -> v);
        s.fact("ntpClockState", h.clockState(), v -> v);
        s.fact("ntpStatus", h.ntpStatusFlags(), v -> v);
        s.fact("ntpFrequencyPpm", h.ntpFrequencyPpm(), v -> v);
        s.fact("monotonicRawDriftPpm", r.drift(), DoctorReport.Drift::ppm);
        s.fact("monotonicRawDriftUncertaintyPpm", r.drift(), DoctorReport.Drift::uncertaintyPpm);
        s.fact("monotonicRawDriftWindowNs", r.drift(), DoctorReport.Drift::windowNanos);
        s.fact("monotonicRawDriftMethod", r.drift(), DoctorReport.Drift::method);
        for (HostFact<?> key : others) {
            s.fact(key.name(), h.get(key), v -> v instanceof CpuList cpus ? cpus.cpus() : v);
        }
        return s.done();
    }

    /** An object of facts: known values with their sources, unknown ones as null with their reasons. */
    private static final class Section {
        private final Json.Obj obj = Json.object();
        private final Map<String, Object> sources = new LinkedHashMap<>();
        private final Map<String, Object> unknown = new LinkedHashMap<>();

        void put(String name, Object value) {
            obj.put(name, value);
        }

        <T> void fact(String name, Fact<T> fact, Function<? super T, ?> toJson) {
            if (fact.isKnown()) {
                Object value = toJson.apply(fact.get());
                obj.put(name, value instanceof List<?> l ? Json.array(l) : value);
                sources.put(name, fact.source());
            } else {
                obj.put(name, null);
                unknown.put(name, fact.source());
            }
        }

        Json.Obj done() {
            obj.put("sources", sources);
            obj.put("unknown", unknown);
            return obj;
        }
    }
}
