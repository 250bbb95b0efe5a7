package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.Baseline;
import dev.chronoscope.internal.gate.HostFingerprint;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a run's comparison with a baseline found beyond each timing's verdict: the timings the
 * baseline holds that the run did not time ({@code vanished}), and the ones the run timed that the
 * baseline does not hold ({@code added}). Listed, never errors: tests come and go.
 */
public record BaselineListing(String file, List<String> vanished, List<String> added) {

    public BaselineListing {
        vanished = List.copyOf(vanished);
        added = List.copyOf(added);
    }

    public static BaselineListing of(String file, Baseline baseline, HostFingerprint host, RunRecords records) {
        Set<String> expected = baseline.expectedKeys(host);
        Set<String> seen = new java.util.LinkedHashSet<>();
        List<String> added = new ArrayList<>();
        for (ReportedTest t : records.tests()) {
            for (ReportedTiming timing : t.timings()) {
                String key = t.key(timing);
                seen.add(key);
                if (!expected.contains(key)) {
                    added.add(t.test() + " :: " + timing.label());
                }
            }
        }
        List<String> vanished = new ArrayList<>();
        for (String key : expected) {
            if (!seen.contains(key)) {
                vanished.add(baseline.describe(key));
            }
        }
        return new BaselineListing(file, vanished, added);
    }

    /** The most timings of each kind {@link #lines()} lists one by one; past them, one line counts the rest. */
    public static final int LISTED = 20;

    /** Lines for stdout, empty when nothing is listed: at most {@value #LISTED} of each kind, then how many more. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        summarised(out, "in the baseline, not timed in this run", vanished);
        summarised(out, "timed in this run, not in the baseline", added);
        return out;
    }

    private static void summarised(List<String> out, String what, List<String> items) {
        items.stream().limit(LISTED).forEach(i -> out.add(what + ": " + i));
        if (items.size() > LISTED) {
            out.add(String.format(java.util.Locale.ROOT, "%s: %,d more (%,d in all; the run report lists up to %,d)",
                    what,
                    items.size() - LISTED, items.size(), HtmlReport.LISTED));
        }
    }
}
