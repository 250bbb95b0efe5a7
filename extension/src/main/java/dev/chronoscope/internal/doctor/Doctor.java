package dev.chronoscope.internal.doctor;

import dev.chronoscope.ClockId;
import dev.chronoscope.ProbeFloor;
import dev.chronoscope.TscFrequency;
import dev.chronoscope.internal.clock.ClockReader;
import dev.chronoscope.internal.clock.ClockReaders;
import dev.chronoscope.internal.clock.CpuNumbers;
import dev.chronoscope.internal.clock.TscReadPath;
import dev.chronoscope.internal.clock.ClockSurvey;
import dev.chronoscope.internal.clock.ClockUnavailableException;
import dev.chronoscope.internal.clock.TscCalibration;
import dev.chronoscope.internal.ffm.Libc;
import dev.chronoscope.internal.ffm.Platform;
import dev.chronoscope.internal.ffm.ProbeLibrary;
import dev.chronoscope.internal.host.Fact;
import dev.chronoscope.internal.host.HostFacts;
import dev.chronoscope.internal.host.HostFactsReader;
import dev.chronoscope.internal.host.HostFiles;
import dev.chronoscope.internal.host.CpuidSource;
import dev.chronoscope.internal.host.NtpSource;
import dev.chronoscope.internal.measure.ProbeWarmup;
import dev.chronoscope.internal.measure.Warmer;
import dev.chronoscope.internal.measure.Timings;

import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code Doctor} is used to measure every fact the doctor reports about this machine: the host facts,
 * the probe-path warm-up, the TSC calibration, the fenced-pair floor, every clock's survey and the
 * MONOTONIC − RAW drift, in that order, into a {@link DoctorReport}. It never throws: what cannot be
 * measured is an unknown fact with the reason.
 *
 * <p>{@link #main} and {@link #run(String[], PrintStream, PrintStream)} are the {@code doctor}
 * command; {@code chronoscope-junit-<version>.jar doctor} reaches them through
 * {@code dev.chronoscope.internal.cli.ChronoscopeMain}.
 */
public final class Doctor {

    public static final int EXIT_OK = 0;
    public static final int EXIT_USAGE = 2;

    /** Empty regions timed for the fenced-pair floor, as the extension's floor does. */
    public static final int FLOOR_SAMPLES = 10_000;
    /** The probe path's warm-up may take this long before the floor is read: the JIT's tiers settle well within. */
    static final long WARMUP_BUDGET_NANOS = 1_000_000_000L;
    /** The floor's samples may take this long: {@link #FLOOR_SAMPLES} empty regions fit many times over. */
    static final long FLOOR_BUDGET_NANOS = 1_000_000_000L;
    /** The drift window spans the calibration and the clock survey, and at least this much CLOCK_MONOTONIC_RAW time. */
    static final long DRIFT_WINDOW_NANOS = 200_000_000L;
    /** Brackets tried at each end of the drift window; the first ones run cold (interpreted downcalls). */
    static final int DRIFT_ATTEMPTS = 1_000;
    /** Calls of the drift bracket at the window's start, the narrowest kept: the first runs cold. */
    static final int DRIFT_START_ROUNDS = 5;
    /** Back-to-back bare TSC reads whose deltas' GCD shows the counter's visible granularity (~10 ms). */
    static final int GRANULARITY_READS = 1_000_000;

    private Doctor() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The {@code doctor} command: parses {@code args}, measures, prints; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        DoctorOptions options;
        try {
            options = DoctorOptions.parse(args);
        } catch (dev.chronoscope.internal.args.CommandLine.InvalidOptionException e) {
            err.println("chronoscope doctor: " + e.getMessage());
            err.print(DoctorOptions.USAGE);
            return EXIT_USAGE;
        }
        if (options.help()) {
            out.print(DoctorOptions.USAGE);
            return EXIT_OK;
        }
        DoctorReport report = run(options);
        out.print(options.json() ? DoctorJson.write(report) + "\n" : DoctorText.render(report));
        out.flush();
        return EXIT_OK;
    }

    /** Measures everything; takes a few seconds (see {@link DoctorOptions}). */
    public static DoctorReport run(DoctorOptions options) {
        Instant measuredAt = Instant.now();
        long start = System.nanoTime();
        DoctorReport.Environment environment = environment();
        HostFacts host = hostFacts();

        Fact<TscReadPath> readPath = fact("choosing the TSC read path", () -> {
            TscReadPath path = TscReadPath.ofThisHost(TscReadPath.Preference.ofSystemProperty());
            return Fact.of(path, path.why());
        });
        Fact<ClockReader> fenced = readPath.flatMap(path -> fact("opening TSC_FENCED",
                () -> Fact.of(ClockReaders.open(ClockId.TSC_FENCED, path), "ClockReaders")));
        // first, while the probe path is cold, so the report shows what a cold JVM needs
        Fact<ProbeWarmup> warmup = fenced.flatMap(reader -> fact("warm-up", () -> Fact.of(
                Warmer.warmProbePath(reader, WARMUP_BUDGET_NANOS),
                "Warmer.warmProbePath: rounds of empty regions until the medians settle and the JIT is quiet")));
        // the drift window spans the calibration and the clock survey: no extra time, and the longer
        // the window, the less the reads' own width weighs
        Fact<DriftEnd> driftStart = fact("reading CLOCK_MONOTONIC and CLOCK_MONOTONIC_RAW", Doctor::driftStart);
        Fact<TscCalibration> calibration = fact("TSC calibration",
                () -> {
                    TscCalibration c = TscCalibration.calibrate();
                    return Fact.of(c, c.method());
                });
        TscFrequency frequency = calibration.map(c -> new TscFrequency(c.hz(), c.uncertaintyPpm(), c.method())).value();
        Fact<ProbeFloor> floor = fenced.flatMap(reader -> fact("fenced-pair floor", () -> Fact.of(
                Timings.measureFloor(reader, FLOOR_SAMPLES, FLOOR_BUDGET_NANOS, frequency).floor(),
                "Timings.measureFloor: " + FLOOR_SAMPLES + " empty regions through RegionLoop after the warm-up")));
        Fact<DoctorReport.Granularity> granularity = fact("TSC granularity", Doctor::granularity);
        Fact<CpuNumbers> cpuNumbers = fenced.flatMap(reader -> fact("checking CPU numbers on each CPU",
                () -> Fact.of(CpuNumbers.check(reader),
                "pinned to each CPU of the thread's affinity in turn, one region read there")));

        List<ClockRow> clocks = survey(options, calibration.map(c -> 1e9 / c.hz()));
        Fact<DoctorReport.Drift> drift = driftStart.flatMap(a -> fact("measuring the drift", () -> drift(a)));
        return new DoctorReport(measuredAt, environment, options, clocks, host, calibration, warmup, floor, granularity,
                drift, System.nanoTime() - start, readPath, cpuNumbers);
    }

    /** The host's facts; {@link HostFactsReader} does not throw, but if CPUID or NTP did, the rest is still read. */
    static HostFacts hostFacts() {
        try {
            return HostFactsReader.read();
        } catch (RuntimeException | LinkageError e) {
            String reason = "reading failed: " + message(e);
            return HostFactsReader.read(HostFiles.system(), CpuidSource.unavailable(reason),
                    NtpSource.unavailable(reason));
        }
    }

    /**
     * Surveys every clock: each at least {@link DoctorOptions#minNanosPerClock()} and at most
     * {@link DoctorOptions#maxNanosPerClock()}, but never so long that the clocks still to come could
     * not get their minimum within {@link DoctorOptions#surveyBudgetNanos()}.
     */
    static List<ClockRow> survey(DoctorOptions options, Fact<Double> tickNanos) {
        ClockId[] ids = ClockId.values();
        List<ClockRow> rows = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < ids.length; i++) {
            ClockId id = ids[i];
            long used = System.nanoTime() - start;
            long reserve = (long) (ids.length - 1 - i) * options.minNanosPerClock();
            long max = Math.max(options.minNanosPerClock(),
                    Math.min(options.maxNanosPerClock(), options.surveyBudgetNanos() - used - reserve));
            try {
                rows.add(ClockRow.of(ClockSurvey.survey(id, options.reads(), options.minNanosPerClock(), max),
                        tickNanos));
            } catch (RuntimeException | LinkageError e) {
                rows.add(ClockRow.unavailable(id, "reading it failed: " + message(e)));
            }
        }
        return rows;
    }

    /** One end of the drift window: CLOCK_MONOTONIC read between two CLOCK_MONOTONIC_RAW reads. */
    record DriftEnd(long monotonic, double rawMidpoint, long rawWidth) {
    }

    /**
     * Of {@link #DRIFT_ATTEMPTS} brackets RAW, MONOTONIC, RAW, the narrowest; MONOTONIC is paired with RAW's midpoint.
     */
    static Fact<DriftEnd> driftEnd() {
        if (!Libc.isAvailable()) {
            return Fact.unknown("libc not available: " + Libc.unavailableReason());
        }
        int mono = ClockId.CLOCK_MONOTONIC.posixClockId().getAsInt();
        int raw = ClockId.CLOCK_MONOTONIC_RAW.posixClockId().getAsInt();
        MemorySegment ts = Arena.ofAuto().allocate(Libc.TIMESPEC);
        DriftEnd best = null;
        for (int i = 0; i < DRIFT_ATTEMPTS; i++) {
            long r0 = Libc.clockGettimeNanos(raw, ts);
            long m = Libc.clockGettimeNanos(mono, ts);
            long r1 = Libc.clockGettimeNanos(raw, ts);
            if (r0 == Long.MIN_VALUE || m == Long.MIN_VALUE || r1 == Long.MIN_VALUE) {
                return Fact.unknown("clock_gettime(CLOCK_MONOTONIC or CLOCK_MONOTONIC_RAW) failed");
            }
            if (r1 >= r0 && (best == null || r1 - r0 < best.rawWidth())) {
                best = new DriftEnd(m, r0 + (r1 - r0) / 2.0, r1 - r0);
            }
        }
        return best == null ? Fact.unknown("CLOCK_MONOTONIC_RAW ran backwards in every bracket")
                : Fact.of(best, "clock_gettime");
    }

    /**
     * The start of the drift window: the narrowest of {@link #DRIFT_START_ROUNDS} calls of
     * {@link #driftEnd()}, since the first run cold (class initialisation, interpreted downcalls) and
     * brackets several times wider than the later ones.
     */
    static Fact<DriftEnd> driftStart() {
        Fact<DriftEnd> best = driftEnd();
        for (int i = 1; i < DRIFT_START_ROUNDS && best.isKnown(); i++) {
            Fact<DriftEnd> next = driftEnd();
            if (next.isKnown() && next.get().rawWidth() < best.get().rawWidth()) {
                best = next;
            }
        }
        return best;
    }

    /** The drift from {@code start} to now, waiting until the window is at least {@link #DRIFT_WINDOW_NANOS}. */
    static Fact<DoctorReport.Drift> drift(DriftEnd start) {
        Fact<DriftEnd> end;
        do {
            Thread.onSpinWait();
            end = driftEnd();
        } while (end.isKnown() && end.get().rawMidpoint() - start.rawMidpoint() < DRIFT_WINDOW_NANOS);
        return end.flatMap(e -> {
            double rawDelta = e.rawMidpoint() - start.rawMidpoint();
            double ppm = ((e.monotonic() - start.monotonic()) - rawDelta) / rawDelta * 1e6;
            double uncertainty = (start.rawWidth() + e.rawWidth()) / 2.0 / rawDelta * 1e6;
            String method = String.format(Locale.ROOT,
                    "(ΔMONOTONIC − ΔRAW) / ΔRAW from before the TSC calibration to after the clock survey; each end the"
                            + " narrowest of %,d brackets RAW, MONOTONIC, RAW (± = half the brackets' widths / window)",
                    DRIFT_ATTEMPTS);
            return Fact.of(new DoctorReport.Drift(ppm, uncertainty, Math.round(rawDelta), method), method);
        });
    }

    /** The GCD of {@link #GRANULARITY_READS} back-to-back bare TSC deltas. */
    static Fact<DoctorReport.Granularity> granularity() throws ClockUnavailableException {
        ClockReader tsc = ClockReaders.open(ClockId.TSC);
        long gcd = 0;
        long prev = tsc.begin();
        for (int i = 0; i < GRANULARITY_READS; i++) {
            long cur = tsc.begin();
            long delta = cur - prev;
            if (delta != 0) {
                gcd = gcd(gcd, Math.abs(delta));
            }
            prev = cur;
        }
        if (gcd == 0) {
            return Fact.unknown("the TSC did not change in " + GRANULARITY_READS + " reads");
        }
        return Fact.of(new DoctorReport.Granularity(gcd, GRANULARITY_READS), String.format(Locale.ROOT,
                "greatest common divisor of %,d back-to-back %s deltas", GRANULARITY_READS, tsc.readMethod()));
    }

    static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    static DoctorReport.Environment environment() {
        String java = System.getProperty("java.runtime.version", "?") + " ("
                + System.getProperty("java.vm.vendor", "?") + ") | JIT "
                + dev.chronoscope.internal.measure.JitMode.current().describe();
        Fact<String> probe;
        try {
            probe = ProbeLibrary.isLoaded() ? Fact.of(ProbeLibrary.source(), "ProbeLibrary")
                    : Fact.unknown(ProbeLibrary.unavailableReason());
        } catch (RuntimeException | LinkageError e) {
            probe = Fact.unknown("the native probe's bindings are unusable: " + message(e));
        }
        return new DoctorReport.Environment(java, Platform.current().toString(), probe);
    }

    /** Runs {@code measure}; an exception becomes an unknown fact naming {@code what} and the exception. */
    private static <T> Fact<T> fact(String what, ThrowingSupplier<Fact<T>> measure) {
        try {
            return measure.get();
        } catch (ClockUnavailableException e) {
            return Fact.unknown(e.getMessage());
        } catch (Exception | LinkageError e) {
            return Fact.unknown(what + " failed: " + message(e));
        }
    }

    private static String message(Throwable e) {
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    @FunctionalInterface
    private interface ThrowingSupplier<T> {
        T get() throws Exception;
    }
}
