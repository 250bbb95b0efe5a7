package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.junit.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The duration keys' units, as the README lists them: {@code ns}, {@code us} or {@code µs},
 * {@code ms}, {@code s}; a whole number, with or without a space, in any case.
 */
class SettingsDurationTests {

    private static Settings with(String key, String value) {
        Map<String, String> parameters = Map.of(key, value);
        return Settings.read(k -> Optional.ofNullable(parameters.get(k)));
    }

    @ParameterizedTest(name = "{0} = {1} ns")
    @CsvSource(delimiter = '=', value = {
            "250ns = 250",
            "250us = 250000",
            "250µs = 250000",
            "250 µs = 250000",
            "250US = 250000",
            "3ms = 3000000",
            "2s = 2000000000",
            "1 s = 1000000000"})
    void everyUnitConvertsToNanoseconds(String value, long nanos) {
        assertThat(with(ChronoscopeConfig.FLOOR_BUDGET_KEY, value).floorBudgetNanos()).as(value).isEqualTo(nanos);
        assertThat(with(ChronoscopeConfig.WARMUP_BUDGET_KEY, value).warmupBudgetNanos()).as(value).isEqualTo(nanos);
        assertThat(with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, value).regionWarmupBudgetNanos()).as(value).isEqualTo(nanos);
    }

    @Test
    void aWarmupMayBeSwitchedOffButTheFloorNeedsTime() {
        assertThat(with(ChronoscopeConfig.WARMUP_BUDGET_KEY, "0us").warmupBudgetNanos()).isZero();
        assertThat(with(ChronoscopeConfig.REGION_WARMUP_BUDGET_KEY, "0µs").regionWarmupBudgetNanos()).isZero();
        assertThatThrownBy(() -> with(ChronoscopeConfig.FLOOR_BUDGET_KEY, "0µs"))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessage("Configuration parameter chronoscope.floor.budget = '0µs' is invalid: expected a positive duration"
                        + " of at most 10s, with a unit: ns, us, ms or s (e.g. 500ms)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"250", "1.5ms", "-5us", "5 min", "us", "9223372036854775807s", "61s", "60001ms"})
    void aValueWithoutAUnitAFractionOrOutOfRangeIsRefusedNamingTheKey(String value) {
        assertThatThrownBy(() -> with(ChronoscopeConfig.WARMUP_BUDGET_KEY, value))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessage("Configuration parameter chronoscope.warmup.budget = '" + value + "' is invalid: expected a duration"
                        + " of at most 60s, with a unit: ns, us, ms or s (e.g. 500ms)");
    }
}
