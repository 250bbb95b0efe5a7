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
 * {@code @MeasureWith} is used to choose the clock a test is timed with, and activates Chronoscope
 * for it: the test's invocation and its {@link Probe} regions are read with this clock, after a
 * probe floor measured with it.
 *
 * <p>Without it, the clock is {@link ChronoscopeConfig#DEFAULT_CLOCK_KEY}: by default
 * {@link ClockId#TSC_FENCED} where the host has an invariant TSC and the native probe loaded, else
 * {@link ClockId#CLOCK_MONOTONIC}; the timing section says which and why. A clock that cannot time
 * durations well (a wall clock, a coarse clock, a CPU-time clock) works, and the section warns in
 * plain words. A clock this host cannot read fails the test with an
 * {@code ExtensionConfigurationException} naming the element and the reason.
 *
 * <p>On a method it overrides the class; it works as a meta-annotation.
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(ChronoscopeExtension.class)
@API(status = EXPERIMENTAL, since = "0.1")
public @interface MeasureWith {

    /** The clock. */
    ClockId value();
}
