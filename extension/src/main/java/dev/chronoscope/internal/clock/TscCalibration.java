package dev.chronoscope.internal.clock;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.ffm.Libc;
import dev.chronoscope.internal.ffm.ProbeLibrary;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The counter's frequency, measured against CLOCK_MONOTONIC_RAW (the hardware clock without NTP
 * correction) over several windows, with the windows' disagreement as the uncertainty. The same
 * windows measure CLOCK_MONOTONIC against CLOCK_MONOTONIC_RAW, i.e. the NTP frequency correction
 * actually applied while calibrating.
 *
 * @param hz                   mean of the windows' frequencies
 * @param uncertaintyPpm       the larger of the windows' spread (max − min) and the bound the
 *                             reads' own width puts on one window, in parts per million
 * @param windowHz             each window's frequency
 * @param windowNanos          the length of each window (CLOCK_MONOTONIC_RAW)
 * @param monotonicRawDriftPpm (ΔMONOTONIC − ΔRAW) / ΔRAW over all windows, in ppm
 * @param elapsedNanos         time the calibration took
 */
public record TscCalibration(double hz, double uncertaintyPpm, List<Double> windowHz, long windowNanos,
                             double monotonicRawDriftPpm, long elapsedNanos) {

    public static final int DEFAULT_WINDOWS = 2;
    public static final long DEFAULT_WINDOW_NANOS = 100_000_000L;
    private static final int RAW = ClockId.CLOCK_MONOTONIC_RAW.posixClockId().getAsInt();
    private static final int MONOTONIC = ClockId.CLOCK_MONOTONIC.posixClockId().getAsInt();

    public TscCalibration {
        windowHz = List.copyOf(windowHz);
    }

    /** How the figure was obtained, in one line. */
    public String method() {
        return String.format(java.util.Locale.ROOT,
                "%d windows of %d ms against CLOCK_MONOTONIC_RAW; +-%.1f ppm = spread of windows or read width, "
                + "whichever is larger", windowHz.size(), windowNanos / 1_000_000, uncertaintyPpm);
    }

    /** Nanoseconds for a number of ticks at the calibrated frequency. */
    public double ticksToNanos(double ticks) {
        return ticks * 1e9 / hz;
    }

    public static TscCalibration calibrate() throws ClockUnavailableException {
        return calibrate(DEFAULT_WINDOWS, DEFAULT_WINDOW_NANOS);
    }

    public static TscCalibration calibrate(int windows, long windowNanos) throws ClockUnavailableException {
        if (windows < 2) {
            throw new IllegalArgumentException("at least two windows are needed to state an uncertainty, got "
                    + windows);
        }
        if (!ProbeLibrary.isLoaded()) {
            throw new ClockUnavailableException(ClockId.TSC_FENCED, "the native probe is not loaded: "
                    + ProbeLibrary.unavailableReason());
        }
        if (!Libc.isAvailable()) {
            throw new ClockUnavailableException(ClockId.CLOCK_MONOTONIC_RAW, Libc.unavailableReason());
        }
        long started = System.nanoTime();
        MemorySegment ts = Arena.ofAuto().allocate(Libc.TIMESPEC);
        // the frequency needs ordered counter reads, not CPU numbers: the path every x86-64 CPU can execute
        TscReadPath.Read read = ProbeLibrary.counterKind() == ProbeLibrary.COUNTER_CNTVCT
                ? TscReadPath.Read.CNTVCT : TscReadPath.Read.LFENCE;
        ClockReader counter = new TscLfenceReader(new TscReadPath(read, TscReadPath.CpuSource.NONE,
                "calibration: no CPU number needed"));
        // the first downcalls take milliseconds, and interpreted pairing code makes wide brackets:
        // warm the pairing before the windows: a cold first calibration is off (docs/evidence/host-measurements.md)
        for (int i = 0; i < 300; i++) {
            pairedRead(counter, ts);
        }
        List<Double> hz = new ArrayList<>();
        double widthBound = 0;
        long monoTotal = 0;
        long rawTotal = 0;
        for (int w = 0; w < windows; w++) {
            Paired a = pairedRead(counter, ts);
            while (Libc.clockGettimeNanos(RAW, ts) - a.raw < windowNanos) {
                Thread.onSpinWait();
            }
            Paired b = pairedRead(counter, ts);
            long rawDelta = b.raw - a.raw;
            hz.add((b.ticks - a.ticks) * 1e9 / rawDelta);
            widthBound = Math.max(widthBound, (a.widthTicks + b.widthTicks) / (b.ticks - a.ticks) * 1e6);
            monoTotal += b.monotonic - a.monotonic;
            rawTotal += rawDelta;
        }
        double mean = hz.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double spreadPpm = (Collections.max(hz) - Collections.min(hz)) / mean * 1e6;
        return new TscCalibration(mean, Math.max(spreadPpm, widthBound), hz, windowNanos,
                (monoTotal - rawTotal) / (double) rawTotal * 1e6, System.nanoTime() - started);
    }

    private record Paired(double ticks, long raw, long monotonic, long widthTicks) {
    }

    /**
     * Counter, RAW and MONOTONIC read as close together as possible: of several attempts, the one
     * whose bracketing counter reads are closest; the counter value is their midpoint. (The
     * midpoint sits between the two clock reads; the same offset at both ends cancels.)
     */
    private static Paired pairedRead(ClockReader counter, MemorySegment ts) {
        Paired best = null;
        long bestWidth = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 16; attempt++) {
            // both clock reads inside the counter bracket, in the same order at both ends of a
            // window, so the RAW-to-MONOTONIC gap cancels in the deltas
            long t0 = counter.begin();
            long raw = Libc.clockGettimeNanos(RAW, ts);
            long mono = Libc.clockGettimeNanos(MONOTONIC, ts);
            long t1 = counter.end();
            long width = t1 - t0;
            if (width > 0 && width < bestWidth) {
                bestWidth = width;
                best = new Paired(t0 + width / 2.0, raw, mono, width);
            }
        }
        if (best == null) {
            throw new IllegalStateException("the counter did not advance across 16 paired reads");
        }
        return best;
    }
}
