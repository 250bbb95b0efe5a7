package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.clock.TscReadPath;
import dev.chronoscope.internal.junit.Settings;
import dev.chronoscope.internal.stats.AssertionSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** With no key set, a run's settings are {@link ChronoscopeConfig}'s defaults, which are typed values, not text to parse. */
class SettingsDefaultsTests {

    @Test
    void unsetKeysTakeTheTypedDefaults() {
        Settings settings = Settings.read(key -> Optional.empty());

        assertThat(settings.defaultClock()).as(ChronoscopeConfig.DEFAULT_CLOCK).isEmpty();
        assertThat(settings.floorSamples()).isEqualTo(ChronoscopeConfig.FLOOR_SAMPLES);
        assertThat(settings.floorBudgetNanos()).isEqualTo(ChronoscopeConfig.FLOOR_BUDGET.toNanos()).isEqualTo(5_000_000L);
        assertThat(settings.warmupBudgetNanos()).isEqualTo(ChronoscopeConfig.WARMUP_BUDGET.toNanos()).isEqualTo(1_000_000_000L);
        assertThat(settings.regionWarmupBudgetNanos()).isEqualTo(ChronoscopeConfig.REGION_WARMUP_BUDGET.toNanos())
                .isEqualTo(500_000_000L);
        assertThat(settings.failOnUnmetRequirement()).isFalse();
        assertThat(settings.reportDir()).isEqualTo(Path.of(ChronoscopeConfig.REPORT_DIR));
        assertThat(settings.printSections()).isEqualTo(ChronoscopeConfig.PRINT_SECTIONS).isTrue();
        assertThat(settings.pin()).isEqualTo(ChronoscopeConfig.PIN).isFalse();
        assertThat(settings.tscStepTicks()).isEqualTo(ChronoscopeConfig.TSC_STEP_TICKS).isEqualTo(1);
        assertThat(settings.exclusive()).isEqualTo(ChronoscopeConfig.EXCLUSIVE).isTrue();
        assertThat(settings.fullSections()).isFalse();
        assertThat(settings.tscReadPath()).isEqualTo(TscReadPath.Preference.AUTO);
        assertThat(settings.crossJvmLock()).isEqualTo(ChronoscopeConfig.TIMING_LOCK).isTrue();
        assertThat(settings.baseline().threshold()).isEqualTo(ChronoscopeConfig.BASELINE_THRESHOLD_PERCENT / 100).isEqualTo(0.10);
        assertThat(settings.baseline().failOnRegression()).isEqualTo(ChronoscopeConfig.BASELINE_FAIL_ON_REGRESSION).isFalse();
        assertThat(settings.baseline().keep()).isEqualTo(ChronoscopeConfig.BASELINE_KEEP).isEqualTo(10);
        assertThat(settings.baseline().gateInvocations()).isEqualTo(ChronoscopeConfig.BASELINE_GATE_INVOCATIONS).isFalse();
        assertThat(settings.baseline().gateAllocation()).isEqualTo(ChronoscopeConfig.BASELINE_GATE_ALLOCATION).isTrue();
    }

    @Test
    void unsetAssertionKeysTakeTheTypedDefaults() {
        AssertionSettings assertions = Settings.assertions(key -> Optional.empty());

        assertThat(assertions.strict()).isEqualTo(ChronoscopeConfig.ASSERTIONS_STRICT).isFalse();
        assertThat(assertions.seed()).isEqualTo(ChronoscopeConfig.ASSERTIONS_SEED).isEqualTo(42L);
    }
}
