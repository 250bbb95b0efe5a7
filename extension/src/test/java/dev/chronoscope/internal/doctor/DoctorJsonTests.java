package dev.chronoscope.internal.doctor;

import dev.chronoscope.internal.measure.ProbeWarmup;
import dev.chronoscope.ClockId;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.host.HostFixtures;
import dev.chronoscope.internal.json.Json;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.chronoscope.internal.doctor.DoctorSamples.report;
import static dev.chronoscope.internal.doctor.MiniJson.array;
import static dev.chronoscope.internal.doctor.MiniJson.at;
import static dev.chronoscope.internal.doctor.MiniJson.object;
import static org.assertj.core.api.Assertions.assertThat;

class DoctorJsonTests {

    /** The documented contract: these members are always present (null with a reason when unknown). */
    static final List<String> TSC_FIELDS = List.of("invariant", "rdtscp", "frequencyHz", "frequencyUncertaintyPpm",
            "frequencyMethod", "observedStepTicks", "observedStepNs", "observedStepChangedFraction",
            "observedStepIsMethodFloor", "granularityTicks", "fencedPairTicks", "fencedPairNs", "warmup", "tickUnit",
            "sources", "unknown");
    static final List<String> CLOCK_FIELDS = List.of("id", "unit", "readMethod", "advertised", "advertisedNs",
            "effectiveResolution", "effectiveResolutionNs", "resolutionMethod", "resolutionShare", "resolutionTolerance",
            "observedStep", "observedStepNs", "changedFraction", "stepIsMethodFloor", "costNs", "entersKernel",
            "systemTimeFraction", "reads", "measuredWith", "sources", "unknown");
    static final List<String> HOST_FIELDS = List.of("clocksource", "availableClocksources", "hypervisor",
            "hypervisorVendor", "cpuModel", "constantTsc", "nonstopTsc", "tscKnownFreq", "rdtscpFlag", "onlineCpus",
            "smtActive", "cpufreqGovernor", "cpufreqBoost", "intelNoTurbo", "isolatedCpus", "kernelHz",
            "kernelTickNs", "highResTimers", "ntpFrequencyPpm", "ntpSynchronised", "monotonicRawDriftPpm",
            "monotonicRawDriftUncertaintyPpm", "sources", "unknown");

    static void assertContract(Object doc) {
        assertThat(at(doc, "schema")).isEqualTo(DoctorReport.SCHEMA);
        assertThat(object(at(doc, "tsc"))).containsKeys(TSC_FIELDS.toArray(String[]::new));
        assertThat(object(at(doc, "host"))).containsKeys(HOST_FIELDS.toArray(String[]::new));
        List<Object> clocks = array(at(doc, "clocks"));
        assertThat(clocks).hasSize(ClockId.values().length);
        for (Object clock : clocks) {
            assertThat(object(clock)).containsKeys(CLOCK_FIELDS.toArray(String[]::new));
            assertThat(object(clock).get("id")).isIn(List.of(ClockId.values()).stream().map(Enum::name).toList().toArray());
        }
        assertThat(array(at(doc, "warnings"))).allSatisfy(w -> assertThat(object(w)).containsKeys("code", "message"));
    }

    /** Every null member of every object has a reason in that object's "unknown", and every reason a null member. */
    static void assertUnknownConvention(Object value, String path) {
        if (value instanceof Map<?, ?> m) {
            Map<String, Object> obj = object(m);
            if (obj.containsKey("unknown")) {
                Map<String, Object> unknown = object(obj.get("unknown"));
                obj.forEach((name, v) -> {
                    if (v == null) {
                        assertThat(unknown).as("reason for null %s.%s", path, name).containsKey(name);
                        assertThat((String) unknown.get(name)).as("reason for %s.%s", path, name).isNotBlank();
                    }
                });
                unknown.keySet().forEach(name -> assertThat(obj.get(name)).as("%s.%s has a reason, so is null", path, name).isNull());
            }
            obj.forEach((name, v) -> assertUnknownConvention(v, path + "." + name));
        } else if (value instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                assertUnknownConvention(l.get(i), path + "[" + i + "]");
            }
        }
    }

    private static Object parse(DoctorReport r) {
        return MiniJson.parse(DoctorJson.write(r));
    }

    private static Map<String, Object> clock(Object doc, ClockId id) {
        return array(at(doc, "clocks")).stream().map(MiniJson::object).filter(c -> c.get("id").equals(id.name()))
                .findFirst().orElseThrow();
    }

    @Test
    void theDocumentHasEveryContractField() {
        Object doc = parse(report());
        assertContract(doc);
        assertUnknownConvention(doc, "$");
    }

    @Test
    void tscFiguresAreInTicksAndNanoseconds() {
        Object doc = parse(report());
        assertThat(at(doc, "tsc.invariant")).isEqualTo(true);
        assertThat(at(doc, "tsc.rdtscp")).isEqualTo(true);
        assertThat(at(doc, "tsc.frequencyHz")).isEqualTo(2_600_000_000L);
        assertThat(at(doc, "tsc.frequencyUncertaintyPpm")).isEqualTo(2.7);
        assertThat(at(doc, "tsc.observedStepTicks")).isEqualTo(22L);
        assertThat(at(doc, "tsc.observedStepIsMethodFloor")).isEqualTo(true);
        assertThat(at(doc, "tsc.fencedPairTicks.min")).isEqualTo(49L);
        assertThat(at(doc, "tsc.fencedPairTicks.p50")).isEqualTo(73L);
        assertThat(at(doc, "tsc.fencedPairTicks.p99")).isEqualTo(98L);
        assertThat((Double) at(doc, "tsc.fencedPairNs.p50")).isCloseTo(28.08, org.assertj.core.data.Offset.offset(0.01));
        assertThat(at(doc, "tsc.warmup.converged")).isEqualTo(true);
        assertThat(at(doc, "tsc.warmup.settledBy")).isEqualTo(ProbeWarmup.BY_JIT_QUIET);
        assertThat(at(doc, "tsc.granularityTicks")).isEqualTo(2L);
        assertThat((String) at(doc, "tsc.tickUnit")).contains("not core cycles");
    }

    @Test
    void clocksCarryTheirMeasuredFiguresAndHowTheyWereMeasured() {
        Object doc = parse(report());
        Map<String, Object> cpu = clock(doc, ClockId.CLOCK_PROCESS_CPUTIME_ID);
        assertThat(cpu).containsEntry("advertisedNs", 1L).containsEntry("observedStepNs", 210L)
                .containsEntry("changedFraction", 1L).containsEntry("stepIsMethodFloor", true)
                .containsEntry("costNs", 240L).containsEntry("entersKernel", true).containsEntry("reads", 2_000_000L);
        assertThat((String) object(cpu.get("sources")).get("entersKernel")).contains("getrusage(RUSAGE_THREAD)");
        assertThat(cpu).as("every read changed by the same 210 ns: the read cost, not a quantum")
                .containsEntry("effectiveResolution", 1L).containsEntry("resolutionMethod", "one-unit");
        Map<String, Object> coarse = clock(doc, ClockId.CLOCK_MONOTONIC_COARSE);
        assertThat(coarse).containsEntry("effectiveResolution", 4_000_000L).containsEntry("effectiveResolutionNs", 4_000_000L)
                .containsEntry("resolutionMethod", "multiples").containsEntry("resolutionShare", 1L);
        assertThat((String) object(coarse.get("sources")).get("resolutionMethod")).startsWith("multiples: 100.0 % of 25 differences");
        Map<String, Object> tsc = clock(doc, ClockId.TSC);
        assertThat(tsc).containsEntry("unit", "ticks").containsEntry("advertised", 1L).containsEntry("observedStep", 22L);
        assertThat((Double) tsc.get("observedStepNs")).isCloseTo(8.46, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void unknownValuesAreNullWithTheReasonBeside() {
        Object doc = parse(report());
        assertThat(at(doc, "host.cpufreqGovernor")).isNull();
        assertThat(at(doc, "host.unknown.cpufreqGovernor")).isEqualTo(DoctorSamples.NO_CPUFREQ);
        Map<String, Object> nano = clock(doc, ClockId.NANO_TIME);
        assertThat(nano.get("advertisedNs")).isNull();
        assertThat(object(nano.get("unknown")).get("advertisedNs")).isEqualTo(DoctorSamples.NANO_TIME_ADVERTISES_NOTHING);
    }

    @Test
    void hostFactsAndDerivedOnesAreThere() {
        Object doc = parse(report());
        assertThat(at(doc, "host.clocksource")).isEqualTo("tsc");
        assertThat(array(at(doc, "host.availableClocksources"))).containsExactly("tsc", "kvm-clock");
        assertThat(at(doc, "host.hypervisor")).isEqualTo(true);
        assertThat(at(doc, "host.hypervisorProduct")).isEqualTo("KVM");
        assertThat(at(doc, "host.kernelHz")).isEqualTo(250L);
        assertThat(at(doc, "host.kernelTickNs")).isEqualTo(4_000_000L);
        assertThat(at(doc, "host.highResTimers")).isEqualTo(true);
        assertThat(at(doc, "host.ntpFrequencyPpm")).isEqualTo(0L);
        assertThat(at(doc, "host.ntpSynchronised")).isEqualTo(false);
        assertThat(at(doc, "host.monotonicRawDriftPpm")).isEqualTo(-0.085);
        assertThat(array(at(doc, "host.isolatedCpus"))).isEmpty();
        assertThat(array(at(doc, "warnings"))).extracting(w -> object(w).get("code"))
                .containsExactly("cpu-time-clocks-enter-kernel", "ntp-unsynchronised");
    }

    @Test
    void withoutTheProbeEveryTscFigureIsNullWithTheReason() {
        Object doc = parse(DoctorSamples.withoutProbe(report()));
        assertContract(doc);
        assertUnknownConvention(doc, "$");
        for (String field : List.of("frequencyHz", "frequencyUncertaintyPpm", "observedStepTicks", "fencedPairTicks", "warmup")) {
            assertThat(at(doc, "tsc." + field)).as(field).isNull();
            assertThat((String) at(doc, "tsc.unknown." + field)).as(field).contains("native probe is not loaded");
        }
        assertThat(clock(doc, ClockId.TSC_FENCED)).containsEntry("available", false).containsEntry("costNs", null);
        assertThat(at(doc, "environment.nativeProbe")).isNull();
    }

    @Test
    void withoutCalibrationTicksStayButNanosecondsGo() {
        Object doc = parse(DoctorSamples.withCalibration(report(), Fact.unknown("TSC calibration failed: boom")));
        assertUnknownConvention(doc, "$");
        assertThat(at(doc, "tsc.observedStepTicks")).isEqualTo(22L);
        assertThat(at(doc, "tsc.observedStepNs")).isNull();
        assertThat(at(doc, "tsc.unknown.observedStepNs")).isEqualTo("TSC calibration failed: boom");
        assertThat(at(doc, "tsc.fencedPairTicks.p50")).isEqualTo(73L);
        assertThat(at(doc, "tsc.fencedPairNs")).isNull();
    }

    @Test
    void everyHostFactIsInTheDocumentOnce() {
        HostFacts host = HostFixtures.everyFactKnown(key -> "source of " + key.name());
        Object doc = parse(DoctorSamples.withHost(report(), host));
        List<Object> sources = new ArrayList<>(object(at(doc, "tsc.sources")).values());
        sources.addAll(object(at(doc, "host.sources")).values());

        // a placed fact missing from DoctorReport.HOST_FACTS_PLACED would be here twice, a listed one not placed never
        assertThat(HostFact.listed()).allSatisfy(key -> assertThat(sources).as(key.name())
                .containsOnlyOnce("source of " + key.name()));
    }

    @Test
    void hostFactsWithoutAMemberOfTheirOwnComeLastInHostInDeclarationOrder() {
        HostFacts host = HostFixtures.everyFactKnown(key -> "source of " + key.name())
                .toBuilder().with(HostFact.TSC_FREQUENCY_HZ_CPUID15, Fact.unknown("leaf 15H not enumerated")).build();
        // as if these three had been declared as keys and nothing else (their members here are tsc.invariant, host.constantTsc, tsc.cpuid15FrequencyHz)
        List<HostFact<?>> others = List.of(HostFact.INVARIANT_TSC, HostFact.CONSTANT_TSC_FLAG, HostFact.TSC_FREQUENCY_HZ_CPUID15);

        Map<String, Object> json = object(MiniJson.parse(Json.write(DoctorJson.host(DoctorSamples.withHost(report(), host), others))));

        List<String> members = List.copyOf(json.keySet());
        assertThat(members.subList(members.size() - 5, members.size()))
                .containsExactly("invariantTsc", "constantTscFlag", "tscFrequencyHzCpuid15", "sources", "unknown");
        assertThat(json.get("invariantTsc")).isEqualTo(true);
        assertThat(object(json.get("sources"))).containsEntry("invariantTsc", "source of invariantTsc");
        assertThat(json.get("tscFrequencyHzCpuid15")).isNull();
        assertThat(object(json.get("unknown"))).containsEntry("tscFrequencyHzCpuid15", "leaf 15H not enumerated");
        assertThat(DoctorReport.otherHostFacts()).as("every fact has a member of its own today").isEmpty();
    }
}
