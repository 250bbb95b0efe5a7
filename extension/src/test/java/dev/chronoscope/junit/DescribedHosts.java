package dev.chronoscope.junit;

import dev.chronoscope.DescribedHost;

import java.util.function.Supplier;

/**
 * Hosts described for {@code chronoscope.host.factsSupplier}: each is a public class with a public
 * no-argument constructor, named by its binary name ({@link #name(Class)}).
 */
public final class DescribedHosts {

    private DescribedHosts() {
    }

    static String name(Class<? extends Supplier<?>> supplier) {
        return supplier.getName();
    }

    /** An x86-64 host whose CPU reports no invariant TSC. */
    public static final class NoInvariantTsc implements Supplier<DescribedHost> {
        @Override
        public DescribedHost get() {
            return DescribedHost.trustedTsc().toBuilder().invariantTsc(false).build();
        }
    }

    /** An invariant TSC the kernel does not keep time with: clocksource hpet. */
    public static final class HpetClocksource implements Supplier<DescribedHost> {
        @Override
        public DescribedHost get() {
            return DescribedHost.trustedTsc().toBuilder().clocksource("hpet").build();
        }
    }

    /** A host whose TSC can be trusted (the native probe must still be loaded for TSC_FENCED). */
    public static final class InvariantTsc implements Supplier<DescribedHost> {
        @Override
        public DescribedHost get() {
            return DescribedHost.trustedTsc();
        }
    }

    /** Not a supplier of a described host at all. */
    public static final class NotHostFacts implements Supplier<String> {
        @Override
        public String get() {
            return "a string";
        }
    }

    /** A supplier whose constructor throws. */
    public static final class ThrowingConstructor implements Supplier<DescribedHost> {
        public ThrowingConstructor() {
            throw new IllegalStateException("no host today");
        }

        @Override
        public DescribedHost get() {
            return DescribedHost.trustedTsc();
        }
    }
}
