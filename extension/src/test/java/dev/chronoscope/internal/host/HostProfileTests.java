package dev.chronoscope.internal.host;

import dev.chronoscope.internal.clock.TscAuxCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A captured host kind read back: its facts through the same readers as a real host's. */
class HostProfileTests {

    /** The project's captured host kinds, beside the modules. */
    static final Path HOSTS = Path.of("..", "hosts");

    @TempDir
    Path dir;

    @Test
    void theBhyveTurinGuestIsAnInvariantTscOnKvmClockWithoutRdtscpOrRdpidIn21TickSteps() {
        HostProfile profile = HostProfile.load(HOSTS.resolve("amd-turin-bhyve-no-rdtscp"));
        HostFacts facts = profile.facts();

        assertThat(facts.invariantTsc().value()).isTrue();
        assertThat(facts.rdtscp().value()).isFalse();
        assertThat(facts.rdpid().value()).isFalse();
        assertThat(facts.clocksource().value()).isEqualTo("kvm-clock");
        assertThat(facts.hypervisorVendor().value()).isEqualTo("bhyve bhyve ");
        assertThat(facts.kernelTscParameters().value()).containsExactly("clocksource=kvm-clock", "tsc=reliable", "tsc=unstable");
        assertThat(facts.invariantTscVerdict().value()).as(facts.invariantTscVerdict().source()).isTrue();
        assertThat(facts.invariantTscVerdict().source()).contains("clocksource: kvm-clock (built on the TSC)")
                .contains("kernel command line: clocksource=kvm-clock tsc=reliable tsc=unstable (shown, not decisive)");
        assertThat(profile.stepTicks()).hasValue(21);
        assertThat(profile.tscAux()).containsEntry(0, Set.of(224)).containsEntry(1, Set.of(127));
        assertThat(TscAuxCheck.judge(profile.tscAux(), "captured").osNumbers()).isFalse();
    }

    @Test
    void everyCapturedProfileLoadsWithItsCpuidAndAStep() throws Exception {
        try (var folders = Files.list(HOSTS)) {
            List<Path> profiles = folders.filter(Files::isDirectory).toList();
            assertThat(profiles).isNotEmpty();
            for (Path folder : profiles) {
                HostProfile profile = HostProfile.load(folder);
                assertThat(profile.facts().cpuVendor().isKnown()).as(folder.toString()).isTrue();
                assertThat(profile.stepTicks()).as(folder.toString()).isPresent();
            }
        }
    }

    @Test
    void theStepIsTheGreatestCommonDivisorOfTheReferencesTypicalTickFigures() {
        assertThat(HostProfile.step(List.of("tsc_hz 2095995899", "tsc_min_step 1", "bare_pair min 1 p50 21 p99 42 tmean 21.72",
                "chain64 min 189 p50 189 p99 210 tmean 191.65"))).as("a rare 1-tick minimum does not hide the 21-tick step").hasValue(21);
        assertThat(HostProfile.step(List.of("bare_pair min 37 p50 40 p99 42 tmean 40.1"))).hasValue(2);
        assertThat(HostProfile.step(List.of("nothing here"))).isEmpty();
    }

    @Test
    void aFolderWithoutCpuidIsRefusedNamingTheFolderAndTheFile() throws Exception {
        assertThatThrownBy(() -> HostProfile.load(dir.resolve("absent"))).hasMessageContaining("not a directory");
        assertThatThrownBy(() -> HostProfile.load(dir)).hasMessageContaining(dir.toAbsolutePath().toString())
                .hasMessageContaining("cpuid-and-tsc-aux.txt is missing");
        Files.writeString(dir.resolve("cpuid-and-tsc-aux.txt"), "garbage\n");
        assertThatThrownBy(() -> HostProfile.load(dir)).hasMessageContaining("holds no 'cpuid LEAF.SUB");
    }
}
