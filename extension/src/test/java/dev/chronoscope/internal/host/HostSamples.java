package dev.chronoscope.internal.host;

/**
 * Real-looking host descriptions for tests: /proc/cpuinfo texts and CPUID register values as read
 * on real machines (the Intel KVM guest this project is built on, an AMD EPYC KVM guest, a Tiger
 * Lake laptop, a Core 2 without invariant TSC).
 */
final class HostSamples {

    private HostSamples() {
    }

    /** /proc/cpuinfo of the build machine (2 vCPU Intel Xeon, KVM guest), verbatim. */
    static final String CPUINFO_INTEL_KVM = """
processor\t: 0
vendor_id\t: GenuineIntel
cpu family\t: 6
model\t\t: 167
model name\t: Intel(R) Xeon(R) Processor
stepping\t: 1
microcode\t: 0x1
cpu MHz\t\t: 2600.000
cache size\t: 491520 KB
physical id\t: 0
siblings\t: 2
core id\t\t: 0
cpu cores\t: 2
apicid\t\t: 0
initial apicid\t: 0
fpu\t\t: yes
fpu_exception\t: yes
cpuid level\t: 36
wp\t\t: yes
flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology nonstop_tsc cpuid tsc_known_freq pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand hypervisor lahf_lm abm 3dnowprefetch cpuid_fault fsgsbase tsc_adjust bmi1 hle avx2 smep bmi2 erms invpcid rtm avx512f avx512dq rdseed adx smap avx512ifma clflushopt clwb avx512cd sha_ni avx512bw avx512vl xsaveopt xsavec xgetbv1 xsaves avx_vnni avx512_bf16 arat avx512vbmi umip avx512_vbmi2 gfni vaes vpclmulqdq avx512_vnni avx512_bitalg avx512_vpopcntdq rdpid cldemote movdiri movdir64b fsrm serialize tsxldtrk amx_bf16 avx512_fp16 amx_tile amx_int8 arch_capabilities
bugs\t\t: spectre_v1 spectre_v2 spec_store_bypass swapgs retbleed bhi spectre_v2_user its its_native_only
bogomips\t: 5200.00
clflush size\t: 64
cache_alignment\t: 64
address sizes\t: 48 bits physical, 57 bits virtual
power management:

processor\t: 1
vendor_id\t: GenuineIntel
cpu family\t: 6
model\t\t: 167
model name\t: Intel(R) Xeon(R) Processor
stepping\t: 1
microcode\t: 0x1
cpu MHz\t\t: 2600.000
cache size\t: 491520 KB
physical id\t: 0
siblings\t: 2
core id\t\t: 1
cpu cores\t: 2
apicid\t\t: 1
initial apicid\t: 1
fpu\t\t: yes
fpu_exception\t: yes
cpuid level\t: 36
wp\t\t: yes
flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology nonstop_tsc cpuid tsc_known_freq pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand hypervisor lahf_lm abm 3dnowprefetch cpuid_fault fsgsbase tsc_adjust bmi1 hle avx2 smep bmi2 erms invpcid rtm avx512f avx512dq rdseed adx smap avx512ifma clflushopt clwb avx512cd sha_ni avx512bw avx512vl xsaveopt xsavec xgetbv1 xsaves avx_vnni avx512_bf16 arat avx512vbmi umip avx512_vbmi2 gfni vaes vpclmulqdq avx512_vnni avx512_bitalg avx512_vpopcntdq rdpid cldemote movdiri movdir64b fsrm serialize tsxldtrk amx_bf16 avx512_fp16 amx_tile amx_int8 arch_capabilities
bugs\t\t: spectre_v1 spectre_v2 spec_store_bypass swapgs retbleed bhi spectre_v2_user its its_native_only
bogomips\t: 5200.00
clflush size\t: 64
cache_alignment\t: 64
address sizes\t: 48 bits physical, 57 bits virtual
power management:

""";

    static final String FLAGS_INTEL_KVM = "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx "
            + "fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc rep_good nopl xtopology nonstop_tsc cpuid "
            + "tsc_known_freq pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes "
            + "xsave avx f16c rdrand hypervisor lahf_lm abm 3dnowprefetch cpuid_fault fsgsbase tsc_adjust bmi1 hle avx2 smep "
            + "bmi2 erms invpcid rtm avx512f avx512dq rdseed adx smap avx512ifma clflushopt clwb avx512cd sha_ni avx512bw "
            + "avx512vl xsaveopt xsavec xgetbv1 xsaves avx_vnni avx512_bf16 arat avx512vbmi umip avx512_vbmi2 gfni vaes "
            + "vpclmulqdq avx512_vnni avx512_bitalg avx512_vpopcntdq rdpid cldemote movdiri movdir64b fsrm serialize "
            + "tsxldtrk amx_bf16 avx512_fp16 amx_tile amx_int8 arch_capabilities";

    /** One processor of an AMD EPYC 7B13 (Zen 3) KVM guest. */
    static final String CPUINFO_AMD_EPYC = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            cpu family\t: 25
            model\t\t: 1
            model name\t: AMD EPYC 7B13
            stepping\t: 0
            microcode\t: 0xffffffff
            cpu MHz\t\t: 2445.424
            cache size\t: 512 KB
            physical id\t: 0
            siblings\t: 2
            core id\t\t: 0
            cpu cores\t: 1
            apicid\t\t: 0
            initial apicid\t: 0
            fpu\t\t: yes
            fpu_exception\t: yes
            cpuid level\t: 13
            wp\t\t: yes
            flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm constant_tsc rep_good nopl nonstop_tsc cpuid extd_apicid tsc_known_freq pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt aes xsave avx f16c rdrand hypervisor lahf_lm cmp_legacy cr8_legacy abm sse4a misalignsse 3dnowprefetch osvw topoext ssbd ibrs ibpb stibp vmmcall fsgsbase tsc_adjust bmi1 avx2 smep bmi2 erms invpcid rdseed adx smap clflushopt clwb sha_ni xsaveopt xsavec xgetbv1 clzero xsaveerptr arat npt nrip_save umip pku ospke vaes vpclmulqdq rdpid fsrm
            bugs\t\t: sysret_ss_attrs null_seg spectre_v1 spectre_v2 spec_store_bypass srso
            bogomips\t: 4890.84
            TLB size\t: 2560 4K pages
            clflush size\t: 64
            cache_alignment\t: 64
            address sizes\t: 48 bits physical, 48 bits virtual
            power management:

            processor\t: 1
            vendor_id\t: AuthenticAMD
            model name\t: AMD EPYC 7B13
            flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 ht syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm constant_tsc rep_good nopl nonstop_tsc cpuid extd_apicid tsc_known_freq pni pclmulqdq ssse3 fma cx16 pcid sse4_1 sse4_2 x2apic movbe popcnt aes xsave avx f16c rdrand hypervisor lahf_lm cmp_legacy cr8_legacy abm sse4a misalignsse 3dnowprefetch osvw topoext ssbd ibrs ibpb stibp vmmcall fsgsbase tsc_adjust bmi1 avx2 smep bmi2 erms invpcid rdseed adx smap clflushopt clwb sha_ni xsaveopt xsavec xgetbv1 clzero xsaveerptr arat npt nrip_save umip pku ospke vaes vpclmulqdq rdpid fsrm
            """;

    /** An AWS Graviton2 (Neoverse N1) guest: aarch64 lists "Features", no vendor_id or model name. */
    static final String CPUINFO_AARCH64 = """
            processor\t: 0
            BogoMIPS\t: 243.75
            Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs
            CPU implementer\t: 0x41
            CPU architecture: 8
            CPU variant\t: 0x3
            CPU part\t: 0xd0c
            CPU revision\t: 1

            processor\t: 1
            BogoMIPS\t: 243.75
            Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs
            CPU implementer\t: 0x41
            CPU architecture: 8
            CPU variant\t: 0x3
            CPU part\t: 0xd0c
            CPU revision\t: 1
            """;

    /** A Core 2 Duo (Merom): constant_tsc but no nonstop_tsc; the TSC stops in deep C-states. */
    static final String CPUINFO_CORE2 = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            model name\t: Intel(R) Core(TM)2 Duo CPU     T7200  @ 2.00GHz
            flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush dts acpi mmx fxsr sse sse2 ss ht tm pbe nx lm constant_tsc arch_perfmon pebs bts aperfmperf pni dtes64 monitor ds_cpl vmx est tm2 ssse3 cx16 xtpr pdcm lahf_lm dtherm
            """;

    /** One processor of a Core i7-1165G7 laptop, bare metal (flags abridged). */
    static final String CPUINFO_TIGER_LAKE = """
            processor\t: 0
            vendor_id\t: GenuineIntel
            model name\t: 11th Gen Intel(R) Core(TM) i7-1165G7 @ 2.80GHz
            flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush dts acpi mmx fxsr sse sse2 ss ht tm pbe syscall nx pdpe1gb rdtscp lm constant_tsc art arch_perfmon pebs bts rep_good nopl xtopology nonstop_tsc cpuid aperfmperf tsc_known_freq pni pclmulqdq dtes64 monitor ds_cpl vmx est tm2 ssse3 sdbg fma cx16 xtpr pdcm pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand lahf_lm abm 3dnowprefetch
            """;

    /** CPUID of the build machine (Intel Xeon, KVM), as dumped with __cpuid_count. Leaves 15H, 16H are zeroed by the VMM. */
    static InMemoryCpuidSource cpuidIntelKvm() {
        return InMemoryCpuidSource.empty()
                .withLeaf(0x0, 0x00000024, 0x756e6547, 0x6c65746e, 0x49656e69)
                .withLeaf(0x1, 0x000a0671, 0x00020800, 0xfffa3203, 0x1f8bfbff)
                .withLeaf(0x15, 0, 0, 0, 0)
                .withLeaf(0x16, 0, 0, 0, 0)
                .withLeaf(0x40000000, 0x40000001, 0x4b4d564b, 0x564b4d56, 0x0000004d)
                .withLeaf(0x40000001, 0x01007efb, 0, 0, 0)
                // what CPUID returns for 40000010H here although the max hypervisor leaf is 40000001H
                .withLeaf(0x40000010, 0, 0x00070001, 0, 0)
                .withLeaf(0x80000000, 0x80000008, 0, 0, 0)
                .withLeaf(0x80000001, 0, 0, 0x00000121, 0x2c100800)
                .withLeaf(0x80000002, 0x65746e49, 0x2952286c, 0x6f655820, 0x2952286e)
                .withLeaf(0x80000003, 0x6f725020, 0x73736563, 0x0000726f, 0)
                .withLeaf(0x80000004, 0, 0, 0, 0)
                .withLeaf(0x80000007, 0, 0, 0, 0x00000100);
    }

    /** An AMD EPYC 7B13 KVM guest: max basic leaf 0DH (no 15H/16H), TSC frequency from the hypervisor leaf. */
    static InMemoryCpuidSource cpuidAmdEpycKvm() {
        return InMemoryCpuidSource.empty()
                .withLeaf(0x0, 0x0000000d, 0x68747541, 0x444d4163, 0x69746e65)
                .withLeaf(0x1, 0x00a00f11, 0x00020800, 0xfeda3203, 0x178bfbff)
                .withLeaf(0x40000000, 0x40000010, 0x4b4d564b, 0x564b4d56, 0x0000004d)
                .withLeaf(0x40000010, 2445424, 1000000, 0, 0)
                .withLeaf(0x80000000, 0x80000020, 0x68747541, 0x444d4163, 0x69746e65)
                .withLeaf(0x80000001, 0x00a00f11, 0x40000000, 0x0000f3ff, 0x2fd3fbff)
                .withLeaf(0x80000002, 0x20444d41, 0x43595045, 0x31423720, 0x34362033)
                .withLeaf(0x80000003, 0x726f432d, 0x72502065, 0x7365636f, 0x00726f73)
                .withLeaf(0x80000004, 0, 0, 0, 0)
                .withLeaf(0x80000007, 0, 0, 0, 0x00000100);
    }

    /** A Core i7-1165G7 (Tiger Lake) on bare metal: crystal 38.4 MHz x 146/2 = 2803.2 MHz; base 2800 MHz. */
    static InMemoryCpuidSource cpuidTigerLake() {
        return InMemoryCpuidSource.empty()
                .withLeaf(0x0, 0x0000001b, 0x756e6547, 0x6c65746e, 0x49656e69)
                .withLeaf(0x1, 0x000806c1, 0x00100800, 0x7ffafbbf, 0xbfebfbff)
                .withLeaf(0x15, 2, 146, 38_400_000, 0)
                .withLeaf(0x16, 2800, 4700, 100, 0)
                .withLeaf(0x80000000, 0x80000008, 0, 0, 0)
                .withLeaf(0x80000001, 0, 0, 0x00000121, 0x2c100800)
                .withLeaf(0x80000002, 0x68743131, 0x6e654720, 0x746e4920, 0x52286c65)
                .withLeaf(0x80000003, 0x6f432029, 0x54286572, 0x6920294d, 0x31312d37)
                .withLeaf(0x80000004, 0x37473536, 0x32204020, 0x4730382e, 0x00007a48)
                .withLeaf(0x80000007, 0, 0, 0, 0x00000100);
    }

    /** A Core 2 Duo T7200 on bare metal: no invariant TSC (CPUID.80000007H:EDX[8] = 0), no RDTSCP, max basic leaf 0AH. */
    static InMemoryCpuidSource cpuidCore2() {
        return InMemoryCpuidSource.empty()
                .withLeaf(0x0, 0x0000000a, 0x756e6547, 0x6c65746e, 0x49656e69)
                .withLeaf(0x1, 0x000006f6, 0x00020800, 0x0000e3bd, 0xbfebfbff)
                .withLeaf(0x80000000, 0x80000008, 0, 0, 0)
                .withLeaf(0x80000001, 0, 0, 0x00000001, 0x20100000)
                .withLeaf(0x80000007, 0, 0, 0, 0);
    }

    /** The build machine's sysfs and procfs files (no cpufreq, no intel_pstate, no nohz_full). */
    static InMemoryHostFiles filesIntelKvm() {
        return InMemoryHostFiles.empty()
                .withFile("/proc/cpuinfo", CPUINFO_INTEL_KVM)
                .withFile(HostFactsReader.CURRENT_CLOCKSOURCE, "tsc\n")
                .withFile(HostFactsReader.AVAILABLE_CLOCKSOURCE, "tsc kvm-clock \n")
                .withFile(HostFactsReader.SMT_ACTIVE, "0\n")
                .withFile(HostFactsReader.SMT_CONTROL, "notsupported\n")
                .withFile(HostFactsReader.ONLINE, "0-1\n")
                .withFile(HostFactsReader.ISOLATED, "\n")
                .withFile(HostFactsReader.OSRELEASE, "6.18.44-fc-v769\n");
    }

    /** An Intel bare-metal workstation with intel_pstate, performance governor and two isolated, nohz_full CPUs. */
    static InMemoryHostFiles filesTigerLake() {
        return InMemoryHostFiles.empty()
                .withFile("/proc/cpuinfo", CPUINFO_TIGER_LAKE)
                .withFile(HostFactsReader.CURRENT_CLOCKSOURCE, "tsc\n")
                .withFile(HostFactsReader.AVAILABLE_CLOCKSOURCE, "tsc hpet acpi_pm \n")
                .withFile(HostFactsReader.SMT_ACTIVE, "1\n")
                .withFile(HostFactsReader.SMT_CONTROL, "on\n")
                .withFile(HostFactsReader.ONLINE, "0-7\n")
                .withFile(HostFactsReader.SCALING_GOVERNOR, "performance\n")
                .withFile(HostFactsReader.NO_TURBO, "1\n")
                .withFile(HostFactsReader.ISOLATED, "2-3\n")
                .withFile(HostFactsReader.NOHZ_FULL, "2-3\n")
                .withFile(HostFactsReader.OSRELEASE, "6.8.0-47-generic\n");
    }
}
