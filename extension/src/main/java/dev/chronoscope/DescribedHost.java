package dev.chronoscope;

import org.apiguardian.api.API;

import java.util.Objects;
import java.util.Optional;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

/**
 * {@code DescribedHost} is used to run timed tests as if on a host you do not have — one whose CPU
 * has no invariant TSC, or whose kernel keeps time with {@code hpet} — to see how they are skipped,
 * failed or timed there. Name a class implementing {@code Supplier<DescribedHost>} (public, with a
 * public no-argument constructor) in {@link ChronoscopeConfig#HOST_FACTS_SUPPLIER_KEY}; its facts
 * replace the ones Chronoscope reads from the real host. Facts left unset are unknown, and every
 * report names their source as {@value #SOURCE}.
 *
 * <pre>{@code
 * public class HpetHost implements Supplier<DescribedHost> {
 *     public DescribedHost get() {
 *         return DescribedHost.trustedTsc().toBuilder().clocksource("hpet").build();
 *     }
 * }
 * }</pre>
 *
 * Only the host's facts are described: clocks are still read on the real machine, so a clock the
 * real host cannot read stays unreadable. Immutable.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DescribedHost {

    /** The source every described fact reports. */
    public static final String SOURCE = "described";

    /** The facts as set; null where unknown. Its {@code toString} is this host's, but for the name. */
    private record Facts(String cpuModel, Boolean invariantTsc, Boolean rdtscp, String clocksource, Boolean hypervisor,
                         String hypervisorVendor, Integer onlineCpus) {
    }

    private final Facts facts;

    private DescribedHost(Facts facts) {
        this.facts = facts;
    }

    /** A host with every fact unknown. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A host whose TSC can be trusted for durations: invariant TSC, RDTSCP, clocksource {@code tsc},
     * no hypervisor, 4 online CPUs, CPU model {@code described CPU}.
     */
    public static DescribedHost trustedTsc() {
        return builder().cpuModel("described CPU").invariantTsc(true).rdtscp(true).clocksource("tsc")
                .hypervisor(false).onlineCpus(4).build();
    }

    /** A builder starting from these facts. */
    public Builder toBuilder() {
        return new Builder(facts);
    }

    public Optional<String> cpuModel() {
        return Optional.ofNullable(facts.cpuModel());
    }

    /** Whether the CPU reports an invariant TSC (CPUID.80000007H:EDX[8] on a real host). */
    public Optional<Boolean> invariantTsc() {
        return Optional.ofNullable(facts.invariantTsc());
    }

    /** Whether the CPU has RDTSCP (CPUID.80000001H:EDX[27] on a real host). */
    public Optional<Boolean> rdtscp() {
        return Optional.ofNullable(facts.rdtscp());
    }

    /** The kernel's clocksource: {@code tsc}, {@code kvm-clock}, {@code hpet}, {@code acpi_pm}, … */
    public Optional<String> clocksource() {
        return Optional.ofNullable(facts.clocksource());
    }

    /** Whether the host is a virtual machine. */
    public Optional<Boolean> hypervisor() {
        return Optional.ofNullable(facts.hypervisor());
    }

    /** The hypervisor's CPUID signature ({@code KVMKVMKVM}, …), for a virtual machine. */
    public Optional<String> hypervisorVendor() {
        return Optional.ofNullable(facts.hypervisorVendor());
    }

    public Optional<Integer> onlineCpus() {
        return Optional.ofNullable(facts.onlineCpus());
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + facts.toString().substring(Facts.class.getSimpleName().length());
    }

    /** Builds a {@link DescribedHost}; a fact never set stays unknown. */
    public static final class Builder {
        private String cpuModel;
        private Boolean invariantTsc;
        private Boolean rdtscp;
        private String clocksource;
        private Boolean hypervisor;
        private String hypervisorVendor;
        private Integer onlineCpus;

        private Builder() {
        }

        private Builder(Facts f) {
            cpuModel = f.cpuModel();
            invariantTsc = f.invariantTsc();
            rdtscp = f.rdtscp();
            clocksource = f.clocksource();
            hypervisor = f.hypervisor();
            hypervisorVendor = f.hypervisorVendor();
            onlineCpus = f.onlineCpus();
        }

        public Builder cpuModel(String model) {
            this.cpuModel = Objects.requireNonNull(model, "model");
            return this;
        }

        public Builder invariantTsc(boolean invariant) {
            this.invariantTsc = invariant;
            return this;
        }

        public Builder rdtscp(boolean present) {
            this.rdtscp = present;
            return this;
        }

        public Builder clocksource(String name) {
            this.clocksource = Objects.requireNonNull(name, "name");
            return this;
        }

        /** Not a virtual machine ({@code false}), or one of unknown vendor ({@code true}). */
        public Builder hypervisor(boolean virtualMachine) {
            this.hypervisor = virtualMachine;
            if (!virtualMachine) {
                this.hypervisorVendor = null;
            }
            return this;
        }

        /** A virtual machine whose hypervisor signs itself {@code vendor}. */
        public Builder hypervisorVendor(String vendor) {
            this.hypervisorVendor = Objects.requireNonNull(vendor, "vendor");
            this.hypervisor = true;
            return this;
        }

        public Builder onlineCpus(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("onlineCpus must be at least 1, was " + count);
            }
            this.onlineCpus = count;
            return this;
        }

        public DescribedHost build() {
            return new DescribedHost(new Facts(cpuModel, invariantTsc, rdtscp, clocksource, hypervisor,
                    hypervisorVendor, onlineCpus));
        }
    }
}
