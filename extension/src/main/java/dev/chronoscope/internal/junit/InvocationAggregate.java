package dev.chronoscope.internal.junit;

import dev.chronoscope.Timing;
import dev.chronoscope.internal.measure.SampleRecorder;
import dev.chronoscope.internal.measure.Timings;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Locale;

/**
 * The invocations of one repeated or parameterized test method, summarised together: kept in the
 * method's (the template's) store while its invocations run, possibly in parallel. Its label says
 * what it holds: the repetitions of one piece of code, or invocations with different arguments,
 * which may time different code (a sort of 1,000 and of 100,000 elements) and so mix in one
 * distribution.
 */
final class InvocationAggregate {

    /** What the aggregated invocations are, as the label names them. */
    enum Kind {
        /** {@code @RepeatedTest}: the same code each time. */
        REPETITIONS("all repetitions (%d so far)"),
        /** {@code @ParameterizedTest}: a different argument each time. */
        ARGUMENTS("all invocations, mixing their arguments (%d so far)"),
        /** Another test template: invocations that may differ in anything. */
        INVOCATIONS("all invocations of the template, mixed (%d so far)");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** The kind of the invocations of the test template {@code method}. */
        static Kind of(Method method) {
            if (AnnotationSupport.isAnnotated(method, RepeatedTest.class)) {
                return REPETITIONS;
            }
            // by name, directly or on a composed annotation: junit-jupiter-params need not be on the test class path
            for (Annotation a : method.getAnnotations()) {
                if (isParameterizedTest(a) || Arrays.stream(a.annotationType().getAnnotations())
                        .anyMatch(Kind::isParameterizedTest)) {
                    return ARGUMENTS;
                }
            }
            return INVOCATIONS;
        }

        private static boolean isParameterizedTest(Annotation a) {
            return a.annotationType().getName().equals(PARAMETERIZED_TEST);
        }
    }

    private static final String PARAMETERIZED_TEST = "org.junit.jupiter.params.ParameterizedTest";

    private final SampleRecorder recorder = new SampleRecorder(16);
    private final Kind kind;
    private int invocations;

    InvocationAggregate(Kind kind) {
        this.kind = kind;
    }

    synchronized void add(long begin, long end, int beginCpu, int endCpu) {
        recorder.record(begin, end, beginCpu, endCpu);
        invocations++;
    }

    /** All invocations so far, with the latest invocation's floor and settings. */
    synchronized Timing timing(Timings.Context context) {
        return Timings.build(String.format(Locale.ROOT, kind.label, invocations), recorder, context);
    }
}
