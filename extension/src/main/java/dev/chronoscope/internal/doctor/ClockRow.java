package dev.chronoscope.internal.doctor;

import dev.chronoscope.ClockId;
import dev.chronoscope.internal.clock.ClockSurvey;
import dev.chronoscope.internal.clock.EffectiveResolution;
import dev.chronoscope.internal.clock.StepObservation;
import dev.chronoscope.internal.format.Format;
import dev.chronoscope.internal.host.Fact;

import java.util.Locale;
import java.util.Objects;

/**
 * {@code ClockRow} is used to hold what the doctor measured for one clock: one row of its clock table.
 *
 * <p>Figures are in the clock's own unit ({@link #unit()}: TSC ticks for the counter clocks,
 * nanoseconds for the others) and converted to nanoseconds with {@link #nanosPerUnit()}: 1 for the
 * nanosecond clocks, the calibrated tick length for the counters (unknown when the calibration could
 * not run, with its reason).
 *
 * @param id                the clock
 * @param readMethod        how it was read ({@code rdtsc (no fences)}, {@code clock_gettime(1) via FFM}, …); empty when
 * unavailable
 * @param advertised        the resolution the clock advertises, in its unit: {@code clock_getres}; 1 tick for the
 * counters
 * @param observation       what back-to-back reads showed; {@code null} when the clock could not be read
 * @param entersKernel      whether reads enter the kernel, decided by {@code getrusage(RUSAGE_THREAD)}
 * @param nanosPerUnit      nanoseconds per unit of the clock
 * @param unavailableReason why the clock could not be read; empty when it was
 */
public record ClockRow(ClockId id, String readMethod, Fact<Long> advertised, StepObservation observation,
                       Fact<Boolean> entersKernel, Fact<Double> nanosPerUnit, String unavailableReason) {

    public ClockRow {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(readMethod, "readMethod");
        Objects.requireNonNull(advertised, "advertised");
        Objects.requireNonNull(entersKernel, "entersKernel");
        Objects.requireNonNull(nanosPerUnit, "nanosPerUnit");
        Objects.requireNonNull(unavailableReason, "unavailableReason");
        if (observation == null && unavailableReason.isEmpty()) {
            throw new IllegalArgumentException(id
                    + ": a clock without observation needs the reason it could not be read");
        }
    }

    /** The row of a surveyed clock; {@code tickNanos} converts the counters' ticks (ignored for nanosecond clocks). */
    public static ClockRow of(ClockSurvey.ClockReport report, Fact<Double> tickNanos) {
        Fact<Double> nanosPerUnit = report.clock().countsTicks() ? tickNanos
                : Fact.of(1.0, "the clock counts nanoseconds");
        return new ClockRow(report.clock(), report.readMethod(), report.advertisedNanos(), report.observation(),
                report.entersKernel(), nanosPerUnit, report.unavailableReason());
    }

    /** A clock that could not be read, for {@code reason}. */
    public static ClockRow unavailable(ClockId id, String reason) {
        return new ClockRow(id, "", Fact.unknown(reason), null, Fact.unknown(reason), Fact.unknown(reason), reason);
    }

    public boolean available() {
        return observation != null;
    }

    /** {@code ticks} or {@code ns}. */
    public String unit() {
        return id.countsTicks() ? "ticks" : "ns";
    }

    /** Reads made; 0 when unavailable. */
    public long reads() {
        return observation == null ? 0 : observation.reads();
    }

    /** The advertised resolution in nanoseconds. */
    public Fact<Double> advertisedNs() {
        return times(advertised.map(Long::doubleValue), nanosPerUnit);
    }

    /** The smallest positive difference between back-to-back reads, in the clock's unit. */
    public Fact<Long> observedStep() {
        if (observation == null) {
            return Fact.unknown(unavailableReason);
        }
        if (observation.smallestStep() <= 0) {
            return Fact.unknown(String.format(Locale.ROOT, "the value never increased in %,d reads over %.0f ms",
                    observation.reads(), observation.elapsedNanos() / 1e6));
        }
        return Fact.of(observation.smallestStep(), String.format(Locale.ROOT,
                "smallest positive difference of %,d back-to-back reads", observation.reads()));
    }

    public Fact<Double> observedStepNs() {
        return times(observedStep().map(Long::doubleValue), nanosPerUnit);
    }

    /**
     * The clock's effective resolution from its back-to-back reads: the quantum nearly all
     * differences between readings are multiples of ({@link EffectiveResolution}), which the
     * verdicts and assertions use — not the smallest difference, not the read cost.
     */
    public Fact<EffectiveResolution> effectiveResolution() {
        if (observation == null) {
            return Fact.unknown(unavailableReason);
        }
        EffectiveResolution r = EffectiveResolution.of(observation, unit());
        return r.isKnown() ? Fact.of(r, r.describe()) : Fact.unknown(r.describe());
    }

    /** The quantum of {@link #effectiveResolution()} in nanoseconds. */
    public Fact<Double> effectiveResolutionNs() {
        return times(effectiveResolution().map(EffectiveResolution::quantum), nanosPerUnit);
    }

    /**
     * An amount in the row's unit: a duration, or ticks with their duration when the tick is known:
     * {@code 4 ms}, {@code 24.45 ticks (10.00 ns)}.
     */
    static String inUnit(double amount, ClockRow row) {
        if (!row.id().countsTicks()) {
            return Format.duration(amount);
        }
        String ticks = Format.quantum(amount) + (amount == 1 ? " tick" : " ticks");
        return row.nanosPerUnit().map(n -> ticks + " (" + Format.duration(amount * n) + ")").orElse(ticks);
    }

    /** Share of reads whose value differed from the previous read. */
    public Fact<Double> changedFraction() {
        return observation == null ? Fact.unknown(unavailableReason)
                : Fact.of(observation.changedFraction(), String.format(Locale.ROOT, "%,d of %,d reads changed",
                        observation.changes(), observation.reads()));
    }

    /**
     * True when the clock changed on at least {@value StepObservation#METHOD_FLOOR_CHANGE_RATE} of
     * the reads: the observed step is then the reading loop's period, and the clock is finer.
     */
    public Fact<Boolean> stepIsMethodFloor() {
        return observedStep().flatMap(step -> Fact.of(observation.stepIsMethodFloor(), String.format(Locale.ROOT,
                "%.1f %% of reads changed (method floor at >= %.0f %%)", 100 * observation.changedFraction(),
                100 * StepObservation.METHOD_FLOOR_CHANGE_RATE)));
    }

    /** Mean wall time per read (System.nanoTime around the loop, loop overhead included). */
    public Fact<Double> costNs() {
        return observation == null ? Fact.unknown(unavailableReason)
                : Fact.of(observation.nanosPerRead(), String.format(Locale.ROOT,
                        "wall time of %,d back-to-back reads / reads (loop compare and branch included)",
                        observation.reads()));
    }

    /** Share of the reading thread's CPU time spent in the kernel while reading. */
    public Fact<Double> systemTimeFraction() {
        if (observation == null) {
            return Fact.unknown(unavailableReason);
        }
        if (observation.systemNanos() < 0) {
            return Fact.unknown("getrusage(RUSAGE_THREAD) could not be read");
        }
        return Fact.of(observation.systemFraction(), "getrusage(RUSAGE_THREAD) before and after the loop");
    }

    /** {@code a × b} when both are known; otherwise unknown with the first missing one's reason. */
    static Fact<Double> times(Fact<Double> a, Fact<Double> b) {
        if (!a.isKnown()) {
            return Fact.unknown(a.source());
        }
        if (!b.isKnown()) {
            return Fact.unknown(b.source());
        }
        return Fact.of(a.get() * b.get(), a.source());
    }
}
