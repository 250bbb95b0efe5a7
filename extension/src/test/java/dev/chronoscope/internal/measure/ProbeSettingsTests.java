package dev.chronoscope.internal.measure;

import dev.chronoscope.ClockId;
import dev.chronoscope.ClockUnit;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Summary;
import dev.chronoscope.internal.stats.Synthetic;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A probe's settings: each default is the documented one, each {@code with...} changes its own
 * setting only, and a bad value is refused naming the setting, the value and what was expected.
 */
class ProbeSettingsTests {

    /** A context whose latency floor kept three samples. */
    private static final Timings.Context FEW_FLOOR_SAMPLES = Synthetic.context(30, 1, false);

    @Test
    void theDefaultsAreTheDocumentedOnes() {
        ProbeSettings s = ProbeSettings.defaultsFor(FEW_FLOOR_SAMPLES);
        assertThat(s.regionWarmupBudgetNanos()).isEqualTo(500_000_000L);
        assertThat(s.floorSamples()).as("at least 1,000 however few the latency floor kept").isEqualTo(1_000);
        assertThat(s.floorBudgetNanos()).isEqualTo(5_000_000L);
        assertThat(s.testName()).isEmpty();
        assertThat(s.loopBytesPerCall()).isZero();
        assertThat(s.coreSpeed()).as("not read by default").isEmpty();
    }

    @Test
    void theDefaultFloorSamplesAreAsManyAsTheLatencyFloorKept() {
        Summary kept = new Summary(ClockUnit.NANOSECONDS, 20_000, 20, 30, 40, 50, 60, 31, 2);
        ProbeFloor floor = new ProbeFloor(ClockId.CLOCK_MONOTONIC, kept, kept, 1_000_000);
        Timings.Context context = Timings.Context.of(FEW_FLOOR_SAMPLES.reader(), floor).subtractFloor(false)
                .step(1, "test").build();
        assertThat(ProbeSettings.defaultsFor(context).floorSamples()).isEqualTo(20_000);
    }

    @Test
    void eachWithChangesItsOwnSettingOnly() {
        ProbeSettings defaults = ProbeSettings.defaultsFor(FEW_FLOOR_SAMPLES);
        CompiledRegions regions = new CompiledRegions();
        CoreSpeedReference reference = new CoreSpeedReference(() -> 1.0);
        ProbeSettings s = defaults.withRegionWarmupBudgetNanos(0).withFloorSamples(7).withFloorBudgetNanos(9).withTestName("t()")
                .withLoopBytesPerCall(0.5).withCompiledRegions(regions).withCoreSpeed(reference);
        assertThat(s).isEqualTo(new ProbeSettings(0, 7, 9, "t()", 0.5, regions, Optional.of(reference)));
        assertThat(defaults.withFloorSamples(7)).isEqualTo(new ProbeSettings(defaults.regionWarmupBudgetNanos(), 7,
                defaults.floorBudgetNanos(), "", 0, defaults.compiledRegions(), Optional.empty()));
    }

    @Test
    void aBadValueIsRefusedNamingTheSettingTheValueAndWhatWasExpected() {
        ProbeSettings s = ProbeSettings.defaultsFor(FEW_FLOOR_SAMPLES);
        assertThatThrownBy(() -> s.withRegionWarmupBudgetNanos(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ProbeSettings.regionWarmupBudgetNanos was -1; expected 0 (no region warm-up) or more nanoseconds");
        assertThatThrownBy(() -> s.withFloorSamples(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ProbeSettings.floorSamples was 0; expected 1 or more samples");
        assertThatThrownBy(() -> s.withFloorBudgetNanos(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ProbeSettings.floorBudgetNanos was 0; expected 1 or more nanoseconds");
        assertThatThrownBy(() -> s.withLoopBytesPerCall(-0.5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ProbeSettings.loopBytesPerCall was -0.5; expected a finite number of bytes, 0 or more");
        assertThatThrownBy(() -> s.withLoopBytesPerCall(Double.NaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ProbeSettings.loopBytesPerCall was NaN; expected a finite number of bytes, 0 or more");
        assertThatThrownBy(() -> s.withTestName(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("ProbeSettings.testName");
        assertThatThrownBy(() -> s.withCoreSpeed(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("ProbeSettings.coreSpeed");
    }
}
