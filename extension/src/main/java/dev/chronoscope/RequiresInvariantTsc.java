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
 * {@code @RequiresInvariantTsc} is used to run a test only where the time-stamp counter can be
 * trusted for durations: an invariant TSC (CPUID.80000007H:EDX[8]), a kernel that keeps time with
 * it directly ({@code tsc}) or through a clock built on it ({@code kvm-clock}), and Chronoscope's
 * native probe loaded. RDTSCP is not required: where CPUID does not advertise it the TSC is read
 * {@code lfence;rdtsc;lfence} at both ends. Elsewhere the test is disabled with a reason that names
 * what is missing and states the facts found, or
 * fails when {@link ChronoscopeConfig#UNMET_REQUIREMENT_KEY} is {@code fail} (for CI jobs that must
 * not skip performance tests silently). Activates Chronoscope for the test; works on a class, a
 * method, or as a meta-annotation.
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith({RequiresInvariantTscCondition.class, ChronoscopeExtension.class})
@API(status = EXPERIMENTAL, since = "0.1")
public @interface RequiresInvariantTsc {
}
