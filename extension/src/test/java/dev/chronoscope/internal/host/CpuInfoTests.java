package dev.chronoscope.internal.host;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class CpuInfoTests {

    @Test
    void parsesTheBuildMachinesCpuinfo() {
        CpuInfo info = CpuInfo.parse(HostSamples.CPUINFO_INTEL_KVM);

        assertThat(info.vendor()).isEqualTo(Fact.of("GenuineIntel", "/proc/cpuinfo vendor_id"));
        assertThat(info.modelName().get()).isEqualTo("Intel(R) Xeon(R) Processor");
        assertThat(info.processors()).isEqualTo(Fact.of(2, "/proc/cpuinfo processor entries"));
        assertThat(info.flags().source()).isEqualTo("/proc/cpuinfo flags");
        assertThat(info.flags().get()).containsExactlyElementsOf(Arrays.asList(HostSamples.FLAGS_INTEL_KVM.split(" ")));
        for (String flag : new String[] {"constant_tsc", "nonstop_tsc", "tsc_known_freq", "rdtscp", "hypervisor"}) {
            assertThat(info.flag(flag)).as(flag).isEqualTo(Fact.of(true, "/proc/cpuinfo flags"));
        }
        assertThat(info.flag("art")).isEqualTo(Fact.of(false, "/proc/cpuinfo flags"));
    }

    @Test
    void parsesAnAmdEpycGuest() {
        CpuInfo info = CpuInfo.parse(HostSamples.CPUINFO_AMD_EPYC);

        assertThat(info.vendor().get()).isEqualTo("AuthenticAMD");
        assertThat(info.modelName().get()).isEqualTo("AMD EPYC 7B13");
        assertThat(info.processors().get()).isEqualTo(2);
        assertThat(info.flags().get()).contains("constant_tsc", "nonstop_tsc", "tsc_known_freq", "rdtscp", "hypervisor", "vmmcall");
    }

    @Test
    void aCore2HasConstantButNotNonstopTsc() {
        CpuInfo info = CpuInfo.parse(HostSamples.CPUINFO_CORE2);

        assertThat(info.flag("constant_tsc").get()).isTrue();
        assertThat(info.flag("nonstop_tsc").get()).isFalse();
        assertThat(info.flag("rdtscp").get()).isFalse();
        assertThat(info.flag("hypervisor").get()).isFalse();
        assertThat(info.modelName().get()).isEqualTo("Intel(R) Core(TM)2 Duo CPU     T7200  @ 2.00GHz");
    }

    @Test
    void aarch64ListsFeaturesWhichAnswerNoX86Flag() {
        CpuInfo info = CpuInfo.parse(HostSamples.CPUINFO_AARCH64);

        assertThat(info.processors().get()).isEqualTo(2);
        assertThat(info.flags().source()).isEqualTo("/proc/cpuinfo Features");
        assertThat(info.flags().get()).contains("fp", "asimd", "evtstrm", "atomics");
        assertThat(info.vendor().isKnown()).isFalse();
        assertThat(info.vendor().unknownReason()).isEqualTo("/proc/cpuinfo: no vendor_id line (CPU implementer 0x41)");
        assertThat(info.modelName().unknownReason()).isEqualTo("/proc/cpuinfo: no model name line");
        Fact<Boolean> constantTsc = info.flag("constant_tsc");
        assertThat(constantTsc.isKnown()).isFalse();
        assertThat(constantTsc.unknownReason()).contains("Features, not x86 flags").contains("constant_tsc");
    }

    @Test
    void emptyOrUnrelatedTextGivesUnknownsWithReasons() {
        CpuInfo info = CpuInfo.parse("");

        assertThat(info.processors().unknownReason()).isEqualTo("/proc/cpuinfo: no processor entries");
        assertThat(info.flags().unknownReason()).isEqualTo("/proc/cpuinfo: no flags or Features line");
        assertThat(info.flag("constant_tsc").unknownReason()).isEqualTo("/proc/cpuinfo: no flags or Features line");
        assertThat(info.vendor().unknownReason()).isEqualTo("/proc/cpuinfo: no vendor_id line");
    }

    @Test
    void flagsAreImmutable() {
        CpuInfo info = CpuInfo.parse(HostSamples.CPUINFO_CORE2);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> info.flags().get().add("nonstop_tsc"))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
