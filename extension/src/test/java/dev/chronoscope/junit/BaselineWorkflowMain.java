package dev.chronoscope.junit;

import dev.chronoscope.Probe;
import dev.chronoscope.SubtractProbeFloor;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Event;

import java.nio.file.Path;

/**
 * One run of {@link RegionTestCase} (or {@link FourRegionsTestCase}) in a JVM of its own, for
 * {@link BaselineWorkflowTests} and {@code BaselineValidationTests} (and, run in-process, {@link BaselineGateTests}): the arguments are the run's
 * working directory, the fixture, and {@code key=value} configuration parameters. Prints each test's result, each timing's baseline verdict, and Chronoscope's own
 * end-of-run lines. The region is {@value #SLOWDOWN_PROPERTY} times slower when that system
 * property says so: a stand-in for a code change.
 */
public final class BaselineWorkflowMain {

    static final String SLOWDOWN_PROPERTY = "chronoscope.fixture.slowdown";
    static final String LABEL = "multiply-add chain";

    static class RegionTestCase {
        private static final int STEPS = (int) Math.round(150 * Double.parseDouble(System.getProperty(SLOWDOWN_PROPERTY, "1")));
        /** Not final: the JIT must not fold the chain into a constant. */
        private long seed = 7;
        private long multiplier = 6364136223846793005L;

        @Test
        @SubtractProbeFloor
        void chain(Probe probe) {
            probe.repeat(LABEL, 20_000, () -> {
                long x = seed;
                for (int i = 0; i < STEPS; i++) {
                    x = x * multiplier + 1442695040888963407L;
                }
                return x;
            });
        }
    }

    /**
     * Regions of four sizes, about 0.1, 0.3, 1 and 3 µs here, timed one call at a time, and the 200-step
     * one back to back too ({@code throughput 200}), all {@value #SLOWDOWN_PROPERTY} times slower when
     * asked, and a region allocating a {@code long[8]} (80 B per call; {@code long[10]}, 16 B more, at
     * 1.25x): the validation's fixture ({@code BaselineValidationTests}).
     */
    static class FourRegionsTestCase {
        private static final double FACTOR = Double.parseDouble(System.getProperty(SLOWDOWN_PROPERTY, "1"));
        static final int[] STEPS = {60, 200, 600, 2000};
        private long seed = 11;
        private long multiplier = 6364136223846793005L;
        /** Written by every call of the allocating region: the array escapes, so its bytes count whatever the JIT does with a returned one. */
        private Object escaped;

        @Test
        @SubtractProbeFloor
        void regions(Probe probe) {
            for (int base : STEPS) {
                int steps = (int) Math.round(base * FACTOR);
                probe.repeat("chain " + base, 20_000, () -> chain(steps));
            }
            int steps = (int) Math.round(200 * FACTOR);
            probe.repeatBackToBack("throughput 200", 20_000, () -> chain(steps));
            int longs = (int) Math.round(8 * FACTOR);
            probe.repeat("allocation", 20_000, () -> {
                escaped = new long[longs];
                return escaped;
            });
        }

        private long chain(int steps) {
            long x = seed;
            for (int i = 0; i < steps; i++) {
                x = x * multiplier + 1442695040888963407L;
            }
            return x;
        }
    }

    /** Arguments: the run's directory, the fixture ({@code region} or {@code four}), then {@code key=value} parameters. */
    public static void main(String[] args) {
        ChronoscopeKit kit = ChronoscopeKit.in(Path.of(args[0]));
        Class<?> fixture = args[1].equals("four") ? FourRegionsTestCase.class : RegionTestCase.class;
        for (int i = 2; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            kit.with(kv[0], kv[1]);
        }
        KitRun run = kit.run(fixture);
        for (Event e : run.tests().finished().list()) {
            System.out.println("result " + e.getTestDescriptor().getDisplayName() + " " + e.getPayload().orElse(""));
        }
        for (JsonRecord r : run.records()) {
            for (JsonRecord t : r.timings()) {
                System.out.println("timing " + t.string("label") + " baseline=" + (t.json().containsKey("baseline") ? t.get("baseline") : "none"));
            }
        }
        run.stdout().lines().filter(l -> l.startsWith("[chronoscope]")).forEach(System.out::println);
    }
}
