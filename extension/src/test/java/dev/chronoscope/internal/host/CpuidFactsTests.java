package dev.chronoscope.internal.host;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CpuidFactsTests {

    @Test
    void decodesTheBuildMachine() {
        CpuidFacts cpu = CpuidFacts.decode(HostSamples.cpuidIntelKvm());

        assertThat(cpu.vendor()).isEqualTo(Fact.of("GenuineIntel", "CPUID.0:EBX,EDX,ECX"));
        assertThat(cpu.maxBasicLeaf().get()).isEqualTo(0x24L);
        assertThat(cpu.maxExtendedLeaf().get()).isEqualTo(0x80000008L);
        assertThat(cpu.brand()).isEqualTo(Fact.of("Intel(R) Xeon(R) Processor", "CPUID.80000002H..80000004H"));
        assertThat(cpu.invariantTsc()).isEqualTo(Fact.of(true, "CPUID.80000007H:EDX[8] = 1"));
        assertThat(cpu.rdtscp()).isEqualTo(Fact.of(true, "CPUID.80000001H:EDX[27] = 1"));
        assertThat(cpu.hypervisorPresent()).isEqualTo(Fact.of(true, "CPUID.1:ECX[31] = 1"));
        assertThat(cpu.hypervisorVendor()).isEqualTo(Fact.of("KVMKVMKVM", "CPUID.40000000H:EBX,ECX,EDX"));
        assertThat(cpu.maxHypervisorLeaf()).isEqualTo(Fact.of(0x40000001L, "CPUID.40000000H:EAX"));
        // the VMM zeroes 15H and 16H; 40000010H lies beyond the max hypervisor leaf, whatever it returns
        assertThat(cpu.tscFrequencyHzLeaf15().unknownReason())
                .isEqualTo("CPUID.15H: TSC/crystal ratio not enumerated (EAX = 0, EBX = 0)");
        assertThat(cpu.baseFrequencyHzLeaf16().unknownReason()).isEqualTo("CPUID.16H:EAX = 0: base frequency not enumerated");
        assertThat(cpu.tscFrequencyHzHypervisor().unknownReason())
                .isEqualTo("CPUID leaf 40000010H not supported (max hypervisor leaf 40000001H)");
    }

    @Test
    void decodesAnAmdEpycGuestWithTheHypervisorTimingLeaf() {
        CpuidFacts cpu = CpuidFacts.decode(HostSamples.cpuidAmdEpycKvm());

        assertThat(cpu.vendor().get()).isEqualTo("AuthenticAMD");
        assertThat(cpu.brand().get()).isEqualTo("AMD EPYC 7B13 64-Core Processor");
        assertThat(cpu.invariantTsc().get()).isTrue();
        assertThat(cpu.rdtscp().get()).isTrue();
        assertThat(cpu.hypervisorVendor().get()).isEqualTo("KVMKVMKVM");
        assertThat(cpu.tscFrequencyHzHypervisor()).isEqualTo(Fact.of(2_445_424_000L, "CPUID.40000010H:EAX = 2445424 kHz"));
        assertThat(cpu.tscFrequencyHzLeaf15().unknownReason()).isEqualTo("CPUID leaf 15H not supported (max basic leaf 0DH)");
        assertThat(cpu.baseFrequencyHzLeaf16().unknownReason()).isEqualTo("CPUID leaf 16H not supported (max basic leaf 0DH)");
    }

    @Test
    void computesTheTscFrequencyFromLeaf15OnBareMetal() {
        CpuidFacts cpu = CpuidFacts.decode(HostSamples.cpuidTigerLake());

        assertThat(cpu.tscFrequencyHzLeaf15()).isEqualTo(Fact.of(2_803_200_000L, "CPUID.15H: ECX*EBX/EAX = 38400000*146/2"));
        assertThat(cpu.baseFrequencyHzLeaf16())
                .isEqualTo(Fact.of(2_800_000_000L, "CPUID.16H:EAX[15:0] = 2800 MHz (processor base frequency)"));
        assertThat(cpu.brand().get()).isEqualTo("11th Gen Intel(R) Core(TM) i7-1165G7 @ 2.80GHz");
        assertThat(cpu.hypervisorPresent()).isEqualTo(Fact.of(false, "CPUID.1:ECX[31] = 0"));
        assertThat(cpu.hypervisorVendor().unknownReason())
                .isEqualTo("no hypervisor (CPUID.1:ECX[31] = 0): leaf 40000000H not defined");
        assertThat(cpu.tscFrequencyHzHypervisor().unknownReason()).contains("no hypervisor (CPUID.1:ECX[31] = 0)");
    }

    @Test
    void leaf15Arithmetic() {
        // Skylake client: ratio enumerated, crystal not (Linux falls back to a per-model 24 MHz)
        assertThat(CpuidFacts.tscFromLeaf15(new int[] {2, 300, 0, 0}).unknownReason())
                .isEqualTo("CPUID.15H:ECX = 0: crystal frequency not enumerated (ratio 300/2)");
        assertThat(CpuidFacts.tscFromLeaf15(new int[] {0, 300, 24_000_000, 0}).unknownReason())
                .isEqualTo("CPUID.15H: TSC/crystal ratio not enumerated (EAX = 0)");
        assertThat(CpuidFacts.tscFromLeaf15(new int[] {2, 0, 24_000_000, 0}).unknownReason())
                .isEqualTo("CPUID.15H: TSC/crystal ratio not enumerated (EBX = 0)");
        // Sapphire Rapids: 25 MHz crystal x 160/2 = 2.0 GHz
        assertThat(CpuidFacts.tscFromLeaf15(new int[] {2, 160, 25_000_000, 0}).get()).isEqualTo(2_000_000_000L);
        // registers are unsigned: the product of two 32-bit values must not overflow
        assertThat(CpuidFacts.tscFromLeaf15(new int[] {-1, -1, -1, 0}).get()).isEqualTo(0xFFFF_FFFFL);
    }

    @Test
    void aCpuWithoutInvariantTsc() {
        CpuidFacts cpu = CpuidFacts.decode(HostSamples.cpuidCore2());

        assertThat(cpu.invariantTsc()).isEqualTo(Fact.of(false, "CPUID.80000007H:EDX[8] = 0"));
        assertThat(cpu.rdtscp()).isEqualTo(Fact.of(false, "CPUID.80000001H:EDX[27] = 0"));
        assertThat(cpu.brand().unknownReason()).isEqualTo("CPUID leaf 80000002H returned nothing");
        assertThat(cpu.tscFrequencyHzLeaf15().unknownReason()).isEqualTo("CPUID leaf 15H not supported (max basic leaf 0AH)");
    }

    @Test
    void readsTheInvariantBitFromRegisterValues() {
        InMemoryCpuidSource base = InMemoryCpuidSource.empty()
                .withLeaf(0, 1, 0x756e6547, 0x6c65746e, 0x49656e69)
                .withLeaf(1, 0, 0, 0, 0)
                .withLeaf(0x80000000, 0x80000007, 0, 0, 0);

        assertThat(CpuidFacts.decode(base.withLeaf(0x80000007, 0, 0, 0, 0x100)).invariantTsc().get()).isTrue();
        assertThat(CpuidFacts.decode(base.withLeaf(0x80000007, 0, 0, 0, 0x0FF)).invariantTsc().get()).isFalse();
        assertThat(CpuidFacts.decode(base.withLeaf(0x80000007, 0, 0, 0, 0xFFFF_FEFF)).invariantTsc().get()).isFalse();
        // leaf 80000007H beyond the max extended leaf is not read, whatever the source would return
        InMemoryCpuidSource old = base.withLeaf(0x80000000, 0x80000004, 0, 0, 0).withLeaf(0x80000007, 0, 0, 0, 0x100);
        assertThat(CpuidFacts.decode(old).invariantTsc().unknownReason())
                .isEqualTo("CPUID leaf 80000007H not supported (max extended leaf 80000004H)");
    }

    @Test
    void decodesHypervisorSignatures() {
        InMemoryCpuidSource guest = InMemoryCpuidSource.empty()
                .withLeaf(0, 1, 0x756e6547, 0x6c65746e, 0x49656e69)
                .withLeaf(1, 0, 0, 0x8000_0000, 0);

        assertThat(CpuidFacts.decode(guest.withLeaf(0x40000000, 0x4000000B, 0x7263694d, 0x666f736f, 0x76482074))
                .hypervisorVendor().get()).isEqualTo("Microsoft Hv");
        assertThat(CpuidFacts.decode(guest.withLeaf(0x40000000, 0x40000010, 0x61774d56, 0x4d566572, 0x65726177))
                .hypervisorVendor().get()).isEqualTo("VMwareVMware");
        assertThat(CpuidFacts.decode(guest.withLeaf(0x40000000, 0x40000001, 0x4b4d564b, 0x564b4d56, 0x4d))
                .hypervisorVendor().get()).isEqualTo("KVMKVMKVM");
        assertThat(CpuidFacts.decode(guest.withLeaf(0x40000000, 0, 0, 0, 0)).hypervisorVendor().unknownReason())
                .isEqualTo("CPUID.40000000H:EBX,ECX,EDX: empty signature");
        assertThat(CpuidFacts.hypervisorProduct("KVMKVMKVM")).contains("KVM");
        assertThat(CpuidFacts.hypervisorProduct("Microsoft Hv")).contains("Hyper-V");
        assertThat(CpuidFacts.hypervisorProduct("NotAHyperv")).isEmpty();
    }

    @Test
    void theHypervisorTimingLeafNeedsANonZeroEax() {
        InMemoryCpuidSource vmware = InMemoryCpuidSource.empty()
                .withLeaf(0, 1, 0x756e6547, 0x6c65746e, 0x49656e69)
                .withLeaf(1, 0, 0, 0x8000_0000, 0)
                .withLeaf(0x40000000, 0x40000010, 0x61774d56, 0x4d566572, 0x65726177);

        assertThat(CpuidFacts.decode(vmware.withLeaf(0x40000010, 0, 0, 0, 0)).tscFrequencyHzHypervisor().unknownReason())
                .isEqualTo("CPUID.40000010H:EAX = 0: TSC frequency not enumerated");
        assertThat(CpuidFacts.decode(vmware.withLeaf(0x40000010, 2_100_000, 66_000, 0, 0)).tscFrequencyHzHypervisor().get())
                .isEqualTo(2_100_000_000L);
    }

    @Test
    void withoutCpuidEveryFactNamesTheReason() {
        CpuidFacts cpu = CpuidFacts.decode(CpuidSource.unavailable("native probe not loaded: no library for linux-riscv64"));

        assertThat(cpu.invariantTsc().unknownReason()).isEqualTo("native probe not loaded: no library for linux-riscv64");
        assertThat(cpu.vendor().isKnown()).isFalse();
        assertThat(cpu.tscFrequencyHzLeaf15().isKnown()).isFalse();
        assertThat(CpuidFacts.decode(InMemoryCpuidSource.empty()).rdtscp().unknownReason()).isEqualTo("CPUID.0 returned nothing");
    }

    @Test
    void theInMemorySourceHandsOutCopies() {
        InMemoryCpuidSource cpu = HostSamples.cpuidIntelKvm();
        cpu.cpuid(0x80000007, 0).orElseThrow()[3] = 0;

        assertThat(cpu.cpuid(0x80000007, 0).orElseThrow()[3]).isEqualTo(0x100);
        assertThat(cpu.cpuid(0x80000007, 1)).isEmpty();
    }
}
