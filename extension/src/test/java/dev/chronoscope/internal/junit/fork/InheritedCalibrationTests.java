package dev.chronoscope.internal.junit.fork;

import dev.chronoscope.internal.clock.TscCalibration;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class InheritedCalibrationTests {

    private static final TscCalibration MEASURED = new TscCalibration(2.4454e9, 3.5, List.of(2.44539e9, 2.44541e9),
            100_000_000L, -1.25, 201_000_000L);

    @Test
    void theSuiteJvmsCalibrationReachesTheForkedJvmWholeAndSaysWhereItWasMeasured() {
        InheritedCalibration inherited = InheritedCalibration.parse(InheritedCalibration.text(MEASURED, 4242))
                .orElseThrow();

        assertThat(inherited.calibrate()).isEqualTo(MEASURED);
        assertThat(inherited.describe(MEASURED)).isEqualTo(MEASURED.method()
                + "; measured in the suite's JVM (pid 4242) and handed to this fresh JVM");
    }

    @Test
    void aPropertyThatIsNotACalibrationIsNotTaken() {
        assertThat(InheritedCalibration.parse("2.4e9;3.5")).isEmpty();
        assertThat(InheritedCalibration.parse("fast;3.5;1,2;100;0;1;7")).isEmpty();
        assertThat(InheritedCalibration.parse("0;3.5;1.0,2.0;100;0;1;7")).as("no rate").isEmpty();
        assertThat(InheritedCalibration.parse("2.4e9;3.5;2.4e9;100;0;1;7")).as("one window tells no uncertainty")
                .isEmpty();
    }
}
