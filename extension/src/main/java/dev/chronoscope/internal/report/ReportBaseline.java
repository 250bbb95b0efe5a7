package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.Baseline;
import dev.chronoscope.internal.gate.BaselineEntry;
import dev.chronoscope.internal.gate.HostFingerprint;
import java.util.ArrayList;
import java.util.List;

/**
 * The baseline a run was compared with, as the run report draws it: the runs it keeps (oldest
 * first), the host this run ran on (runs saved on another host are drawn apart: they are never
 * compared) and the relative change that matters ({@code chronoscope.baseline.threshold}).
 */
public record ReportBaseline(Baseline baseline, HostFingerprint host, double threshold) {

    /**
     * One baseline run's median of a timing.
     *
     * @param medianNs    the reported median (net or raw as {@code measure} says), what the verdict compares
     * @param rawMedianNs the raw samples' median, what the histogram is drawn from; NaN where the entry holds none
     * @param sameHost    whether the run was saved on a host like this run's (only those are compared)
     */
    public record Point(String run, String savedAt, double medianNs, double rawMedianNs, String measure,
            boolean sameHost) {
    }

    /** The baseline runs' medians of timing {@code key}, oldest first; runs that did not time it left out. */
    public List<Point> history(String key) {
        List<Point> out = new ArrayList<>();
        for (Baseline.Run run : baseline.runs()) {
            boolean sameHost = run.host().differences(host).isEmpty();
            for (BaselineEntry e : run.timings()) {
                if (e.key().equals(key)) {
                    Double raw = e.quantilesNs().get("p50");
                    out.add(new Point(run.run(), run.savedAt(), e.medianNs(), raw == null ? Double.NaN : raw,
                            e.measure(), sameHost));
                    break;
                }
            }
        }
        return out;
    }
}
