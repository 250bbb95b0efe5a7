package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.Baseline;
import dev.chronoscope.internal.gate.BaselineEntry;
import dev.chronoscope.internal.gate.BaselineRule;
import dev.chronoscope.internal.gate.ContainerFacts;
import dev.chronoscope.internal.gate.HostFingerprint;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A run's records saved as a run of a baseline file ({@link Baseline#save}): each timing that kept samples, one entry.
 */
public final class BaselineSave {

    private BaselineSave() {
    }

    /** {@link Baseline#save} of the timings of {@code records} that kept samples. */
    public static Baseline save(Path file, String run, HostFingerprint host, ContainerFacts container,
            RunRecords records,
                                int keep) throws IOException {
        return Baseline.save(file, run, host, container, entries(records), keep);
    }

    /**
     * {@link #save(Path, String, HostFingerprint, ContainerFacts, RunRecords, int)} with no container facts recorded.
     */
    public static Baseline save(Path file, String run, HostFingerprint host, RunRecords records, int keep)
            throws IOException {
        return save(file, run, host, ContainerFacts.NOT_RECORDED, records, keep);
    }

    /** The entries of the timings of {@code records} that kept samples. */
    public static List<BaselineEntry> entries(RunRecords records) {
        List<BaselineEntry> entries = new ArrayList<>();
        for (ReportedTest t : records.tests()) {
            for (ReportedTiming timing : t.timings()) {
                if (timing.kept() > 0) {
                    entries.add(entry(t, timing));
                }
            }
        }
        return entries;
    }

    /** The entry for timing {@code t} of {@code test}: its first timing is the test's invocation. */
    public static BaselineEntry entry(ReportedTest test, ReportedTiming t) {
        Map<String, Double> q = new java.util.LinkedHashMap<>();
        if (t.distribution() != null) {
            for (int p : BaselineEntry.PERCENTILES) {
                q.put("p" + p, t.distribution().quantilesNs().get(p));
            }
        }
        BaselineRule.Kind kind = test.timings().indexOf(t) == 0 ? BaselineRule.Kind.INVOCATION
                : "throughput".equals(t.mode()) ? BaselineRule.Kind.THROUGHPUT : BaselineRule.Kind.LATENCY;
        double kindFloor = kind == BaselineRule.Kind.THROUGHPUT ? t.floorP50Ns() : test.floorP50Ns();
        return new BaselineEntry(test.key(t), test.test(), t.label(), test.clock(), t.measure(), t.medianNs(),
                test.floorP50Ns(),
                t.kept(), t.resolved(), q, kind.key(), kindFloor, test.coreSpeed(), t.bytesPerCall(), t.firstCalls(),
                        t.stepNs());
    }
}
