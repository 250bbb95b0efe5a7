package dev.chronoscope.junit;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.SubtractProbeFloor;
import dev.chronoscope.internal.ffm.Platform;
import dev.chronoscope.internal.ffm.ProbeLibrary;
import dev.chronoscope.internal.junit.ChronoscopeRuntime;
import dev.chronoscope.internal.measure.JvmState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static dev.chronoscope.ClockId.TSC_FENCED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

/**
 * The errors a counter clock (TSC_FENCED) gives where it cannot time a test, on a host described as
 * having a trusted TSC: its ticks have no frequency (the JVM's calibration failed), or the native
 * probe that reads it is absent. Each fails the test with the reason and a clock that can work;
 * the default clock falls back to CLOCK_MONOTONIC where the probe is absent, and says why.
 */
class TickClockErrorsTests {

    @TempDir
    Path dir;

    /** The JVM's calibration failed, as {@code TscCalibration} fails when the counter does not advance. */
    static class UncalibratedTestCase {
        @RegisterExtension
        static final BeforeAllCallback CALIBRATION_FAILED = context -> ChronoscopeRuntime.of(context, new JvmState(() -> {
            throw new IllegalStateException("the counter did not advance across 16 paired reads");
        }));

        @Test
        @MeasureWith(TSC_FENCED)
        void explicit() {
        }

        @Test
        @SubtractProbeFloor
        void defaultClock() {
        }

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void nanoseconds() {
        }
    }

    static class ProbeAbsentTestCase {
        @Test
        @MeasureWith(TSC_FENCED)
        void explicit() {
        }

        @Test
        @SubtractProbeFloor
        void defaultClock() {
        }
    }

    @Test
    void ticksWithoutAFrequencyFailTheTestWithTheReasonAndAClockThatReadsNanoseconds() {
        assumeTrue(ProbeLibrary.isLoaded(), () -> "TSC_FENCED is read through the native probe, which is not loaded "
                + "(the build bundles it only where it found a C compiler): " + ProbeLibrary.unavailableReason());

        KitRun run = ChronoscopeKit.in(dir).host(DescribedHosts.InvariantTsc.class).run(UncalibratedTestCase.class);

        for (String method : List.of("explicit", "defaultClock")) {
            run.tests().assertThatEvents().haveExactly(1, event(test(method), finishedWithFailure(
                    instanceOf(ExtensionConfigurationException.class),
                    message("method TickClockErrorsTests.UncalibratedTestCase." + method + "(): TSC_FENCED counts ticks but "
                            + "they cannot be converted to time: TSC calibration failed: the counter did not advance across "
                            + "16 paired reads. Time it with a clock that reads nanoseconds instead, e.g. "
                            + "@MeasureWith(CLOCK_MONOTONIC)."))));
        }
        run.tests().assertThatEvents().haveExactly(1, event(test("nanoseconds"), finishedSuccessfully()));
        assertThat(run.records()).extracting(JsonRecord::test).containsExactly("UncalibratedTestCase.nanoseconds()");
    }

    @Test
    void withoutTheProbeATickClockFailsWithTheReasonAndTheDefaultFallsBackSayingWhy(@TempDir Path temp) throws Exception {
        assumeTrue(Platform.current().isLinux(), () -> "the native loader is Linux's; this host runs " + Platform.current());
        // the probe cannot be extracted below a regular file (not even by root): it is absent for real, in a JVM of its own
        Path file = Files.writeString(temp.resolve("a-file"), "not a directory");
        String out = ChildJvm.runKit(List.of("--enable-native-access=ALL-UNNAMED", "-Dchronoscope.native.dir=" + file.resolve("sub")),
                ChronoscopeConfig.HOST_FACTS_SUPPLIER_KEY + "=" + DescribedHosts.InvariantTsc.class.getName(),
                ProbeAbsentTestCase.class.getName());

        assertThat(out).containsPattern("result explicit\\(\\) TestExecutionResult \\[status = FAILED, throwable = "
                + "org\\.junit\\.jupiter\\.api\\.extension\\.ExtensionConfigurationException: @MeasureWith\\(TSC_FENCED\\) on "
                + "method TickClockErrorsTests\\.ProbeAbsentTestCase\\.explicit\\(\\): TSC_FENCED cannot be read on this host: "
                + "the native probe is not loaded: .*could not be loaded.*\\. Choose a clock this host can read, e\\.g\\. CLOCK_MONOTONIC\\.");
        assertThat(out).contains("result defaultClock() TestExecutionResult [status = SUCCESSFUL");
        assertThat(out.lines().filter(l -> l.startsWith("record ")).toList()).singleElement().asString()
                .startsWith("record ProbeAbsentTestCase.defaultClock() clock=CLOCK_MONOTONIC why=default: TSC_FENCED not used: ")
                .contains("invariant TSC: yes").contains("native probe: not loaded (");
    }
}
