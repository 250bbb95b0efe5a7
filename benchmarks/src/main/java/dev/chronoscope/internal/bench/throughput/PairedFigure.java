package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.Outcome;
import dev.chronoscope.internal.report.Stalls;

import java.util.List;
import java.util.Locale;

/**
 * One workload's Chronoscope throughput figure with the JMH figure taken right before it ({@link PairedValidation}),
 * and the four claims decided on it against that figure. Figures in ns per call.
 *
 * @param round          the round, from 1
 * @param jmh            JMH's average time, one call per invocation (median iteration of one fork)
 * @param envelopeLow    the lowest of JMH's harness styles for this workload ({@link CorpusJmhStyles}), NaN where it has none
 * @param envelopeHigh   the highest of them, NaN where it has none
 * @param mean           Chronoscope's net mean per call, held against JMH's average
 * @param p50            its net median per call, what the claims are about
 * @param verdict        the timing's verdict
 * @param refusedBy      the ids of the self-checks that refused it, comma-separated; "-" where none did
 * @param slowdown       how much slower the core ran around the samples than the JVM's reference state; NaN unread
 * @param coreSlower     whether that slowdown is beyond the noise (recorded beside the figure)
 * @param unsettled      whether the region's warm-up did not settle (recorded beside the figure)
 * @param claims         the outcomes of {@link #CLAIMS}, in order
 * @param load           the 1-minute load average when the timing ended, then after slashes the CPUs other processes
 *                       used while it ran, the garbage collections while it sampled, its bytes per call, the paired
 *                       JMH fork's bytes per operation (its GC profiler) and the figure's first calls' bytes per call
 *                       and JMH's figure in one more fork right after the figure, then the core-speed reference's
 *                       slower reading around the figure's samples and around the paired JMH fork's measured
 *                       iterations, in ns per multiply-add
 *                       ({@code 1.12/0.98/1/232.0/232.1/304.0/53.2/0.71/0.96}; lines saved before they were read hold fewer parts)
 * @param reason         the verdict's reason, last on the line (it has spaces)
 */
record PairedFigure(String workload, int round, double jmh, double envelopeLow, double envelopeHigh, double mean,
                    double p50, String verdict, String refusedBy, double slowdown, boolean coreSlower, boolean unsettled,
                    List<Outcome> claims, String load, String reason) {

    /** The claims decided on every figure: two true by a 1.5x margin over JMH's figure, two false by as much. */
    static final List<String> CLAIMS = List.of("median < 1.5 x JMH", "median > JMH / 1.5", "median < JMH / 1.5",
            "median > 1.5 x JMH");
    /** How many of {@link #CLAIMS}, from the first, are true where JMH's figure is right. */
    static final int TRUE_CLAIMS = 2;
    /** The margin of the claims over JMH's figure. */
    static final double MARGIN = 1.5;

    private static final String TAG = "paired";
    private static final int FIELDS = 16;

    PairedFigure {
        if (claims.size() != CLAIMS.size()) {
            throw new IllegalArgumentException("a paired figure has " + CLAIMS.size() + " claim outcomes, got " + claims);
        }
        claims = List.copyOf(claims);
    }

    boolean resolved() {
        return verdict.equals("RESOLVED");
    }

    boolean refused() {
        return verdict.equals("REFUSED");
    }

    /** A condition recorded beside the figure that says why it may not be the region's settled cost on a quiet host. */
    boolean flagged() {
        return coreSlower || unsettled || collections() > 0 || stalled();
    }

    /** Whether the figure's section said its stalls: a mean {@link Stalls#MEAN_OVER_MEDIAN}x or more over its median. */
    boolean stalled() {
        return p50 > 0 && mean / p50 >= Stalls.MEAN_OVER_MEDIAN;
    }

    /** The CPUs other processes used while the timing ran, as its test's record says it; NaN where not read. */
    double othersCpus() {
        return loadPart(1);
    }

    /** Garbage collections while the samples were taken (they are in the mean, seldom the median); -1 where not read. */
    long collections() {
        double n = loadPart(2);
        return Double.isNaN(n) ? -1 : (long) n;
    }

    /** Bytes allocated per call in the figure's samples; NaN where not read (a JVM that removed an allocation reads 0). */
    double bytesPerCall() {
        return loadPart(3);
    }

    /** This figure with JMH's figure of one more fork right after it ({@link #jmhAfter()}). */
    PairedFigure withJmhAfter(double nanos) {
        String[] parts = load.split("/", -1);
        List<String> kept = new java.util.ArrayList<>();
        for (int i = 0; i < Math.max(7, parts.length); i++) {
            kept.add(i == 6 ? Double.toString(nanos) : i < parts.length ? parts[i] : "NaN");
        }
        return new PairedFigure(workload, round, jmh, envelopeLow, envelopeHigh, mean, p50, verdict, refusedBy, slowdown, coreSlower,
                unsettled, claims, String.join("/", kept), reason);
    }

    /** The core-speed reference's slower reading around the figure's samples, ns per multiply-add; NaN where not read. */
    double nsPerStep() {
        return loadPart(7);
    }

    /** The same around the paired JMH fork's measured iterations ({@link CoreSpeedLog}); NaN where not read. */
    double jmhNsPerStep() {
        return loadPart(8);
    }

    /**
     * Whether the figure and its paired JMH fork ran in different states of the host: their core-speed readings lie
     * more than {@link dev.chronoscope.CoreSpeedState#NOISE}x apart, further than one state's readings spread and as far as
     * the host's states lie (code slows by more between them, docs/evidence/real-library-code.md), so the fork is not the
     * figure's reference in the same state.
     */
    boolean otherStateThanJmh() {
        double a = nsPerStep();
        double b = jmhNsPerStep();
        return a > 0 && b > 0 && Math.max(a, b) / Math.min(a, b) > dev.chronoscope.CoreSpeedState.NOISE;
    }

    /**
     * JMH's figure of the method in one more run: the fork right after Chronoscope's JVM, or for a workload JMH times
     * inside Chronoscope's JVM its run right before the figure (the reference being the run after); NaN where not taken.
     */
    double jmhAfter() {
        return loadPart(6);
    }

    /**
     * Whether JMH's forks right before and right after this figure disagree by more than {@value #REFERENCE_MOVED}x:
     * the host's state moved during the pairing, and neither fork is the figure's reference.
     */
    boolean referenceMoved() {
        double after = jmhAfter();
        return Double.isFinite(after) && Double.isFinite(jmh) && Math.abs(Math.log(after / jmh)) > Math.log(REFERENCE_MOVED);
    }

    /** How far apart JMH's two forks of one pairing may read and still be one reference. */
    static final double REFERENCE_MOVED = 1.25;

    /** The paired JMH fork's bytes per operation, by its GC profiler; NaN where not counted. */
    double jmhBytesPerOp() {
        return loadPart(4);
    }

    /**
     * Whether the paired JMH fork's JVM ran other code than this figure's: its bytes per operation differ from the
     * figure's bytes per call by more than {@value #OTHER_CODE_BYTES} B and 5 %, as when C2's escape analysis removed
     * more of the same method in one JVM than in the other; then neither figure is the other's reference.
     */
    boolean otherCodeThanJmh() {
        double a = bytesPerCall();
        double b = jmhBytesPerOp();
        return Double.isFinite(a) && Double.isFinite(b) && Math.abs(a - b) > Math.max(OTHER_CODE_BYTES, 0.05 * Math.max(a, b));
    }

    /** Bytes per call two JVMs' figures of the same code may differ by (JMH counts its Blackhole's and loop's share). */
    static final double OTHER_CODE_BYTES = 8;

    private double loadPart(int i) {
        String[] parts = load.split("/");
        try {
            return parts.length <= i ? Double.NaN : Double.parseDouble(parts[i]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Whether other processes kept at least half a CPU busy while it ran: the host's load, recorded beside the figure. */
    boolean hostBusy() {
        return othersCpus() >= HOST_BUSY_CPUS;
    }

    /** As the console shows a test's host load (CompactSection): from half a CPU of other processes' work. */
    static final double HOST_BUSY_CPUS = 0.5;

    boolean hasEnvelope() {
        return !Double.isNaN(envelopeLow) && !Double.isNaN(envelopeHigh);
    }

    String toLine() {
        return String.join(" ", TAG, workload, Integer.toString(round), Double.toString(jmh), Double.toString(envelopeLow),
                Double.toString(envelopeHigh), Double.toString(mean), Double.toString(p50), verdict, refusedBy,
                Double.toString(slowdown), Boolean.toString(coreSlower), Boolean.toString(unsettled),
                String.join(",", claims.stream().map(Enum::name).toList()), load, reason.replace('\n', ' ').strip());
    }

    static boolean isLine(String line) {
        return line.startsWith(TAG + " ");
    }

    static PairedFigure parse(String line) {
        String[] f = line.split(" ", FIELDS);
        if (f.length < FIELDS - 1 || !f[0].equals(TAG)) {
            throw new IllegalArgumentException("not a paired figure line: '" + line + "'; expected '" + TAG
                    + " <workload> <round> <jmh ns> <envelope low> <envelope high> <mean ns> <p50 ns> <verdict> <refused by>"
                    + " <slowdown> <core slower> <unsettled> <claims> <load> <reason>'");
        }
        try {
            return new PairedFigure(f[1], Integer.parseInt(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[4]),
                    Double.parseDouble(f[5]), Double.parseDouble(f[6]), Double.parseDouble(f[7]), f[8], f[9],
                    Double.parseDouble(f[10]), Boolean.parseBoolean(f[11]), Boolean.parseBoolean(f[12]),
                    java.util.Arrays.stream(f[13].split(",")).map(Outcome::valueOf).toList(), f[14],
                    f.length == FIELDS ? f[15] : "");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a paired figure line: '" + line + "': " + e.getMessage(), e);
        }
    }

    /** {@code 5.12 ns} or {@code 12.3 µs}, as the table prints figures. */
    static String ns(double nanos) {
        if (Double.isNaN(nanos)) {
            return "-";
        }
        return nanos >= 10_000 ? String.format(Locale.ROOT, "%.1f µs", nanos / 1000)
                : nanos >= 100 ? String.format(Locale.ROOT, "%.0f ns", nanos)
                : String.format(Locale.ROOT, "%.2f ns", nanos);
    }
}
