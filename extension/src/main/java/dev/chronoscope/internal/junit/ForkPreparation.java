package dev.chronoscope.internal.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.format.Text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Prepares a forked test's JVM for the clock its test uses — host facts, the counter's frequency, the clock's step and
 * its probe path's warm-up ({@link dev.chronoscope.internal.measure.JvmState#prepare}) — before the JUnit Platform
 * Launcher starts, so the warm-up waits on a compiler with nothing else queued rather than behind the discovery's
 * compilations. The launcher's {@link PlanPreparation} then finds the work done. Run by the child's main class
 * ({@code LaunchMain}) from the class name its request carries.
 */
public final class ForkPreparation implements Runnable {

    /** The system property that names the clocks to prepare and the warm-up budget: {@code CLOCK,...;nanos}. */
    public static final String PROPERTY = "dev.chronoscope.fork.prepare";

    private static final char PARTS = ';';
    private static final char CLOCKS = ',';

    /** Created by the child's main class, by name. */
    public ForkPreparation() {
    }

    /** {@code clocks} and {@code warmupBudgetNanos} as {@link #PROPERTY} carries them. */
    static String text(Iterable<ClockId> clocks, long warmupBudgetNanos) {
        StringBuilder text = new StringBuilder();
        for (ClockId clock : clocks) {
            text.append(text.isEmpty() ? "" : String.valueOf(CLOCKS)).append(clock.name());
        }
        return text.append(PARTS).append(warmupBudgetNanos).toString();
    }

    @Override
    public void run() {
        String text = System.getProperty(PROPERTY);
        if (text == null) {
            return;
        }
        long budget = budget(text);
        for (ClockId clock : clocks(text)) {
            try {
                JvmScope.CURRENT.state().prepare(clock, budget);
            } catch (ClockUnavailableException e) {
                // the test that uses this clock reports it with its own element named
            }
        }
    }

    /** The clocks {@code text} names, in its order. */
    static List<ClockId> clocks(String text) {
        List<ClockId> clocks = new ArrayList<>();
        for (String name : Text.split(parts(text)[0], CLOCKS)) {
            try {
                clocks.add(ClockId.valueOf(name));
            } catch (IllegalArgumentException e) {
                throw malformed(text, "'" + name + "' is no clock; expected one of "
                        + Arrays.toString(ClockId.values()));
            }
        }
        return clocks;
    }

    /** The warm-up budget in nanoseconds {@code text} carries. */
    static long budget(String text) {
        String nanos = parts(text)[1];
        try {
            return Long.parseLong(nanos);
        } catch (NumberFormatException e) {
            throw malformed(text, "'" + nanos + "' is no whole number of nanoseconds");
        }
    }

    private static String[] parts(String text) {
        String[] parts = Text.split(text, PARTS, -1);
        if (parts.length != 2 || parts[0].isEmpty()) {
            throw malformed(text, "expected CLOCK,...;nanos");
        }
        return parts;
    }

    private static IllegalArgumentException malformed(String text, String what) {
        return new IllegalArgumentException(PROPERTY + " = '" + text + "': " + what);
    }
}
