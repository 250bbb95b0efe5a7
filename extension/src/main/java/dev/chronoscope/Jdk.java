package dev.chronoscope;

import org.apiguardian.api.API;

import java.util.Optional;

import static org.apiguardian.api.API.Status.INTERNAL;

/**
 * Whether this JVM can run Chronoscope's timing: it reads clocks through the FFM API, final in JDK
 * 22. Compiled for Java 17 like every class a Java 17 project loads (the annotations, the API, the
 * extension's entry points and the launcher listener), so that on JDK 17–21 timed tests are skipped
 * with this reason and untimed tests run, instead of the JVM failing to load a class. Not for users.
 * Public only because Chronoscope's internal packages call it (Java has no friend packages): may change or go without
 * notice.
 */
@API(status = INTERNAL, since = "0.1")
public final class Jdk {

    /** The first JDK with the final FFM API. */
    public static final int REQUIRED_FEATURE = 22;

    private Jdk() {
    }

    /** Empty on JDK 22+; else why timed tests cannot run here, naming the JDK found and the one needed. */
    public static Optional<String> unsupported() {
        return unsupported(Runtime.version(), System.getProperty("java.home", "unknown"));
    }

    static Optional<String> unsupported(Runtime.Version version, String home) {
        if (version.feature() >= REQUIRED_FEATURE) {
            return Optional.empty();
        }
        return Optional.of("Chronoscope times tests through the FFM API of JDK " + REQUIRED_FEATURE
                + "+, and this test " + "runs on JDK " + version + " (" + home
                + "): it is skipped. Run performance tests on JDK "
                + REQUIRED_FEATURE + " or newer (e.g. Surefire's <jvm>, or a toolchain); sources may still be compiled "
                + "with --release 17.");
    }
}
