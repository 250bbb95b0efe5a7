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
import dev.chronoscope.internal.json.Json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code DoctorJson} is used to render a {@link DoctorReport} as the documented JSON document
 * (schema {@value DoctorReport#SCHEMA}; docs/reference/doctor-json.md lists every field).
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
        env.fact("nativeProbe", r.environment().nativeProbe());
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
        s.fact("readMethod", c.available() ? Fact.of(c.readMethod(), "ClockReaders")
                : Fact.<String>unknown(c.unavailableReason()));
        s.fact("advertised", c.advertised());
        s.fact("advertisedNs", c.advertisedNs());
        Fact<EffectiveResolution> resolution = c.effectiveResolution();
        s.fact("effectiveResolution", resolution.map(EffectiveResolution::quantum));
        s.fact("effectiveResolutionNs", c.effectiveResolutionNs());
        s.fact("resolutionMethod", resolution.map(e -> e.method().key()));
        s.fact("resolutionShare", resolution.map(EffectiveResolution::share));
        s.fact("resolutionTolerance", resolution.map(EffectiveResolution::tolerance));
        s.fact("observedStep", c.observedStep());
        s.fact("observedStepNs", c.observedStepNs());
        s.fact("changedFraction", c.changedFraction());
        s.fact("stepIsMethodFloor", c.stepIsMethodFloor());
        s.fact("costNs", c.costNs());
        s.fact("entersKernel", c.entersKernel());
        s.fact("systemTimeFraction", c.systemTimeFraction());
        s.put("reads", c.reads());
        s.fact("changes", observation(c, o -> o.changes()));
        s.fact("elapsedNs", observation(c, o -> o.elapsedNanos()));
        s.put("measuredWith",
                "back-to-back reads in one loop; effectiveResolution = the largest quantum that at least 95 %"
                + " of the positive differences are within resolutionTolerance of a multiple of (see "
                + "EffectiveResolution);"
                + " observedStep = smallest positive difference;"
                + " stepIsMethodFloor = changedFraction >= 0.9; costNs = loop wall time / reads;"
                + " entersKernel = getrusage(RUSAGE_THREAD) system time >= 30 % of the loop's CPU time");
        return s.done();
    }

    private static <T> Fact<T> observation(ClockRow c, Function<dev.chronoscope.internal.clock.StepObservation, T> f) {
        return c.available() ? Fact.of(f.apply(c.observation()), "the survey loop")
                : Fact.unknown(c.unavailableReason());
    }

    static Json.Obj tsc(DoctorReport r) {
        HostFacts h = r.host();
        Section s = new Section();
        s.fact("invariant", h.invariantTsc());
        s.fact("rdtscp", h.rdtscp());
        s.fact("rdpid", h.rdpid());
        s.fact("kernelTscParameters", h.kernelTscParameters());
        s.fact("fitForDurations", h.invariantTscVerdict());
        s.fact("readPath", r.readPath().map(p -> p.read().name()));
        s.fact("readMethod", r.readPath().map(p -> p.method()));
        s.fact("cpuSource", r.readPath().map(p -> p.cpuSource().name()));
        s.fact("readPathWhy", r.readPath().map(p -> p.why()));
        s.fact("cpuNumbersAreTheOs", r.cpuNumbers().map(c -> c.agrees()));
        s.fact("cpuNumbers", r.cpuNumbers().map(c -> c.describe()));
        Fact<TscCalibration> cal = r.calibration();
        s.fact("frequencyHz", cal.map(TscCalibration::hz));
        s.fact("frequencyUncertaintyPpm", cal.map(TscCalibration::uncertaintyPpm));
        s.fact("frequencyMethod", cal.map(TscCalibration::method));
        s.fact("frequencyWindowsHz", cal.map(TscCalibration::windowHz));
        s.fact("calibrationElapsedNs", cal.map(TscCalibration::elapsedNanos));
        s.fact("cpuid15FrequencyHz", h.tscFrequencyHzCpuid15());
        s.fact("cpuid16BaseFrequencyHz", h.baseFrequencyHzCpuid16());
        s.fact("cpuid40000010FrequencyHz", h.tscFrequencyHzHypervisor());
        s.put("cpuidComparisons", r.cpuidComparisons().stream().map(c -> {
            Section cs = new Section();
            cs.put("leaf", c.leaf());
            cs.put("meaning", c.meaning());
            cs.put("hz", c.hz());
            cs.fact("differencePpm", c.differencePpm());
            cs.put("tolerancePpm", c.tolerancePpm());
            cs.fact("agrees", c.agrees());
            return cs.done();
        }).toList());
        ClockRow bare = r.clock(ClockId.TSC).orElse(ClockRow.unavailable(ClockId.TSC, "TSC was not surveyed"));
        s.fact("observedStepTicks", bare.observedStep());
        s.fact("observedStepNs", bare.observedStepNs());
        s.fact("observedStepChangedFraction", bare.changedFraction());
        s.fact("observedStepIsMethodFloor", bare.stepIsMethodFloor());
        s.fact("observedStepReadMethod", bare.available() ? Fact.of(bare.readMethod(), "ClockReaders")
                : Fact.<String>unknown(bare.unavailableReason()));
        Fact<ProbeFloor> floor = r.fencedFloor();
        s.fact("fencedPairTicks", floor, f -> Json.object().put("min", f.raw().min()).put("p50", f.raw().p50())
                .put("p99", f.raw().p99()).put("count", f.raw().count()));
        s.fact("fencedPairNs", floor.flatMap(f -> r.tickNanos().flatMap(n -> Fact.of(Json.object()
                .put("min", f.raw().min() * n).put("p50", f.raw().p50() * n).put("p99", f.raw().p99() * n),
                "fencedPairTicks × 10^9 / frequencyHz"))));
        s.fact("fencedPairReadMethod", r.clock(ClockId.TSC_FENCED).filter(ClockRow::available)
                .map(c -> Fact.of(c.readMethod(), "ClockReaders")).orElse(Fact.unknown("TSC_FENCED cannot be read")));
        s.fact("fencedPairElapsedNs", floor.map(ProbeFloor::elapsedNanos));
        s.fact("granularityTicks", r.granularity(), DoctorReport.Granularity::ticks);
        Fact<ProbeWarmup> warmup = r.warmup();
        s.fact("warmup", warmup, w -> Json.object().put("rounds", w.rounds()).put("roundSize", w.roundSize())
                .put("elapsedNs", w.elapsedNanos()).put("converged", w.settled())
                .put("finalMedianTicks", w.settledLevel()).put("settledBy", w.settledBy()));
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
        s.fact("cpuVendor", h.cpuVendor());
        s.fact("cpuModel", h.cpuModel());
        s.fact("logicalCpus", h.logicalCpus());
        s.fact("onlineCpus", h.onlineCpus(), CpuList::cpus);
        s.fact("smtActive", h.smtActive());
        s.fact("smtControl", h.smtControl());
        s.fact("hypervisor", h.hypervisor());
        s.fact("hypervisorVendor", h.hypervisorVendor());
        s.fact("hypervisorProduct", h.hypervisorVendor().flatMap(v -> CpuidFacts.hypervisorProduct(v)
                .map(p -> Fact.of(p, "known signature " + v))
                .orElse(Fact.unknown("signature " + v + " is not one Chronoscope knows"))));
        s.fact("constantTsc", h.constantTscFlag());
        s.fact("nonstopTsc", h.nonstopTscFlag());
        s.fact("tscKnownFreq", h.tscKnownFreqFlag());
        s.fact("rdtscpFlag", h.rdtscpFlag());
        s.fact("clocksource", h.clocksource());
        s.fact("availableClocksources", h.availableClocksources());
        s.fact("vdsoCapableClocksource", h.vdsoCapableClocksource());
        s.fact("cpufreqGovernor", h.cpufreqGovernor());
        s.fact("cpufreqBoost", h.cpufreqBoost());
        s.fact("intelNoTurbo", h.intelNoTurbo());
        s.fact("isolatedCpus", h.isolatedCpus(), CpuList::cpus);
        s.fact("nohzFullCpus", h.nohzFullCpus(), CpuList::cpus);
        s.fact("kernelRelease", h.kernelRelease());
        // the container's limits: no quota or limit is a null member inside a known fact, unknown is the fact null
        s.fact("cgroup", h.get(HostFact.CGROUP));
        s.fact("cgroupCpuQuota", h.get(HostFact.CGROUP_CPU_QUOTA), q -> Json.object()
                .put("quotaUs", q.limited() ? q.quotaMicros() : null).put("periodUs", q.periodMicros())
                .put("cpus", q.limited() ? q.cpus() : null));
        s.fact("cgroupCpuset", h.get(HostFact.CGROUP_CPUSET), CpuList::cpus);
        s.fact("cgroupMemoryLimit", h.get(HostFact.CGROUP_MEMORY_LIMIT), m -> Json.object()
                .put("bytes", m.limited() ? m.bytes() : null));
        Fact<DoctorRules.KernelTick> tick = r.kernelTick();
        s.fact("kernelHz", tick, DoctorRules.KernelTick::hz);
        s.fact("kernelTickNs", tick, DoctorRules.KernelTick::stepNs);
        s.fact("kernelTickClock", tick, t -> t.clock().name());
        s.fact("highResTimers", r.highResTimers());
        s.fact("ntpSynchronised", h.ntpSynchronised());
        s.fact("ntpClockState", h.clockState());
        s.fact("ntpStatus", h.ntpStatusFlags());
        s.fact("ntpFrequencyPpm", h.ntpFrequencyPpm());
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

        /** The fact's value as it is (a list as a JSON array), its source, or its reason for being unknown. */
        void fact(String name, Fact<?> fact) {
            fact(name, fact, v -> v);
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
