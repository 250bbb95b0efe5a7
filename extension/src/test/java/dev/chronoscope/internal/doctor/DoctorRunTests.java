package dev.chronoscope.internal.doctor;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.ffm.Platform;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.chronoscope.internal.doctor.MiniJson.array;
import static dev.chronoscope.internal.doctor.MiniJson.at;
import static dev.chronoscope.internal.doctor.MiniJson.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * One real {@code --quick} run, asserting only what holds on any Linux x86-64 host, without tight
 * time bounds: the machines running these tests are shared and noisy.
 */
class DoctorRunTests {

    private static DoctorReport report;
    private static Object json;

    @BeforeAll
    static void runTheDoctorOnce() {
        assumeThat(Platform.current().isLinux() && Platform.current().isX86_64()).as("Linux x86-64").isTrue();
        report = Doctor.run(DoctorOptions.quickOptions());
        json = MiniJson.parse(DoctorJson.write(report));
    }

    private static Map<String, Object> clock(ClockId id) {
        return array(at(json, "clocks")).stream().map(MiniJson::object).filter(c -> c.get("id").equals(id.name()))
                .findFirst().orElseThrow();
    }

    @Test
    void theJsonIsAnObjectWithTheContractFields() {
        DoctorJsonTests.assertContract(json);
        DoctorJsonTests.assertUnknownConvention(json, "$");
    }

    @Test
    void everyClockHasAnIdAndWasRead() {
        List<Object> clocks = array(at(json, "clocks"));
        assertThat(clocks).extracting(c -> object(c).get("id"))
                .containsExactlyElementsOf(List.of(ClockId.values()).stream().map(Enum::name).toList());
        for (ClockId id : ClockId.values()) {
            if (id.posixClockId().isPresent() || id == ClockId.NANO_TIME) {
                assertThat(clock(id)).as(id.name()).containsEntry("available", true);
                assertThat((Long) clock(id).get("reads")).as(id.name()).isPositive();
            }
        }
    }

    @Test
    void cpuTimeClocksCostMoreThanClockMonotonic() {
        double monotonic = ((Number) clock(ClockId.CLOCK_MONOTONIC).get("costNs")).doubleValue();
        assertThat(((Number) clock(ClockId.CLOCK_PROCESS_CPUTIME_ID).get("costNs")).doubleValue()).isGreaterThan(monotonic);
        assertThat(((Number) clock(ClockId.CLOCK_THREAD_CPUTIME_ID).get("costNs")).doubleValue()).isGreaterThan(monotonic);
    }

    @Test
    void theCoarseClocksStepByTheirOwnStep() {
        assertThat(clock(ClockId.CLOCK_MONOTONIC_COARSE)).containsEntry("stepIsMethodFloor", false);
    }

    @Test
    void theTextReportHasEverySectionAndTheTime() {
        String text = DoctorText.render(report);
        assertThat(text).contains(DoctorText.TABLE_HEADER).contains("\nTSC\n").contains("\nhost\n")
                .contains("\nwarnings\n").containsPattern("\nmeasured in [0-9.]+ s");
    }
}
