package dev.chronoscope.internal.format;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link Text} against what the regex calls it replaces give for the same text. */
class TextTests {

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "tsc", "tsc kvm-clock hpet acpi_pm ", "  fpu\tvme de\n pse ", "a\u000Bb\fc\rd", "x  y"})
    void wordsAreWhatSplittingTheStrippedTextOnWhitespaceRunsGives(String text) {
        String stripped = text.replaceAll("^\\s+|\\s+$", "");
        List<String> expected = stripped.isEmpty() ? List.of() : List.of(stripped.split("\\s+"));

        assertThat(Text.words(text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ",", ",,", "a", "a,b", "a,,b,,", ",a", "0-3,5,7-8", "a,b,c,d"})
    void splitIsStringSplitOnOneCharacterForEveryLimit(String text) {
        for (int limit : new int[] {-1, 0, 1, 2, 3}) {
            assertThat(Text.split(text, ',', limit)).as("'%s' limit %d", text, limit).isEqualTo(text.split(",", limit));
        }
        assertThat(Text.split(text, ',')).isEqualTo(text.split(","));
    }

    @Test
    void trailingCharactersAndSpacesAreStrippedAndOnlyThose() {
        assertThat(Text.stripTrailing("1.500", '0')).isEqualTo("1.5");
        assertThat(Text.stripTrailing("000", '0')).isEmpty();
        assertThat(Text.stripTrailing("0.5", '0')).isEqualTo("0.5");
        assertThat(Text.stripTrailingSpace("10 \t")).isEqualTo("10");
        assertThat(Text.stripTrailingSpace(" 10")).isEqualTo(" 10");
    }

    @Test
    void digitsAreAsciiOnly() {
        assertThat(Text.isDigits("0123456789")).isTrue();
        assertThat(Text.isDigits("")).isFalse();
        assertThat(Text.isDigits("1_000")).isFalse();
        assertThat(Text.isDigits("\u0661\u0660")).isFalse();
        assertThat(Text.isDigits("\uFF15")).isFalse();
        assertThat(Text.leadingDigits("224(cpu")).isEqualTo(3);
        assertThat(Text.leadingDigits("x1")).isZero();
        assertThat(Text.leadingDigits("")).isZero();
    }
}
