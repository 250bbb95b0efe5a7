package dev.chronoscope;

import org.apiguardian.api.API;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code @PerformanceTest} is used to declare a timed test in one annotation: a JUnit {@code @Test},
 * tagged {@value #TAG} (so a build can run or leave out the performance tests: Surefire's
 * {@code -Dgroups=performance} or {@code -DexcludedGroups=performance}, the Console Launcher's
 * {@code --include-tag performance}), with timing on as {@link SubtractProbeFloor} turns it on: the
 * default clock, a {@link Probe} parameter injected, durations reported net of the probe floor.
 *
 * <p>Add {@link RequiresInvariantTsc} to skip where the TSC cannot be trusted, or {@link MeasureWith}
 * to choose the clock; compose your own annotation from these where a team wants other defaults.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@Tag(PerformanceTest.TAG)
@SubtractProbeFloor
@API(status = EXPERIMENTAL, since = "0.2")
public @interface PerformanceTest {

    /** The tag every {@code @PerformanceTest} carries: {@value}. */
    String TAG = "performance";
}
