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
 * {@code @SubtractProbeFloor} is used to report a test's durations net of the probe floor — the
 * median cost of an empty timed region, measured right before the test with the same clock and
 * code path — beside the raw figures. Net figures are clamped at zero. When the raw median is not
 * clearly above the floor, or spans too few observed steps of the clock, the verdict says the
 * region is not resolved by this clock. Activates Chronoscope for the test; works on a class, a
 * method, or as a meta-annotation.
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(ChronoscopeExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface SubtractProbeFloor {
}
