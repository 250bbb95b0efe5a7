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
 * <p>The probe functions are leaves that neither block nor call back, so they are bound with
 * {@code Linker.Option.critical(false)}: no thread-state transition, which made a Java pair ~30 %
 * cheaper than a plain downcall. Handles live in {@code static final} fields so the JIT treats
 * them as constants; callers use {@code invokeExact}. When the library cannot be loaded every
 * handle is {@code null}, {@link #isLoaded()} is false and {@link #unavailableReason()} says why.
 */
public final class ProbeLibrary {

    /** The ABI version this class was written against (see {@code cs_abi_version} in C). */
    static final int EXPECTED_ABI_VERSION = 1;

    /** What {@code cs_counter_kind} returns. */
    public static final int COUNTER_TSC = 1;
    public static final int COUNTER_CNTVCT = 2;

    /** The CPU number the probe reports where the architecture has no TSC_AUX. */
    public static final int CPU_UNKNOWN = -1;

    private static final String SOURCE;
    private static final String UNAVAILABLE_REASON;
    private static final int COUNTER_KIND;

    public static final MethodHandle COUNTER_BEGIN;       // () -> long
    public static final MethodHandle COUNTER_END;         // () -> long
    public static final MethodHandle COUNTER_BEGIN_CPU;   // (long cpuAddress) -> long
    public static final MethodHandle COUNTER_END_CPU;     // (long cpuAddress) -> long
    public static final MethodHandle COUNTER_BARE;        // () -> long
    private static final MethodHandle COUNTER_FREQUENCY;  // () -> long
    private static final MethodHandle CPUID;              // (int, int, MemorySegment) -> int

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
            COUNTER_BEGIN = COUNTER_END = COUNTER_BEGIN_CPU = COUNTER_END_CPU = COUNTER_BARE = null;
            COUNTER_FREQUENCY = CPUID = null;
            COUNTER_KIND = 0;
            SOURCE = "none";
            UNAVAILABLE_REASON = reason;
        } else {
            COUNTER_BEGIN = handles.begin;
            COUNTER_END = handles.end;
            COUNTER_BEGIN_CPU = handles.beginCpu;
            COUNTER_END_CPU = handles.endCpu;
            COUNTER_BARE = handles.bare;
            COUNTER_FREQUENCY = handles.frequency;
            CPUID = handles.cpuid;
            COUNTER_KIND = handles.kind;
            SOURCE = result.source();
            UNAVAILABLE_REASON = "";
        }
    }

    private record Handles(MethodHandle begin, MethodHandle end, MethodHandle beginCpu, MethodHandle endCpu,
                           MethodHandle bare, MethodHandle frequency, MethodHandle cpuid, int kind) {
    }

    private static Handles bind(SymbolLookup lookup) {
        Linker linker = Linker.nativeLinker();
        Linker.Option critical = Linker.Option.critical(false);
        FunctionDescriptor toLong = FunctionDescriptor.of(JAVA_LONG);
        // The CPU slot's address is passed as a plain 64-bit integer (identical to a pointer in the
        // LP64 calling conventions): a MemorySegment argument costs liveness and bounds checks the
        // JIT cannot fold, and they ran inside the timed region (~8 ticks a pair, measured here).
        FunctionDescriptor pointerToLong = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG);
        MethodHandle abi = linker.downcallHandle(find(lookup, "cs_abi_version"), FunctionDescriptor.of(JAVA_INT), critical);
        MethodHandle kind = linker.downcallHandle(find(lookup, "cs_counter_kind"), FunctionDescriptor.of(JAVA_INT), critical);
        try {
            int version = (int) abi.invokeExact();
            if (version != EXPECTED_ABI_VERSION) {
                throw new IllegalStateException("libchronoscope ABI version " + version + ", expected " + EXPECTED_ABI_VERSION);
            }
            return new Handles(
                    linker.downcallHandle(find(lookup, "cs_counter_begin"), toLong, critical),
                    linker.downcallHandle(find(lookup, "cs_counter_end"), toLong, critical),
                    linker.downcallHandle(find(lookup, "cs_counter_begin_cpu"), pointerToLong, critical),
                    linker.downcallHandle(find(lookup, "cs_counter_end_cpu"), pointerToLong, critical),
                    linker.downcallHandle(find(lookup, "cs_counter_bare"), toLong, critical),
                    linker.downcallHandle(find(lookup, "cs_counter_frequency_hz"), toLong, critical),
                    linker.downcallHandle(find(lookup, "cs_cpuid"),
                            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS), critical),
                    (int) kind.invokeExact());
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
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
