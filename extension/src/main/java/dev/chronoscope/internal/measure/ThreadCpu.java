package dev.chronoscope.internal.measure;

import dev.chronoscope.internal.measure.check.OtherThreads;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CPU time of this JVM's other live Java threads, as HotSpot counts it
 * ({@code ThreadMXBean#getThreadCpuTime}), read around a sampling: a read costs about a microsecond
 * per thread, so never inside one. HotSpot's JIT compiler and GC threads are not Java threads here:
 * their work is the JIT and page-fault self-checks'.
 */
final class ThreadCpu {

    private static final com.sun.management.ThreadMXBean BEAN = bean();

    private ThreadCpu() {
    }

    private static com.sun.management.ThreadMXBean bean() {
        try {
            if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean b
                    && b.isThreadCpuTimeSupported() && b.isThreadCpuTimeEnabled()) {
                return b;
            }
        } catch (LinkageError | RuntimeException e) {
            // the jdk.management module is absent: nothing to read, and the check that reads it does not run
        }
        return null;
    }

    /**
     * The threads' CPU time at one moment: {@code ids[i]} had used {@code cpuNanos[i]}; the calling
     * thread's voluntary context switches ({@link ThreadSwitches#voluntary()}, -1 unread).
     */
    record Reading(long selfId, long[] ids, long[] cpuNanos, long selfWaits) {
    }

    /** Now; null where this JVM cannot count threads' CPU time. */
    static Reading read() {
        if (BEAN == null) {
            return null;
        }
        try {
            long[] ids = BEAN.getAllThreadIds();
            return new Reading(Thread.currentThread().threadId(), ids, BEAN.getThreadCpuTime(ids),
                    ThreadSwitches.voluntary());
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * What the other threads used from {@code before} to now (a thread started meanwhile counts whole,
     * one that ended meanwhile not at all), and the calling thread's waits; null where either reading failed.
     */
    private static Used between(Reading before, Reading now) {
        if (before == null || now == null) {
            return null;
        }
        Map<Long, Long> earlier = new HashMap<>();
        for (int i = 0; i < before.ids().length; i++) {
            earlier.put(before.ids()[i], before.cpuNanos()[i]);
        }
        long others = 0;
        List<ThreadUse> perThread = new ArrayList<>();
        for (int i = 0; i < now.ids().length; i++) {
            long id = now.ids()[i];
            long cpu = now.cpuNanos()[i];
            if (id == now.selfId() || cpu < 0) {
                continue;
            }
            long used = cpu - Math.max(0, earlier.getOrDefault(id, 0L));
            if (used > 0) {
                others += used;
                perThread.add(new ThreadUse(id, used));
            }
        }
        long waits = before.selfWaits() < 0 || now.selfWaits() < 0 ? -1 : now.selfWaits() - before.selfWaits();
        return new Used(others, List.copyOf(perThread), waits);
    }

    /**
     * Readings at the start of each part of a sampling (its two halves) and at its end, so that work
     * beside it for its whole length is told from a burst in one part. Owned by one sampling.
     */
    static final class Parts {
        private final Reading[] readings = new Reading[3];
        private final long[] at = new long[3];
        private int marked;

        /** A reading now: call at the start of each part and once at the end (outside the timed samples). */
        void mark() {
            if (marked < readings.length) {
                readings[marked] = read();
                at[marked] = System.nanoTime();
                marked++;
            }
        }

        /** Each part's use and wall time, in order; empty where a reading failed or fewer than two were made. */
        List<Part> parts() {
            List<Part> parts = new ArrayList<>();
            for (int i = 1; i < marked; i++) {
                Used used = between(readings[i - 1], readings[i]);
                if (used == null) {
                    return List.of();
                }
                parts.add(new Part(used, at[i] - at[i - 1]));
            }
            return List.copyOf(parts);
        }
    }

    /** What the other threads used over one part of a sampling, and the part's wall time. */
    record Part(Used used, long wallNanos) {
    }

    /**
     * CPU time used over a sampling's part by the other threads, in all and each;
     * how often the calling thread gave up the CPU to wait meanwhile (voluntary context switches, -1 unread).
     */
    record Used(long othersNanos, List<ThreadUse> perThread, long selfWaits) {
    }

    /** The CPU time the thread {@code id} used over a part of a sampling. */
    record ThreadUse(long id, long nanos) {
    }

    /** {@code parts} as the work-beside check reads them; empty where they were not read. */
    static Optional<OtherThreads> otherThreads(List<Part> parts) {
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        List<OtherThreads.Part> read = parts.stream()
                .map(p -> new OtherThreads.Part(p.used().othersNanos(), p.wallNanos(), p.used().selfWaits())).toList();
        return Optional.of(new OtherThreads(read, n -> {
            Map<Long, String> names = names(parts);
            return () -> busiest(parts, n, names);
        }));
    }

    /**
     * The busiest {@code n} other threads over {@code parts} as {@code "name 12.3 ms"}, names read now (one ended
     * meanwhile: its id).
     */
    static String busiest(List<Part> parts, int n) {
        return busiest(parts, n, names(parts));
    }

    /**
     * The names of the threads in {@code parts}, read now (a thread that ended is left out): a note worded later names
     * them.
     */
    static Map<Long, String> names(List<Part> parts) {
        Map<Long, String> names = new HashMap<>();
        for (Part part : parts) {
            for (ThreadUse t : part.used().perThread()) {
                ThreadInfo info = BEAN == null || names.containsKey(t.id()) ? null : BEAN.getThreadInfo(t.id());
                if (info != null) {
                    names.put(t.id(), info.getThreadName());
                }
            }
        }
        return names;
    }

    /** {@link #busiest(List, int)}, the threads named by {@code names} (else by id). */
    static String busiest(List<Part> parts, int n, Map<Long, String> names) {
        // summed and sorted only here: a sampling reads the threads, a refusal names them
        Map<Long, Long> byThread = new HashMap<>();
        for (Part part : parts) {
            for (ThreadUse t : part.used().perThread()) {
                byThread.merge(t.id(), t.nanos(), Long::sum);
            }
        }
        List<Map.Entry<Long, Long>> busiestFirst = new ArrayList<>(byThread.entrySet());
        busiestFirst.sort(Map.Entry.<Long, Long>comparingByValue().reversed());
        StringBuilder text = new StringBuilder();
        for (Map.Entry<Long, Long> t : busiestFirst.subList(0, Math.min(n, busiestFirst.size()))) {
            String name = names.get(t.getKey());
            text.append(text.isEmpty() ? "" : ", ").append(name == null ? "thread " + t.getKey() : name)
                    .append(String.format(java.util.Locale.ROOT, " %.1f ms", t.getValue() / 1e6));
        }
        if (busiestFirst.size() > n) {
            text.append(", and ").append(busiestFirst.size() - n).append(" more");
        }
        return text.toString();
    }
}
