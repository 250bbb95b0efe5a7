package dev.chronoscope.internal.host;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code InMemoryCpuidSource} is used to describe a CPU's CPUID leaves in a test, as register values
 * {@code EAX, EBX, ECX, EDX}; a leaf not given is unsupported. Immutable: each {@code with…} returns
 * a new instance.
 */
public final class InMemoryCpuidSource implements CpuidSource {

    private final Map<Long, int[]> leaves;

    private InMemoryCpuidSource(Map<Long, int[]> leaves) {
        this.leaves = Map.copyOf(leaves);
    }

    /** A CPU without any leaf; add leaf 0 first, as the decoder reads the maximum basic leaf from it. */
    public static InMemoryCpuidSource empty() {
        return new InMemoryCpuidSource(Map.of());
    }

    /** The same leaves, plus {@code leaf} (subleaf 0). */
    public InMemoryCpuidSource withLeaf(int leaf, int eax, int ebx, int ecx, int edx) {
        return withLeaf(leaf, 0, eax, ebx, ecx, edx);
    }

    /** The same leaves, plus {@code leaf}/{@code subleaf}. */
    public InMemoryCpuidSource withLeaf(int leaf, int subleaf, int eax, int ebx, int ecx, int edx) {
        Map<Long, int[]> copy = new HashMap<>(leaves);
        copy.put(key(leaf, subleaf), new int[] {eax, ebx, ecx, edx});
        return new InMemoryCpuidSource(copy);
    }

    private static long key(int leaf, int subleaf) {
        return (Integer.toUnsignedLong(leaf) << 32) | Integer.toUnsignedLong(subleaf);
    }

    @Override
    public Optional<int[]> cpuid(int leaf, int subleaf) {
        int[] regs = leaves.get(key(leaf, subleaf));
        return regs == null ? Optional.empty() : Optional.of(regs.clone());
    }

    @Override
    public String unavailableReason() {
        return "";
    }

    @Override
    public String toString() {
        return "in-memory CPUID (" + leaves.size() + " leaves)";
    }
}
