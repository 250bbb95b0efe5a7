package dev.chronoscope.internal.doctor;

import dev.chronoscope.internal.args.CommandLine;
import dev.chronoscope.internal.clock.ClockSurvey;

import java.util.Map;
import java.util.Set;

/**
 * {@code DoctorOptions} is used to say how the doctor measures and what it prints:
 * {@code [--json] [--reads N] [--quick] [--help]} (also {@code --reads=N}).
 *
 * <p>{@code --quick} reads each clock {@value #QUICK_READS} times within shorter time bounds (for
 * tests and a first look); {@code --reads N} sets the read count and wins over {@code --quick}'s.
 * Whatever the read count, each clock is read for at least {@link #minNanosPerClock()} and at most
 * {@link #maxNanosPerClock()}, and all clocks together for at most {@link #surveyBudgetNanos()}, so
 * the default run stays well under 10 s even where every read is a system call.
 *
 * @param json  print the JSON document instead of the text report
 * @param reads back-to-back reads per clock
 * @param quick the shorter time bounds of {@code --quick}
 * @param help  print the usage and measure nothing
 */
public record DoctorOptions(boolean json, long reads, boolean quick, boolean help) {

    /** Reads per clock by default (fewer cannot catch the finest steps: docs/reference/doctor.md). */
    public static final long DEFAULT_READS = 2_000_000;
    /** Reads per clock with {@code --quick}. */
    public static final long QUICK_READS = 200_000;
    /** The survey reads in blocks of 10,000; fewer reads say nothing about a clock's step. */
    public static final long MIN_READS = 10_000;
    /** A bound on {@code --reads}: more would survey one clock for minutes. */
    public static final long MAX_READS = 1_000_000_000;

    /** At least this long per clock, so the coarse clocks step often enough to count (25 ticks at HZ 250). */
    static final long MIN_NANOS_PER_CLOCK = ClockSurvey.MIN_NANOS;
    /** At most this long per clock, so a slow clock (a system call per read) keeps the survey short. */
    static final long MAX_NANOS_PER_CLOCK = ClockSurvey.MAX_NANOS;
    /** The whole survey's time: a few clocks at their longest, so the doctor ends in seconds. */
    static final long SURVEY_BUDGET_NANOS = 6_000_000_000L;
    /** {@code --quick}: 50 ms still shows 5 ticks at HZ 100 and gives getrusage enough CPU time to judge. */
    static final long QUICK_MIN_NANOS_PER_CLOCK = 50_000_000L;
    /** {@code --quick}: a slow clock's share of a quick survey. */
    static final long QUICK_MAX_NANOS_PER_CLOCK = 500_000_000L;
    /** {@code --quick}: the whole survey's time, half the default's. */
    static final long QUICK_SURVEY_BUDGET_NANOS = 3_000_000_000L;

    public static final String USAGE = """
            usage: doctor [--json] [--reads N] [--quick]
              --json      print a JSON document (schema %s) instead of the text report
              --reads N   back-to-back reads per clock, %d..%d (default %d)
              --quick     %d reads per clock and shorter time bounds: a first look, or for tests
              each clock is read for at least %d ms and at most %d ms (--quick: %d..%d ms),
              all clocks together for at most %d s (--quick: %d s)
            """.formatted(DoctorReport.SCHEMA, MIN_READS, MAX_READS, DEFAULT_READS, QUICK_READS,
            MIN_NANOS_PER_CLOCK / 1_000_000, MAX_NANOS_PER_CLOCK / 1_000_000,
            QUICK_MIN_NANOS_PER_CLOCK / 1_000_000, QUICK_MAX_NANOS_PER_CLOCK / 1_000_000,
            SURVEY_BUDGET_NANOS / 1_000_000_000, QUICK_SURVEY_BUDGET_NANOS / 1_000_000_000);

    public DoctorOptions {
        if (reads < MIN_READS || reads > MAX_READS) {
            throw new IllegalArgumentException("reads " + reads + " outside " + MIN_READS + ".." + MAX_READS);
        }
    }

    public static DoctorOptions defaults() {
        return new DoctorOptions(false, DEFAULT_READS, false, false);
    }

    /** {@code --quick}: what the tests run. */
    public static DoctorOptions quickOptions() {
        return new DoctorOptions(false, QUICK_READS, true, false);
    }

    public long minNanosPerClock() {
        return quick ? QUICK_MIN_NANOS_PER_CLOCK : MIN_NANOS_PER_CLOCK;
    }

    public long maxNanosPerClock() {
        return quick ? QUICK_MAX_NANOS_PER_CLOCK : MAX_NANOS_PER_CLOCK;
    }

    /** All clocks together are read for at most this long (each still gets its minimum). */
    public long surveyBudgetNanos() {
        return quick ? QUICK_SURVEY_BUDGET_NANOS : SURVEY_BUDGET_NANOS;
    }

    public static DoctorOptions parse(String... args) throws CommandLine.InvalidOptionException {
        boolean json = false;
        boolean quick = false;
        boolean help = false;
        Long reads = null;
        for (CommandLine.Option o : CommandLine.parse(args, Set.of("--json", "--quick", "--help", "-h"),
                Map.of("--reads", EXPECTED_READS), "--json, --reads N, --quick or --help")) {
            switch (o.name()) {
                case "--json" -> json = true;
                case "--quick" -> quick = true;
                case "--reads" -> reads = CommandLine.wholeNumber(o.name(), o.value(), MIN_READS, MAX_READS,
                        EXPECTED_READS);
                default -> help = true;
            }
        }
        long n = reads != null ? reads : quick ? QUICK_READS : DEFAULT_READS;
        return new DoctorOptions(json, n, quick, help);
    }

    private static final String EXPECTED_READS = "expected a number of reads per clock from "
            + MIN_READS + " to " + MAX_READS;
}
