package dev.chronoscope.junit;

import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;

import java.util.function.Supplier;

/**
 * Hosts described for {@code chronoscope.host.factsSupplier}: each is a public class with a public
 * no-argument constructor, named by its binary name ({@link #name(Class)}).
 */
public final class DescribedHosts {

    /** What the CPUID source of a cleared invariant-TSC bit reads like on a real host. */
    static final String CPUID_BIT_CLEAR = "CPUID.80000007H:EDX[8] = 0";

    private DescribedHosts() {
    }

    static String name(Class<? extends Supplier<HostFacts>> supplier) {
        return supplier.getName();
    }

    /** An x86-64 host whose CPU reports no invariant TSC, with the CPUID bit as its source. */
    public static final class NoInvariantTsc implements Supplier<HostFacts> {
        @Override
        public HostFacts get() {
            return HostFacts.invariantTscHost().withoutInvariantTsc().toBuilder()
                    .invariantTsc(Fact.of(false, CPUID_BIT_CLEAR))
                    .build();
        }
    }

    /** {@link HostFacts#withoutInvariantTsc()} as it is: the facts' source reads "described". */
    public static final class WithoutInvariantTsc implements Supplier<HostFacts> {
        @Override
        public HostFacts get() {
            return HostFacts.invariantTscHost().withoutInvariantTsc();
        }
    }

    /** An invariant TSC the kernel does not keep time with: clocksource hpet. */
    public static final class HpetClocksource implements Supplier<HostFacts> {
        @Override
        public HostFacts get() {
            return HostFacts.invariantTscHost().withClocksource("hpet");
        }
    }

    /** A host whose TSC can be trusted (the native probe must still be loaded for TSC_FENCED). */
    public static final class InvariantTsc implements Supplier<HostFacts> {
        @Override
        public HostFacts get() {
            return HostFacts.invariantTscHost();
        }
    }

    /** Not a supplier of host facts at all. */
    public static final class NotHostFacts implements Supplier<String> {
        @Override
        public String get() {
            return "a string";
        }
    }
}
