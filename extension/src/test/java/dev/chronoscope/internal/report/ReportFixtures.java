package dev.chronoscope.internal.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reported tests made up for the report's unit tests: no JVM run needed. */
final class ReportFixtures {

    private ReportFixtures() {
    }

    /** A distribution from 100 ns to 200 ns, median 150 ns. */
    static Distribution distribution() {
        List<Double> q = new ArrayList<>();
        for (int i = 0; i <= 100; i++) {
            q.add(100.0 + i);
        }
        return new Distribution(q, List.of(201.0, 250.0, 300.0, 400.0), 152.0, 30.0);
    }

    /** A test with one resolved region labelled {@code label} and its invocation. */
    static ReportedTest test(String label) {
        Map<String, Object> raw = Map.of("unit", "ns", "count", 10_000.0, "min", 100.0, "p50", 150.0, "p90", 190.0, "p99", 199.0,
                "max", 400.0, "mean", 152.0, "mad", 25.0);
        ReportedTiming region = new ReportedTiming(label, 10_000, 3, 0, raw, raw, "RESOLVED", "resolved (5x floor)", distribution(), null);
        ReportedTiming invocation = new ReportedTiming("invocation", 1, 0, 0, raw, raw, "RESOLVED", "resolved", distribution(), null);
        return new ReportedTest("run 1", "HashTests.hashes(Probe)", "[engine:junit-jupiter]/[class:dev.example.HashTests]/"
                + "[method:hashes(dev.chronoscope.Probe)]", "hashes(Probe)", "passed", null, 42, "TSC_FENCED", "lfence;rdtscp;lfence",
                "ticks", 2.4454e9, "invariant TSC yes | clocksource tsc", 30.0, true, List.of("a <warning> & more"),
                List.of(invocation, region));
    }
}
