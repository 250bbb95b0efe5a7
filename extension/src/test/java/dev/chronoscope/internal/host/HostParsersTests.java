package dev.chronoscope.internal.host;

import org.junit.jupiter.api.Test;

import static dev.chronoscope.internal.host.HostFactsReader.AVAILABLE_CLOCKSOURCE;
import static dev.chronoscope.internal.host.HostFactsReader.CURRENT_CLOCKSOURCE;
import static dev.chronoscope.internal.host.HostFactsReader.NOHZ_FULL;
import static dev.chronoscope.internal.host.HostFactsReader.OSRELEASE;
import static dev.chronoscope.internal.host.HostFactsReader.SMT_ACTIVE;
import static org.assertj.core.api.Assertions.assertThat;

class HostParsersTests {

    @Test
    void currentClocksourceIsOneWord() {
        assertThat(HostParsers.word("tsc\n", CURRENT_CLOCKSOURCE)).isEqualTo(Fact.of("tsc", CURRENT_CLOCKSOURCE));
        assertThat(HostParsers.word("kvm-clock\n", CURRENT_CLOCKSOURCE).get()).isEqualTo("kvm-clock");
        assertThat(HostParsers.word("\n", CURRENT_CLOCKSOURCE).unknownReason()).isEqualTo(CURRENT_CLOCKSOURCE + ": empty");
        assertThat(HostParsers.word("tsc hpet\n", CURRENT_CLOCKSOURCE).unknownReason())
                .isEqualTo(CURRENT_CLOCKSOURCE + ": expected one word, got 'tsc hpet'");
    }

    @Test
    void availableClocksourcesAreAList() {
        // the kernel ends the list with a space and a newline
        assertThat(HostParsers.words("tsc kvm-clock \n", AVAILABLE_CLOCKSOURCE))
                .isEqualTo(Fact.of(java.util.List.of("tsc", "kvm-clock"), AVAILABLE_CLOCKSOURCE));
        assertThat(HostParsers.words("tsc hpet acpi_pm \n", AVAILABLE_CLOCKSOURCE).get()).containsExactly("tsc", "hpet", "acpi_pm");
        assertThat(HostParsers.words(" \n", AVAILABLE_CLOCKSOURCE).isKnown()).isFalse();
    }

    @Test
    void smtActiveIsZeroOrOne() {
        assertThat(HostParsers.zeroOrOne("1\n", SMT_ACTIVE)).isEqualTo(Fact.of(true, SMT_ACTIVE));
        assertThat(HostParsers.zeroOrOne("0\n", SMT_ACTIVE)).isEqualTo(Fact.of(false, SMT_ACTIVE));
        assertThat(HostParsers.zeroOrOne("on\n", SMT_ACTIVE).unknownReason())
                .isEqualTo(SMT_ACTIVE + ": expected 0 or 1, got 'on'");
    }

    @Test
    void nohzFullAcceptsNullForNone() {
        assertThat(HostParsers.nohzFull("(null)\n", NOHZ_FULL)).isEqualTo(Fact.of(CpuList.NONE, NOHZ_FULL));
        assertThat(HostParsers.nohzFull("\n", NOHZ_FULL).get()).isEqualTo(CpuList.NONE);
        assertThat(HostParsers.nohzFull("1-3\n", NOHZ_FULL).get()).isEqualTo(CpuList.of(1, 2, 3));
    }

    @Test
    void kernelReleaseIsOneLine() {
        assertThat(HostParsers.line("6.18.44-fc-v769\n", OSRELEASE)).isEqualTo(Fact.of("6.18.44-fc-v769", OSRELEASE));
        assertThat(HostParsers.line("", OSRELEASE).unknownReason()).isEqualTo(OSRELEASE + ": empty");
        assertThat(HostParsers.line("6.1\n6.2\n", OSRELEASE).unknownReason()).contains("expected one line, got '6.1\\n6.2'");
    }

    @Test
    void quotesAreShortAndOnOneLine() {
        assertThat(HostParsers.quote("x".repeat(100))).hasSize(62).endsWith("...'");
    }
}
