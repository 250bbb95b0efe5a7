package dev.chronoscope.internal.junit;

import dev.chronoscope.ClockId;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a forked test's parent writes for its child to prepare, read back, and what the child says of a text it cannot read. */
class ForkPreparationTests {

    @Test
    void theClocksAndTheBudgetWrittenAreTheOnesRead() {
        String text = ForkPreparation.text(List.of(ClockId.TSC_FENCED, ClockId.CLOCK_MONOTONIC), 250_000_000L);

        assertThat(text).isEqualTo("TSC_FENCED,CLOCK_MONOTONIC;250000000");
        assertThat(ForkPreparation.clocks(text)).containsExactly(ClockId.TSC_FENCED, ClockId.CLOCK_MONOTONIC);
        assertThat(ForkPreparation.budget(text)).isEqualTo(250_000_000L);
    }

    @Test
    void aTextWithoutItsTwoPartsNamesThePropertyTheTextAndTheShapeExpected() {
        assertThatThrownBy(() -> ForkPreparation.budget("CLOCK_MONOTONIC"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dev.chronoscope.fork.prepare = 'CLOCK_MONOTONIC': expected CLOCK,...;nanos");
        assertThatThrownBy(() -> ForkPreparation.clocks(";100")).hasMessageContaining("expected CLOCK,...;nanos");
    }

    @Test
    void anUnknownClockAndABudgetThatIsNoNumberAreNamed() {
        assertThatThrownBy(() -> ForkPreparation.clocks("TSC_FENCED,HPET;100"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("dev.chronoscope.fork.prepare = 'TSC_FENCED,HPET;100': 'HPET' is no clock; expected one of [")
                .hasMessageContaining("CLOCK_MONOTONIC");
        assertThatThrownBy(() -> ForkPreparation.budget("TSC_FENCED;0.25s"))
                .hasMessage("dev.chronoscope.fork.prepare = 'TSC_FENCED;0.25s': '0.25s' is no whole number of nanoseconds");
    }
}
