package dev.chronoscope.internal.bench.throughput;

import org.openjdk.jmh.runner.options.VerboseMode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A workload's JMH figures taken right before its Chronoscope figure ({@link PairedValidation}), as the Chronoscope
 * JVM's arguments carry them: the method's average time, its harness styles' range, its bytes per operation and
 * the slowest core-speed reading around the fork.
 */
record JmhPairing(String workload, double jmh, double low, double high, double bytes, double nsPerStep) {

    static final int ARGUMENTS = 6;

    List<String> arguments() {
        return List.of(workload, Double.toString(jmh), Double.toString(low), Double.toString(high),
                Double.toString(bytes), Double.toString(nsPerStep));
    }

    static JmhPairing parse(List<String> arguments) {
        return new JmhPairing(arguments.get(0), Double.parseDouble(arguments.get(1)),
                Double.parseDouble(arguments.get(2)), Double.parseDouble(arguments.get(3)),
                Double.parseDouble(arguments.get(4)), Double.parseDouble(arguments.get(5)));
    }

    /** One JMH fork of the workload's method and its other harness styles; NaN figures where JMH runs in our JVM. */
    static JmhPairing before(ThroughputOptions options, WorkloadCatalog.Workload workload) throws Exception {
        String w = workload.name();
        if (workload.jmhInChronoscopesJvm()) {
            return new JmhPairing(w, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        List<String> benchmarks = new ArrayList<>(List.of(workload.jmhBenchmark()));
        benchmarks.addAll(CorpusJmhStyles.benchmarks(w));
        Path speedLog = Files.createTempFile("chronoscope-jmh-core-speed", ".txt");
        try {
            Map<String, ThroughputComparison.JmhFigure> byMethod = ThroughputComparison.runJmhBenchmarks(
                    options, benchmarks, VerboseMode.SILENT, 1, speedLog, true);
            String main = w + "Jmh";
            if (!byMethod.containsKey(main) || byMethod.size() != benchmarks.size()) {
                throw new IllegalStateException("JMH's fork of " + benchmarks + " gave figures for "
                        + byMethod.keySet() + "; expected one for each");
            }
            double low = Double.NaN;
            double high = Double.NaN;
            if (benchmarks.size() > 1) {
                low = byMethod.values().stream().mapToDouble(ThroughputComparison.JmhFigure::avgtNanos).min().orElseThrow();
                high = byMethod.values().stream().mapToDouble(ThroughputComparison.JmhFigure::avgtNanos).max().orElseThrow();
            }
            ThroughputComparison.JmhFigure figure = byMethod.get(main);
            return new JmhPairing(w, figure.avgtNanos(), low, high, figure.bytesPerOp(), figure.slowestSpeed());
        } finally {
            Files.deleteIfExists(speedLog);
        }
    }
}
