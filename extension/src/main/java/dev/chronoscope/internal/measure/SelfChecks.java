package dev.chronoscope.internal.measure;

import dev.chronoscope.Timing;
import dev.chronoscope.TimingMode;

import java.util.Locale;
import java.util.Optional;

/**
 * The checks that can see a figure is not the region's steady cost, though the clock resolved it:
 * each returns the reason a figure is refused ({@link dev.chronoscope.Verdict#REFUSED}), naming the
 * check and its evidence, or nothing. "Beyond noise" is beyond {@link #RATIO} where a figure has no
 * interval of its own. What each caught is in docs/latency-and-throughput.md, "Self-checks".
 */
final class SelfChecks {

    /** Two figures without intervals differ beyond noise when one exceeds the other by this factor. */
    static final double RATIO = 1.25;
    /**
     * Page faults per sample from which a figure includes the kernel handing out fresh memory: one
     * first-touch fault cost 11-63 µs here, tens to thousands of calls' worth. Below it, a few
     * faults (the recorder's own array on its first write) move no percentile a claim reads.
     */
    static final double FAULTS_PER_SAMPLE = 0.01;
    static final long MIN_FAULTS = 3;

    private SelfChecks() {
    }

    /**
     * The page-fault check: {@code faults} minor faults of the measuring thread while it took
     * {@code samples} samples (-1 when they could not be read: nothing to check).
     */
    static Optional<String> pageFaults(long faults, long samples, int callsPerSample) {
        if (faults < 0 || samples <= 0 || faults < Math.max(MIN_FAULTS, FAULTS_PER_SAMPLE * samples)) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "self-check page faults: the kernel handed the thread %d fresh pages while"
                        + " it took %d samples (%s per call): the figure includes first-touch faults of memory the region or the"
                        + " heap's growth touched for the first time, not the region's steady cost (run the JVM with"
                        + " -XX:+AlwaysPreTouch and -Xms equal to -Xmx, or warm the region on the memory it uses)",
                faults, samples, perCall(faults, samples * (long) callsPerSample)));
    }

    /**
     * The back-to-back check: a throughput figure per call ({@code perCallNet}, net of its batch
     * floor) beyond noise above the same calls alone ({@code aloneNet}, one call between the
     * fenced reads, net of the latency floor), both in the clock's unit. Back to back, calls can
     * overlap, never cost more: more means the batch ran other code than the calls alone (seen
     * here: page faults, code the JIT had not finished).
     */
    static Optional<String> backToBackAboveAlone(Timing throughput, double perCallNet, double aloneNet, String unit) {
        if (throughput.mode() != TimingMode.THROUGHPUT || !(aloneNet > 0) || perCallNet <= RATIO * aloneNet) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "self-check back to back above alone: %s %s per call back to back (p50,"
                        + " %d calls per sample) is %.2fx the same calls alone (p50 %s %s net of %d single calls, timed right"
                        + " after), beyond the x%.2f that noise explains; calls back to back cannot cost more than alone"
                        + " unless the batch ran other code", Timings.format(perCallNet), unit, throughput.callsPerSample(),
                perCallNet / aloneNet, Timings.format(aloneNet), unit, BatchSizing.ALONE_SAMPLES, RATIO));
    }

    private static String perCall(long faults, long calls) {
        return calls <= 0 ? "?" : faults >= calls ? String.format(Locale.ROOT, "%.1f", faults / (double) calls)
                : "1 in " + Math.round(calls / (double) faults);
    }
}
