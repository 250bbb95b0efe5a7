package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.junit.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One rule for whole numbers in every key — ASCII digits, underscores only between digits — and a
 * property reference the build left as written ({@code ${…}}) refused, saying so.
 */
class SettingsNumbersTests {

    private static Settings with(String key, String value) {
        Map<String, String> parameters = Map.of(key, value);
        return Settings.read(k -> Optional.ofNullable(parameters.get(k)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"١٠٠", "５", "+5", "5_", "_5", "5__0", "-5"})
    void wholeNumbersAreAsciiDigitsWithUnderscoresBetweenThem(String value) {
        assertThatThrownBy(() -> with(ChronoscopeConfig.FLOOR_SAMPLES_KEY, value)).isInstanceOf(ExtensionConfigurationException.class)
                .hasMessage("Configuration parameter chronoscope.floor.samples = '" + value + "' is invalid: expected a whole number "
                        + "from 1 to 1,000,000");
        assertThatThrownBy(() -> with(ChronoscopeConfig.WARMUP_BUDGET_KEY, value + "ms")).as("the same rule for durations")
                .isInstanceOf(ExtensionConfigurationException.class);
        if (!value.equals("-5")) {
            assertThatThrownBy(() -> Settings.assertions(k -> Optional.of(value).filter(v -> k.equals(ChronoscopeConfig.ASSERTIONS_SEED_KEY))))
                    .as("and for the seed, whose sign is allowed").isInstanceOf(ExtensionConfigurationException.class);
        }
    }

    @Test
    void underscoresBetweenDigitsAreAcceptedEverywhere() {
        assertThat(with(ChronoscopeConfig.FLOOR_SAMPLES_KEY, "10_000").floorSamples()).isEqualTo(10_000);
        assertThat(with(ChronoscopeConfig.WARMUP_BUDGET_KEY, "1_000ms").warmupBudgetNanos()).isEqualTo(1_000_000_000L);
        assertThat(Settings.assertions(k -> Optional.of("-1_234").filter(v -> k.equals(ChronoscopeConfig.ASSERTIONS_SEED_KEY))).seed())
                .isEqualTo(-1234);
    }

    @Test
    void anUnresolvedPropertyReferenceIsRefusedNamingIt() {
        assertThatThrownBy(() -> with(ChronoscopeConfig.BASELINE_COMPARE_KEY, "${chronoscope.baseline.compare}"))
                .isInstanceOf(ExtensionConfigurationException.class)
                .hasMessage("Configuration parameter chronoscope.baseline.compare = '${chronoscope.baseline.compare}' is invalid: "
                        + "${chronoscope.baseline.compare} is a property reference the build left as written, because no property "
                        + "chronoscope.baseline.compare was set. Set it (e.g. -Dchronoscope.baseline.compare=…), or declare it with "
                        + "an empty default in the POM's <properties> (<chronoscope.baseline.compare></chronoscope.baseline.compare>) "
                        + "so that leaving it out means unset");
        assertThatThrownBy(() -> with(ChronoscopeConfig.REPORT_DIR_KEY, "${project.build.directory}/chronoscope"))
                .hasMessageContaining("${project.build.directory} is a property reference the build left as written");
        assertThat(with(ChronoscopeConfig.BASELINE_COMPARE_KEY, "").baseline().compare()).as("an empty default is unset").isEmpty();
    }
}
