package dev.chronoscope.samples;

import dev.chronoscope.MeasureWith;
import dev.chronoscope.RequiresInvariantTsc;
import dev.chronoscope.SubtractProbeFloor;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import static dev.chronoscope.ClockId.TSC_FENCED;

/**
 * A team's own composed annotation: a performance test that needs a trustworthy TSC, reads it
 * fenced, and reports durations net of the probe floor.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Test
@Tag("performance")
@RequiresInvariantTsc
@MeasureWith(TSC_FENCED)
@SubtractProbeFloor
@interface PerformanceTest {
}
