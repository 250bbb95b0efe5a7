package dev.chronoscope.internal.report;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.Verdict;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The run's timings in JMH's JSON result format (as JMH 1.37 writes it for {@code -bm sample
 * -rf json}), one entry per timing, so that tools that read JMH results track Chronoscope's figures.
 * Mode {@code sample}: like JMH's sample mode, each sample is one timed call, the score is the mean
 * and the percentiles are the samples'. Where JMH keeps every sample in {@code rawDataHistogram},
 * this holds the histogram rebuilt from the record's percentiles (each percent of the samples at
 * its upper percentile), which has the same total count. Chronoscope runs no JMH iterations:
 * warm-up and measurement are one "iteration" each, and the times say {@code n/a}. A timing whose
 * clock verdict is not {@code RESOLVED} carries it as the parameter {@value #VERDICT_PARAM} in
 * {@code params}, as JMH writes a benchmark's {@code @Param} values, so that tools keep it apart.
 */
public final class JmhJson {

    /** The JMH version whose format this follows. */
    public static final String JMH_VERSION = "1.37";
    private static final List<String> PERCENTILE_KEYS = List.of("0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99",
            "99.999", "99.9999", "100.0");
    private static final List<String> SECONDARY = List.of("p0.00", "p0.50", "p0.90", "p0.95", "p0.99", "p0.999",
            "p0.9999", "p1.00");
    private static final List<Double> SECONDARY_P = List.of(0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 100.0);

    private JmhJson() {
    }

    /** The JVM facts each entry carries: this JVM's (the run's forks share them). */
    public record Jvm(String jvm, List<String> jvmArgs, String jdkVersion, String vmName, String vmVersion) {
        public static Jvm current() {
            // a runtime without java.management (jlink) cannot say the JVM's arguments: none are listed
            List<String> args = ModuleLayer.boot().findModule("java.management").isPresent()
                    ? ManagementFactory.getRuntimeMXBean().getInputArguments() : List.of();
            return new Jvm(Path.of(System.getProperty("java.home"), "bin", "java").toString(), args,
                    System.getProperty("java.version"),
                    System.getProperty("java.vm.name"), System.getProperty("java.vm.version"));
        }
    }

    public static String render(RunRecords records, Jvm jvm) {
        List<Object> entries = new ArrayList<>();
        for (ReportedTest t : records.tests()) {
            for (ReportedTiming timing : t.timings()) {
                if (timing.distribution() != null) {
                    entries.add(entry(t, timing, jvm));
                }
            }
        }
        return Json.writePretty(entries) + "\n";
    }

    static Json.Obj entry(ReportedTest t, ReportedTiming timing, Jvm jvm) {
        Distribution d = timing.distribution();
        Json.Obj entry = Json.object()
                .put("jmhVersion", JMH_VERSION)
                .put("benchmark", benchmark(t.uniqueId(), t.test()) + ":" + timing.label())
                .put("mode", "sample")
                .put("threads", 1)
                .put("forks", 1)
                .put("jvm", jvm.jvm())
                .put("jvmArgs", jvm.jvmArgs())
                .put("jdkVersion", jvm.jdkVersion())
                .put("vmName", jvm.vmName())
                .put("vmVersion", jvm.vmVersion())
                .put("warmupIterations", 1)
                .put("warmupTime", "n/a")
                .put("warmupBatchSize", 1)
                .put("measurementIterations", 1)
                .put("measurementTime", "n/a")
                .put("measurementBatchSize", 1);
        if (!Verdict.RESOLVED.name().equals(timing.verdict())) {
            // JMH's place for what tells runs of a benchmark apart: a refused or unresolved figure is no point of the
            // resolved series
            entry.put("params", Json.object().put(VERDICT_PARAM, timing.verdict()));
        }
        return entry.put("primaryMetric", primary(d, timing.kept()))
                .put("secondaryMetrics", secondary(d));
    }

    /**
     * The parameter that marks an entry whose clock verdict is not {@code RESOLVED} ({@code REFUSED},
     * {@code NOT_RESOLVED}): its figure is not a measurement of the code's cost.
     */
    public static final String VERDICT_PARAM = "chronoscope.verdict";

    private static Json.Obj primary(Distribution d, long n) {
        // JMH's sample-mode error: the 99.9 % confidence half-width of the mean, t * sd / sqrt(n)
        double error = n > 1 ? 3.2905 * d.sdNs() / Math.sqrt(n) : Double.NaN;
        List<Object> histogram = new ArrayList<>();
        long previousRank = 0;
        for (int p = 0; p <= 100; p++) {
            long rank = p == 0 ? 1 : Math.max(1, (long) Math.ceil(p / 100.0 * n));
            long count = rank - previousRank;
            if (count > 0) {
                histogram.add(List.of(d.quantilesNs().get(p), count));
            }
            previousRank = Math.max(previousRank, rank);
        }
        return Json.object()
                .put("score", d.meanNs())
                .put("scoreError", nanToString(error))
                .put("scoreConfidence", List.of(nanToString(d.meanNs() - error), nanToString(d.meanNs() + error)))
                .put("scorePercentiles", percentiles(d))
                .put("scoreUnit", "ns/op")
                .put("rawDataHistogram", List.of(List.of(histogram)));
    }

    private static Map<String, Object> secondary(Distribution d) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < SECONDARY.size(); i++) {
            double v = percentile(d, SECONDARY_P.get(i));
            Map<String, Object> pct = new LinkedHashMap<>();
            for (String k : PERCENTILE_KEYS) {
                pct.put(k, v);
            }
            out.put(SECONDARY.get(i), Json.object().put("score", v).put("scoreError", "NaN").put("scoreConfidence",
                    List.of("NaN", "NaN"))
                    .put("scorePercentiles", pct).put("scoreUnit", "ns/op").put("rawData", List.of(List.of(v))));
        }
        return out;
    }

    private static Map<String, Object> percentiles(Distribution d) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String k : PERCENTILE_KEYS) {
            out.put(k, percentile(d, Double.parseDouble(k)));
        }
        return out;
    }

    private static double percentile(Distribution d, double p) {
        for (int i = 0; i < Distribution.TAIL.size(); i++) {
            if (p == Distribution.TAIL.get(i)) {
                return d.tailNs().get(i);
            }
        }
        return d.percentile(p);
    }

    /** JMH writes NaN as the string "NaN". */
    private static Object nanToString(double v) {
        return Double.isNaN(v) ? "NaN" : v;
    }

    /**
     * {@code package.Class.method} from a JUnit unique id (nested classes joined with {@code .}; a
     * repeated or parameterized invocation as {@code method[k]}), else the test name.
     */
    static String benchmark(String uniqueId, String fallback) {
        String id = uniqueId == null ? "" : uniqueId;
        StringBuilder name = new StringBuilder();
        String method = null;
        String invocation = null;
        // each segment [type:value], type in a-z and '-'; a '[' that opens none is passed over
        for (int open = id.indexOf('['), next; open >= 0; open = id.indexOf('[', next)) {
            next = open + 1;
            int colon = open + 1;
            while (colon < id.length() && (id.charAt(colon) >= 'a' && id.charAt(colon) <= 'z'
                    || id.charAt(colon) == '-')) {
                colon++;
            }
            int close = colon < id.length() && colon > open + 1 && id.charAt(colon) == ':' ? id.indexOf(']', colon + 1)
                    : -1;
            if (close < 0) {
                continue;
            }
            next = close + 1;
            String value = id.substring(colon + 1, close);
            switch (id.substring(open + 1, colon)) {
                case "class" -> name.append(value);
                case "nested-class" -> name.append('.').append(value);
                case "method", "test-template" -> method = value.contains("(") ? value.substring(0, value.indexOf('('))
                        : value;
                case "test-template-invocation" -> invocation = value.replace("#", "");
                default -> { }
            }
        }
        if (name.isEmpty() || method == null) {
            return fallback;
        }
        return String.format(Locale.ROOT, "%s.%s%s", name, method, invocation == null ? "" : "[" + invocation + "]");
    }
}
