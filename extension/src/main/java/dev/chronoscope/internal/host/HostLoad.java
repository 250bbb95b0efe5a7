package dev.chronoscope.internal.host;

import dev.chronoscope.internal.format.Text;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The host's CPU time at one moment, for what other processes did while a test ran: the aggregate
 * {@code cpu} line of {@code /proc/stat} (all CPUs, in the kernel's clock ticks: user, nice, system,
 * idle, iowait, irq, softirq, steal) and this process's own user and system time from
 * {@code /proc/self/stat}, in the same ticks. Two readings give an {@link Interval}. A busy neighbour
 * slows a figure without changing the code; this records it as a fact beside the figure.
 *
 * @param totalTicks  every CPU's ticks, idle included (guest time is inside user)
 * @param idleTicks   idle and iowait
 * @param stealTicks  ticks the hypervisor ran something else while this guest wanted the CPU
 * @param selfTicks   this process's user and system ticks
 * @param cpus        the CPUs {@code /proc/stat} lists
 */
public record HostLoad(long totalTicks, long idleTicks, long stealTicks, long selfTicks, int cpus) {

    static final Path PROC_STAT = Path.of("/proc/stat");
    static final Path SELF_STAT = Path.of("/proc/self/stat");

    /** A reading now, or why there is none (the files absent, unreadable or not as Linux writes them). */
    public static Fact<HostLoad> read(HostFiles files) {
        Fact<String> stat = HostFactsReader.text(files, PROC_STAT.toString(), "file absent (not Linux)");
        Fact<String> self = HostFactsReader.text(files, SELF_STAT.toString(), "file absent (not Linux)");
        if (!stat.isKnown()) {
            return Fact.unknown(stat.unknownReason());
        }
        if (!self.isKnown()) {
            return Fact.unknown(self.unknownReason());
        }
        HostLoad load = parse(stat.get(), self.get());
        return load == null ? Fact.unknown("/proc/stat or /proc/self/stat not in the form Linux writes")
                : Fact.of(load, "/proc/stat, /proc/self/stat");
    }

    /** Parses {@code /proc/stat} and {@code /proc/self/stat}; null where either is not in the form Linux writes. */
    static HostLoad parse(String procStat, String selfStat) {
        long[] cpu = null;
        int cpus = 0;
        for (String line : Text.split(procStat, '\n')) {
            if (line.startsWith("cpu ")) {
                cpu = numbers(line.substring(4).strip());
            } else if (line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3))) {
                cpus++;
            }
        }
        // fields after the command (in parentheses, which may hold spaces): state is field 3, utime 14, stime 15
        int close = selfStat.lastIndexOf(')');
        if (cpu == null || cpu.length < 8 || cpus == 0 || close < 0) {
            return null;
        }
        String[] fields = Text.split(selfStat.substring(close + 1).strip(), ' ');
        if (fields.length < 13) {
            return null;
        }
        try {
            long self = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            long total = 0;
            for (int i = 0; i < 8; i++) {
                total += cpu[i];
            }
            return new HostLoad(total, cpu[3] + cpu[4], cpu[7], self, cpus);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static long[] numbers(String text) {
        List<String> parts = java.util.Arrays.stream(Text.split(text, ' ')).filter(p -> !p.isEmpty()).toList();
        long[] out = new long[parts.size()];
        try {
            for (int i = 0; i < out.length; i++) {
                out[i] = Long.parseLong(parts.get(i));
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return out;
    }

    /** What happened from {@code earlier} to this reading. */
    public Interval since(HostLoad earlier) {
        long total = totalTicks - earlier.totalTicks;
        long busy = total - (idleTicks - earlier.idleTicks);
        long self = selfTicks - earlier.selfTicks;
        long perCpu = cpus == 0 ? 0 : total / cpus;
        return new Interval(perCpu, Math.max(0, busy - self), self, stealTicks - earlier.stealTicks, total, cpus);
    }

    /**
     * The host's CPU use over an interval, in the kernel's clock ticks (10 ms at the usual 100 Hz).
     *
     * @param elapsedTicks the interval per CPU
     * @param othersTicks  busy ticks of every other process (and the kernel's work for them)
     * @param selfTicks    this process's ticks
     * @param stealTicks   ticks stolen by the hypervisor
     * @param totalTicks   every CPU's ticks
     * @param cpus         the CPUs
     */
    public record Interval(long elapsedTicks, long othersTicks, long selfTicks, long stealTicks, long totalTicks,
            int cpus) {

        /**
         * Other processes' CPU use in CPUs (1.0: one CPU busy throughout); NaN under {@link #MIN_TICKS}, too short to
         * tell.
         */
        public double othersCpus() {
            return elapsedTicks < MIN_TICKS ? Double.NaN : othersTicks / (double) elapsedTicks;
        }

        /** The share of all CPU time the hypervisor stole; NaN for an interval too short to tell. */
        public double stealShare() {
            return elapsedTicks < MIN_TICKS ? Double.NaN : stealTicks / (double) totalTicks;
        }

        /**
         * {@code other processes used 0.98 of 2 CPUs (over 1.23 s, /proc/stat in clock ticks); steal 0.0 %}, or why it
         * cannot be told.
         */
        public String describe() {
            if (elapsedTicks < MIN_TICKS) {
                return String.format(Locale.ROOT,
                        "not told: the test lasted %d clock tick%s of /proc/stat, under the %d it takes", elapsedTicks,
                        elapsedTicks == 1 ? "" : "s", MIN_TICKS);
            }
            return String.format(Locale.ROOT,
                    "other processes used %.2f of %d CPUs, this JVM %.2f (over %d clock ticks of"
                    + " /proc/stat); steal %.1f %%", othersCpus(), cpus, selfTicks / (double) elapsedTicks,
                    elapsedTicks,
                    100 * stealShare());
        }

        /** Fewer ticks per CPU than this say nothing: a tick is 10 ms, and a share of a few ticks is a guess. */
        public static final long MIN_TICKS = 5;
    }
}
