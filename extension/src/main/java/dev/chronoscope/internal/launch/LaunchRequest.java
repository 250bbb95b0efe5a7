package dev.chronoscope.internal.launch;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * {@code LaunchRequest} is used to say what a launched test JVM's {@link LaunchMain} runs: which tests, with which
 * configuration parameters and system properties, and what it reports. Written to a request file the child reads,
 * so that no value meets the OS's limits or quoting on a command line.
 *
 * @param selection     the tests to run
 * @param configuration configuration parameters for the child's launcher
 * @param system        system properties the child sets before it launches anything
 * @param watch         the unique id of the test whose outcome the child writes ({@link LaunchOutcome}), if any
 * @param summaryPrefix where present, the child prints its summary with this prefix
 * @param preparation   a {@link Runnable} class on the child's class path that it runs before the launcher starts, if
 *                      any: per-JVM work done while the JIT has nothing else queued
 */
public record LaunchRequest(LaunchSelection selection, Map<String, String> configuration, Map<String, String> system,
                            Optional<String> watch, Optional<String> summaryPrefix, Optional<String> preparation) {

    public LaunchRequest {
        configuration = Map.copyOf(configuration);
        system = Map.copyOf(system);
    }

    /** A request to run one test by its unique id and write its outcome. */
    public static LaunchRequest watching(String uniqueId, Map<String, String> configuration,
                                         Map<String, String> system) {
        return new LaunchRequest(LaunchSelection.uniqueId(uniqueId), configuration, system, Optional.of(uniqueId),
                Optional.empty(), Optional.empty());
    }

    /** This request with {@code runnableClass} run in the child before its launcher starts. */
    public LaunchRequest preparedBy(String runnableClass) {
        return new LaunchRequest(selection, configuration, system, watch, summaryPrefix, Optional.of(runnableClass));
    }

    /** Writes this request to {@code file}; the child writes the watched test's outcome, if any, to {@code result}. */
    public void write(Path file, Path result) throws IOException {
        Properties request = new Properties();
        put(request, LaunchMain.UNIQUE_IDS, selection.uniqueIds());
        put(request, LaunchMain.CLASSES, selection.classes());
        put(request, LaunchMain.PACKAGES, selection.packages());
        put(request, LaunchMain.CLASSPATH_ROOTS, selection.classpathRoots().stream().map(Path::toString).toList());
        put(request, LaunchMain.INCLUDE_TAGS, selection.includeTags());
        put(request, LaunchMain.EXCLUDE_TAGS, selection.excludeTags());
        system.forEach((k, v) -> request.setProperty(LaunchMain.SYSTEM_PREFIX + k, v));
        configuration.forEach((k, v) -> request.setProperty(LaunchMain.CONFIG_PREFIX + k, v));
        watch.ifPresent(id -> request.setProperty(LaunchMain.WATCH, id));
        summaryPrefix.ifPresent(p -> request.setProperty(LaunchMain.SUMMARY_PREFIX, p));
        watch.ifPresent(id -> request.setProperty(LaunchMain.RESULT, result.toString()));
        preparation.ifPresent(c -> request.setProperty(LaunchMain.PREPARATION, c));
        try (OutputStream out = Files.newOutputStream(file)) {
            request.store(out, "what a launched test JVM runs");
        }
    }

    private static void put(Properties request, String key, List<String> values) {
        if (!values.isEmpty()) {
            request.setProperty(key, String.join("\n", values));
        }
    }
}
