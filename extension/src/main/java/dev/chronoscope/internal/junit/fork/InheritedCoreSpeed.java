package dev.chronoscope.internal.junit.fork;

import dev.chronoscope.internal.format.Text;
import dev.chronoscope.internal.json.JsonParser;
import dev.chronoscope.internal.measure.CoreSpeedReference;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The suite JVM's core-speed reference state, handed to a forked test's JVM ({@link CoreSpeedReference#inherit}): a
 * fork that lives its few seconds in a slow state of the host then reads its figures against the speed the run saw,
 * and says so beside them, instead of taking the slow state for its own reference.
 */
public final class InheritedCoreSpeed {

    /** The system property a forked test's JVM finds the suite JVM's reference state in: {@code chains;ns;pid}. */
    public static final String PROPERTY = "dev.chronoscope.fork.coreSpeed";

    private static final char FIELDS = ';';

    private InheritedCoreSpeed() {
    }

    /**
     * {@code speed}'s reference state as {@link #PROPERTY} carries it, from the JVM with process id {@code pid}; read
     * twice first where {@code speed} has no reference state yet. Empty where the core cannot be read.
     */
    public static Optional<String> text(CoreSpeedReference speed, long pid) {
        for (int read = 0; read < 2 && !(speed.referenceState() > 0); read++) {
            speed.nanosPerStep();
        }
        double state = speed.referenceState();
        return state > 0 ? Optional.of(speed.reference() + FIELDS + state + FIELDS + pid) : Optional.empty();
    }

    /** The reference state {@code text} (as {@link #PROPERTY} carries it, or null) hands on, in ns per multiply-add. */
    public static Optional<Double> nanosPerStep(String text) {
        return parse(text).map(Handed::nanosPerStep);
    }

    /** A reference state handed on: the chains that read it, and its ns per multiply-add. */
    private record Handed(String chains, double nanosPerStep) {
    }

    /** {@code text} as {@link #PROPERTY} carries it: {@code chains;ns;pid}; empty where null or malformed. */
    private static Optional<Handed> parse(String text) {
        String[] fields = text == null ? new String[0] : Text.split(text, FIELDS, -1);
        try {
            if (fields.length == 3) {
                Long.parseLong(fields[2]);
                return Optional.of(new Handed(fields[0], Double.parseDouble(fields[1])));
            }
        } catch (NumberFormatException e) {
            // malformed: empty
        }
        return Optional.empty();
    }

    /**
     * Counts the core-speed readings of {@code record}, a forked test's record of this run, into {@code speed}, the
     * suite JVM's ({@link CoreSpeedReference#countForked}): those around the test and those around each timing's
     * samples, all read with the chains the record names; a record without them counts nothing.
     */
    public static void countReadings(CoreSpeedReference speed, String record) {
        Map<String, Object> fields = JsonParser.parseObject(record);
        if (!(fields.get("coreSpeed") instanceof Map<?, ?> test) || !(test.get("reference") instanceof String chains)) {
            return;
        }
        List<Object> readings = new ArrayList<>(List.of(test));
        if (fields.get("timings") instanceof List<?> timings) {
            timings.stream().filter(Map.class::isInstance).map(t -> ((Map<?, ?>) t).get("coreSpeed"))
                    .forEach(readings::add);
        }
        for (Object read : readings) {
            for (String when : List.of("beforeNsPerStep", "afterNsPerStep")) {
                if (read instanceof Map<?, ?> around && around.get(when) instanceof Number nanos) {
                    speed.countForked(chains, nanos.doubleValue());
                }
            }
        }
    }

    /**
     * Counts the reference state {@link #PROPERTY} carries into {@code speed}, where this is a forked test's JVM;
     * what cannot be read is said on standard error, and {@code speed} keeps its own readings only.
     */
    public static void applyTo(CoreSpeedReference speed) {
        String text = System.getProperty(PROPERTY);
        if (text == null) {
            return;
        }
        Optional<Handed> handed = parse(text);
        if (handed.isPresent()) {
            speed.inherit(handed.get().chains(), handed.get().nanosPerStep());
            return;
        }
        System.err.println("[chronoscope] " + PROPERTY + " = '" + text + "' could not be read (expected"
                + " chains;ns per multiply-add;pid): this fresh JVM's core-speed reference state is its own readings'");
    }
}
