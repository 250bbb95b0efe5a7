/**
 * Chronoscope for JUnit Jupiter: timing-aware tests with honest clocks, probe floors and
 * fenced-TSC durations.
 *
 * <p>The API is {@code dev.chronoscope} (the annotations, {@code Probe}, {@code Timing} and their
 * values) and {@code dev.chronoscope.assertj} (assertions on them, for teams that use AssertJ).
 * Nothing else is exported: the {@code internal} packages may change in any release.
 *
 * <p>On the module path, grant the probe native access with
 * {@code --enable-native-access=dev.chronoscope.junit} (on the class path:
 * {@code --enable-native-access=ALL-UNNAMED}).
 */
module dev.chronoscope.junit {
    // The API's annotations and extensions are Jupiter types: a module that reads ours reads Jupiter.
    requires transitive org.junit.jupiter.api;
    // The launcher listener runs only where tests are launched, and the launcher is then present.
    requires static org.junit.platform.launcher;
    // dev.chronoscope.assertj: only for teams that use AssertJ, who bring it themselves.
    requires static org.assertj.core;
    // @API annotations: class-file retention, not needed at run time.
    requires static org.apiguardian.api;
    // The warm-up reads the JIT: the CompilationMXBean where the compiler threads cannot be read (JitActivity).
    requires java.management;
    // Allocation per call: HotSpot's per-thread allocated-bytes counter (com.sun.management).
    requires jdk.management;
    // Timed regions as JDK Flight Recorder events.
    requires jdk.jfr;

    exports dev.chronoscope;
    exports dev.chronoscope.assertj;

    // JUnit instantiates the package-private extensions that the annotations name in @ExtendWith.
    opens dev.chronoscope to org.junit.platform.commons;

    // Per-JVM warm-up and calibration before the tests run (META-INF/services on the class path).
    provides org.junit.platform.launcher.TestExecutionListener
            with dev.chronoscope.internal.junit.ChronoscopeExecutionListener;
}
