package dev.chronoscope.internal.gate;

import dev.chronoscope.internal.json.JsonParser;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HostFingerprintTests {

    private static HostFingerprint host(String cpu, double tscHz, String clocksource) {
        return HostFingerprint.builder().fact("cpuModel", cpu).tscHz(tscHz).fact("clocksource", clocksource).fact("jdk", "25.0.3").build();
    }

    @Test
    void namesEachDifferingFactWithBothValues() {
        HostFingerprint baseline = host("AMD EPYC 7B13", 2445.4e6, "tsc");
        HostFingerprint now = host("Intel(R) Xeon(R) Processor", 2600.0e6, "hpet");

        assertThat(now.differences(baseline)).containsExactly(
                "cpuModel: AMD EPYC 7B13 (baseline) vs Intel(R) Xeon(R) Processor (this run)",
                "tscMHz: 2445 (baseline) vs 2600 (this run)",
                "clocksource: tsc (baseline) vs hpet (this run)");
    }

    @Test
    void aRecalibratedFrequencyAndUnknownFactsAreNoDifference() {
        HostFingerprint baseline = host("AMD EPYC 7B13", 2445.4e6, "tsc");

        assertThat(host("AMD EPYC 7B13", 2446.6e6, "tsc").differences(baseline)).isEmpty();
        assertThat(host("AMD EPYC 7B13", Double.NaN, null).differences(baseline)).isEmpty();
    }

    @Test
    void survivesItsJson() {
        HostFingerprint h = host("A <cpu>", 2445.4e6, "tsc");

        assertThat(HostFingerprint.fromJson(JsonParser.parseObject(h.toJson().toString()))).isEqualTo(h);
    }
}
