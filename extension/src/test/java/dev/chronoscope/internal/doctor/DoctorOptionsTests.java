package dev.chronoscope.internal.doctor;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DoctorOptionsTests {

    @Test
    void defaultsAreTwoMillionReadsAndText() throws Exception {
        DoctorOptions o = DoctorOptions.parse();
        assertThat(o).isEqualTo(DoctorOptions.defaults());
        assertThat(o.reads()).isEqualTo(2_000_000);
        assertThat(o.json()).isFalse();
        assertThat(o.minNanosPerClock()).isEqualTo(100_000_000L);
        assertThat(o.maxNanosPerClock()).isEqualTo(2_000_000_000L);
    }

    @Test
    void quickReadsFewerWithinShorterBoundsAndReadsWins() throws Exception {
        DoctorOptions quick = DoctorOptions.parse("--quick", "--json");
        assertThat(quick.reads()).isEqualTo(200_000);
        assertThat(quick.json()).isTrue();
        assertThat(quick.maxNanosPerClock()).isLessThan(DoctorOptions.defaults().maxNanosPerClock());
        assertThat(DoctorOptions.parse("--reads", "500000", "--quick").reads()).isEqualTo(500_000);
        assertThat(DoctorOptions.parse("--reads=1_000_000").reads()).isEqualTo(1_000_000);
        assertThat(DoctorOptions.parse("--help").help()).isTrue();
    }

    @Test
    void errorsNameTheOptionTheValueAndWhatWasExpected() {
        assertThatThrownBy(() -> DoctorOptions.parse("--reads"))
                .hasMessage("option --reads needs a value: expected a number of reads per clock from 10000 to 1000000000");
        assertThatThrownBy(() -> DoctorOptions.parse("--reads", "many"))
                .hasMessage("option --reads: 'many' is not a whole number; expected a number of reads per clock from 10000 to 1000000000");
        assertThatThrownBy(() -> DoctorOptions.parse("--reads", "5"))
                .hasMessage("option --reads: 5 is out of range; expected a number of reads per clock from 10000 to 1000000000");
        assertThatThrownBy(() -> DoctorOptions.parse("--json=yes"))
                .hasMessage("option --json takes no value, got 'yes'");
        assertThatThrownBy(() -> DoctorOptions.parse("--verbose"))
                .hasMessage("unknown option '--verbose'; expected --json, --reads N, --quick or --help");
    }
}
