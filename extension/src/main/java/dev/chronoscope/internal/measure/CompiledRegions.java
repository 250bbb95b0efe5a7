package dev.chronoscope.internal.measure;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The region classes whose warm-up has settled in this JVM under the full rule — medians steady
 * <em>and</em> the JIT quiet for {@link WarmupRule#MIN_JIT_QUIET_NANOS} — so their code has been
 * compiled. A later region of the same class (the next invocation of a repeated or parameterized
 * test, a second timing of the same lambda) need not wait for the JIT again: its warm-up ends when
 * its medians settle with no compilation during the settling rounds (a deoptimisation recompiles,
 * and the full rule applies again). The JIT's compiled code is the JVM's own state, so one instance
 * lives as long as the JVM's other JIT state ({@link JitState}).
 *
 * <p>It also holds the JVM's inlined copies of the timed loop ({@link #inlined}): one hidden class
 * per region class and shape, so that a region timed again (the next invocation of a repeated
 * test) runs the code already compiled for it.
 *
 * <p>Kept in {@link ClassValue}s: they hold no region class or class loader alive.
 */
public final class CompiledRegions {

    private final ClassValue<Mark> marks = new ClassValue<>() {
        @Override
        protected Mark computeValue(Class<?> type) {
            return new Mark();
        }
    };

    /** Per region class: per shared loop class, the constructor of that loop's copy for the region class. */
    private final ClassValue<Map<Class<?>, MethodHandle>> copies = new ClassValue<>() {
        @Override
        protected Map<Class<?>, MethodHandle> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };
    /** Sees the JIT compile a region's own code, for first warm-ups ({@link CompilerWatch}); opened on first use. */
    private final Once<CompilerWatch> compilerWatch = new Once<>();

    /** Per shape, the inlined empty region its inlined regions' floor is measured with. */
    private final Map<Class<?>, Region> inlinedEmpties = new ConcurrentHashMap<>();

    /** This JVM's compiler watch, opened on first use (it maps HotSpot's counters and lists the compiler threads). */
    CompilerWatch compilerWatch() {
        return compilerWatch.get(CompilerWatch::open);
    }

    /** Per batch size, the class's settled level: the highest median a region of it settled at under the full rule. */
    private static final class Mark {
        private final Map<Integer, Long> levels = new ConcurrentHashMap<>();
    }

    /**
     * The settled level of {@code type} in batches of {@code calls}: the highest median a region of it
     * settled at under the full rule in this JVM, if it did.
     */
    public OptionalLong settledLevel(Class<?> type, int calls) {
        Long level = marks.get(type).levels.get(calls);
        return level == null ? OptionalLong.empty() : OptionalLong.of(level);
    }

    /**
     * Records that a region of {@code type} settled under the full rule at {@code median}, in batches
     * of {@code calls}; the highest such median is kept. Compiled code settles at different levels
     * from test to test (the probe path's cost differs between CPUs, docs/evidence/design-history.md, and each
     * test is pinned to one), so the lowest would send every test on a costlier CPU through the full rule;
     * code the JIT threw away runs far slower than any level its compiled code settled at.
     */
    void markSettled(Class<?> type, int calls, long median) {
        marks.get(type).levels.merge(calls, median, Math::max);
    }

    /**
     * {@code region} timed by a copy of its shape's loop of its own ({@link ShapeLoop}): the loop's
     * class file defined again as a hidden class, once per region class, so that the copy's region
     * call sees one class and the JIT inlines the region into the loop.
     */
    public Region inlined(Region region) {
        Region.Shape shape = region.shape();
        MethodHandle constructor = copies.get(region.region().getClass())
                .computeIfAbsent(shape.loop(), loop -> defineCopy(shape.loop(), shape.type()));
        try {
            return new Region.Inlined((ShapeLoop) constructor.invoke(region.region()), region.region());
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("could not create the inlined loop of " + region.region().getClass()
                    .getName(), e);
        }
    }

    /** The inlined empty region of {@code shape}, one per JVM, so that its copy is compiled once. */
    public Region inlinedEmpty(Region.Shape shape) {
        return inlinedEmpties.computeIfAbsent(shape.loop(), loop -> inlined(shape.empty()));
    }

    /** Defines {@code loop}'s class file again as a hidden class; its constructor takes one {@code type}. */
    private static MethodHandle defineCopy(Class<? extends ShapeLoop> loop, Class<?> type) {
        String file = loop.getSimpleName() + ".class";
        try (InputStream in = loop.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("the class file " + file + " of " + loop.getName()
                        + " is not readable as a resource of its own class; throughput needs it to inline regions");
            }
            MethodHandles.Lookup copy = MethodHandles.lookup().defineHiddenClass(in.readAllBytes(), true);
            return copy.findConstructor(copy.lookupClass(), MethodType.methodType(void.class, type));
        } catch (IOException | ReflectiveOperationException e) {
            throw new IllegalStateException("could not define a copy of " + loop.getName() + ": " + e, e);
        }
    }
}
