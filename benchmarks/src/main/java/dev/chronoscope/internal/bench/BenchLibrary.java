package dev.chronoscope.internal.bench;

import dev.chronoscope.internal.clock.TscReadPath;

import dev.chronoscope.internal.ffm.NativeLibraryLoader;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Bindings to {@code libchronoscope-bench}, the C reference of the benchmark: loops that time
 * {@code n} regions with the same inline counter reads as the probe library and write the deltas
 * (ticks) into a native {@code int64_t} array.
 *
 * <p>Each call runs a whole loop of samples, so these are plain downcalls (a critical downcall
 * must not run for long: it holds off safepoints). When the library cannot be loaded every handle
 * is {@code null}, {@link #isLoaded()} is false and {@link #unavailableReason()} says why.
 */
final class BenchLibrary {

    /** The ABI version this class was written against (see {@code csb_abi_version} in C). */
    static final int EXPECTED_ABI_VERSION = 3;

    private static final String SOURCE;
    private static final String UNAVAILABLE_REASON;

    private static final MethodHandle FENCED_PAIRS;      // (MemorySegment out, long n) -> void
    private static final MethodHandle FENCED_CPU_PAIRS;  // (MemorySegment out, long n, MemorySegment cpus) -> void
    private static final MethodHandle CHAIN64;           // (MemorySegment out, long n, long mul, long add) -> long

    static {
        NativeLibraryLoader.Result result = NativeLibraryLoader.load("chronoscope-bench");
        MethodHandle[] h = null;
        String reason = result.failureReason();
        if (result.loaded()) {
            try {
                h = bind(result.lookup().get());
            } catch (RuntimeException | LinkageError e) {
                reason = "loaded " + result.source() + " but could not bind it: " + e.getMessage();
            }
        }
        if (h == null) {
            FENCED_PAIRS = FENCED_CPU_PAIRS = CHAIN64 = null;
            SOURCE = "none";
            UNAVAILABLE_REASON = reason;
        } else {
            FENCED_PAIRS = h[0];
            FENCED_CPU_PAIRS = h[1];
            CHAIN64 = h[2];
            SOURCE = result.source();
            UNAVAILABLE_REASON = "";
        }
    }

    private static MethodHandle[] bind(SymbolLookup lookup) {
        Linker linker = Linker.nativeLinker();
        MethodHandle abi = linker.downcallHandle(find(lookup, "csb_abi_version"), FunctionDescriptor.of(JAVA_INT));
        int version;
        try {
            version = (int) abi.invokeExact();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        if (version != EXPECTED_ABI_VERSION) {
            throw new IllegalStateException("libchronoscope-bench ABI version " + version + ", expected "
                    + EXPECTED_ABI_VERSION + " (library and classes come from different builds)");
        }
        return new MethodHandle[] {
            linker.downcallHandle(find(lookup, "csb_fenced_pairs"), FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG, JAVA_INT)),
            linker.downcallHandle(find(lookup, "csb_fenced_cpu_pairs"),
                    FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG, ADDRESS, JAVA_INT)),
            linker.downcallHandle(find(lookup, "csb_chain64"),
                    FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_INT)),
        };
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name).orElseThrow(() -> new IllegalStateException("symbol " + name + " missing"));
    }

    private BenchLibrary() {
    }

    static boolean isLoaded() {
        return FENCED_PAIRS != null;
    }

    /** Where the library came from ("bundled …", "system …"), or "none". */
    static String source() {
        return SOURCE;
    }

    /** Why the library is not loaded; empty when it is. */
    static String unavailableReason() {
        return UNAVAILABLE_REASON;
    }

    /**
     * {@code csb_fenced_pairs}: {@code n} empty regions, plain fenced pair closed by {@code rdtscp;lfence}
     * where {@code rdtscp} (only where CPUID advertises it), else {@code lfence;rdtsc;lfence}; ticks into {@code out}.
     */
    static void fencedPairs(MemorySegment out, long n, boolean rdtscp) {
        try {
            FENCED_PAIRS.invokeExact(out, n, rdtscp ? 1 : 0);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** {@code csb_fenced_cpu_pairs}: {@code n} empty regions, CPU-reporting pair, CPUs into {@code cpus[0..1]}. */
    static void fencedCpuPairs(MemorySegment out, long n, MemorySegment cpus, TscReadPath path) {
        try {
            FENCED_CPU_PAIRS.invokeExact(out, n, cpus, path.cpuSource().nativeCode());
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /** {@code csb_chain64}: {@code n} timed 64-step chains; returns the wrapping sum of the chains' results. */
    static long chain64(MemorySegment out, long n, long mul, long add, boolean rdtscp) {
        try {
            return (long) CHAIN64.invokeExact(out, n, mul, add, rdtscp ? 1 : 0);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
