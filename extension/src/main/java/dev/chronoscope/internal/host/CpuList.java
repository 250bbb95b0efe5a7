package dev.chronoscope.internal.host;

import dev.chronoscope.internal.format.Text;

import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * A set of CPU numbers as the kernel prints them in sysfs ({@code 0-3,8,10-11}).
 *
 * @param cpus the CPU numbers, ascending, each once
 */
public record CpuList(List<Integer> cpus) {

    /** No CPUs (what an empty {@code isolated} file says). */
    public static final CpuList NONE = new CpuList(List.of());

    /** More CPUs than any Linux build supports (NR_CPUS is at most 8192): a malformed range, not a host. */
    static final int MAX_CPUS = 1 << 16;

    public CpuList {
        cpus = List.copyOf(new TreeSet<>(Objects.requireNonNull(cpus, "cpus")));
    }

    public static CpuList of(Integer... cpus) {
        return new CpuList(List.of(cpus));
    }

    /**
     * Parses a kernel CPU list; blank text is the empty list. Anything malformed gives an unknown
     * fact that quotes the text and says what is wrong, citing {@code source}.
     */
    public static Fact<CpuList> parse(String text, String source) {
        String trimmed = text.strip();
        if (trimmed.isEmpty()) {
            return Fact.of(NONE, source);
        }
        TreeSet<Integer> cpus = new TreeSet<>();
        for (String part : Text.split(trimmed, ',', -1)) {
            int dash = part.indexOf('-');
            int first;
            int last;
            try {
                if (dash < 0) {
                    first = last = Integer.parseInt(part);
                } else {
                    first = Integer.parseInt(part.substring(0, dash));
                    last = Integer.parseInt(part.substring(dash + 1));
                }
            } catch (NumberFormatException e) {
                return malformed(source, text, "'" + part + "' is not a CPU number or range");
            }
            if (first < 0 || last < 0) {
                return malformed(source, text, "'" + part + "' has a negative CPU number");
            }
            if (first > last) {
                return malformed(source, text, "range '" + part + "' runs backwards");
            }
            if (last >= MAX_CPUS) {
                return malformed(source, text, "CPU " + last + " is beyond any Linux build");
            }
            for (int cpu = first; cpu <= last; cpu++) {
                cpus.add(cpu);
            }
        }
        return Fact.of(new CpuList(List.copyOf(cpus)), source);
    }

    private static Fact<CpuList> malformed(String source, String text, String what) {
        return Fact.unknown(source + ": malformed CPU list " + HostParsers.quote(text) + ": " + what);
    }

    public int count() {
        return cpus.size();
    }

    public boolean isEmpty() {
        return cpus.isEmpty();
    }

    public boolean contains(int cpu) {
        return cpus.contains(cpu);
    }

    /** The kernel's notation ({@code 0-3,8}), or {@code none}. */
    @Override
    public String toString() {
        if (cpus.isEmpty()) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < cpus.size()) {
            int j = i;
            while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
                j++;
            }
            if (!b.isEmpty()) {
                b.append(',');
            }
            b.append(cpus.get(i));
            if (j > i) {
                b.append('-').append(cpus.get(j));
            }
            i = j + 1;
        }
        return b.toString();
    }
}
