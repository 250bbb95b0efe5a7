package dev.chronoscope;

import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code @Fork} is used to time a test in a fresh JVM of its own, as JMH forks one per benchmark:
 * the JIT compiles the test's code from the profile of that test alone, not of every test the
 * suite ran before it, so its figures do not depend on the suite around it. The child JVM is
 * started with this JVM's {@code java}, class path, JVM options and system properties, runs exactly
 * this test (this invocation, for a repeated or parameterized test) through the JUnit Platform
 * Launcher, and this JVM reports the child's outcome, timing section and record as the test's own.
 *
 * <p>Each forked test pays a JVM's start and the per-JVM warm-up (stated in its section and record).
 * A test that cannot be forked (a dynamic test, a test on the module path, no launcher on the class
 * path) is timed in this JVM and its record says why. {@code @Fork(Fork.Mode.NONE)} times a test in
 * this JVM where the configuration key {@link ChronoscopeConfig#FORK_KEY} forks every timed test.
 * Activates Chronoscope for the test; works on a class, a method, or as a meta-annotation (the
 * method's wins over its class's).
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(ChronoscopeExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface Fork {

    /** Where the test is timed; a fresh JVM per test unless said otherwise. */
    Mode value() default Mode.PER_TEST;

    /** Where a timed test runs. */
    @API(status = EXPERIMENTAL, since = "0.1")
    enum Mode {
        /** In a fresh JVM started for this test alone (for each invocation of a repeated or parameterized test). */
        PER_TEST,
        /** In the JVM that runs the suite, after whatever ran before it. */
        NONE
    }
}
