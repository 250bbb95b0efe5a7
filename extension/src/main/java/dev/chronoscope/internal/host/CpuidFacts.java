package dev.chronoscope.internal.host;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the CPU (or the hypervisor in front of it) reports through CPUID about timekeeping. Every
 * known fact's source names the leaf, register and bits it was decoded from, in the Intel SDM's
 * notation, with the value read ({@code CPUID.80000007H:EDX[8] = 1}).
 *
 * <p>Leaves are read only where the CPU says they exist (max basic, extended and hypervisor leaf):
 * CPUID on an unsupported leaf returns the data of another leaf rather than failing, and the
 * hypervisor range means nothing unless CPUID.1:ECX[31] is set.
 *
 * @param vendor                   CPUID.0:EBX,EDX,ECX, e.g. {@code GenuineIntel}, {@code AuthenticAMD}
 * @param maxBasicLeaf             CPUID.0:EAX (unsigned)
 * @param maxExtendedLeaf          CPUID.80000000H:EAX (unsigned)
 * @param brand                    CPUID.80000002H..80000004H, the processor's brand string
 * @param hypervisorPresent        CPUID.1:ECX[31]
 * @param hypervisorVendor         CPUID.40000000H:EBX,ECX,EDX signature, e.g. {@code KVMKVMKVM}, {@code Microsoft Hv}
 * @param maxHypervisorLeaf        CPUID.40000000H:EAX (unsigned; KVM hosts of old report 0, meaning 40000001H)
 * @param invariantTsc             CPUID.80000007H:EDX[8]: the TSC runs at a constant rate in all P-, C- and T-states
 * @param rdtscp                   CPUID.80000001H:EDX[27]
 * @param rdpid                    CPUID.7.0:ECX[22]
 * @param tscFrequencyHzLeaf15     crystal × TSC/crystal ratio from CPUID.15H (Intel)
 * @param baseFrequencyHzLeaf16    processor base frequency from CPUID.16H:EAX (Intel; nominal, not measured)
 * @param tscFrequencyHzHypervisor CPUID.40000010H:EAX, the TSC frequency a hypervisor tells its guest
 */
public record CpuidFacts(Fact<String> vendor, Fact<Long> maxBasicLeaf, Fact<Long> maxExtendedLeaf, Fact<String> brand,
                         Fact<Boolean> hypervisorPresent, Fact<String> hypervisorVendor, Fact<Long> maxHypervisorLeaf,
                         Fact<Boolean> invariantTsc, Fact<Boolean> rdtscp, Fact<Boolean> rdpid,
                         Fact<Long> tscFrequencyHzLeaf15, Fact<Long> baseFrequencyHzLeaf16,
                         Fact<Long> tscFrequencyHzHypervisor) {

    static final int HYPERVISOR_BASE = 0x40000000;
    static final int HYPERVISOR_TIMING = 0x40000010;
    private static final int EXTENDED_BASE = 0x80000000;

    /** Hypervisor signatures and the products that use them. */
    private static final Map<String, String> HYPERVISORS = Map.of(
            "KVMKVMKVM", "KVM",
            "Microsoft Hv", "Hyper-V",
            "VMwareVMware", "VMware",
            "XenVMMXenVMM", "Xen",
            "TCGTCGTCGTCG", "QEMU (TCG)",
            "VBoxVBoxVBox", "VirtualBox",
            "bhyve bhyve ", "bhyve",
            " lrpepyh  vr", "Parallels",
            "ACRNACRNACRN", "ACRN");

    public CpuidFacts {
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(maxBasicLeaf, "maxBasicLeaf");
        Objects.requireNonNull(maxExtendedLeaf, "maxExtendedLeaf");
        Objects.requireNonNull(brand, "brand");
        Objects.requireNonNull(hypervisorPresent, "hypervisorPresent");
        Objects.requireNonNull(hypervisorVendor, "hypervisorVendor");
        Objects.requireNonNull(maxHypervisorLeaf, "maxHypervisorLeaf");
        Objects.requireNonNull(invariantTsc, "invariantTsc");
        Objects.requireNonNull(rdtscp, "rdtscp");
        Objects.requireNonNull(rdpid, "rdpid");
        Objects.requireNonNull(tscFrequencyHzLeaf15, "tscFrequencyHzLeaf15");
        Objects.requireNonNull(baseFrequencyHzLeaf16, "baseFrequencyHzLeaf16");
        Objects.requireNonNull(tscFrequencyHzHypervisor, "tscFrequencyHzHypervisor");
    }

    /** Every fact unknown, for {@code reason}. */
    public static CpuidFacts unknown(String reason) {
        return new CpuidFacts(Fact.unknown(reason), Fact.unknown(reason), Fact.unknown(reason), Fact.unknown(reason),
                Fact.unknown(reason), Fact.unknown(reason), Fact.unknown(reason), Fact.unknown(reason),
                Fact.unknown(reason), Fact.unknown(reason), Fact.unknown(reason), Fact.unknown(reason),
                Fact.unknown(reason));
    }

    /** The product behind a hypervisor signature ({@code KVMKVMKVM} → {@code KVM}), if we know it. */
    public static Optional<String> hypervisorProduct(String signature) {
        return Optional.ofNullable(HYPERVISORS.get(signature));
    }

    /** Reads and decodes the leaves from {@code cpu}; never throws. */
    public static CpuidFacts decode(CpuidSource cpu) {
        String unavailable = cpu.unavailableReason();
        if (!unavailable.isEmpty()) {
            return unknown(unavailable);
        }
        Optional<int[]> leaf0 = cpu.cpuid(0, 0);
        if (leaf0.isEmpty()) {
            return unknown("CPUID.0 returned nothing");
        }
        int[] r0 = leaf0.get();
        Fact<Long> maxBasic = Fact.of(unsigned(r0[0]), "CPUID.0:EAX");
        Fact<String> vendor = text(new int[] {r0[1], r0[3], r0[2]})
                .map(v -> Fact.of(v, "CPUID.0:EBX,EDX,ECX"))
                .orElse(Fact.unknown("CPUID.0:EBX,EDX,ECX: empty vendor string"));

        Fact<Long> maxExtended = cpu.cpuid(EXTENDED_BASE, 0)
                .filter(r -> unsigned(r[0]) >= unsigned(EXTENDED_BASE))
                .map(r -> Fact.of(unsigned(r[0]), "CPUID.80000000H:EAX"))
                .orElse(Fact.unknown("CPUID.80000000H: no extended leaves"));

        Fact<Boolean> hypervisor = leaf(cpu, 1, maxBasic, "basic").flatMap(r -> bitFact(r[2], 31, "CPUID.1:ECX[31]"));

        Fact<String> brand = brand(cpu, maxExtended);

        Fact<Boolean> invariantTsc = leaf(cpu, 0x80000007, maxExtended, "extended")
                .flatMap(r -> bitFact(r[3], 8, "CPUID.80000007H:EDX[8]"));
        Fact<Boolean> rdtscp = leaf(cpu, 0x80000001, maxExtended, "extended")
                .flatMap(r -> bitFact(r[3], 27, "CPUID.80000001H:EDX[27]"));
        Fact<Boolean> rdpid = leaf(cpu, 7, maxBasic, "basic").flatMap(r -> bitFact(r[2], 22, "CPUID.7.0:ECX[22]"));

        // the hypervisor range (40000000H..) is defined only when a hypervisor sets CPUID.1:ECX[31]
        Fact<int[]> hypervisorLeaf = hypervisor.flatMap(present -> present
                ? cpu.cpuid(HYPERVISOR_BASE, 0).map(r -> Fact.of(r, "CPUID.40000000H"))
                        .orElse(Fact.unknown("CPUID.40000000H returned nothing"))
                : Fact.unknown("no hypervisor (" + hypervisor.source() + "): leaf 40000000H not defined"));
        Fact<String> hypervisorVendor = hypervisorLeaf.flatMap(r -> text(new int[] {r[1], r[2], r[3]})
                .map(s -> Fact.of(s, "CPUID.40000000H:EBX,ECX,EDX"))
                .orElse(Fact.unknown("CPUID.40000000H:EBX,ECX,EDX: empty signature")));
        Fact<Long> maxHypervisor = hypervisorLeaf.map(r -> unsigned(r[0]));
        maxHypervisor = maxHypervisor.isKnown() ? Fact.of(maxHypervisor.get(), "CPUID.40000000H:EAX") : maxHypervisor;

        Fact<Long> leaf15 = leaf(cpu, 0x15, maxBasic, "basic").flatMap(CpuidFacts::tscFromLeaf15);
        Fact<Long> leaf16 = leaf(cpu, 0x16, maxBasic, "basic").flatMap(CpuidFacts::baseFromLeaf16);
        Fact<Long> leaf40000010 = leaf(cpu, HYPERVISOR_TIMING, maxHypervisor, "hypervisor").flatMap(r -> {
            long khz = unsigned(r[0]);
            return khz == 0 ? Fact.unknown("CPUID.40000010H:EAX = 0: TSC frequency not enumerated")
                    : Fact.of(khz * 1000L, "CPUID.40000010H:EAX = " + khz + " kHz");
        });

        return new CpuidFacts(vendor, maxBasic, maxExtended, brand, hypervisor, hypervisorVendor, maxHypervisor,
                invariantTsc, rdtscp, rdpid, leaf15, leaf16, leaf40000010);
    }

    /** The processor's brand string, CPUID.80000002H..80000004H. */
    private static Fact<String> brand(CpuidSource cpu, Fact<Long> maxExtended) {
        return leaf(cpu, 0x80000002, maxExtended, "extended").flatMap(a ->
                leaf(cpu, 0x80000003, maxExtended, "extended").flatMap(b ->
                        leaf(cpu, 0x80000004, maxExtended, "extended").flatMap(c ->
                                text(new int[] {a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], c[0], c[1], c[2], c[3]})
                                        .map(s -> Fact.of(s.strip(), "CPUID.80000002H..80000004H"))
                                        .orElse(Fact.unknown("CPUID.80000002H..80000004H: empty brand string")))));
    }

    /** The processor's base frequency in Hz, CPUID.16H:EAX[15:0] in MHz. */
    static Fact<Long> baseFromLeaf16(int[] r) {
        long mhz = r[0] & 0xFFFF;
        return mhz == 0 ? Fact.unknown("CPUID.16H:EAX = 0: base frequency not enumerated")
                : Fact.of(mhz * 1_000_000L, "CPUID.16H:EAX[15:0] = " + mhz + " MHz (processor base frequency)");
    }

    /** TSC Hz = crystal Hz (ECX) × numerator (EBX) / denominator (EAX), defined only when all three are non-zero. */
    static Fact<Long> tscFromLeaf15(int[] r) {
        long denominator = unsigned(r[0]);
        long numerator = unsigned(r[1]);
        long crystalHz = unsigned(r[2]);
        if (denominator == 0 || numerator == 0) {
            String zero = denominator == 0 && numerator == 0 ? "EAX = 0, EBX = 0" : denominator == 0 ? "EAX = 0"
                    : "EBX = 0";
            return Fact.unknown("CPUID.15H: TSC/crystal ratio not enumerated (" + zero + ")");
        }
        if (crystalHz == 0) {
            return Fact.unknown("CPUID.15H:ECX = 0: crystal frequency not enumerated (ratio " + numerator + "/"
                    + denominator + ")");
        }
        // both factors are below 2^32, so the product fits in 64 unsigned bits
        long hz = Long.divideUnsigned(crystalHz * numerator, denominator);
        return Fact.of(hz, "CPUID.15H: ECX*EBX/EAX = " + crystalHz + "*" + numerator + "/" + denominator);
    }

    /** The registers of {@code leaf} when {@code max} (of its range) says it exists. */
    private static Fact<int[]> leaf(CpuidSource cpu, int leaf, Fact<Long> max, String range) {
        String name = "CPUID leaf " + hex(leaf);
        if (!max.isKnown()) {
            return Fact.unknown(name + ": " + max.unknownReason());
        }
        if (unsigned(leaf) > max.get()) {
            return Fact.unknown(name + " not supported (max " + range + " leaf " + hex(max.get().intValue()) + ")");
        }
        return cpu.cpuid(leaf, 0).map(r -> Fact.of(r, "CPUID." + hex(leaf)))
                .orElse(Fact.unknown(name + " returned nothing"));
    }

    private static Fact<Boolean> bitFact(int register, int bit, String name) {
        boolean set = bit(register, bit);
        return Fact.of(set, name + " = " + (set ? 1 : 0));
    }

    private static boolean bit(int register, int bit) {
        return (register >>> bit & 1) != 0;
    }

    private static long unsigned(int value) {
        return Integer.toUnsignedLong(value);
    }

    /** {@code 15H}, {@code 80000007H}: the Intel SDM's notation. */
    static String hex(int leaf) {
        String h = Integer.toHexString(leaf).toUpperCase(Locale.ROOT);
        return (h.length() < 2 ? "0" + h : h) + "H";
    }

    /** ASCII packed little-endian into registers, up to the first NUL; empty when nothing is left. */
    private static Optional<String> text(int[] registers) {
        ByteBuffer b = ByteBuffer.allocate(registers.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int r : registers) {
            b.putInt(r);
        }
        byte[] bytes = b.array();
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        StringBuilder s = new StringBuilder();
        for (char c : new String(bytes, 0, end, StandardCharsets.ISO_8859_1).toCharArray()) {
            s.append(c >= 0x20 && c < 0x7F ? c : '?');
        }
        return s.toString().isBlank() ? Optional.empty() : Optional.of(s.toString());
    }
}
