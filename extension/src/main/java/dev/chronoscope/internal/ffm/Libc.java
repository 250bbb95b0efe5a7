package dev.chronoscope.internal.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.BitSet;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Bindings to the C library calls Chronoscope needs on Linux: {@code clock_gettime},
 * {@code clock_getres}, read-only {@code adjtimex}, {@code getrusage}, {@code sched_getcpu},
 * {@code sched_getaffinity} and {@code sched_setaffinity}; for loading a library through a descriptor,
 * {@code memfd_create}, {@code open}, {@code close} and {@code geteuid}/{@code getegid}.
 *
 * <p>{@code clock_gettime} is bound as a critical downcall: in the vDSO it neither blocks nor calls
 * back, and for the CPU-time clocks it is one short system call; so it costs the same from Java as
 * from C (docs/evidence/probe-against-c.md). The other calls are plain downcalls that capture {@code errno}.
 * On a platform other than Linux, {@link #isAvailable()} is false and every handle is {@code null}.
 */
public final class Libc {

    /** Linux's {@code struct timespec} (x86-64 and aarch64 LP64 layout). */
    public static final StructLayout TIMESPEC = MemoryLayout.structLayout(
            JAVA_LONG.withName("tv_sec"), JAVA_LONG.withName("tv_nsec"));

    /** Size of glibc's {@code struct rusage} on LP64 Linux; utime and stime are the first two timevals. */
    static final long RUSAGE_SIZE = 144;
    /** Size of glibc's {@code struct timex} on LP64 Linux. */
    static final long TIMEX_SIZE = 208;
    /** {@code cpu_set_t}: 1024 CPUs. */
    static final long CPU_SET_SIZE = 128;

    /** {@code getrusage} target: the calling thread only (Linux), so JIT and GC threads do not count. */
    public static final int RUSAGE_THREAD = 1;

    private static final String UNAVAILABLE_REASON;
    private static final StructLayout ERRNO_LAYOUT = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = ERRNO_LAYOUT.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    public static final MethodHandle CLOCK_GETTIME;   // (int, MemorySegment) -> int, critical
    private static final MethodHandle CLOCK_GETRES;   // (MemorySegment errno, int, MemorySegment) -> int
    private static final MethodHandle ADJTIMEX;       // (MemorySegment errno, MemorySegment) -> int
    private static final MethodHandle GETRUSAGE;      // (MemorySegment errno, int, MemorySegment) -> int
    private static final MethodHandle SCHED_GETCPU;   // (MemorySegment errno) -> int
    private static final MethodHandle SCHED_GETAFFINITY; // (MemorySegment errno, int, long, MemorySegment) -> int
    private static final MethodHandle SCHED_SETAFFINITY; // (MemorySegment errno, int, long, MemorySegment) -> int
    private static final MethodHandle MEMFD_CREATE;   // (MemorySegment errno, MemorySegment name, int flags) -> int
    // (MemorySegment errno, MemorySegment path, int flags, int mode) -> int
    private static final MethodHandle OPEN;
    private static final MethodHandle CLOSE;          // (MemorySegment errno, int) -> int
    private static final MethodHandle GETEUID;        // () -> int
    private static final MethodHandle GETEGID;        // () -> int

    /** {@code memfd_create} flag: the descriptor is not inherited by programs this JVM executes. */
    static final int MFD_CLOEXEC = 1;
    /** {@code open} flags (the same on x86-64 and aarch64). */
    static final int O_RDONLY = 0;
    static final int O_CLOEXEC = 02000000;

    static {
        MethodHandle[] h = new MethodHandle[12];
        String reason = "";
        if (!Platform.current().isLinux()) {
            reason = "libc bindings are written for Linux; this is " + Platform.current();
        } else {
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                Linker.Option errno = Linker.Option.captureCallState("errno");
                h[0] = linker.downcallHandle(libc.find("clock_gettime").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS), Linker.Option.critical(false));
                h[1] = linker.downcallHandle(libc.find("clock_getres").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS), errno);
                h[2] = linker.downcallHandle(libc.find("adjtimex").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, ADDRESS), errno);
                h[3] = linker.downcallHandle(libc.find("getrusage").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS), errno);
                h[4] = linker.downcallHandle(libc.find("sched_getcpu").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT), errno);
                h[5] = linker.downcallHandle(libc.find("sched_getaffinity").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), errno);
                h[6] = linker.downcallHandle(libc.find("sched_setaffinity").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS), errno);
                // glibc before 2.27 has no memfd_create: without it only that call is unavailable
                h[7] = libc.find("memfd_create").map(f -> linker.downcallHandle(f,
                        FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), errno)).orElse(null);
                // open is variadic: the mode is its first variadic argument
                h[8] = linker.downcallHandle(libc.find("open").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), errno,
                        Linker.Option.firstVariadicArg(2));
                h[9] = linker.downcallHandle(libc.find("close").orElseThrow(),
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT), errno);
                h[10] = linker.downcallHandle(libc.find("geteuid").orElseThrow(), FunctionDescriptor.of(JAVA_INT));
                h[11] = linker.downcallHandle(libc.find("getegid").orElseThrow(), FunctionDescriptor.of(JAVA_INT));
            } catch (RuntimeException e) {
                h = new MethodHandle[12];
                reason = "libc bindings could not be created: " + e;
            }
        }
        CLOCK_GETTIME = h[0];
        CLOCK_GETRES = h[1];
        ADJTIMEX = h[2];
        GETRUSAGE = h[3];
        SCHED_GETCPU = h[4];
        SCHED_GETAFFINITY = h[5];
        SCHED_SETAFFINITY = h[6];
        MEMFD_CREATE = h[7];
        OPEN = h[8];
        CLOSE = h[9];
        GETEUID = h[10];
        GETEGID = h[11];
        UNAVAILABLE_REASON = reason;
    }

    private Libc() {
    }

    public static boolean isAvailable() {
        return CLOCK_GETTIME != null;
    }

    /** Why the bindings are not available; empty when they are. */
    public static String unavailableReason() {
        return UNAVAILABLE_REASON;
    }

    /** A failed libc call: the function, its errno and what that means. */
    public static final class LibcException extends Exception {
        private final int errno;

        LibcException(String function, int errno) {
            super(function + " failed with errno " + errno + " (" + ErrnoNames.describe(errno) + ")");
            this.errno = errno;
        }

        public int errno() {
            return errno;
        }
    }

    private static void requireAvailable() throws LibcException {
        if (!isAvailable()) {
            throw new LibcException("libc", 38 /* ENOSYS */);
        }
    }

    /** {@code clock_gettime(clockId)} in nanoseconds, into a caller-provided timespec segment. */
    public static long clockGettimeNanos(int clockId, MemorySegment timespec) {
        try {
            int rc = (int) CLOCK_GETTIME.invokeExact(clockId, timespec);
            if (rc != 0) {
                return Long.MIN_VALUE;
            }
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        return timespec.get(JAVA_LONG, 0) * 1_000_000_000L + timespec.get(JAVA_LONG, 8);
    }

    /** A libc call made with a confined arena and an errno capture segment. */
    @FunctionalInterface
    private interface Call<T> {
        T run(Arena arena, MemorySegment errno) throws Throwable;
    }

    private static <T> T call(Call<T> call) throws LibcException {
        requireAvailable();
        try (Arena arena = Arena.ofConfined()) {
            return call.run(arena, arena.allocate(ERRNO_LAYOUT));
        } catch (LibcException e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    private static LibcException failed(String function, MemorySegment errno) {
        return new LibcException(function, (int) ERRNO.get(errno, 0L));
    }

    /** {@code clock_getres(clockId)} in nanoseconds. */
    public static long clockGetresNanos(int clockId) throws LibcException {
        return call((arena, errno) -> {
            MemorySegment ts = arena.allocate(TIMESPEC);
            if ((int) CLOCK_GETRES.invokeExact(errno, clockId, ts) != 0) {
                throw failed("clock_getres(" + clockId + ")", errno);
            }
            return ts.get(JAVA_LONG, 0) * 1_000_000_000L + ts.get(JAVA_LONG, 8);
        });
    }

    /** Read-only {@code adjtimex} (modes = 0): the kernel's NTP state, changing nothing. */
    public static Adjtimex adjtimexReadOnly() throws LibcException {
        return call((arena, errno) -> {
            MemorySegment timex = arena.allocate(TIMEX_SIZE, 8); // zeroed: modes = 0 reads only
            int rc = (int) ADJTIMEX.invokeExact(errno, timex);
            if (rc < 0) {
                throw failed("adjtimex", errno);
            }
            return Adjtimex.parse(rc, timex.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
                    java.nio.ByteOrder.nativeOrder());
        });
    }

    /** User and system CPU time of the calling thread, in nanoseconds: {@code {user, system}}. */
    public static long[] threadCpuTimes() throws LibcException {
        return call((arena, errno) -> {
            MemorySegment usage = arena.allocate(RUSAGE_SIZE, 8);
            if ((int) GETRUSAGE.invokeExact(errno, RUSAGE_THREAD, usage) != 0) {
                throw failed("getrusage(RUSAGE_THREAD)", errno);
            }
            long user = usage.get(JAVA_LONG, 0) * 1_000_000_000L + usage.get(JAVA_LONG, 8) * 1_000L;
            long system = usage.get(JAVA_LONG, 16) * 1_000_000_000L + usage.get(JAVA_LONG, 24) * 1_000L;
            return new long[] {user, system};
        });
    }

    /** The CPU the calling thread runs on now. */
    public static int schedGetcpu() throws LibcException {
        return call((arena, errno) -> {
            int cpu = (int) SCHED_GETCPU.invokeExact(errno);
            if (cpu < 0) {
                throw failed("sched_getcpu", errno);
            }
            return cpu;
        });
    }

    /** The calling thread's CPU affinity mask. */
    public static BitSet threadAffinity() throws LibcException {
        return call((arena, errno) -> {
            MemorySegment mask = arena.allocate(CPU_SET_SIZE, 8);
            if ((int) SCHED_GETAFFINITY.invokeExact(errno, 0, CPU_SET_SIZE, mask) != 0) {
                throw failed("sched_getaffinity", errno);
            }
            return BitSet.valueOf(mask.toArray(JAVA_LONG));
        });
    }

    /** Sets the calling thread's CPU affinity mask (pid 0 = this thread). */
    public static void setThreadAffinity(BitSet cpus) throws LibcException {
        call((arena, errno) -> {
            MemorySegment mask = arena.allocate(CPU_SET_SIZE, 8);
            long[] words = cpus.toLongArray();
            for (int i = 0; i < words.length && i < CPU_SET_SIZE / 8; i++) {
                mask.setAtIndex(JAVA_LONG, i, words[i]);
            }
            if ((int) SCHED_SETAFFINITY.invokeExact(errno, 0, CPU_SET_SIZE, mask) != 0) {
                throw failed("sched_setaffinity(" + cpus + ")", errno);
            }
            return null;
        });
    }

    /**
     * {@code O_NOFOLLOW}: the one {@code open} flag Chronoscope uses whose value differs between x86-64 and aarch64.
     */
    static int oNofollow() {
        return Platform.current().isAarch64() ? 0100000 : 0400000;
    }

    /** {@code memfd_create(name, MFD_CLOEXEC)}: the descriptor of a new anonymous file that lives in memory only. */
    public static int memfdCreate(String name) throws LibcException {
        if (MEMFD_CREATE == null) {
            throw new LibcException("memfd_create (not in this C library)", 38 /* ENOSYS */);
        }
        return call((arena, errno) -> {
            int fd = (int) MEMFD_CREATE.invokeExact(errno, arena.allocateFrom(name), MFD_CLOEXEC);
            if (fd < 0) {
                throw failed("memfd_create(" + name + ")", errno);
            }
            return fd;
        });
    }

    /**
     * {@code open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)}: a descriptor of the file itself, never
     * of what a symbolic link in its place would name.
     */
    public static int openReadOnlyNoFollow(String path) throws LibcException {
        return call((arena, errno) -> {
            int fd = (int) OPEN.invokeExact(errno, arena.allocateFrom(path), O_RDONLY | oNofollow() | O_CLOEXEC, 0);
            if (fd < 0) {
                throw failed("open(" + path + ", O_RDONLY | O_NOFOLLOW)", errno);
            }
            return fd;
        });
    }

    /** {@code close(fd)}. */
    public static void close(int fd) throws LibcException {
        call((arena, errno) -> {
            if ((int) CLOSE.invokeExact(errno, fd) != 0) {
                throw failed("close(" + fd + ")", errno);
            }
            return null;
        });
    }

    /** The effective user id of this process ({@code geteuid}, which cannot fail). */
    public static int effectiveUid() throws LibcException {
        return call((arena, errno) -> (int) GETEUID.invokeExact());
    }

    /** The effective group id of this process ({@code getegid}, which cannot fail). */
    public static int effectiveGid() throws LibcException {
        return call((arena, errno) -> (int) GETEGID.invokeExact());
    }
}
