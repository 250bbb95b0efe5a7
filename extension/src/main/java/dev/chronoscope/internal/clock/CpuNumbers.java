package dev.chronoscope.internal.clock;

import dev.chronoscope.internal.ffm.Libc;

import java.util.BitSet;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The CPU numbers a reader reports, checked against the OS's: the thread pinned to each CPU of its
 * affinity mask in turn, one region read there. Agreement means a sample's two CPUs are the
 * numbers {@code taskset}, {@code sched_setaffinity} and {@code /proc} use, so a difference is a
 * migration of the thread.
 *
 * @param affinity  the thread's CPUs before the check (restored after it)
 * @param reported  per OS CPU the thread was pinned to, the begin and end CPU the reader reported
 * @param agrees    true when every CPU reported its own OS number at both ends
 */
public record CpuNumbers(BitSet affinity, SortedMap<Integer, int[]> reported, boolean agrees) {

    public CpuNumbers {
        affinity = (BitSet) affinity.clone();
        SortedMap<Integer, int[]> copy = new TreeMap<>();
        reported.forEach((cpu, pair) -> copy.put(cpu, pair.clone()));
        reported = java.util.Collections.unmodifiableSortedMap(copy);
    }

    /**
     * Pins the calling thread to each CPU of its affinity in turn and reads one region with
     * {@code reader} there; restores the affinity.
     *
     * @throws Libc.LibcException when the affinity cannot be read or set
     */
    public static CpuNumbers check(ClockReader reader) throws Libc.LibcException {
        Objects.requireNonNull(reader, "reader");
        BitSet previous = Libc.threadAffinity();
        SortedMap<Integer, int[]> seen = EachCpu.visit(previous, cpu -> {
            reader.begin();
            reader.end();
            return new int[] {reader.beginCpu(), reader.endCpu()};
        });
        boolean agrees = reader.reportsCpu()
                && seen.entrySet().stream().allMatch(e -> e.getValue()[0] == e.getKey()
                && e.getValue()[1] == e.getKey());
        return new CpuNumbers(previous, seen, agrees);
    }

    /** E.g. {@code CPU 0 read as 0, CPU 1 read as 1: the OS's numbers}. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<Integer, int[]> e : reported.entrySet()) {
            if (!b.isEmpty()) {
                b.append(", ");
            }
            int[] p = e.getValue();
            b.append("CPU ").append(e.getKey()).append(" read as ").append(name(p[0]));
            if (p[1] != p[0]) {
                b.append("..").append(name(p[1]));
            }
        }
        return b + (agrees ? ": the OS's numbers" : ": not the OS's numbers");
    }

    private static String name(int cpu) {
        return cpu == ClockReader.CPU_UNKNOWN ? "unknown" : String.valueOf(cpu);
    }
}
