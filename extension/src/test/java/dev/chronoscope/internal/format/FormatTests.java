package dev.chronoscope.internal.format;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

import static org.assertj.core.api.Assertions.assertThat;

/** Each style of the one formatter, and what they share: one spelling for NaN, the same text in every locale. */
class FormatTests {

    @Test
    void aDurationHasFourSignificantDigitsAndAFittingUnit() {
        assertThat(Format.duration(6.9234)).isEqualTo("6.923 ns");
        assertThat(Format.duration(41.2)).isEqualTo("41.20 ns");
        assertThat(Format.duration(900)).isEqualTo("900 ns");
        assertThat(Format.duration(3_949)).isEqualTo("3.949 us");
        assertThat(Format.duration(4_000_000)).isEqualTo("4 ms");
        assertThat(Format.duration(Double.POSITIVE_INFINITY)).isEqualTo("unbounded");
    }

    @Test
    void theRunReportsDurationsHaveFixedDecimalsPerUnit() {
        assertThat(Format.reportDuration(80.14)).isEqualTo("80.1 ns");
        assertThat(Format.reportDuration(3_949)).isEqualTo("3.95 µs");
        assertThat(Format.reportDuration(1_200_000)).isEqualTo("1.20 ms");
        assertThat(Format.reportDuration(2.5e9)).isEqualTo("2.500 s");
    }

    @Test
    void verdictsStateAFractionOfAUnitToThreeDecimalsAndMultiplesRoundedDown() {
        assertThat(Format.unitsOrFraction(0.125)).isEqualTo("0.125");
        assertThat(Format.unitsOrFraction(29.94)).isEqualTo("29.9");
        assertThat(Format.unitsOrFraction(108)).isEqualTo("108");
        assertThat(Format.multiple(3.999)).as("never the threshold it is just under").isEqualTo("3.99x");
        assertThat(Format.multiple(84.97)).isEqualTo("84.9x");
        assertThat(Format.multiple(150.9)).isEqualTo("150x");
    }

    @Test
    void theSectionsFiguresAreWholeOrToATenthWithoutSeparators() {
        assertThat(Format.units(6.9234)).isEqualTo("6.9");
        assertThat(Format.units(108)).isEqualTo("108");
        assertThat(Format.units(1_234_567)).isEqualTo("1234567");
        assertThat(Format.units(29.94)).isEqualTo("29.9");
        assertThat(Format.units(Double.NaN)).as("read back as NaN by the section's parser").isEqualTo("n/a");
    }

    @Test
    void countsBytesAndQuantaCarryThousandsSeparators() {
        assertThat(Format.count(1_000_000)).isEqualTo("1,000,000");
        assertThat(Format.bytes(1024)).isEqualTo("1,024");
        assertThat(Format.bytes(0.54)).isEqualTo("0.5");
        assertThat(Format.bytes(80.04)).as("whole to a tenth").isEqualTo("80");
        assertThat(Format.quantum(4_000_000)).isEqualTo("4,000,000");
        assertThat(Format.quantum(24.453)).isEqualTo("24.45");
    }

    @Test
    void ratiosDropTrailingZeros() {
        assertThat(Format.ratio(3)).isEqualTo("3");
        assertThat(Format.ratio(1.1)).isEqualTo("1.1");
        assertThat(Format.ratio(1 / 1.1)).isEqualTo("0.9091");
        assertThat(Format.ratio(96.2123)).isEqualTo("96.21");
    }

    @Test
    void percentagesShowWholeOnesWholeAndNeverRoundUpToAHundred() {
        assertThat(Format.percent(1)).isEqualTo("100 %");
        assertThat(Format.percent(0.358)).isEqualTo("35.8 %");
        assertThat(Format.percent(0.99991)).isEqualTo(">99.9 %");
        assertThat(Format.percent(0.000012)).isEqualTo("0.0012 %");
        assertThat(Format.percent(0)).isEqualTo("0 %");
    }

    @Test
    void aFrequencyIsInMegahertzToTheHertz() {
        assertThat(Format.frequency(2_445_420_000.0)).isEqualTo("2445.4200 MHz");
        assertThat(Format.frequency(2_445_420_000.0, 3)).isEqualTo("2445.4200 MHz +-3.0 ppm");
        assertThat(Format.ppm(-2308.4)).isEqualTo("-2,308 ppm");
        assertThat(Format.ppm(-0.0001)).isEqualTo("+0.000 ppm");
    }

    @Test
    void aMissingFigureIsSpelledOneWayInEveryStyle() {
        List<DoubleFunction<String>> styles = List.of(Format::duration, Format::units, Format::ratio, Format::percent,
                Format::probability, Format::bytes, Format::quantum, Format::reportDuration, Format::unitsOrFraction,
                Format::multiple);
        for (DoubleFunction<String> style : styles) {
            assertThat(style.apply(Double.NaN)).isEqualTo(Format.MISSING).isEqualTo("n/a");
        }
    }

    @Test
    void theTextIsTheSameInEveryLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(Format.duration(6.9234)).isEqualTo("6.923 ns");
            assertThat(Format.count(1_000_000)).isEqualTo("1,000,000");
            assertThat(Format.bytes(1024.5)).isEqualTo("1,024.5");
        } finally {
            Locale.setDefault(before);
        }
    }
}
