package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.ffm.Libc;
import dev.chronoscope.internal.host.Fact;

import java.util.ArrayList;
import java.util.List;

/**
 * Measures what each clock really does on this host: the resolution it advertises, the smallest
 * step back-to-back reads observe and how often reads changed (to tell the clock's step from the
 * reading method's floor), the cost per read, and whether reads enter the kernel, decided by the
 * system CPU time the reading thread accrues ({@code getrusage(RUSAGE_THREAD)}), not by a table.
 */
public final class ClockSurvey {

    /** Reads per clock (fewer cannot catch the finest steps: docs/reference/doctor.md). */
    public static final long DEFAULT_READS = 2_000_000;
    /** A clock is read at least this long, so coarse clocks change often enough to count. */
    public static final long MIN_NANOS = 100_000_000L;
    /** ...and at most this long, so a slow clock (a system call per read) keeps the survey short. */
    public static final long MAX_NANOS = 2_000_000_000L;
    /** At least this much CPU time must be accounted for the kernel-entry verdict to be trusted. */
    static final long MIN_ACCOUNTED_CPU_NANOS = 20_000_000L;
    /** Share of CPU time in the kernel above which reads are judged to enter it. */
    public static final double KERNEL_SYSTEM_FRACTION = 0.30;

    private ClockSurvey() {
    }

    /** One clock's survey result. Ticks for the counter clocks, nanoseconds for the others. */
    public record ClockReport(ClockId clock, String readMethod, Fact<Long> advertisedNanos,
                              StepObservation observation, Fact<Boolean> entersKernel, String unavailableReason) {

        public boolean available() {
            return unavailableReason.isEmpty();
        }
    }

    public static List<ClockReport> surveyAll(long reads) {
        List<ClockReport> reports = new ArrayList<>();
        for (ClockId clock : ClockId.values()) {
            reports.add(survey(clock, reads, MIN_NANOS, MAX_NANOS));
        }
        return reports;
    }

    public static ClockReport survey(ClockId clock, long reads, long minNanos, long maxNanos) {
        ClockReader reader;
        try {
            reader = ClockReaders.open(clock);
        } catch (ClockUnavailableException e) {
            return new ClockReport(clock, "", Fact.unknown(e.getMessage()), null,
                    Fact.unknown(e.getMessage()), e.getMessage());
        }
        observe(reader, 20_000, 0, Long.MAX_VALUE); // let the JIT compile the loop first
        StepObservation observation = observe(reader, reads, minNanos, maxNanos);
        return new ClockReport(clock, reader.readMethod(), advertised(clock), observation,
                entersKernel(observation), "");
    }

    static Fact<Long> advertised(ClockId clock) {
        if (clock.countsTicks()) {
            return Fact.of(1L, "a counter read returns whole ticks (1 tick advertised)");
        }
        if (clock == ClockId.NANO_TIME) {
            return Fact.unknown("System.nanoTime advertises no resolution (its unit is 1 ns)");
        }
        try {
            return Fact.of(Libc.clockGetresNanos(clock.posixClockId().getAsInt()), "clock_getres");
        } catch (Libc.LibcException e) {
            return Fact.unknown(e.getMessage());
        }
    }

    static Fact<Boolean> entersKernel(StepObservation o) {
        if (o.systemNanos() < 0) {
            return Fact.unknown("getrusage(RUSAGE_THREAD) could not be read");
        }
        long accounted = o.systemNanos() + o.userNanos();
        if (accounted < MIN_ACCOUNTED_CPU_NANOS) {
            return Fact.unknown(String.format(java.util.Locale.ROOT,
                    "only %.1f ms of CPU time accounted to the loop; too little to judge", accounted / 1e6));
        }
        return Fact.of(o.systemFraction() >= KERNEL_SYSTEM_FRACTION, String.format(
                "getrusage(RUSAGE_THREAD): %.0f %% of the loop's CPU time in the kernel (threshold %.0f %%)",
                100 * o.systemFraction(), 100 * KERNEL_SYSTEM_FRACTION));
    }

    /**
     * Reads {@code reader.begin()} back to back at least {@code reads} times and at least
     * {@code minNanos}, stopping after {@code maxNanos} whatever the count.
     */
    public static StepObservation observe(ClockReader reader, long reads, long minNanos, long maxNanos) {
        long[] cpuBefore = threadCpuTimes();
        long start = System.nanoTime();
        long prev = reader.begin();
        long smallest = Long.MAX_VALUE;
        long changes = 0;
        long done = 0;
        long elapsed;
        long[] differences = new long[StepObservation.RECORDED_DIFFERENCES];
        int recorded = 0;
        while (true) {
            for (int i = 0; i < 10_000; i++) {
                long cur = reader.begin();
                if (cur != prev) {
                    changes++;
                    long step = cur - prev;
                    if (step > 0 && step < smallest) {
                        smallest = step;
                    }
                    if (recorded < differences.length) {
                        differences[recorded++] = step;
                    }
                    prev = cur;
                }
            }
            done += 10_000;
            elapsed = System.nanoTime() - start;
            if ((done >= reads && elapsed >= minNanos) || elapsed >= maxNanos) {
                break;
            }
        }
        long[] cpuAfter = threadCpuTimes();
        long system = cpuBefore == null || cpuAfter == null ? -1 : cpuAfter[1] - cpuBefore[1];
        long user = cpuBefore == null || cpuAfter == null ? -1 : cpuAfter[0] - cpuBefore[0];
        return new StepObservation(done, changes, smallest == Long.MAX_VALUE ? 0 : smallest, elapsed, system, user,
                ReadingDifferences.ofFirst(differences, recorded));
    }

    private static long[] threadCpuTimes() {
        try {
            return Libc.threadCpuTimes();
        } catch (Libc.LibcException e) {
            return null;
        }
    }
}
