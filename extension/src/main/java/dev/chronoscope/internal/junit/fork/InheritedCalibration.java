package dev.chronoscope.internal.junit.fork;

import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.format.Text;
import dev.chronoscope.internal.measure.JvmState;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The suite JVM's TSC calibration, handed to a forked test's JVM: the counter's rate is the host's (an invariant
 * TSC), not the JVM's, and calibrating again would cost every fork its two 100 ms windows. The frequency's
 * description says where it was measured.
 */
public final class InheritedCalibration implements JvmState.Calibrator {

    /** The system property a forked test's JVM finds the suite JVM's calibration in. */
    public static final String PROPERTY = "dev.chronoscope.fork.tscCalibration";

    private static final char FIELDS = ';';
    private static final char WINDOWS = ',';

    private final TscCalibration calibration;
    private final String parentPid;

    private InheritedCalibration(TscCalibration calibration, String parentPid) {
        this.calibration = calibration;
        this.parentPid = parentPid;
    }

    /** This JVM's calibrator: the suite JVM's calibration where this is a forked test's JVM that was given one. */
    public static JvmState.Calibrator forThisJvm() {
        String text = System.getProperty(PROPERTY);
        if (text == null) {
            return TscCalibration::calibrate;
        }
        Optional<InheritedCalibration> inherited = parse(text);
        if (inherited.isPresent()) {
            return inherited.get();
        }
        return new JvmState.Calibrator() {
            @Override
            public TscCalibration calibrate() throws ClockUnavailableException {
                return TscCalibration.calibrate();
            }

            @Override
            public String describe(TscCalibration measured) {
                return measured.method() + "; measured in this JVM: the suite JVM's calibration in " + PROPERTY
                        + " = '" + text + "' could not be read";
            }
        };
    }

    /** {@code calibration} as {@link #PROPERTY} carries it, from the JVM with process id {@code pid}. */
    public static String text(TscCalibration calibration, long pid) {
        return String.join(String.valueOf(FIELDS), Double.toString(calibration.hz()),
                Double.toString(calibration.uncertaintyPpm()),
                String.join(String.valueOf(WINDOWS), calibration.windowHz().stream().map(String::valueOf).toList()),
                Long.toString(calibration.windowNanos()), Double.toString(calibration.monotonicRawDriftPpm()),
                Long.toString(calibration.elapsedNanos()), Long.toString(pid));
    }

    static Optional<InheritedCalibration> parse(String text) {
        String[] f = Text.split(text, FIELDS, -1);
        if (f.length != 7) {
            return Optional.empty();
        }
        try {
            List<Double> windows = Arrays.stream(Text.split(f[2], WINDOWS)).map(Double::valueOf).toList();
            TscCalibration c = new TscCalibration(Double.parseDouble(f[0]), Double.parseDouble(f[1]), windows,
                    Long.parseLong(f[3]), Double.parseDouble(f[4]), Long.parseLong(f[5]));
            if (!(c.hz() > 0) || windows.size() < 2) {
                return Optional.empty();
            }
            return Optional.of(new InheritedCalibration(c, Long.toString(Long.parseLong(f[6]))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    @Override
    public TscCalibration calibrate() {
        return calibration;
    }

    @Override
    public String describe(TscCalibration c) {
        return String.format(Locale.ROOT, "%s; measured in the suite's JVM (pid %s) and handed to this fresh JVM",
                c.method(), parentPid);
    }
}
