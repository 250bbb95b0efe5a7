package dev.chronoscope.internal.host;

import dev.chronoscope.internal.ffm.ProbeLibrary;

import java.util.Optional;

/**
 * {@code CpuidSource} is used to execute the x86 CPUID instruction, or to pretend to in a test
 * ({@code InMemoryCpuidSource} in the tests). {@link #probe()} executes it through the native probe.
 */
public interface CpuidSource {

    /**
     * Registers {@code {EAX, EBX, ECX, EDX}} for {@code leaf}/{@code subleaf}; empty when the leaf is
     * not supported or CPUID cannot be executed at all (then {@link #unavailableReason()} says why).
     */
    Optional<int[]> cpuid(int leaf, int subleaf);

    /** Why CPUID cannot be executed here; empty when it can. */
    String unavailableReason();

    /** CPUID through {@link ProbeLibrary#cpuid}. */
    static CpuidSource probe() {
        return ProbeCpuidSource.INSTANCE;
    }

    /** A source on which CPUID cannot be executed, for {@code reason}. */
    static CpuidSource unavailable(String reason) {
        return new CpuidSource() {
            @Override
            public Optional<int[]> cpuid(int leaf, int subleaf) {
                return Optional.empty();
            }

            @Override
            public String unavailableReason() {
                return reason;
            }

            @Override
            public String toString() {
                return "no CPUID: " + reason;
            }
        };
    }
}
