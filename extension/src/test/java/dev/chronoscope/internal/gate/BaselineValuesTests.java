package dev.chronoscope.internal.gate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A baseline's values are read only where plausible, and a save that fails leaves no temporary file. */
class BaselineValuesTests {

    @TempDir
    Path dir;

    private static final HostFingerprint HOST = HostFingerprint.builder().fact("cpuModel", "AMD EPYC 7B13").tscHz(2445.4e6).build();

    /** A saved baseline of one entry whose {@code member} (in the entry, or in its quantiles) is {@code value}. */
    private Path baselineWith(String member, String value) throws Exception {
        BaselineEntry e = BaselineEntry.builder("[class:x.T]/[method:m()] :: region", "T.m()", "region")
                .clock("TSC_FENCED").measure("net").medianNs(100).floorP50Ns(40).kept(1000).resolved(true)
                .quantilesNs(Map.of("p10", 90.0, "p25", 95.0, "p50", 100.0, "p75", 105.0, "p90", 110.0, "p99", 150.0))
                .kind("latency").kindFloorP50Ns(40).build();
        String json = new Baseline(List.of(new Baseline.Run("r", "now", HOST, List.of(e)))).toJson();
        String pattern = "\"" + member + "\": ";
        int at = json.indexOf(pattern) + pattern.length();
        int end = at;
        while (end < json.length() && ",\n}".indexOf(json.charAt(end)) < 0) {
            end++;
        }
        return Files.writeString(dir.resolve("baseline.json"), json.substring(0, at) + value + json.substring(end));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "medianNs; 1e-300; medianNs is 1.0E-300: expected a positive duration in ns",
            "medianNs; 1e400; medianNs is Infinity: expected a positive duration in ns",
            "medianNs; 0; medianNs is 0.0: expected a positive duration in ns",
            "medianNs; -5; medianNs is -5.0: expected a positive duration in ns",
            "floorP50Ns; -1; floorP50Ns is -1.0: expected a duration in ns from 0",
            "kindFloorP50Ns; 1e400; kindFloorP50Ns is Infinity: expected a duration in ns from 0",
            "p75; 99; quantilesNs.p75 is 99.0: expected a duration in ns from 100.0 (the quantile below it)",
            "kept; 0; kept is 0: expected at least 1 sample",
            "stepNs; -1; stepNs is -1.0: expected a duration in ns from 0"})
    void anImplausibleValueIsRefusedNamingTheEntryTheMemberAndTheValue(String member, String value, String expected) throws Exception {
        Path file = baselineWith(member, value);

        assertThatThrownBy(() -> Baseline.read(file)).hasMessageStartingWith("baseline " + file + " does not have the")
                .hasMessageContaining("runs[0].timings[0] (T.m() :: region)." + expected);
    }

    @Test
    void plausibleValuesAndUnknownFloorsAreRead() throws Exception {
        assertThat(Baseline.read(baselineWith("floorP50Ns", "null")).runs().getFirst().timings().getFirst().floorP50Ns()).isNaN();
        assertThat(Baseline.read(baselineWith("floorP50Ns", "0")).runs().getFirst().timings().getFirst().floorP50Ns())
                .as("a coarse clock's empty region can read 0").isZero();
        assertThat(Baseline.read(baselineWith("stepNs", "10.02")).runs().getFirst().timings().getFirst().runMedian().stepNs())
                .as("the clock's step reaches the rule").isEqualTo(10.02);
        assertThat(Baseline.read(baselineWith("stepNs", "null")).runs().getFirst().timings().getFirst().stepNs())
                .as("saved before the step was kept").isNaN();
    }

}
