package dev.chronoscope.internal.host;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class CpuListTests {

    private static final String SOURCE = "/sys/devices/system/cpu/isolated";

    @Test
    void parsesRangesAndSingles() {
        Fact<CpuList> list = CpuList.parse("0-3,8,10-11\n", SOURCE);

        assertThat(list.source()).isEqualTo(SOURCE);
        assertThat(list.get().cpus()).containsExactly(0, 1, 2, 3, 8, 10, 11);
        assertThat(list.get().count()).isEqualTo(7);
        assertThat(list.get().contains(8)).isTrue();
        assertThat(list.get().contains(9)).isFalse();
        assertThat(list.get()).hasToString("0-3,8,10-11");
    }

    @Test
    void anEmptyFileMeansNone() {
        Fact<CpuList> list = CpuList.parse("\n", SOURCE);

        assertThat(list).isEqualTo(Fact.of(CpuList.NONE, SOURCE));
        assertThat(list.get().isEmpty()).isTrue();
        assertThat(list.get()).hasToString("none");
    }

    @Test
    void normalisesOrderAndDuplicates() {
        assertThat(CpuList.parse("5,1-2,2", SOURCE).get().cpus()).containsExactly(1, 2, 5);
        assertThat(CpuList.of(3, 1, 2)).isEqualTo(CpuList.parse("1-3", SOURCE).get());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "0-           | '0-' is not a CPU number or range",
        "a            | 'a' is not a CPU number or range",
        "1,,2         | '' is not a CPU number or range",
        "0 - 3        | '0 - 3' is not a CPU number or range",
        "3-1          | range '3-1' runs backwards",
        "0-99999999   | CPU 99999999 is beyond any Linux build",
        "0-7:2/4      | '0-7:2/4' is not a CPU number or range",
    })
    void malformedListsAreUnknownWithTheTextAndWhatIsWrong(String text, String what) {
        Fact<CpuList> list = CpuList.parse(text, SOURCE);

        assertThat(list.isKnown()).isFalse();
        assertThat(list.unknownReason())
                .startsWith(SOURCE + ": malformed CPU list '" + text + "'")
                .endsWith(what);
    }
}
