package dev.chronoscope.internal.host;

import dev.chronoscope.internal.ffm.Adjtimex;
import dev.chronoscope.internal.ffm.Platform;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.chronoscope.internal.host.HostFactsReader.AVAILABLE_CLOCKSOURCE;
import static dev.chronoscope.internal.host.HostFactsReader.BOOST;
import static dev.chronoscope.internal.host.HostFactsReader.CURRENT_CLOCKSOURCE;
import static dev.chronoscope.internal.host.HostFactsReader.NOHZ_FULL;
import static dev.chronoscope.internal.host.HostFactsReader.NO_TURBO;
import static dev.chronoscope.internal.host.HostFactsReader.ONLINE;
import static dev.chronoscope.internal.host.HostFactsReader.SCALING_GOVERNOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class HostFactsReaderTests {

    private static final NtpSource SYNCHRONISED = NtpSource.of(new Adjtimex(0, 0, 129_106, 16_000, 0, 0x2001, 10_000, 37));

    @Test
    void readsTheBuildMachineDescribedInMemory() {
        HostFacts host = HostFactsReader.read(HostSamples.filesIntelKvm(), HostSamples.cpuidIntelKvm(), SYNCHRONISED);

        assertThat(host.cpuVendor()).isEqualTo(Fact.of("GenuineIntel", "CPUID.0:EBX,EDX,ECX"));
        assertThat(host.cpuModel().get()).isEqualTo("Intel(R) Xeon(R) Processor");
        assertThat(host.logicalCpus().get()).isEqualTo(2);
        assertThat(host.onlineCpus()).isEqualTo(Fact.of(CpuList.of(0, 1), ONLINE));
        assertThat(host.smtActive().get()).isFalse();
        assertThat(host.smtControl().get()).isEqualTo("notsupported");
        assertThat(host.hypervisor().get()).isTrue();
        assertThat(host.hypervisorVendor().get()).isEqualTo("KVMKVMKVM");
        assertThat(host.constantTscFlag()).isEqualTo(Fact.of(true, "/proc/cpuinfo flags"));
        assertThat(host.tscKnownFreqFlag().get()).isTrue();
        assertThat(host.clocksource()).isEqualTo(Fact.of("tsc", CURRENT_CLOCKSOURCE));
        assertThat(host.availableClocksources()).isEqualTo(Fact.of(List.of("tsc", "kvm-clock"), AVAILABLE_CLOCKSOURCE));
        assertThat(host.isolatedCpus().get()).isEqualTo(CpuList.NONE);
        assertThat(host.kernelRelease().get()).isEqualTo("6.18.44-fc-v769");
        assertThat(host.ntpSynchronised().get()).isTrue();
        assertThat(host.ntpStatusFlags().get()).containsExactly("STA_PLL", "STA_NANO");

        // a VM: no cpufreq driver, no intel_pstate, kernel without NO_HZ_FULL
        assertThat(host.cpufreqGovernor().unknownReason()).isEqualTo(SCALING_GOVERNOR + ": no cpufreq driver (file absent)");
        assertThat(host.cpufreqBoost().unknownReason()).isEqualTo(BOOST + ": no cpufreq boost control (file absent)");
        assertThat(host.intelNoTurbo().unknownReason()).isEqualTo(NO_TURBO + ": not driven by intel_pstate (file absent)");
        assertThat(host.nohzFullCpus().unknownReason()).isEqualTo(NOHZ_FULL + ": kernel built without NO_HZ_FULL (file absent)");

        assertThat(host.invariantTscVerdict()).isEqualTo(Fact.of(true,
                "invariant TSC: yes (CPUID.80000007H:EDX[8] = 1); cpuinfo: constant_tsc nonstop_tsc; clocksource: tsc"));
        assertThat(host.vdsoCapableClocksource().get()).isTrue();
    }

    @Test
    void readsABareMetalHostWithIsolatedCpus() {
        HostFacts host = HostFactsReader.read(HostSamples.filesTigerLake(), HostSamples.cpuidTigerLake(), SYNCHRONISED);

        assertThat(host.hypervisor()).isEqualTo(Fact.of(false, "CPUID.1:ECX[31] = 0"));
        assertThat(host.smtActive().get()).isTrue();
        assertThat(host.onlineCpus().get().count()).isEqualTo(8);
        assertThat(host.cpufreqGovernor()).isEqualTo(Fact.of("performance", SCALING_GOVERNOR));
        assertThat(host.intelNoTurbo()).isEqualTo(Fact.of(true, NO_TURBO));
        assertThat(host.isolatedCpus().get()).isEqualTo(CpuList.of(2, 3));
        assertThat(host.nohzFullCpus().get()).isEqualTo(CpuList.of(2, 3));
        assertThat(host.tscFrequencyHzCpuid15().get()).isEqualTo(2_803_200_000L);
        assertThat(host.baseFrequencyHzCpuid16().get()).isEqualTo(2_800_000_000L);
        assertThat(host.invariantTscVerdict().get()).isTrue();
    }

    @Test
    void describesAHostWithoutInvariantTscOnHpet() {
        InMemoryHostFiles files = InMemoryHostFiles.empty()
                .withFile("/proc/cpuinfo", HostSamples.CPUINFO_CORE2)
                .withFile(CURRENT_CLOCKSOURCE, "hpet\n")
                .withFile(AVAILABLE_CLOCKSOURCE, "hpet acpi_pm \n");

        HostFacts host = HostFactsReader.read(files, HostSamples.cpuidCore2(), SYNCHRONISED);

        assertThat(host.invariantTsc().get()).isFalse();
        assertThat(host.invariantTscVerdict()).isEqualTo(Fact.of(false,
                "invariant TSC: no (CPUID.80000007H:EDX[8] = 0); cpuinfo: constant_tsc, no nonstop_tsc; clocksource: hpet (the kernel does not keep time with the TSC)"));
        assertThat(host.vdsoCapableClocksource().get()).isFalse();
        assertThat(host.vdsoCapableClocksource().source()).contains("clock_gettime is a system call");
    }

    @Test
    void withoutTheNativeProbeFallsBackToWhatTheKernelSays() {
        String reason = "native probe not loaded: no bundled library for linux-x86_64";
        HostFacts host = HostFactsReader.read(HostSamples.filesIntelKvm(), CpuidSource.unavailable(reason), SYNCHRONISED);

        assertThat(host.invariantTsc().unknownReason()).isEqualTo(reason);
        assertThat(host.cpuVendor()).isEqualTo(Fact.of("GenuineIntel", "/proc/cpuinfo vendor_id"));
        assertThat(host.cpuModel().source()).isEqualTo("/proc/cpuinfo model name");
        assertThat(host.hypervisor()).isEqualTo(Fact.of(true, "/proc/cpuinfo flags"));
        assertThat(host.tscFrequencyHzHypervisor().unknownReason()).isEqualTo(reason);
        Fact<Boolean> verdict = host.invariantTscVerdict();
        assertThat(verdict.get()).isTrue();
        assertThat(verdict.source()).isEqualTo("invariant TSC: unknown (" + reason + "); cpuinfo: constant_tsc nonstop_tsc; clocksource: tsc");
    }

    @Test
    void unreadableAndMalformedFilesAreUnknownWithTheFileAndTheReason() {
        InMemoryHostFiles files = HostSamples.filesIntelKvm()
                .withUnreadable(CURRENT_CLOCKSOURCE, "permission denied")
                .withFile(ONLINE, "0-\n")
                .withUnreadable("/proc/cpuinfo", "IOException: Input/output error");

        HostFacts host = HostFactsReader.read(files, HostSamples.cpuidIntelKvm(), SYNCHRONISED);

        assertThat(host.clocksource().unknownReason()).isEqualTo(CURRENT_CLOCKSOURCE + ": unreadable: permission denied");
        assertThat(host.onlineCpus().unknownReason()).isEqualTo(ONLINE + ": malformed CPU list '0-': '0-' is not a CPU number or range");
        assertThat(host.constantTscFlag().unknownReason()).isEqualTo("/proc/cpuinfo: unreadable: IOException: Input/output error");
        assertThat(host.logicalCpus().isKnown()).isFalse();
        assertThat(host.invariantTscVerdict().source()).isEqualTo("invariant TSC: yes (CPUID.80000007H:EDX[8] = 1); "
                + "cpuinfo: unknown (/proc/cpuinfo: unreadable: IOException: Input/output error); "
                + "clocksource: unknown (" + CURRENT_CLOCKSOURCE + ": unreadable: permission denied)");
        assertThat(host.vdsoCapableClocksource().unknownReason()).isEqualTo(CURRENT_CLOCKSOURCE + ": unreadable: permission denied");
    }

    @Test
    void aHostWithNothingReadableGivesOnlyUnknownsAndNoException() {
        HostFiles throwing = path -> {
            throw new IllegalStateException("broken test double");
        };

        HostFacts host = HostFactsReader.read(throwing, CpuidSource.unavailable("no CPUID"), NtpSource.unavailable("no adjtimex"));

        assertThat(host.facts().values()).allSatisfy(fact -> assertThat(fact.isKnown()).isFalse());
        assertThat(host.kernelRelease().unknownReason()).contains("unreadable: java.lang.IllegalStateException: broken test double");
        assertThat(host.cpuVendor().unknownReason()).isEqualTo("no CPUID; /proc/cpuinfo: unreadable: java.lang.IllegalStateException: broken test double");
        assertThat(host.ntpFrequencyPpm().unknownReason()).isEqualTo("no adjtimex");
        assertThat(HostFactsReader.read(InMemoryHostFiles.empty(), CpuidSource.unavailable("no CPUID"), NtpSource.unavailable("x"))
                .clocksource().unknownReason()).isEqualTo(CURRENT_CLOCKSOURCE + ": file absent");
    }

    @Test
    void everyKeyHasAReadingLineEvenWhenNothingCanBeRead() {
        HostFacts host = HostFactsReader.read(InMemoryHostFiles.empty(), CpuidSource.unavailable("no CPUID"),
                NtpSource.unavailable("no adjtimex"));

        // "not described" is what the builder gives a key nobody set: a key declared without its line here
        assertThat(HostFact.all()).allSatisfy(key -> assertThat(host.get(key).source()).as(key.name())
                .isNotEqualTo(HostFacts.NOT_DESCRIBED));
    }

    @Test
    void readsThisHost() {
        Platform platform = Platform.current();
        assumeTrue(platform.isLinux(), () -> "host facts are read from Linux's /proc and /sys; this host runs " + platform);
        // a restricted container may hide /sys: that is the container, and the reader says so in
        // the fact (tested above with described files); here it would only fail the host
        for (String file : List.of(HostFactsReader.CURRENT_CLOCKSOURCE, HostFactsReader.AVAILABLE_CLOCKSOURCE,
                HostFactsReader.ONLINE, HostFactsReader.OSRELEASE, "/proc/cpuinfo")) {
            assumeTrue(Files.isReadable(Path.of(file)), () -> "this host's " + file + " could not be read");
        }

        HostFacts host = HostFactsReader.read();
        System.out.println("HostFactsReader.read() on this host:\n" + host.describe());

        assertThat(host.clocksource().isKnown()).as(host.clocksource().describe()).isTrue();
        assertThat(host.availableClocksources().get()).contains(host.clocksource().get());
        assertThat(host.kernelRelease().get()).isEqualTo(System.getProperty("os.version"));
        assertThat(host.logicalCpus().get()).isPositive();
        assertThat(host.onlineCpus().get().count()).isPositive();
        assertThat(host.invariantTscVerdict().source()).startsWith("invariant TSC: ");
        if (platform.isX86_64()) {
            assertThat(host.constantTscFlag().isKnown()).as(host.constantTscFlag().describe()).isTrue();
            assertThat(host.rdtscpFlag().isKnown()).isTrue();
            assertThat(host.cpuVendor().get()).isIn("GenuineIntel", "AuthenticAMD", "HygonGenuine", "CentaurHauls", "  Shanghai  ");
        }
    }
}
