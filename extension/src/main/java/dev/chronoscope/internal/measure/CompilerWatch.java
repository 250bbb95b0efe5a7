package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.ffm.Libc;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Sees the JIT finish compiling one region's own code with its optimising compiler (C2), so that a
 * region's first warm-up need not wait for the whole JVM's JIT to fall quiet.
 *
 * <p>Why: a region class's first warm-up used to end only after no compilation at all had run in
 * the JVM for 20 ms. A JVM running JUnit compiles its own and the tests' code all along, so a first
 * timing waited long after the region's own code had been compiled. Ending at the C1 plateau
 * instead would be wrong: C1's code runs a region slower than C2's, steadily for many rounds, so
 * steady medians alone are no proof either (docs/evidence/costs.md).
 *
 * <p>How: between the calls of a warm-up's rounds ({@link Session#poll}), HotSpot's own counters
 * ({@link CompileCounters}) tell whether exactly one compilation finished since the last read and
 * whether it was a standard (not on-stack) compilation of the region's entry method; the compiler
 * threads' CPU clocks tell which compiler ran meanwhile. A compilation of the entry finished while
 * only C2's threads ran is C2's; so is one finished while both ran, once C1 was seen compiling the
 * entry alone before ({@link #compiledBy}). From there the warm-up may settle once its medians do, over rounds
 * all run after that compilation, while C2 stayed idle for the last round (nothing else of the
 * region, a callee compiled apart, waits for it). Anything less certain — two compilations between
 * rounds, both compilers busy before C1 was seen compiling the entry, no counters, no CPU clocks —
 * is no evidence, and the warm-up falls
 * back to waiting for the JIT's quiet.
 *
 * <p>One per JVM ({@link CompiledRegions}); its sessions are each confined to one warm-up.
 */
final class CompilerWatch {

    /** The compiler threads are listed again at most this often (HotSpot starts and stops them as load changes). */
    static final long RESCAN_NANOS = 200_000_000L;
    /** {@code sun.ci.lastType} of a standard compilation, as HotSpot counts it (2 is on-stack replacement). */
    private static final int STANDARD_COMPILE = 1;

    private final CompileCounters counters;
    private final String unavailableReason;
    private volatile CompilerThreads threads;
    /** The JIT's activity as the warm-ups' quiet rule reads it: this JVM's compiler threads. */
    private final JitActivity jit = new JitActivity(this);
    /** Timings between their region's warm-up and their last sample, which hold the thread list as it is. */
    private final java.util.concurrent.atomic.AtomicInteger holds = new java.util.concurrent.atomic.AtomicInteger();
    /**
     * Entry names spelled, by class and method: a region's is spelled at its warm-up's start and only
     * looked up at its samplings', which build no string (see {@link Deferred}).
     */
    private final Map<Class<?>, Map<String,
            byte[]>> spelled = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    private CompilerWatch(CompileCounters counters, String unavailableReason) {
        this.counters = counters;
        this.unavailableReason = unavailableReason;
    }

    /** This JVM's watch; one that sees nothing when the counters or the CPU clocks cannot be read. */
    static CompilerWatch open() {
        if (!Libc.isAvailable()) {
            return new CompilerWatch(null, "the compiler threads' CPU clocks need libc: " + Libc.unavailableReason());
        }
        CompileCounters.Opened opened = CompileCounters.open();
        return new CompilerWatch(opened.counters(), opened.unavailableReason());
    }

    /** HotSpot's compilation counters; null where the JVM keeps none ({@link #unavailableReason()}). */
    CompileCounters counters() {
        return counters;
    }

    /** The JVM's JIT activity reading ({@link JitActivity}). */
    JitActivity jit() {
        return jit;
    }

    /** Empty when the watch can see compilations; else why not. */
    String unavailableReason() {
        return unavailableReason;
    }

    /** Why a {@link #watch} session would see nothing in this JVM now; empty when it would see C2. */
    String whyUnwatched() {
        if (counters == null) {
            return unavailableReason;
        }
        return currentThreads().c2().length == 0 ? "no C2 compiler thread in this JVM (C1 only, or another compiler)"
                : "";
    }

    /**
     * A session for one warm-up of {@code target}'s {@code method} (HotSpot names it by class and
     * method name only); null when this watch sees nothing.
     */
    Session watch(Class<?> target, String method) {
        if (counters == null) {
            return null;
        }
        byte[] entry = entryOf(target, method); // spelled now, before the warm-up, for the samplings after it too
        CompilerThreads current = currentThreads();
        if (current.c2().length == 0) {
            return null; // no C2 (C1 only, or another compiler): nothing to see
        }
        return new Session(entry);
    }

    /** {@link #entryName}, spelled once per class and method. */
    byte[] entryOf(Class<?> target, String method) {
        return spelled.computeIfAbsent(target, t -> new java.util.concurrent.ConcurrentHashMap<>())
                .computeIfAbsent(method, m -> entryName(target, m));
    }

    /**
     * The class and method as HotSpot's counters spell them: the class's internal name, where a
     * hidden class (a lambda's, an inlined loop's copy) ends in {@code +0x…} rather than {@code /0x…}.
     */
    static byte[] entryName(Class<?> type, String method) {
        String name = type.getName();
        if (type.isHidden()) {
            int slash = name.lastIndexOf('/');
            name = name.substring(0, slash).replace('.', '/') + "+" + name.substring(slash + 1);
        } else {
            name = name.replace('.', '/');
        }
        return (name + " " + method).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * The compiler threads as last listed, listed again when that is older than {@link #RESCAN_NANOS}
     * and no timing holds the list ({@link #holdThreads}).
     */
    CompilerThreads currentThreads() {
        CompilerThreads current = threads;
        if (current == null || (holds.get() == 0 && System.nanoTime() - current.scannedAt() > RESCAN_NANOS)) {
            current = rescanThreads();
        }
        return current;
    }

    /**
     * Keeps the compiler threads as listed until closed (a thread that ended is still listed again): listing
     * reads files and parses their text, JDK code the region may share, which must not run between its
     * warm-up and its samples ({@link Deferred}).
     */
    Held holdThreads() {
        holds.incrementAndGet();
        java.util.concurrent.atomic.AtomicBoolean released = new java.util.concurrent.atomic.AtomicBoolean();
        return () -> {
            if (released.compareAndSet(false, true)) {
                holds.decrementAndGet();
            }
        };
    }

    /** A hold on the thread list, released once. */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /** The compiler threads listed now (a listed one ended). Listing takes ~40 file reads: not per round. */
    CompilerThreads rescanThreads() {
        CompilerThreads current = CompilerThreads.scan();
        threads = current;
        return current;
    }

    /**
     * The compiler threads' ids: C1's, C2's, and every compiler thread's (any other compiler's
     * too), from their names in {@code /proc/self/task}; none where there is no {@code /proc}.
     */
    record CompilerThreads(int[] c1, int[] c2, int[] all, long scannedAt) {
        static CompilerThreads scan() {
            List<Integer> c1 = new ArrayList<>();
            List<Integer> c2 = new ArrayList<>();
            List<Integer> all = new ArrayList<>();
            Path tasks = Path.of("/proc/self/task");
            try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
                for (Path task : threads) {
                    try {
                        String comm = Files.readString(task.resolve("comm"));
                        if (!comm.contains("CompilerThre")) {
                            continue;
                        }
                        int tid = Integer.parseInt(task.getFileName().toString());
                        all.add(tid);
                        if (comm.startsWith("C1 ")) {
                            c1.add(tid);
                        } else if (comm.startsWith("C2 ")) {
                            c2.add(tid);
                        }
                    } catch (IOException | NumberFormatException e) {
                        // the thread ended while we looked
                    }
                }
            } catch (IOException | RuntimeException e) {
                // no /proc: no threads, so no session and no CPU clocks to read
            }
            return new CompilerThreads(ints(c1), ints(c2), ints(all), System.nanoTime());
        }

        private static int[] ints(List<Integer> tids) {
            int[] ints = new int[tids.size()];
            for (int i = 0; i < ints.length; i++) {
                ints[i] = tids.get(i);
            }
            return ints;
        }
    }

    /** One warm-up's view; not thread-safe, closed when the warm-up ends. */
    final class Session implements AutoCloseable {
        private final byte[] entry;
        private final Arena arena = Arena.ofConfined();
        private final MemorySegment timespec = arena.allocate(Libc.TIMESPEC);
        private CompilerThreads watched;
        private long finished;
        private long c1Nanos;
        private long c2Nanos;
        private boolean c2Idle;
        private boolean valid;
        private int c2CompiledBefore = -1;
        /** Whether C1 was seen finishing a standard compilation of the entry in this session. */
        private boolean c1CompiledEntry;
        private long c2AtRoundEnd = -1;
        /**
         * Intervals between polls whose compilation of the entry no compiler could be named for (both ran, or it came
         * with others).
         */
        private int unattributed;

        private Session(byte[] entry) {
            this.entry = entry;
            reset();
        }

        /** Reads everything afresh: the first poll after this compares with now. */
        private void reset() {
            watched = currentThreads();
            finished = counters.finished();
            c1Nanos = cpuNanos(watched.c1(), timespec);
            c2Nanos = cpuNanos(watched.c2(), timespec);
            valid = c1Nanos >= 0 && c2Nanos >= 0;
            c2Idle = false;
        }

        /**
         * Called between the calls of a round (the shorter the interval, the rarer both compilers
         * run in it), {@code round} being the number of rounds finished before this one: notes
         * whether C2 finished a standard compilation of the entry since the last poll (the rounds
         * after this one then run its code only), and voids that evidence when the entry may have
         * been compiled again since.
         */
        void poll(int round) {
            if (!valid || System.nanoTime() - watched.scannedAt() > RESCAN_NANOS) {
                reset(); // threads may have come or gone: compare from now on
                return;
            }
            long nowFinished = counters.finished();
            long c1 = cpuNanos(watched.c1(), timespec);
            long c2 = cpuNanos(watched.c2(), timespec);
            if (c1 < 0 || c2 < 0) {
                reset();
                return;
            }
            long newCompiles = nowFinished - finished;
            boolean c1Ran = c1 != c1Nanos;
            boolean c2Ran = c2 != c2Nanos;
            if (newCompiles == 1 && counters.lastIs(entry)) {
                Compiler by = compiledBy(counters.lastType() == STANDARD_COMPILE, c1Ran, c2Ran, c1CompiledEntry);
                unattributed += by == Compiler.UNKNOWN ? 1 : 0;
                c1CompiledEntry |= by == Compiler.C1;
                c2CompiledBefore = by == Compiler.C2 ? round + 1 : -1;
            } else if (newCompiles > 1 && counters.lastIs(entry)) {
                unattributed++;
            }
            if (newCompiles > 1 && c2CompiledBefore >= 0) {
                // a compilation we could not see may have replaced the entry's code: no evidence
                c2CompiledBefore = -1;
            }
            finished = nowFinished;
            c1Nanos = c1;
            c2Nanos = c2;
        }

        /** Called at the end of each round, after a {@link #poll}: notes whether C2 ran during the round. */
        void endRound() {
            c2Idle = valid && c2Nanos == c2AtRoundEnd;
            c2AtRoundEnd = c2Nanos;
        }

        /**
         * How many intervals between polls ended with a compilation of the entry this session could not
         * attribute: both compilers ran, or other compilations finished in the same interval (a busy
         * host, where the warm-up falls back to the JIT's quiet).
         */
        int unattributed() {
            return unattributed;
        }

        /**
         * True when C2 compiled the entry before the last {@code rounds} of the {@code roundsRun}
         * rounds run, and did nothing during the last one.
         */
        boolean compiledByC2Before(int roundsRun, int rounds) {
            return c2CompiledBefore >= 0 && roundsRun - c2CompiledBefore >= rounds && c2Idle;
        }

        @Override
        public void close() {
            arena.close();
        }
    }

    /** Which compiler finished a compilation, as far as a watch can tell. */
    enum Compiler { C1, C2, UNKNOWN }

    /**
     * Which compiler finished the one standard compilation of the entry since the last poll. A
     * compilation ends on its compiler's thread, so one that finished while only one compiler's
     * threads ran was that compiler's. While both ran it was C2's only if C1 had already been seen
     * compiling the entry: tiered compilation takes a method from C1's code to C2's, so the next
     * standard compilation after C1's is C2's; where C1 was busy with other code when C2 finished,
     * the watch claims nothing and the warm-up falls back to the JIT's quiet. The exception, C1 compiling the entry
     * twice (a limited-profile compilation first, when C2's
     * queue is long), is held by what else settling needs: C2 idle over the last round, which it is
     * not while the entry waits for it, and medians near the lowest of the warm-up.
     */
    static Compiler compiledBy(boolean standard, boolean c1Ran, boolean c2Ran, boolean c1CompiledEntry) {
        if (!standard) {
            return Compiler.UNKNOWN; // on-stack replacement: not the code later calls run
        }
        if (c1Ran && !c2Ran) {
            return Compiler.C1;
        }
        if (c2Ran && (!c1Ran || c1CompiledEntry)) {
            return Compiler.C2;
        }
        return Compiler.UNKNOWN;
    }

    /**
     * The summed CPU time of threads {@code tids} (0 for none), {@code timespec} being a native buffer
     * of the caller's: from each thread's CPU-time clock where libc is bound (no garbage), else from
     * its {@code /proc/self/task/<tid>/schedstat}; -1 when one could not be read (it ended).
     */
    static long cpuNanos(int[] tids, MemorySegment timespec) {
        long sum = 0;
        for (int tid : tids) {
            long nanos = Libc.isAvailable() ? Libc.clockGettimeNanos(threadCpuClock(tid), timespec) : schedstat(tid);
            if (nanos == Long.MIN_VALUE || nanos < 0) {
                return -1;
            }
            sum += nanos;
        }
        return sum;
    }

    /**
     * The first field of the thread's {@code schedstat} (its CPU time in nanoseconds), parsed in place; -1 when
     * unreadable.
     */
    private static long schedstat(int tid) {
        byte[] schedstat;
        try {
            schedstat = Files.readAllBytes(Path.of("/proc/self/task", Integer.toString(tid), "schedstat"));
        } catch (IOException e) {
            return -1;
        }
        long value = 0;
        int i = 0;
        for (; i < schedstat.length && schedstat[i] >= '0' && schedstat[i] <= '9' && i < 19; i++) {
            value = value * 10 + (schedstat[i] - '0');
        }
        return i == 0 ? -1 : value;
    }

    /**
     * Linux's CPU-time clock of thread {@code tid} of this process (glibc's MAKE_THREAD_CPUCLOCK: scheduler time, per
     * thread).
     */
    static int threadCpuClock(int tid) {
        return (~tid << 3) | 6;
    }
}
