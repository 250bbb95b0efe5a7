package dev.chronoscope.internal.report;

import dev.chronoscope.internal.gate.CoreSpeed;
import dev.chronoscope.internal.gate.ContainerFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reported tests made up for the report's unit tests: no JVM run needed. */
final class ReportFixtures {

    private ReportFixtures() {
    }

    /** A distribution from 100 ns to 200 ns, median 150 ns. */
    static Distribution distribution() {
        return distribution(100);
    }

    /** A distribution from {@code from} to {@code from} + 100 ns, median {@code from} + 50 ns. */
    static Distribution distribution(double from) {
        List<Double> q = new ArrayList<>();
        for (int i = 0; i <= 100; i++) {
            q.add(from + i);
        }
        return new Distribution(q, List.of(from + 101, from + 150, from + 200, from + 300), from + 52, 30.0);
    }

    /**
     * A test with its invocation and a {@code Probe.compare} of {@code first} (100 to 200 ns) and
     * {@code second} (200 to 300 ns), ratio {@code ratio} in [{@code low}, {@code high}].
     */
    static ReportedTest comparison(String first, String second, double ratio, double low, double high) {
        ReportedTest t = test("invocation only");
        ReportedTiming a = region(first, distribution(100));
        ReportedTiming b = region(second, distribution(200));
        return t.toBuilder().test("SearchTests.compares(Probe)").warnings(List.of())
                .timings(List.of(t.timings().get(0), a, b))
                .comparisons(List.of(new ComparisonRecord(1, first, 2, second, ratio, low, high, 0.95)))
                .container(ContainerFacts.NOT_RECORDED).claims(List.of()).coreSpeed(CoreSpeed.UNKNOWN).build();
    }

    private static ReportedTiming region(String label, Distribution d) {
        Map<String, Object> raw = Map.of("unit", "ns", "count", 2_000.0, "min", d.percentile(0), "p50", d.percentile(50), "p90",
                d.percentile(90), "p99", d.percentile(99), "max", d.percentile(100), "mean", d.meanNs(), "mad", 25.0);
        return new ReportedTiming(label, 2_000, 0, 0, raw, raw, "RESOLVED", "resolved", d, null);
    }

    /** A test with one resolved region labelled {@code label} and its invocation. */
    static ReportedTest test(String label) {
        Map<String, Object> raw = Map.of("unit", "ns", "count", 10_000.0, "min", 100.0, "p50", 150.0, "p90", 190.0, "p99", 199.0,
                "max", 400.0, "mean", 152.0, "mad", 25.0);
        ReportedTiming region = new ReportedTiming(label, 10_000, 3, 0, raw, raw, "RESOLVED", "resolved (5x floor)", distribution(), null);
        ReportedTiming invocation = new ReportedTiming("invocation", 1, 0, 0, raw, raw, "RESOLVED", "resolved", distribution(), null);
        return ReportedTest.builder().run("run 1").test("HashTests.hashes(Probe)")
                .uniqueId("[engine:junit-jupiter]/[class:dev.example.HashTests]/" + "[method:hashes(dev.chronoscope.Probe)]")
                .displayName("hashes(Probe)").outcome("passed").gate(null).pid(42).clock("TSC_FENCED")
                .readMethod("lfence;rdtscp;lfence").unit("ticks").frequencyHz(2.4454e9)
                .host("invariant TSC yes | clocksource tsc").floorP50Ns(30.0).floorSubtracted(true)
                .warnings(List.of("a <warning> & more")).timings(List.of(invocation, region)).comparisons(List.of())
                .build();
    }
}
