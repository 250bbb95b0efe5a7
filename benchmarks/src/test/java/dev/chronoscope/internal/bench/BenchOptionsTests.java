package dev.chronoscope.internal.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchOptionsTests {

    @Test
    void noArgumentsGiveTheDefaults() throws Exception {
        assertThat(BenchOptions.parse()).isEqualTo(BenchOptions.defaults());
        assertThat(BenchOptions.defaults())
                .isEqualTo(new BenchOptions(BenchOptions.DEFAULT_ROUNDS, BenchOptions.DEFAULT_SAMPLES,
                        BenchOptions.DEFAULT_WARMUP_ROUNDS, false));
    }

    @Test
    void readsSeparateAndEqualsSignValues() throws Exception {
        assertThat(BenchOptions.parse("--rounds", "7", "--samples=5000", "--warmup", "0"))
                .isEqualTo(new BenchOptions(7, 5000, 0, false));
    }

    @Test
    void acceptsUnderscoresInNumbers() throws Exception {
        assertThat(BenchOptions.parse("--samples", "100_000").samples()).isEqualTo(100_000);
    }

    @Test
    void laterOptionsOverrideEarlierOnes() throws Exception {
        assertThat(BenchOptions.parse("--rounds", "3", "--rounds", "4").rounds()).isEqualTo(4);
    }

    @Test
    void recognisesHelp() throws Exception {
        assertThat(BenchOptions.parse("--help").help()).isTrue();
        assertThat(BenchOptions.parse("-h").help()).isTrue();
    }

    @Test
    void rejectsANonNumberNamingOptionValueAndExpectation() {
        assertThatThrownBy(() -> BenchOptions.parse("--rounds", "many"))
                .isInstanceOf(dev.chronoscope.internal.args.CommandLine.InvalidOptionException.class)
                .hasMessageContaining("--rounds")
                .hasMessageContaining("'many'")
                .hasMessageContaining("expected a number of rounds from 1 to " + BenchOptions.MAX_ROUNDS);
    }

    @Test
    void rejectsOutOfRangeValues() {
        assertThatThrownBy(() -> BenchOptions.parse("--rounds", "0"))
                .hasMessageContaining("--rounds: 0 is out of range");
        assertThatThrownBy(() -> BenchOptions.parse("--samples", "10"))
                .hasMessageContaining("--samples: 10 is out of range")
                .hasMessageContaining("from " + BenchOptions.MIN_SAMPLES);
        assertThatThrownBy(() -> BenchOptions.parse("--warmup", "-1"))
                .hasMessageContaining("--warmup: -1 is out of range");
        assertThatThrownBy(() -> BenchOptions.parse("--samples", "99999999999999999999"))
                .hasMessageContaining("--samples")
                .hasMessageContaining("is not a whole number");
    }

    @Test
    void rejectsAMissingValue() {
        assertThatThrownBy(() -> BenchOptions.parse("--samples"))
                .isInstanceOf(dev.chronoscope.internal.args.CommandLine.InvalidOptionException.class)
                .hasMessageContaining("option --samples needs a value");
    }

    @Test
    void rejectsUnknownOptionsByName() {
        assertThatThrownBy(() -> BenchOptions.parse("--round", "3"))
                .isInstanceOf(dev.chronoscope.internal.args.CommandLine.InvalidOptionException.class)
                .hasMessageContaining("unknown option '--round'")
                .hasMessageContaining("expected --rounds N, --samples N, --warmup N or --help");
    }

    @Test
    void rejectsMoreSamplesThanItKeepsInMemory() {
        assertThatThrownBy(() -> BenchOptions.parse("--rounds", "1000", "--samples", "1000000"))
                .hasMessageContaining("--rounds 1000 x --samples 1000000")
                .hasMessageContaining("at most " + BenchOptions.MAX_TOTAL_SAMPLES);
    }
}
