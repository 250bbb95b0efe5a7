package dev.chronoscope.junit;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.chronoscope.Probe;

import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@link Probe} methods that javac chose for the call sites compiled in one method, read from
 * its class file: which overload a call site resolves to is decided at compile time and written in
 * the call's descriptor, so the compiled call sites themselves are the evidence, and no probe (which
 * users, and these tests, cannot implement: it is sealed) needs to run them.
 */
final class CompiledProbeCalls {

    private CompiledProbeCalls() {
    }

    /**
     * The region shapes of the {@code Probe} calls made in {@code type}'s method {@code method} (one
     * parameter, a {@code Probe}), one per call in line order: the simple name of the region
     * parameters' types, joined by {@code +} where a call's two regions differ ({@code LongSupplier},
     * {@code Supplier+LongSupplier}). One call per line, so that the order is the source's.
     */
    static List<String> regionShapes(Class<?> type, String method) {
        JavaClass compiled = new ClassFileImporter().importClass(type);
        JavaCodeUnit unit = compiled.getMethod(method, Probe.class);
        return unit.getMethodCallsFromSelf().stream()
                .filter(call -> call.getTargetOwner().isEquivalentTo(Probe.class))
                .sorted(Comparator.comparingInt(JavaMethodCall::getLineNumber))
                .map(CompiledProbeCalls::shape)
                .toList();
    }

    private static String shape(JavaMethodCall call) {
        Set<String> regions = new LinkedHashSet<>();
        for (JavaClass parameter : call.getTarget().getRawParameterTypes()) {
            if (parameter.getPackageName().equals("java.util.function") || parameter.isEquivalentTo(Runnable.class)) {
                regions.add(parameter.getSimpleName());
            }
        }
        return String.join("+", regions);
    }
}
