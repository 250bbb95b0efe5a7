package dev.chronoscope.internal.junit;

import dev.chronoscope.Fork;
import dev.chronoscope.MeasureWith;
import dev.chronoscope.RequiresInvariantTsc;
import dev.chronoscope.SubtractProbeFloor;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.SearchOption;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * The one rule for finding Chronoscope's annotations on a test, used by the extension and by the
 * launcher listener alike: the test method first (directly or through a composed annotation), then
 * the class the test runs in — the concrete class, not the one that declares an inherited or
 * interface-default method — then its enclosing classes.
 *
 * @param testClass the class whose instance runs the test
 * @param method    the test method (possibly declared in a superclass or an interface)
 */
record Annotations(Class<?> testClass, Method method) {

    /** The annotation that applies to the test, if any. */
    <A extends Annotation> Optional<A> find(Class<A> type) {
        Optional<A> onMethod = AnnotationSupport.findAnnotation((AnnotatedElement) method, type);
        if (onMethod.isPresent()) {
            return onMethod;
        }
        return AnnotationSupport.findAnnotation(testClass, type, SearchOption.INCLUDE_ENCLOSING_CLASSES);
    }

    /** True when any of Chronoscope's annotations applies: the test is timed. */
    boolean timed() {
        return find(MeasureWith.class).isPresent() || find(SubtractProbeFloor.class).isPresent()
                || find(RequiresInvariantTsc.class).isPresent() || find(Fork.class).isPresent();
    }

    /** Where {@code type} applies from, for messages: the method, a composed annotation on it, or a class. */
    String whereDeclared(Class<? extends Annotation> type) {
        if (AnnotationSupport.findAnnotation((AnnotatedElement) method, type).isPresent()) {
            return (method.isAnnotationPresent(type) ? "" : "a composed annotation on ") + TestNames.describe(method);
        }
        for (Class<?> c = testClass; c != null; c = c.getEnclosingClass()) {
            if (AnnotationSupport.findAnnotation(c, type).isPresent()) {
                return "class " + TestNames.className(c);
            }
        }
        return TestNames.describe(method);
    }
}
