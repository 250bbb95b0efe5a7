package dev.chronoscope.junit;

import dev.chronoscope.Probe;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which region shape Java's overload resolution picks for the call sites users write, compiled
 * here: a lambda or method reference whose result is a primitive must reach the primitive shape
 * (else every call boxes), one whose result is an object {@code Supplier}, one without a result
 * {@code Runnable} — all without casts. Each test's call sites are a method taking the probe, and
 * the shapes are read from its compiled calls ({@link CompiledProbeCalls}): the overload is javac's
 * choice, made at compile time, and written in the class file.
 */
class RegionShapeOverloadTests {

    long x = 7;
    final Map<String, Integer> map = new HashMap<>(Map.of("a", 1));
    final List<Integer> list = new ArrayList<>();

    long longOf(long v) { return v * 31; }
    int intOf(long v) { return (int) v; }
    double doubleOf(long v) { return v / 3.0; }
    String textOf(long v) { return Long.toString(v); }
    void nothingOf(long v) { list.add((int) v); }
    long nextLong() { return x++; }
    long longMethod() { return x * 31; }
    Long boxedLongMethod() { return x * 31; }
    double doubleMethod() { return x / 3.0; }
    Double boxedDoubleMethod() { return x / 3.0; }
    int nextInt() { return (int) x++; }
    static <T> T identity(T t) { return t; }

    /** The shapes of the probe calls compiled in this class's method {@code callSites}. */
    private static List<String> shapes(String callSites) {
        return CompiledProbeCalls.regionShapes(RegionShapeOverloadTests.class, callSites);
    }

    void aLambdaCallingAMethodPicksTheShapeOfItsResultCalls(Probe p) {
        p.repeat(10, () -> longOf(x));
        p.repeat(10, () -> intOf(x));
        p.repeat(10, () -> doubleOf(x));
        p.repeat(10, () -> textOf(x));
        p.repeat(10, () -> nothingOf(x));
    }

    @Test
    void aLambdaCallingAMethodPicksTheShapeOfItsResult() {
        assertThat(shapes("aLambdaCallingAMethodPicksTheShapeOfItsResultCalls"))
                .containsExactly("LongSupplier", "IntSupplier", "DoubleSupplier", "Supplier", "Runnable");
    }

    void objectResultsStaySuppliersEvenWhenTheyCouldUnboxCalls(Probe p) {
        p.repeat(10, () -> map.get("a")); // an Integer: Supplier, not IntSupplier with an unboxing
        p.repeat(10, () -> identity(x)); // a generic method's result: a poly expression, still Supplier
        p.repeat(10, () -> list.add(1)); // a boolean result: boxed, and not a Runnable
        Supplier<Object> explicit = () -> null;
        p.repeat(10, explicit);
    }

    @Test
    void objectResultsStaySuppliersEvenWhenTheyCouldUnbox() {
        assertThat(shapes("objectResultsStaySuppliersEvenWhenTheyCouldUnboxCalls"))
                .containsExactly("Supplier", "Supplier", "Supplier", "Supplier");
    }

    void constantsAndArithmeticPickThePrimitiveShapeCalls(Probe p) {
        p.repeat(10, () -> 42);
        p.repeat(10, () -> x * 3);
        p.repeat(10, () -> {
            long h = x;
            for (int i = 0; i < 4; i++) {
                h = h * 31 + i;
            }
            return h;
        });
    }

    @Test
    void constantsAndArithmeticPickThePrimitiveShape() {
        assertThat(shapes("constantsAndArithmeticPickThePrimitiveShapeCalls"))
                .containsExactly("IntSupplier", "LongSupplier", "LongSupplier");
    }

    void methodReferencesPickTheShapeOfTheirResultCalls(Probe p) {
        p.repeatBackToBack(10, this::nextLong);
        p.repeatBackToBack(10, this::nextInt);
        p.repeatBackToBack(10, list::clear);
        p.repeatBackToBack(10, Object::new);
    }

    @Test
    void methodReferencesPickTheShapeOfTheirResult() {
        assertThat(shapes("methodReferencesPickTheShapeOfTheirResultCalls"))
                .containsExactly("LongSupplier", "IntSupplier", "Runnable", "Supplier");
    }

    void throughputAndCompareResolveAsRepeatDoesCalls(Probe p) {
        p.repeatBackToBack("t", 10, () -> longOf(x));
        p.compare(10, () -> longOf(x), () -> longOf(x + 1));
        p.compare("a", () -> intOf(x), "b", () -> intOf(x + 1), 10);
        p.compare(10, () -> intOf(x), () -> longOf(x)); // int widens to long: both as LongSupplier
        p.compare(10, () -> map.get("a"), () -> map.get("b"));
        p.compare("a", () -> nothingOf(x), "b", list::clear, 10);
    }

    @Test
    void throughputAndCompareResolveAsRepeatDoes() {
        assertThat(shapes("throughputAndCompareResolveAsRepeatDoesCalls"))
                .containsExactly("LongSupplier", "LongSupplier", "IntSupplier", "LongSupplier", "Supplier", "Runnable");
    }

    void compareOfMixedShapesCompilesWithoutCastsAndKeepsEachShapeCalls(Probe p) {
        p.compare("a", this::longMethod, "b", this::boxedLongMethod, 10);
        p.compare("a", this::boxedLongMethod, "b", this::longMethod, 10);
        p.compare(10, this::boxedDoubleMethod, this::doubleMethod);
        p.compare("a", () -> longOf(x), "b", () -> textOf(x), 10);
        // same shapes still pick the same-shape overload, not a mixed one
        p.compare("a", this::longMethod, "b", this::longMethod, 10);
        p.compare("a", this::boxedLongMethod, "b", this::boxedLongMethod, 10);
    }

    /** A primitive result against its box: each side keeps its own shape, no cast, no ambiguity (once "ambiguous"). */
    @Test
    void compareOfMixedShapesCompilesWithoutCastsAndKeepsEachShape() {
        assertThat(shapes("compareOfMixedShapesCompilesWithoutCastsAndKeepsEachShapeCalls"))
                .containsExactly("LongSupplier+Supplier", "Supplier+LongSupplier", "Supplier+DoubleSupplier",
                        "LongSupplier+Supplier", "LongSupplier", "Supplier");
    }

    void repeatForResolvesAsRepeatDoesCalls(Probe p) {
        Duration budget = Duration.ofMillis(1);
        p.repeatFor(budget, () -> longOf(x)); // a long method: not boxed through Supplier
        p.repeatFor("labelled", budget, () -> longOf(x));
        p.repeatFor(budget, this::nextLong);
        p.repeatFor(budget, () -> intOf(x));
        p.repeatFor("labelled", budget, this::nextInt);
        p.repeatFor(budget, () -> doubleOf(x));
        p.repeatFor("labelled", budget, () -> x / 3.0);
        p.repeatFor(budget, () -> nothingOf(x));
        p.repeatFor("labelled", budget, list::clear);
        p.repeatFor(budget, () -> textOf(x));
        p.repeatFor("labelled", budget, () -> map.get("a")); // an Integer stays a Supplier
    }

    @Test
    void repeatForResolvesAsRepeatDoes() {
        assertThat(shapes("repeatForResolvesAsRepeatDoesCalls"))
                .containsExactly("LongSupplier", "LongSupplier", "LongSupplier", "IntSupplier", "IntSupplier",
                        "DoubleSupplier", "DoubleSupplier", "Runnable", "Runnable", "Supplier", "Supplier");
    }
}
