package dev.chronoscope.samples;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.PerformanceTest;
import dev.chronoscope.RequiresInvariantTsc;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import static dev.chronoscope.ClockId.TSC_FENCED;

/**
 * A team's own composed annotation, built on Chronoscope's {@link PerformanceTest} (a test tagged
 * {@code performance}, timing on, floor subtracted): it also needs a trustworthy TSC and reads it fenced.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@PerformanceTest
@RequiresInvariantTsc
@MeasureWith(TSC_FENCED)
@interface TscPerformanceTest {
}
