package dev.chronoscope.internal.junit;

import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.reflect.Method;

/** How tests and methods are named in sections, records and messages. */
final class TestNames {

    private TestNames() {
    }

    /** {@code Class.method(params)}, plus the invocation's display name for a repeated or parameterized test. */
    static String testName(ExtensionContext context) {
        Method m = context.getRequiredTestMethod();
        String name = className(context.getRequiredTestClass()) + "." + m.getName() + parameterTypes(m);
        if (context.getParent().flatMap(ExtensionContext::getTestMethod).isPresent()) {
            name += " " + context.getDisplayName();
        }
        return name;
    }

    static String describe(Method method) {
        return "method " + className(method.getDeclaringClass()) + "." + method.getName() + parameterTypes(method);
    }

    /** The class name without its package, nested classes joined by dots: {@code Outer.Inner}. */
    static String className(Class<?> c) {
        String name = c.getName();
        return name.substring(name.lastIndexOf('.') + 1).replace('$', '.');
    }

    static String parameterTypes(Method m) {
        StringBuilder b = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            b.append(b.length() > 1 ? ", " : "").append(p.getSimpleName());
        }
        return b.append(')').toString();
    }
}
