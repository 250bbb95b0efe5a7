package dev.chronoscope.internal.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Bindings to {@code libchronoscope}, the native probe: ordered counter reads (fenced TSC on
 * x86-64, CNTVCT_EL0 with ISB on aarch64), the bare counter, CPUID and the advertised counter
 * frequency.
 *
 * <p>An instruction the CPU does not advertise is never executed, because a hypervisor may make it
 * fault (SIGILL kills the JVM) or, as a hypervisor may with RDTSCP, execute it with a TSC_AUX that is not
 * the guest's: the handles that execute RDTSCP ({@link #COUNTER_END}, {@link #COUNTER_BEGIN_CPU},
 * {@link #COUNTER_END_CPU}) are bound only where CPUID.80000001H:EDX[27] is set, and
 * {@link #tscAux} runs RDTSCP or RDPID only where CPUID advertises it. Everything else here runs
 * on any x86-64 CPU.
 *
 * <p>The probe functions are leaves that neither block nor call back, so they are bound with
 * {@code Linker.Option.critical(false)}: no thread-state transition, which made a Java pair ~30 %
 * cheaper than a plain downcall. Handles live in {@code static final} fields so the JIT treats
 * them as constants; callers use {@code invokeExact}. When the library cannot be loaded every
 * handle is {@code null}, {@link #isLoaded()} is false and {@link #unavailableReason()} says why.
 */
public final class ProbeLibrary {

    /** The ABI version this class was written against (see {@code cs_abi_version} in C). */
    static final int EXPECTED_ABI_VERSION = 2;

    /** What {@code cs_counter_kind} returns. */
    public static final int COUNTER_TSC = 1;
    public static final int COUNTER_CNTVCT = 2;

    /** The CPU number the probe reports where the architecture has no TSC_AUX. */
    public static final int CPU_UNKNOWN = -1;

    /** What {@link #tscAux} is asked to execute. */
    public static final int TSC_AUX_BY_RDTSCP = 1;
    public static final int TSC_AUX_BY_RDPID = 2;

    private static final String SOURCE;
    private static final String UNAVAILABLE_REASON;
    private static final int COUNTER_KIND;
    private static final boolean RDTSCP_ADVERTISED;
    private static final boolean RDPID_ADVERTISED;

    /** {@code lfence;rdtsc;lfence} (x86-64): the begin read of every path. */
    public static final MethodHandle COUNTER_BEGIN;       // () -> long
    /** {@code rdtscp;lfence}; null where CPUID does not advertise RDTSCP. */
    public static final MethodHandle COUNTER_END;         // () -> long
    /** {@code lfence;rdtsc;lfence}: the end read where RDTSCP is not used. */
    public static final MethodHandle COUNTER_END_LFENCE;  // () -> long
    /** {@code lfence;rdtscp;lfence} with TSC_AUX; null where CPUID does not advertise RDTSCP. */
    public static final MethodHandle COUNTER_BEGIN_CPU;   // (long cpuAddress) -> long
    /** {@code rdtscp;lfence} with TSC_AUX; null where CPUID does not advertise RDTSCP. */
    public static final MethodHandle COUNTER_END_CPU;     // (long cpuAddress) -> long
    /** The CPU (from the source given), then {@code lfence;rdtsc;lfence}. */
    public static final MethodHandle COUNTER_BEGIN_LF;    // (int cpuSource, long cpuAddress) -> long
    /** {@code lfence;rdtsc;lfence}, then the CPU (from the source given). */
    public static final MethodHandle COUNTER_END_LF;      // (int cpuSource, long cpuAddress) -> long
    public static final MethodHandle COUNTER_BARE;        // () -> long
    private static final MethodHandle COUNTER_FREQUENCY;  // () -> long
    private static final MethodHandle CPUID;              // (int, int, MemorySegment) -> int
    private static final MethodHandle TSC_AUX;            // (int how, MemorySegment osCpu) -> int
    /**
     * The core-speed reference's chains of dependent multiply-adds, compiled ahead of time; null where the library
     * lacks
     * them (one built before they were), and the reference runs its Java chains.
     */
    // (long seed, long mul, long add, int chains, int steps) -> long
    public static final MethodHandle MULTIPLY_ADD_CHAINS;

    static {
        NativeLibraryLoader.Result result = NativeLibraryLoader.load("chronoscope");
        Handles handles = null;
        String reason = result.failureReason();
        if (result.loaded()) {
            try {
                handles = bind(result.lookup().get());
            } catch (RuntimeException | LinkageError e) {
                reason = "loaded " + result.source() + " but could not bind it: " + e;
            }
        }
        if (handles == null) {
            COUNTER_BEGIN = COUNTER_END = COUNTER_END_LFENCE = null;
            COUNTER_BEGIN_CPU = COUNTER_END_CPU = COUNTER_BARE = null;
            COUNTER_BEGIN_LF = COUNTER_END_LF = COUNTER_FREQUENCY = CPUID = TSC_AUX = MULTIPLY_ADD_CHAINS = null;
            COUNTER_KIND = 0;
            RDTSCP_ADVERTISED = RDPID_ADVERTISED = false;
            SOURCE = "none";
            UNAVAILABLE_REASON = reason;
        } else {
            COUNTER_BEGIN = handles.begin;
            COUNTER_END = handles.end;
            COUNTER_END_LFENCE = handles.endLfence;
            COUNTER_BEGIN_CPU = handles.beginCpu;
            COUNTER_END_CPU = handles.endCpu;
            COUNTER_BEGIN_LF = handles.beginLf;
            COUNTER_END_LF = handles.endLf;
            COUNTER_BARE = handles.bare;
            COUNTER_FREQUENCY = handles.frequency;
            CPUID = handles.cpuid;
            TSC_AUX = handles.tscAux;
            MULTIPLY_ADD_CHAINS = handles.chains;
            COUNTER_KIND = handles.kind;
            RDTSCP_ADVERTISED = handles.rdtscp;
            RDPID_ADVERTISED = handles.rdpid;
            SOURCE = result.source();
            UNAVAILABLE_REASON = "";
        }
    }

    private record Handles(MethodHandle begin, MethodHandle end, MethodHandle endLfence, MethodHandle beginCpu,
                           MethodHandle endCpu, MethodHandle beginLf, MethodHandle endLf, MethodHandle bare,
                           MethodHandle frequency, MethodHandle cpuid, MethodHandle tscAux, MethodHandle chains,
                           int kind, boolean rdtscp, boolean rdpid) {
    }

    private static Handles bind(SymbolLookup lookup) {
        Linker linker = Linker.nativeLinker();
        Linker.Option critical = Linker.Option.critical(false);
        FunctionDescriptor toLong = FunctionDescriptor.of(JAVA_LONG);
        // The CPU slot's address is passed as a plain 64-bit integer (identical to a pointer in the
        // LP64 calling conventions): a MemorySegment argument costs liveness and bounds checks the
        // JIT cannot fold, and they ran inside the timed region (~8 ticks a pair: docs/evidence/probe-against-c.md).
        FunctionDescriptor pointerToLong = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG);
        FunctionDescriptor sourceAndPointerToLong = FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG);
        MethodHandle abi = linker.downcallHandle(find(lookup, "cs_abi_version"), FunctionDescriptor.of(JAVA_INT),
                critical);
        MethodHandle kind = linker.downcallHandle(find(lookup, "cs_counter_kind"), FunctionDescriptor.of(JAVA_INT),
                critical);
        try {
            int version = (int) abi.invokeExact();
            if (version != EXPECTED_ABI_VERSION) {
                throw new IllegalStateException("libchronoscope ABI version " + version + ", expected "
                        + EXPECTED_ABI_VERSION);
            }
            int counterKind = (int) kind.invokeExact();
            MethodHandle cpuid = linker.downcallHandle(find(lookup, "cs_cpuid"),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS), critical);
            // aarch64 has neither instruction; on x86-64 CPUID decides, before anything executes RDTSCP
            boolean rdtscp = counterKind == COUNTER_TSC && cpuidBit(cpuid, 0x80000001, 3, 27);
            boolean rdpid = counterKind == COUNTER_TSC && cpuidBit(cpuid, 0x7, 2, 22);
            return new Handles(
                    linker.downcallHandle(find(lookup, "cs_counter_begin"), toLong, critical),
                    rdtscp ? linker.downcallHandle(find(lookup, "cs_counter_end"), toLong, critical) : null,
                    linker.downcallHandle(find(lookup, "cs_counter_end_lfence"), toLong, critical),
                    rdtscp ? linker.downcallHandle(find(lookup, "cs_counter_begin_cpu"), pointerToLong, critical)
                    : null, rdtscp ? linker.downcallHandle(find(lookup, "cs_counter_end_cpu"), pointerToLong, critical)
                    : null,
                    linker.downcallHandle(find(lookup, "cs_counter_begin_lf"), sourceAndPointerToLong, critical),
                    linker.downcallHandle(find(lookup, "cs_counter_end_lf"), sourceAndPointerToLong, critical),
                    linker.downcallHandle(find(lookup, "cs_counter_bare"), toLong, critical),
                    linker.downcallHandle(find(lookup, "cs_counter_frequency_hz"), toLong, critical),
                    cpuid,
                    linker.downcallHandle(find(lookup, "cs_tsc_aux"),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS), critical), lookup.find("cs_multiply_add_chains")
                    .map(chains -> linker.downcallHandle(chains,
                            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT, JAVA_INT),
                            critical)).orElse(null), counterKind, rdtscp, rdpid);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * Bit {@code bit} of register {@code register} (0 EAX .. 3 EDX) of CPUID {@code leaf}, subleaf 0; false where the
     * leaf is not supported.
     */
    private static boolean cpuidBit(MethodHandle cpuid, int leaf, int register, int bit) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_INT, 4);
            int executed = (int) cpuid.invokeExact(leaf, 0, out);
            return executed != 0 && (out.getAtIndex(ValueLayout.JAVA_INT, register) >>> bit & 1) == 1;
        }
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name).orElseThrow(() -> new IllegalStateException("symbol " + name + " missing"));
    }

    private ProbeLibrary() {
    }

    public static boolean isLoaded() {
        return COUNTER_BEGIN != null;
    }

    /** Where the library came from ("bundled …", "system …"), or "none". */
    public static String source() {
        return SOURCE;
    }

    /** Why the library is not loaded; empty when it is. */
    public static String unavailableReason() {
        return UNAVAILABLE_REASON;
    }

    /** {@link #COUNTER_TSC}, {@link #COUNTER_CNTVCT}, or 0 when not loaded. */
    public static int counterKind() {
        return COUNTER_KIND;
    }

    /** True where this CPU's CPUID advertises RDTSCP (80000001H:EDX[27]); false elsewhere and without the probe. */
    public static boolean rdtscpAdvertised() {
        return RDTSCP_ADVERTISED;
    }

    /** True where this CPU's CPUID advertises RDPID (7.0:ECX[22]); false elsewhere and without the probe. */
    public static boolean rdpidAdvertised() {
        return RDPID_ADVERTISED;
    }

    /**
     * IA32_TSC_AUX's CPU field as {@code how} ({@link #TSC_AUX_BY_RDTSCP} or {@link #TSC_AUX_BY_RDPID})
     * returns it on the CPU this thread runs on, and the OS's number of that CPU read around it
     * ({@code -1} when the thread moved meanwhile): {@code {aux, osCpu}}.
     *
     * @throws IllegalStateException when CPUID does not advertise the instruction: it is never executed then
     */
    public static int[] tscAux(int how) {
        boolean advertised = how == TSC_AUX_BY_RDTSCP ? RDTSCP_ADVERTISED : how == TSC_AUX_BY_RDPID && RDPID_ADVERTISED;
        if (!advertised) {
            throw new IllegalStateException("TSC_AUX read by "
                    + (how == TSC_AUX_BY_RDTSCP ? "RDTSCP" : how == TSC_AUX_BY_RDPID ? "RDPID" : "instruction " + how)
                    + ", which this CPU's CPUID does not advertise: not executed");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment osCpu = arena.allocate(ValueLayout.JAVA_INT);
            int aux = (int) TSC_AUX.invokeExact(how, osCpu);
            return new int[] {aux, osCpu.get(ValueLayout.JAVA_INT, 0)};
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** CNTFRQ_EL0 on aarch64; empty on x86-64, which advertises no TSC frequency register. */
    public static Optional<Long> advertisedCounterFrequencyHz() {
        if (!isLoaded()) {
            return Optional.empty();
        }
        try {
            long hz = (long) COUNTER_FREQUENCY.invokeExact();
            return hz > 0 ? Optional.of(hz) : Optional.empty();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** CPUID registers {EAX, EBX, ECX, EDX} for a leaf, or empty when unsupported or unavailable. */
    public static Optional<int[]> cpuid(int leaf, int subleaf) {
        if (!isLoaded()) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_INT, 4);
            int executed = (int) CPUID.invokeExact(leaf, subleaf, out);
            if (executed == 0) {
                return Optional.empty();
            }
            return Optional.of(out.toArray(ValueLayout.JAVA_INT));
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
