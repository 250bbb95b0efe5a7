package dev.chronoscope.junit;

import dev.chronoscope.ClockId;
import dev.chronoscope.Comparison;
import dev.chronoscope.Probe;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.Timing;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which region shape Java's overload resolution picks for the call sites users write, compiled
 * here: a lambda or method reference whose result is a primitive must reach the primitive shape
 * (else every call boxes), one whose result is an object {@code Supplier}, one without a result
 * {@code Runnable} — all without casts.
 */
class RegionShapeOverloadTests {

    /** A probe that records the shape each call arrived as, and times nothing. */
    static final class ShapeRecorder implements Probe {
        final List<String> shapes = new ArrayList<>();

        @Override public ClockId clock() { return ClockId.CLOCK_MONOTONIC; }
        @Override public ProbeFloor floor() { return null; }
        @Override public Timing repeat(String label, int times, Supplier<?> region) { return shape("Supplier"); }
        @Override public Timing repeat(String label, int times, LongSupplier region) { return shape("LongSupplier"); }
        @Override public Timing repeat(String label, int times, IntSupplier region) { return shape("IntSupplier"); }
        @Override public Timing repeat(String label, int times, DoubleSupplier region) { return shape("DoubleSupplier"); }
        @Override public Timing repeat(String label, int times, Runnable region) { return shape("Runnable"); }
        @Override public Timing throughput(String label, int samples, Supplier<?> region) { return shape("Supplier"); }
        @Override public Timing throughput(String label, int samples, LongSupplier region) { return shape("LongSupplier"); }
        @Override public Timing throughput(String label, int samples, IntSupplier region) { return shape("IntSupplier"); }
        @Override public Timing throughput(String label, int samples, DoubleSupplier region) { return shape("DoubleSupplier"); }
        @Override public Timing throughput(String label, int samples, Runnable region) { return shape("Runnable"); }

        @Override
        public Comparison compare(String a, Supplier<?> first, String b, Supplier<?> second, int times) {
            shape("Supplier");
            return null;
        }

        @Override
        public Comparison compare(String a, LongSupplier first, String b, LongSupplier second, int times) {
            shape("LongSupplier");
            return null;
        }

        @Override
        public Comparison compare(String a, IntSupplier first, String b, IntSupplier second, int times) {
            shape("IntSupplier");
            return null;
        }

        @Override
        public Comparison compare(String a, DoubleSupplier first, String b, DoubleSupplier second, int times) {
            shape("DoubleSupplier");
            return null;
        }

        @Override
        public Comparison compare(String a, Runnable first, String b, Runnable second, int times) {
            shape("Runnable");
            return null;
        }

        @Override
        public Comparison compare(String a, LongSupplier first, String b, Supplier<?> second, int times) {
            shape("LongSupplier+Supplier");
            return null;
        }

        @Override
        public Comparison compare(String a, Supplier<?> first, String b, LongSupplier second, int times) {
            shape("Supplier+LongSupplier");
            return null;
        }

        @Override
        public Comparison compare(String a, DoubleSupplier first, String b, Supplier<?> second, int times) {
            shape("DoubleSupplier+Supplier");
            return null;
        }

        @Override
        public Comparison compare(String a, Supplier<?> first, String b, DoubleSupplier second, int times) {
            shape("Supplier+DoubleSupplier");
            return null;
        }

        @Override public Timing repeatFor(String label, Duration budget, Supplier<?> region) { return shape("Supplier"); }
        @Override public Timing repeatFor(String label, Duration budget, LongSupplier region) { return shape("LongSupplier"); }
        @Override public Timing repeatFor(String label, Duration budget, IntSupplier region) { return shape("IntSupplier"); }
        @Override public Timing repeatFor(String label, Duration budget, DoubleSupplier region) { return shape("DoubleSupplier"); }
        @Override public Timing repeatFor(String label, Duration budget, Runnable region) { return shape("Runnable"); }
        @Override public long begin() { return 0; }
        @Override public long end(long begin) { return 0; }
        @Override public Timing recorded() { return null; }
        @Override public List<Timing> timings() { return List.of(); }

        private Timing shape(String s) {
            shapes.add(s);
            return null;
        }

        String last() {
            return shapes.get(shapes.size() - 1);
        }
    }

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

    @Test
    void aLambdaCallingAMethodPicksTheShapeOfItsResult() {
        ShapeRecorder p = new ShapeRecorder();
        p.repeat(10, () -> longOf(x));
        assertThat(p.last()).isEqualTo("LongSupplier");
        p.repeat(10, () -> intOf(x));
        assertThat(p.last()).isEqualTo("IntSupplier");
        p.repeat(10, () -> doubleOf(x));
        assertThat(p.last()).isEqualTo("DoubleSupplier");
        p.repeat(10, () -> textOf(x));
        assertThat(p.last()).isEqualTo("Supplier");
        p.repeat(10, () -> nothingOf(x));
        assertThat(p.last()).isEqualTo("Runnable");
    }

    @Test
    void objectResultsStaySuppliersEvenWhenTheyCouldUnbox() {
        ShapeRecorder p = new ShapeRecorder();
        p.repeat(10, () -> map.get("a")); // an Integer: Supplier, not IntSupplier with an unboxing
        assertThat(p.last()).isEqualTo("Supplier");
        p.repeat(10, () -> identity(x)); // a generic method's result: a poly expression, still Supplier
        assertThat(p.last()).isEqualTo("Supplier");
        p.repeat(10, () -> list.add(1)); // a boolean result: boxed, and not a Runnable
        assertThat(p.last()).isEqualTo("Supplier");
        Supplier<Object> explicit = () -> null;
        p.repeat(10, explicit);
        assertThat(p.last()).isEqualTo("Supplier");
    }

    @Test
    void constantsAndArithmeticPickThePrimitiveShape() {
        ShapeRecorder p = new ShapeRecorder();
        p.repeat(10, () -> 42);
        assertThat(p.last()).isEqualTo("IntSupplier");
        p.repeat(10, () -> x * 3);
        assertThat(p.last()).isEqualTo("LongSupplier");
        p.repeat(10, () -> {
            long h = x;
            for (int i = 0; i < 4; i++) {
                h = h * 31 + i;
            }
            return h;
        });
        assertThat(p.last()).isEqualTo("LongSupplier");
    }

    @Test
    void methodReferencesPickTheShapeOfTheirResult() {
        ShapeRecorder p = new ShapeRecorder();
        p.throughput(10, this::nextLong);
        assertThat(p.last()).isEqualTo("LongSupplier");
        p.throughput(10, this::nextInt);
        assertThat(p.last()).isEqualTo("IntSupplier");
        p.throughput(10, list::clear);
        assertThat(p.last()).isEqualTo("Runnable");
        p.throughput(10, Object::new);
        assertThat(p.last()).isEqualTo("Supplier");
    }

    @Test
    void throughputAndCompareResolveAsRepeatDoes() {
        ShapeRecorder p = new ShapeRecorder();
        p.throughput("t", 10, () -> longOf(x));
        assertThat(p.last()).isEqualTo("LongSupplier");
        p.compare(10, () -> longOf(x), () -> longOf(x + 1));
        assertThat(p.last()).isEqualTo("LongSupplier");
        p.compare("a", () -> intOf(x), "b", () -> intOf(x + 1), 10);
        assertThat(p.last()).isEqualTo("IntSupplier");
        p.compare(10, () -> intOf(x), () -> longOf(x)); // int widens to long: both as LongSupplier
        assertThat(p.last()).isEqualTo("LongSupplier");
        p.compare(10, () -> map.get("a"), () -> map.get("b"));
        assertThat(p.last()).isEqualTo("Supplier");
        p.compare("a", () -> nothingOf(x), "b", list::clear, 10);
        assertThat(p.last()).isEqualTo("Runnable");
    }

    /** A primitive result against its box: each side keeps its own shape, no cast, no ambiguity (once "ambiguous"). */
    @Test
    void compareOfMixedShapesCompilesWithoutCastsAndKeepsEachShape() {
        ShapeRecorder p = new ShapeRecorder();
        p.compare("a", this::longMethod, "b", this::boxedLongMethod, 10);
        assertThat(p.last()).isEqualTo("LongSupplier+Supplier");
        p.compare("a", this::boxedLongMethod, "b", this::longMethod, 10);
        assertThat(p.last()).isEqualTo("Supplier+LongSupplier");
        p.compare(10, this::boxedDoubleMethod, this::doubleMethod);
        assertThat(p.last()).isEqualTo("Supplier+DoubleSupplier");
        p.compare("a", () -> longOf(x), "b", () -> textOf(x), 10);
        assertThat(p.last()).isEqualTo("LongSupplier+Supplier");
        // same shapes still pick the same-shape overload, not a mixed one
        p.compare("a", this::longMethod, "b", this::longMethod, 10);
        assertThat(p.last()).isEqualTo("LongSupplier");
        p.compare("a", this::boxedLongMethod, "b", this::boxedLongMethod, 10);
        assertThat(p.last()).isEqualTo("Supplier");
    }

    @Test
    void repeatForResolvesAsRepeatDoes() {
        ShapeRecorder p = new ShapeRecorder();
        Duration budget = Duration.ofMillis(1);
        p.repeatFor(budget, () -> longOf(x)); // a long method: not boxed through Supplier
        assertThat(p.last()).isEqualTo("LongSupplier");
        p.repeatFor("labelled", budget, () -> longOf(x));
        assertThat(p.last()).isEqualTo("LongSupplier");
        p.repeatFor(budget, this::nextLong);
        assertThat(p.last()).isEqualTo("LongSupplier");
        p.repeatFor(budget, () -> intOf(x));
        assertThat(p.last()).isEqualTo("IntSupplier");
        p.repeatFor("labelled", budget, this::nextInt);
        assertThat(p.last()).isEqualTo("IntSupplier");
        p.repeatFor(budget, () -> doubleOf(x));
        assertThat(p.last()).isEqualTo("DoubleSupplier");
        p.repeatFor("labelled", budget, () -> x / 3.0);
        assertThat(p.last()).isEqualTo("DoubleSupplier");
        p.repeatFor(budget, () -> nothingOf(x));
        assertThat(p.last()).isEqualTo("Runnable");
        p.repeatFor("labelled", budget, list::clear);
        assertThat(p.last()).isEqualTo("Runnable");
        p.repeatFor(budget, () -> textOf(x));
        assertThat(p.last()).isEqualTo("Supplier");
        p.repeatFor("labelled", budget, () -> map.get("a")); // an Integer stays a Supplier
        assertThat(p.last()).isEqualTo("Supplier");
        assertThat(p.shapes).hasSize(11);
    }
}
