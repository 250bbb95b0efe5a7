package dev.chronoscope.internal.bench.throughput;

import dev.chronoscope.internal.measure.CoreSpeedReference;
import dev.chronoscope.internal.measure.JvmState;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The core's speed ({@link CoreSpeedReference}) read right before and right after each measured JMH
 * iteration, in the JMH fork, appended to the file named by {@value #PROPERTY}: the comparison reads
 * it to tell which forks ran while the host was in the same state as Chronoscope's JVMs (its slow
 * spells slow every workload, by more than the reference for memory-heavy code). Outside the
 * comparison (no property) it reads nothing.
 */
public final class CoreSpeedLog {

    /** The system property naming the file the readings are appended to. */
    static final String PROPERTY = "chronoscope.bench.coreSpeedLog";

    private final Path file;
    private CoreSpeedReference reference;
    private double before = Double.NaN;

    public CoreSpeedLog() {
        String path = System.getProperty(PROPERTY);
        this.file = path == null || path.isBlank() ? null : Path.of(path);
    }

    /** Reads the core's speed as a measured iteration begins (outside JMH's timed loop). */
    public void before(IterationParams iteration) {
        if (file != null && iteration.getType() == IterationType.MEASUREMENT) {
            before = reference().nanosPerStep();
        }
    }

    /** Reads it again as the iteration ends, and appends "benchmark before after" to the file. */
    public void after(BenchmarkParams benchmark, IterationParams iteration) {
        if (file == null || iteration.getType() != IterationType.MEASUREMENT) {
            return;
        }
        double after = reference().nanosPerStep();
        String method = benchmark.getBenchmark();
        String line = String.format(Locale.ROOT, "%s %.4f %.4f%n", method.substring(method.lastIndexOf('.') + 1), before, after);
        try {
            Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("could not append the core speed of " + method + " to " + file, e);
        }
    }

    private CoreSpeedReference reference() {
        if (reference == null) {
            reference = new JvmState().coreSpeed();
        }
        return reference;
    }

    /**
     * Per benchmark method in {@code file}, the slowest reading (most ns per multiply-add) around any
     * of its measured iterations; lines that are not "name before after" are refused, naming the line.
     */
    static Map<String, Double> slowestByBenchmark(Path file) throws IOException {
        Map<String, Double> slowest = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return slowest;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (String line : lines) {
            String[] f = line.strip().split(" ");
            if (f.length != 3) {
                throw new IllegalArgumentException("not a core-speed line in " + file + ": '" + line
                        + "'; expected '<benchmark> <ns per step before> <ns per step after>'");
            }
            double worst = Math.max(Double.parseDouble(f[1]), Double.parseDouble(f[2]));
            slowest.merge(f[0], worst, Math::max);
        }
        return slowest;
    }
}
