package dev.chronoscope.junit;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Event;

import java.nio.file.Files;
import java.nio.file.Path;

import static dev.chronoscope.ClockId.CLOCK_MONOTONIC;
import static dev.chronoscope.ClockId.CLOCK_REALTIME;

/**
 * Runs {@link NativeAccessTestCase} through the engine and prints, line by line, each test's result
 * and each record's clock and warnings: for {@link NativeAccessDeniedTests}, which starts a JVM in
 * which native access is denied.
 */
public final class DeniedNativeAccessMain {

    static class NativeAccessTestCase {
        @Test
        @SubtractProbeFloor
        void defaultClock(Probe probe) {
            probe.repeat("sum", 200, () -> 1 + 1);
        }

        @Test
        @MeasureWith(CLOCK_MONOTONIC)
        void monotonic() {
        }

        @Test
        @MeasureWith(CLOCK_REALTIME)
        void realtime() {
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("chronoscope-denied-");
        KitRun run = ChronoscopeKit.in(dir).run(NativeAccessTestCase.class);
        for (Event e : run.tests().finished().list()) {
            System.out.println("result " + e.getTestDescriptor().getDisplayName() + " " + e.getPayload().orElse(""));
        }
        for (JsonRecord r : run.records()) {
            System.out.println("record " + r.test() + " clock=" + r.string("clock.id") + " warnings=" + r.get("warnings"));
        }
        System.out.println("stdout-has-native-access-denied=" + run.stdout().contains("native access denied"));
    }
}
