package dev.chronoscope.internal.host;

import dev.chronoscope.internal.ffm.Adjtimex;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HostFactsTests {

    @Test
    void aBuilderStartsWithEveryFactUnknown() {
        HostFacts host = HostFacts.builder().build();

        assertThat(host.facts().values()).allSatisfy(f -> assertThat(f.isKnown()).isFalse());
        assertThat(host.clocksource().unknownReason()).isEqualTo("not described");
        assertThat(host.invariantTscVerdict().isKnown()).isFalse();
    }

    @Test
    void theInvariantTscHostCanBeTrusted() {
        Fact<Boolean> verdict = HostFixtures.invariantTscHost().invariantTscVerdict();

        assertThat(verdict).isEqualTo(Fact.of(true,
                "invariant TSC: yes (described); cpuinfo: constant_tsc nonstop_tsc; clocksource: tsc"));
    }

    @Test
    void aHostWithoutInvariantTsc() {
        HostFacts host = HostFixtures.withoutInvariantTsc(HostFixtures.invariantTscHost());

        assertThat(host.invariantTscVerdict()).isEqualTo(Fact.of(false,
                "invariant TSC: no (described); cpuinfo: no constant_tsc, no nonstop_tsc; clocksource: tsc"));
        assertThat(host.rdtscp().get()).isTrue();
    }

    @Test
    void aHostOnHpetDoesNotTrustItsTsc() {
        HostFacts host = HostFixtures.withClocksource(HostFixtures.invariantTscHost(), "hpet");

        assertThat(host.invariantTscVerdict()).isEqualTo(Fact.of(false, "invariant TSC: yes (described); "
                + "cpuinfo: constant_tsc nonstop_tsc; clocksource: hpet (the kernel does not keep time with the TSC)"));
        assertThat(host.vdsoCapableClocksource().get()).isFalse();
        assertThat(host.availableClocksources().get()).containsExactly("tsc", "hpet", "acpi_pm");
    }

    @Test
    void kvmClockReadsTheTscAndSaysNothingAgainstIt() {
        HostFacts host = HostFixtures.withClocksource(HostFixtures.invariantTscHost(), "kvm-clock");

        assertThat(host.invariantTscVerdict().get()).isTrue();
        assertThat(host.vdsoCapableClocksource().get()).isTrue();
        assertThat(host.availableClocksources().get()).containsExactly("tsc", "hpet", "acpi_pm", "kvm-clock");
    }

    @Test
    void vdsoCapability() {
        for (String capable : List.of("tsc", "kvm-clock", "arch_sys_counter", "hyperv_clocksource_tsc_page")) {
            assertThat(HostFacts.builder().clocksource(capable).build().vdsoCapableClocksource().get()).as(capable).isTrue();
        }
        for (String slow : List.of("hpet", "acpi_pm")) {
            assertThat(HostFacts.builder().clocksource(slow).build().vdsoCapableClocksource().get()).as(slow).isFalse();
        }
        assertThat(HostFacts.builder().clocksource("jiffies").build().vdsoCapableClocksource().unknownReason())
                .isEqualTo("clocksource jiffies: not known whether it has a vDSO clock mode");
        assertThat(HostFacts.builder().build().vdsoCapableClocksource().unknownReason()).isEqualTo("not described");
    }

    @Test
    void withoutCpuidTheVerdictUsesTheKernelsFlags() {
        HostFacts host = HostFixtures.invariantTscHost().toBuilder()
                .invariantTsc(Fact.unknown("native probe not loaded: test")).nonstopTscFlag(false).build();

        assertThat(host.invariantTscVerdict()).isEqualTo(Fact.of(false,
                "invariant TSC: unknown (native probe not loaded: test); cpuinfo: constant_tsc, no nonstop_tsc; clocksource: tsc"));
    }

    @Test
    void ntpFactsComeFromAdjtimex() {
        HostFacts host = HostFacts.builder().adjtimex(new Adjtimex(5, 0, -3 * 65536, 16_000_000, 16_000_000, 0x40, 10_000, 0)).build();

        assertThat(host.ntpFrequencyPpm().get()).isEqualTo(-3.0);
        assertThat(host.ntpSynchronised().get()).isFalse();
        assertThat(host.clockState().get()).isEqualTo("TIME_ERROR");
        assertThat(host.ntpStatusFlags().get()).containsExactly("STA_UNSYNC");
    }

    @Test
    void factsAreImmutable() {
        List<String> mutable = new ArrayList<>(List.of("tsc"));
        HostFacts host = HostFacts.builder().availableClocksources(Fact.of(mutable, "test")).build();
        mutable.add("hpet");

        assertThat(host.availableClocksources().get()).containsExactly("tsc");
        assertThatThrownBy(() -> host.availableClocksources().get().add("x")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(host.toBuilder().build()).isEqualTo(host);
    }

    @Test
    void describeHasOneLinePerFact() {
        String text = HostFixtures.invariantTscHost().describe();

        assertThat(text.lines()).hasSize(HostFixtures.invariantTscHost().facts().size());
        assertThat(text).contains("clocksource = tsc  [described]\n", "cpufreqGovernor = unknown (not described)\n");
    }

    @Test
    void factsAndDescribeListEveryKeyInDeclarationOrderThenTheDerivedFacts() {
        HostFacts host = HostFixtures.everyFactKnown(key -> "read " + key.name());
        List<String> keys = HostFact.listed().stream().map(HostFact::name).toList();
        List<String> derived = List.of("ntpFrequencyPpm", "ntpSynchronised", "clockState", "ntpStatusFlags",
                "vdsoCapableClocksource", "invariantTscVerdict");

        assertThat(host.facts().keySet()).containsExactlyElementsOf(concat(keys, derived));
        assertThat(host.describe().lines().map(line -> line.substring(0, line.indexOf(" = "))))
                .containsExactlyElementsOf(concat(keys, derived));
        assertThat(host.describe()).contains("kernelRelease = a kernelRelease  [read kernelRelease]\n");
    }

    @Test
    void everyKeyIsListedExceptTheNtpStateWhichIsShownThroughItsDerivedFacts() {
        assertThat(HostFact.all()).filteredOn(key -> !key.isListed()).containsExactly(HostFact.ADJTIMEX);
        assertThat(HostFact.listed()).hasSize(HostFact.all().size() - 1);
        assertThat(HostFact.all().stream().map(HostFact::name)).doesNotHaveDuplicates();
    }

    @Test
    void aFactSetByKeyIsTheFactTheNamedAccessorReturns() {
        HostFacts host = HostFacts.builder()
                .with(HostFact.CLOCKSOURCE, "hpet")
                .with(HostFact.CPUFREQ_GOVERNOR, Fact.unknown("no cpufreq driver"))
                .build();

        assertThat(host.clocksource()).isEqualTo(Fact.of("hpet", HostFacts.DESCRIBED)).isEqualTo(host.get(HostFact.CLOCKSOURCE));
        assertThat(host.cpufreqGovernor().unknownReason()).isEqualTo("no cpufreq driver");
        assertThat(host.get(HostFact.KERNEL_RELEASE).unknownReason()).isEqualTo("not described");
        assertThat(host).isEqualTo(HostFacts.builder().clocksource("hpet").cpufreqGovernor(Fact.unknown("no cpufreq driver")).build());
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aValueOfTheWrongTypeIsRefusedEvenThroughARawKey() {
        HostFact raw = HostFact.LOGICAL_CPUS;

        assertThatThrownBy(() -> HostFacts.builder().with(raw, "four"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("logicalCpus");
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
